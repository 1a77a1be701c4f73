// In: boxes with display: flow-root (and the two-value block flow-root / inline flow-root): one containing a float, one
// whose child's margins would collapse through it, one beside a float, one after a float. Out: border boxes (px, page area)
// against Chromium 156's getBoundingClientRect in print emulation. A flow-root box establishes a block formatting context
// (css-display-3 §2.3): it contains its floats, keeps its children's margins, and avoids the floats outside it. We computed
// it as a plain block: a packing slip's 'display: flow-root' gift note left its floated picture hanging over what followed.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial} .fl{float:left;width:100px;height:60px;background:#ccc}</style></head><body>
<div id=a style="display:flow-root;border:1px solid"><div class=fl id=a1></div>text</div>
<div id=b style="display:flow-root"><p id=b1 style="margin:20px 0">child margin</p></div>
<div id=c><div class=fl id=c1></div><div id=c2 style="display:flow-root;background:#eee">beside the float</div></div>
<div id=d style="display:block flow-root"><div class=fl id=d1 style="height:30px"></div></div>
<span id=e style="display:inline flow-root;width:50px;height:10px"></span>
<div id=f style="display:flow-root;margin-top:10px"><div class=fl id=f1 style="height:20px"></div></div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['a', 0, 0, 600, 62],
  ['a1', 1, 1, 100, 60],
  ['b', 0, 62, 600, 60],
  ['b1', 0, 82, 600, 20],
  ['c', 0, 122, 600, 20],
  ['c1', 0, 122, 100, 60],
  ['c2', 100, 122, 500, 20],
  ['d', 100, 142, 500, 30],
  ['d1', 100, 142, 100, 30],
  ['e', 100, 177, 50, 10],
  ['f', 0, 202, 600, 20],
  ['f1', 0, 202, 100, 20],
];

test('Chromium 156 figures: display: flow-root establishes a block formatting context', () => assertInspectedBoxes(DOC, BOXES));
