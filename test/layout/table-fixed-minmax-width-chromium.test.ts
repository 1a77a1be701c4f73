// In: table-layout: fixed tables whose width is clamped by max-width or min-width (an e-mail's width="100%" table with
// 'max-width: 500px; margin: auto', a 200 px table with min-width 300 px, a max-width smaller than its columns, percentages,
// border and padding, content-box sizing). Out: border boxes (px, page area) against Chromium 156's getBoundingClientRect
// in print emulation. A fixed table's width is its specified width clamped by min-width and max-width (CSS 2.1 §10.4),
// then widened by its columns (§17.5.2.1), as for auto layout; we skipped the clamp for fixed layout, so Cerberus's e-mail
// banner table stayed 680 px wide where Chromium prints 500.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial} table{table-layout:fixed;border-spacing:0} td{padding:0}</style></head><body>
<table id=a width="100%" style="max-width:500px;margin:auto"><tr><td id=a1>Cell one</td><td>Cell two</td></tr></table>
<table id=b style="width:200px;min-width:300px"><tr><td id=b1>x</td><td>y</td></tr></table>
<table id=c style="width:100%;max-width:100px"><tr><td id=c1 style="width:150px">wide</td></tr></table>
<table id=d style="width:50%;max-width:40%;border:5px solid;padding:10px"><tr><td id=d1>p</td></tr></table>
<div style="width:400px"><table id=e style="width:100%;max-width:250px;box-sizing:content-box;border:2px solid"><tr><td id=e1>q</td></tr></table></div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['a', 50, 0, 500, 20], ['a1', 50, 0, 250, 20],
  ['b', 0, 20, 300, 20], ['b1', 0, 20, 150, 20],
  ['c', 0, 40, 150, 20], ['c1', 0, 40, 150, 20],
  ['d', 0, 60, 240, 50], ['d1', 15, 75, 210, 20],
  ['e', 0, 110, 254, 24], ['e1', 2, 112, 250, 20],
];

test('Chromium 156 figures: fixed-layout tables clamped by min-width and max-width', () => assertInspectedBoxes(DOC, BOXES));
