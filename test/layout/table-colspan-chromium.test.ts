// In: auto-layout tables whose cells span columns (colspan) beside percentage, fixed and auto columns, with and without
// border-spacing, and cells with a `height` in quirks and standards mode, through the real stages (layoutForInspection).
// Out: table and cell border boxes (px) against Chromium 156's getBoundingClientRect under print emulation (Debian
// chromium, viewport 600 x 800, the fidelity fonts). A spanning cell's min-content and max-content, less the border spacing
// between its columns, are distributed over its columns with the width distribution algorithm (css-tables-3 §3.9.3; Blink's
// DistributeColspanCellToColumnsAuto): percentage columns take their percentage of the cell first, not shares in
// proportion to their max-content. A cell's `height` is its border box's in quirks mode (quirks §3.8).
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const COLSPAN = "<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:12px Arial} td{vertical-align:top;padding:1px} table{margin-bottom:8px}</style></head><body>\n<table id=t1 style=\"width:100%;border-spacing:10px\"><tr><td id=a1><div style=\"width:160px;height:10px;background:#ccc\"></div></td><td id=b1>Issued at: 2026-02-26 10:41:17</td></tr>\n<tr><td style=\"width:50%;padding:14px;border:2px solid #ddd\">Buyer Noah Fischer Bluebird Digital GmbH</td><td style=\"width:50%;padding:14px;border:2px solid #ddd\">Seller Baltic Home Goods Sp. z o.o.</td></tr>\n<tr><td colspan=2><div style=\"width:520px;height:10px;background:#aaa\"></div></td></tr></table>\n<table id=t2 style=\"border-spacing:10px\"><tr><td id=a2>short</td><td id=b2>a much longer piece of text here</td></tr><tr><td colspan=2><div style=\"width:400px;height:5px;background:#aaa\"></div></td></tr></table>\n<table id=t3 style=\"border-spacing:6px\"><tr><td id=a3 style=\"width:50px\">x</td><td id=b3>y</td><td id=c3>zzz zzz</td></tr><tr><td colspan=3>Lorem ipsum dolor sit amet consectetur adipiscing elit</td></tr></table>\n<table id=t4 style=\"width:500px;border-spacing:0\"><tr><td id=a4 style=\"width:30%\">x</td><td id=b4>y</td></tr><tr><td colspan=2><div style=\"width:450px;height:5px;background:#aaa\"></div></td></tr></table>\n<table id=t5 style=\"border-spacing:4px\"><tr><td id=a5>x</td><td id=b5>y</td></tr><tr><td colspan=2 style=\"width:300px\">z</td></tr></table>\n<table id=t6 style=\"border-spacing:4px\"><tr><td id=a6>one two</td><td id=b6>three</td><td id=c6>four five six</td></tr><tr><td colspan=2>wide-unbreakable-word-in-span</td><td>x</td></tr></table>\n</body></html>\n";
const COLSPAN_CHROMIUM: ChromiumBox[] = [
  ['t1', 0, 0, 600, 114], ['a1', 10, 10, 285, 16], ['b1', 305, 10, 285, 16],
  ['t2', 0, 122, 422, 53], ['a2', 10, 132, 55.625, 16], ['b2', 75.625, 132, 336.375, 16],
  ['t3', 0, 183, 299.469, 50], ['a3', 6, 189, 52, 16], ['b3', 64, 189, 36.219, 16], ['c3', 106.219, 189, 187.25, 16],
  ['t4', 0, 241, 500, 23], ['a4', 0, 241, 150, 16], ['b4', 150, 241, 350, 16],
  ['t5', 0, 272, 310, 44], ['a5', 4, 276, 149, 16], ['b5', 157, 276, 149, 16],
  ['t6', 0, 324, 244.781, 44], ['a6', 4, 328, 99.641, 16], ['b6', 107.641, 328, 66.453, 16], ['c6', 178.094, 328, 62.688, 16],
];

test('a spanning cell widens its columns as Chromium distributes it (percentages first, border-spacing excluded)', () => {
  assertInspectedBoxes(COLSPAN, COLSPAN_CHROMIUM);
});

const HEIGHTS = "<html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:12px Arial} td{vertical-align:top}</style></head><body>\n<table id=t><tr><td id=a style=\"height:14px\"></td><td id=b style=\"height:20px;padding:5px;border:3px solid\">x</td><td id=c style=\"height:4px;padding:5px\">x</td></tr>\n<tr><td id=d style=\"height:30px;box-sizing:content-box;padding:4px\"></td></tr>\n<tr style=\"height:10px\"><td id=e style=\"padding:6px\"></td></tr>\n<tr><td id=f style=\"height:30%;padding:6px\"></td></tr></table>\n</body></html>\n";

test('a table cell height is its border box in quirks mode, whatever its box-sizing; content-box in standards mode', () => {
  assertInspectedBoxes(HEIGHTS, [
    ['t', 0, 0, 62, 98], ['a', 2, 2, 12, 34], ['b', 16, 2, 24, 34], ['c', 42, 2, 18, 34], ['d', 2, 38, 12, 30], ['e', 2, 70, 12, 12], ['f', 2, 84, 12, 12],
  ]);
  assertInspectedBoxes('<!doctype html>' + HEIGHTS, [
    ['t', 0, 0, 58, 108], ['a', 2, 2, 12, 36], ['b', 16, 2, 22, 36], ['c', 40, 2, 16, 36], ['d', 2, 40, 12, 38], ['e', 2, 80, 12, 12], ['f', 2, 94, 12, 12],
  ]);
});
