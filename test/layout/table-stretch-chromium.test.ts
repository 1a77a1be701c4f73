// In: tables as grid and flex items: two tables side by side in a grid row (the shorter one stretched), a collapsed-border
// table with header and footer rows beside a taller block, a padded table in a flex row, a table with a caption. Out: border
// boxes (px, page area) against Chromium 156's getBoundingClientRect in print emulation. A table with an auto width is
// stretched to its grid area like any non-replaced item (css-align-3 §6.1), and a table stretched in the block axis by its
// grid or flex container grows its body rows as a specified height does (CSS 2.1 §17.5.3): we kept a payslip's earnings
// table at its content's width and rows, the extra height under its last row.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial} td{padding:2px}
table{border:2px solid;border-spacing:2px}
</style></head><body>
<div id=g1 style="display:grid;grid-template-columns:1fr 1fr;gap:10px"><table id=t1><tr id=r1><td id=c1>a</td></tr><tr id=r2><td>b</td></tr></table><table id=t2><tr><td>a</td></tr><tr><td>b</td></tr><tr><td>c</td></tr><tr><td>d</td></tr></table></div>
<div id=g2 style="display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:10px"><table id=t3 style="border-collapse:collapse;padding:0"><thead><tr id=r3><th>h</th></tr></thead><tbody><tr id=r4><td>a</td></tr></tbody><tfoot><tr id=r5><td>f</td></tr></tfoot></table><div style="height:150px"></div></div>
<div id=f1 style="display:flex;gap:10px;margin-top:10px"><table id=t4 style="padding:5px"><tr id=r6><td>a</td></tr></table><div style="height:100px"></div></div>
<div id=g3 style="display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:10px"><table id=t5><caption id=cap>Cap</caption><tr id=r7><td>a</td></tr></table><div style="height:120px"></div></div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['g1', 0, 0, 600, 110],
  ['t1', 0, 0, 295, 110],
  ['r1', 4, 4, 287, 50],
  ['c1', 4, 4, 287, 50],
  ['r2', 4, 56, 287, 50],
  ['t2', 305, 0, 295, 110],
  ['g2', 0, 120, 600, 150],
  ['t3', 0, 120, 295, 150],
  ['r3', 1, 121, 293, 23],
  ['r4', 1, 144, 293, 100],
  ['r5', 1, 244, 293, 25],
  ['f1', 0, 280, 600, 100],
  ['t4', 0, 280, 30.91, 100],
  ['r6', 9, 289, 12.91, 82],
  ['g3', 0, 390, 600, 120],
  ['t5', 0, 390, 295, 120],
  ['cap', 0, 390, 295, 20],
  ['r7', 4, 414, 287, 92],
];

test('Chromium 156 figures: tables stretched as grid and flex items', () => assertInspectedBoxes(DOC, BOXES));
