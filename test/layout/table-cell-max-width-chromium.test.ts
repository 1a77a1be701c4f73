// In: auto-layout tables whose cells have a max-width: the `max-width: 0` ellipsis trick on a nowrap cell with a percentage
// width and with a length width, a max-width on cells with auto widths (nowrap and wrapping text, in tables of a given and
// of an auto width), a percentage max-width. Out: border boxes (px, page area) against Chromium 156's getBoundingClientRect
// in print emulation (fonts as test/fidelity/make-refs.mjs). As Blink's CreateCellInlineConstraint, a cell's max-width
// caps its min-content and max-content contributions and its specified width; we dropped it once the cell had a width,
// so a bank statement's `width: 46%; max-width: 0; white-space: nowrap` description column took its text's full width.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const WITH_WIDTH = `<!doctype html><html><head><style>@page{size:800px 800px;margin:0} body{margin:0;font:12px/16px Arial} table{width:600px;border-collapse:collapse;margin-bottom:10px} td{padding:4px 8px}
</style></head><body>
<table id=t1><tr><td id=a1 style="width:14%">01/03/2026</td><td id=b1 style="width:46%;max-width:0;overflow:hidden;white-space:nowrap">Card payment — Shell Forecourt M40 Services Northbound long long</td><td id=c1>123.45</td><td id=d1>1,234.00</td></tr></table>
<table id=t2><tr><td id=a2 style="width:14%">01/03/2026</td><td id=b2 style="width:46%">Card payment</td><td id=c2>123.45</td><td id=d2>1,234.00</td></tr></table>
<table id=t3><tr><td id=a3 style="width:14%">01/03/2026</td><td id=b3 style="width:46%;max-width:0">Card payment</td><td id=c3>123.45</td><td id=d3>1,234.00</td></tr></table>
<table id=t4><tr><td id=a4 style="width:14%">01/03/2026</td><td id=b4 style="width:46%;white-space:nowrap">Card payment — Shell Forecourt M40 Services Northbound long long</td><td id=c4>123.45</td><td id=d4>1,234.00</td></tr></table>
</body></html>`;

const AUTO_WIDTH = `<!doctype html><html><head><style>@page{size:800px 800px;margin:0} body{margin:0;font:12px/16px Arial} table{width:600px;border-collapse:collapse;margin-bottom:10px} td{padding:4px 8px}
</style></head><body>
<table id=t1><tr><td id=a1>01/03/2026</td><td id=b1 style="max-width:100px;white-space:nowrap">Card payment — Shell Forecourt M40 Services Northbound long long</td><td id=c1>123.45</td></tr></table>
<table id=t2><tr><td id=a2>01/03/2026</td><td id=b2 style="max-width:50px">Card payment Shell Forecourt M40 Services Northbound long long</td><td id=c2>123.45</td></tr></table>
<table id=t3 style="width:auto"><tr><td id=a3>01/03/2026</td><td id=b3 style="max-width:0;white-space:nowrap">Card payment Shell Forecourt</td><td id=c3>123.45</td></tr></table>
<table id=t4 style="width:auto"><tr><td id=a4>01/03/2026</td><td id=b4 style="max-width:80px">Card payment Shell Forecourt M40 Services Northbound</td><td id=c4>123.45</td></tr></table>
<table id=t5><tr><td id=a5 style="width:30%">01/03/2026</td><td id=b5 style="width:200px;max-width:0;white-space:nowrap">Card payment Shell Forecourt M40 Services Northbound long long long</td><td id=c5>123.45</td></tr></table>
<table id=t6 style="width:auto"><tr><td id=a6 style="min-width:150px">01/03/2026</td><td id=b6 style="max-width:30%">Card payment Shell Forecourt M40 Services Northbound</td><td id=c6>123.45</td></tr></table>
</body></html>`;

const WITH_WIDTH_BOXES: ChromiumBox[] = [
  ['t1', 0, 0, 600, 24],
  ['a1', 0, 0, 84, 24],
  ['b1', 84, 0, 276, 24],
  ['c1', 360, 0, 109.58, 24],
  ['d1', 469.58, 0, 130.42, 24],
  ['t2', 0, 34, 600, 24],
  ['a2', 0, 34, 84, 24],
  ['b2', 84, 34, 276, 24],
  ['c2', 360, 34, 109.58, 24],
  ['d2', 469.58, 34, 130.42, 24],
  ['t3', 0, 68, 600, 24],
  ['a3', 0, 68, 84, 24],
  ['b3', 84, 68, 276, 24],
  ['c3', 360, 68, 109.58, 24],
  ['d3', 469.58, 68, 130.42, 24],
  ['t4', 0, 102, 600, 24],
  ['a4', 0, 102, 84, 24],
  ['b4', 84, 102, 385.53, 24],
  ['c4', 469.53, 102, 59.56, 24],
  ['d4', 529.09, 102, 70.91, 24],
];
const AUTO_WIDTH_BOXES: ChromiumBox[] = [
  ['t1', 0, 0, 600, 24],
  ['a1', 0, 0, 186.45, 24],
  ['b1', 186.45, 0, 284.34, 24],
  ['c1', 470.8, 0, 129.2, 24],
  ['t2', 0, 34, 600, 40],
  ['a2', 0, 34, 234.31, 40],
  ['b2', 234.31, 34, 203.31, 40],
  ['c2', 437.63, 34, 162.38, 40],
  ['t3', 0, 84, 144.77, 24],
  ['a3', 0, 84, 76.06, 24],
  ['b3', 76.06, 84, 16, 24],
  ['c3', 92.06, 84, 52.7, 24],
  ['t4', 0, 118, 224.77, 88],
  ['a4', 0, 118, 76.06, 88],
  ['b4', 76.06, 118, 96, 88],
  ['c4', 172.06, 118, 52.7, 88],
  ['t5', 0, 216, 600, 24],
  ['a5', 0, 216, 180, 24],
  ['b5', 180, 216, 16, 24],
  ['c5', 196, 216, 404, 24],
  ['t6', 0, 250, 536.86, 24],
  ['a6', 0, 250, 166, 24],
  ['b6', 166, 250, 318.16, 24],
  ['c6', 484.16, 250, 52.7, 24],
];

test('Chromium 156 figures: max-width on table cells with a percentage or length width', () => assertInspectedBoxes(WITH_WIDTH, WITH_WIDTH_BOXES));
test('Chromium 156 figures: max-width on table cells with an auto width', () => assertInspectedBoxes(AUTO_WIDTH, AUTO_WIDTH_BOXES));
