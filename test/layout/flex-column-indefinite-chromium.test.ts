// In: column flex containers with an indefinite height whose items have `flex: 1` (basis 0%), `flex: 1 1 0px`, 0% with
// overflow: hidden or min-height: 0, a gap and padding; one inside a grid card (an image strip above a flex: 1 body), and
// -webkit-line-clamp paragraphs. Out: border boxes (px, page area) against Chromium 156's getBoundingClientRect in print
// emulation (viewport = the page area, fonts as test/fidelity/make-refs.mjs). A 0% basis against an indefinite main size
// is treated as content (css-flexbox-1 §7.2.3), and a column item's automatic minimum height (its content, §4.5) holds
// whether or not the container's height is definite: we gave such items 0 px and the container only the other items'.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial} p{margin:0}
</style></head><body>
<div id=c1 style="display:flex;flex-direction:column;width:200px"><div id=i1 style="flex:1">one two three</div><div id=i2>x</div></div>
<div id=c2 style="display:grid;grid-template-columns:1fr 1fr"><article id=c3 style="display:flex;flex-direction:column"><div id=i3 style="height:30px"></div><div id=i4 style="flex:1;display:flex;flex-direction:column;gap:6px"><h3 id=i5 style="margin:0">Head</h3><p id=i6>para text here</p></div></article><div>x</div></div>
<div id=c4 style="display:flex;flex-direction:column;width:200px"><div id=i7 style="flex:1 1 0px">one two three</div><div id=i8>x</div></div>
<div id=c5 style="display:flex;flex-direction:column;width:100px"><p id=i9 style="display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden">one two three four five six seven eight</p></div>
<div id=c6 style="width:100px"><p id=i10 style="display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden">one two three four five six seven eight</p></div>
<div id=c7 style="display:flex;flex-direction:column;width:200px"><div id=i11 style="flex:1;overflow:hidden">one</div><div id=i12 style="flex:1;min-height:0">two</div><div id=i13 style="flex:2 1 0%">three</div></div>
<div id=c8 style="display:flex;flex-direction:column;width:200px;gap:5px"><div id=i14 style="flex:1;padding:4px">four</div><div id=i15 style="flex:1 1 10px">five<br>six</div></div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['c1', 0, 0, 200, 40],
  ['i1', 0, 0, 200, 20],
  ['i2', 0, 20, 200, 20],
  ['c2', 0, 40, 600, 76],
  ['c3', 0, 40, 300, 76],
  ['i3', 0, 40, 300, 30],
  ['i4', 0, 70, 300, 46],
  ['i5', 0, 70, 300, 20],
  ['i6', 0, 96, 300, 20],
  ['c4', 0, 116, 200, 40],
  ['i7', 0, 116, 200, 20],
  ['i8', 0, 136, 200, 20],
  ['c5', 0, 156, 100, 40],
  ['i9', 0, 156, 100, 40],
  ['c6', 0, 196, 100, 40],
  ['i10', 0, 196, 100, 40],
  ['c7', 0, 236, 200, 60],
  ['i11', 0, 236, 200, 20],
  ['i12', 0, 256, 200, 20],
  ['i13', 0, 276, 200, 20],
  ['c8', 0, 296, 200, 73],
  ['i14', 0, 296, 200, 28],
  ['i15', 0, 329, 200, 40],
];

test('Chromium 156 figures: flex: 1 items of a column flex container with an indefinite height', () => assertInspectedBoxes(DOC, BOXES));
