// In: inline-tables beside a letter: rows of baseline-aligned and of top/middle cells, a caption, overflow: hidden.
// Out: the letter's box against Chromium 156's getBoundingClientRect (print emulation, viewport 400 x 400, fonts as
// test/fidelity/make-refs.mjs): an inline-table stands on its first row's baseline (CSS 2.1 §10.8.1), which is the first
// baseline-aligned cell's first line, else the bottom content edge of the row's lowest cell (§17.5.3). Cells are
// vertical-align: middle by default (the UA sheet's tr), so a plain inline-table sits on its first row's content bottom.
import { test } from 'node:test';
import { assertBoxes } from './inline/inspect-boxes.ts';

const INLINE_TABLES = `<!doctype html><html><head><style>@page{size:400px 400px;margin:0} body{margin:0;font:16px/20px "Liberation Sans"} table{border-spacing:0} td{padding:0}</style></head><body>
<div><span id=x1>X</span><table style="display:inline-table"><tr><td>cell<br>two</td></tr></table></div>
<div><span id=x2>X</span><table style="display:inline-table"><tr><td style="vertical-align:baseline">cell<br>two</td></tr></table></div>
<div><span id=x3>X</span><table style="display:inline-table"><tr><td style="vertical-align:baseline">one</td></tr><tr><td style="vertical-align:baseline">two</td></tr></table></div>
<div><span id=x4>X</span><table style="display:inline-table"><caption>cap</caption><tr><td style="vertical-align:baseline">one</td></tr><tr><td>two</td></tr></table></div>
<div><span id=x5>X</span><table style="display:inline-table;overflow:hidden"><tr><td style="vertical-align:baseline">one</td></tr><tr><td>two</td></tr></table></div>
<div><span id=x6>X</span><table style="display:inline-table"><tr><td style="vertical-align:top">one<br>x</td><td style="vertical-align:top">one</td></tr><tr><td>two</td></tr></table></div>
</body></html>`;

test('an inline-table stands on its first row\'s baseline (a row of middle cells: their content bottom), as Chromium 156', () => {
  // Chromium 156: the X beside each table (its top is the baseline − 14 px).
  assertBoxes(INLINE_TABLES, [
    ['x1', 0, 26, 10.671875, 17], ['x2', 0, 46, 10.671875, 17], ['x3', 0, 86, 10.671875, 17],
    ['x4', 0, 146, 10.671875, 17], ['x5', 0, 186, 10.671875, 17], ['x6', 0, 251, 10.671875, 17],
  ]);
});

const ALIGNED = `<!doctype html><html><head><style>@page{size:400px 400px;margin:0} body{margin:0;font:16px/20px "Liberation Sans"} table{border-spacing:0} td{padding:0}</style></head><body>
<div><span id=y1>X</span><table id=v1 style="display:inline-table;vertical-align:top"><tr><td>one<br>two<br>three</td></tr></table></div>
<div><span id=y2>X</span><table id=v2 style="display:inline-table;vertical-align:middle"><tr><td>one<br>two<br>three</td></tr></table></div>
<div><span id=y3>X</span><table id=v3 style="display:inline-table;vertical-align:bottom"><tr><td>one<br>two<br>three</td></tr></table></div>
<div><span id=y4>X</span><table id=v4 style="display:inline-table;vertical-align:10px"><tr><td>one<br>two</td></tr></table></div>
</body></html>`;

test('an inline-table is aligned in its line by its own vertical-align (top, middle, bottom, a length), as Chromium 156', () => {
  assertBoxes(ALIGNED, [
    ['y1', 0, 1, 10.671875, 17], ['v1', 10.671875, 0, 36.46875, 60],
    ['y2', 0, 80.234375, 10.671875, 17], ['v2', 10.671875, 60, 36.46875, 60],
    ['y3', 0, 161, 10.671875, 17], ['v3', 10.671875, 120, 36.46875, 60],
    ['y4', 0, 216, 10.671875, 17], ['v4', 10.671875, 180, 26.703125, 40],
  ]);
});
