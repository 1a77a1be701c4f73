// In: boxes with aspect-ratio (css-sizing-4 §5.1): blocks with an auto or specified width, padding and box-sizing, content
// taller than the ratio (with and without overflow: hidden, min-height: 0), min/max-height, `auto && ratio`, degenerate
// ratios, inline-blocks and floats sized from their height, absolutely positioned boxes, images whose natural ratio the
// property replaces, flex items (row and column, stretched and centred) and grid items. Out: their border boxes (px, page
// area) against Chromium 156's getBoundingClientRect in print emulation (viewport = the page area, fonts as
// test/fidelity/make-refs.mjs). We ignored the property: every such box was as tall as its content.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

/** A 40×20 px PNG (natural ratio 2). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGN4VqExIIhh1OJRi0ctHrV41OJRi0ctHrV45FgMACxwwv2p9+L4AAAAAElFTkSuQmCC';

const BLOCKS = `<!doctype html><html><head><style>@page{size:600px 1400px;margin:0} body{margin:0;font:16px/20px Arial} div{background:#ccc}
</style></head><body>
<div id=b1 style="aspect-ratio:4"></div>
<div id=b2 style="width:100px;aspect-ratio:2;padding:10px;border:5px solid"></div>
<div id=b3 style="width:100px;aspect-ratio:2;padding:10px;border:5px solid;box-sizing:border-box"></div>
<div id=b4 style="height:50px;aspect-ratio:2"></div>
<div id=b5 style="width:100px;aspect-ratio:4">line one is long text line two more text here and here</div>
<div id=b6 style="width:100px;aspect-ratio:4;overflow:hidden">line one is long text line two more text here and here</div>
<div id=b7 style="width:100px;aspect-ratio:1;max-height:40px"></div>
<div id=b8 style="width:100px;aspect-ratio:4;min-height:60px"></div>
<div id=b9 style="width:100px;aspect-ratio:16 / 9"></div>
<div id=b10 style="width:100px;aspect-ratio:auto 1"></div>
<span id=b11 style="display:inline-block;aspect-ratio:2;height:30px"></span><span id=b12 style="display:inline-block;aspect-ratio:2;width:30px"></span>
<img id=i1 style="width:64px;aspect-ratio:1" src="data:image/png;base64,${PNG}">
<img id=i2 style="width:64px;aspect-ratio:auto 1" src="data:image/png;base64,${PNG}">
<img id=i3 style="height:30px;aspect-ratio:1" src="data:image/png;base64,${PNG}">
<img id=i4 style="aspect-ratio:1" src="data:image/png;base64,${PNG}">
<div id=b13 style="width:100px;aspect-ratio:2;min-height:0">line one is long text line two more text here and here</div>
<div id=b14 style="float:left;height:40px;aspect-ratio:3"></div>
<div id=b15 style="position:absolute;top:1000px;left:0;width:50px;aspect-ratio:1/2"></div>
<div id=b16 style="width:100px;aspect-ratio:0"></div>
<div id=b17 style="width:100px;aspect-ratio:2/0"></div>
</body></html>`;

const FLEX_GRID = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial}
.f{display:flex;align-items:center;width:500px;margin-bottom:10px}
</style></head><body>
<div class=f id=f1><div id=a1 style="display:grid;width:80px;aspect-ratio:1/1;background:#000;place-items:center">P</div><div>text</div></div>
<div class=f id=f2><div id=a2 style="width:80px;aspect-ratio:1/1;background:#000">P</div><div>text</div></div>
<div class=f id=f3><div id=a3 style="display:grid;width:80px;aspect-ratio:2;background:#000">P</div><div>text</div></div>
<div id=a4 style="display:grid;width:80px;aspect-ratio:1/1;background:#000">P</div>
<div class=f id=f5 style="align-items:stretch"><div id=a5 style="width:80px;aspect-ratio:1/1;background:#000">P</div><div>text</div></div>
<div class=f id=f6 style="flex-direction:column;align-items:flex-start"><div id=a6 style="width:80px;aspect-ratio:1/1;background:#000">P</div></div>
<div style="display:grid;grid-template-columns:100px 1fr;align-items:start" id=g7><div id=a7 style="aspect-ratio:1/1;background:#000">P</div><div>text</div></div>
</body></html>`;

const BLOCK_BOXES: ChromiumBox[] = [
  ['b1', 0, 0, 600, 150],
  ['b2', 0, 150, 130, 80],
  ['b3', 0, 230, 100, 50],
  ['b4', 0, 280, 100, 50],
  ['b5', 0, 330, 100, 80],
  ['b6', 0, 410, 100, 25],
  ['b7', 0, 435, 100, 40],
  ['b8', 0, 475, 100, 60],
  ['b9', 0, 535, 100, 56.25],
  ['b10', 0, 591.25, 100, 100],
  ['b11', 0, 725.25, 60, 30],
  ['b12', 60, 740.25, 30, 15],
  ['i1', 94.45, 691.25, 64, 64],
  ['i2', 162.91, 723.25, 64, 32],
  ['i3', 231.36, 725.25, 30, 30],
  ['i4', 265.81, 715.25, 40, 40],
  ['b13', 0, 760.25, 100, 50],
  ['b14', 0, 810.25, 120, 40],
  ['b15', 0, 1000, 50, 100],
  ['b16', 0, 810.25, 100, 0],
  ['b17', 0, 810.25, 100, 0],
];
const FLEX_GRID_BOXES: ChromiumBox[] = [
  ['f1', 0, 0, 500, 80],
  ['a1', 0, 0, 80, 80],
  ['f2', 0, 90, 500, 80],
  ['a2', 0, 90, 80, 80],
  ['f3', 0, 180, 500, 40],
  ['a3', 0, 180, 80, 40],
  ['a4', 0, 230, 80, 80],
  ['f5', 0, 310, 500, 80],
  ['a5', 0, 310, 80, 80],
  ['f6', 0, 400, 500, 80],
  ['a6', 0, 400, 80, 80],
  ['g7', 0, 490, 600, 100],
  ['a7', 0, 490, 100, 100],
];

test('Chromium 156 figures, aspect-ratio: blocks, inline-blocks, floats, absolute boxes and images', () => assertInspectedBoxes(BLOCKS, BLOCK_BOXES));
test('Chromium 156 figures, aspect-ratio: flex items and grid items', () => assertInspectedBoxes(FLEX_GRID, FLEX_GRID_BOXES));
