// In: a box with `filter: grayscale(1)` holding an absolute and a fixed box, and a box with `filter: none` holding an
// absolute one, through the real stages (layoutForInspection). Out: border boxes (px) against Chromium 156's
// getBoundingClientRect in print emulation (600 x 800 viewport, the project's fonts). A filter other than none makes the box
// the containing block of its absolute and fixed descendants (filter-effects-1 §5), as a transform does: both are placed
// against its padding box. Before (d30c060) they were placed against the initial containing block and the page: #ab at
// (10, 10), #fx at (575, 775).
import { test } from 'node:test';
import { assertInspectedBoxes } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px 'Liberation Serif'}</style></head><body>
<div id=a style="height:30px"></div>
<div id=f style="filter:grayscale(1);margin-left:100px;width:200px;height:100px;padding:7px;border:3px solid #000">
  <p id=p style="margin:0">Text</p>
  <div id=ab style="position:absolute;top:10px;left:10px;width:20px;height:20px;background:red"></div>
  <div id=fx style="position:fixed;bottom:5px;right:5px;width:20px;height:20px;background:blue"></div>
</div>
<div id=g style="filter:none;margin-left:100px;width:200px;height:50px">
  <div id=ab2 style="position:absolute;top:10px;left:10px;width:20px;height:20px;background:green"></div>
</div>
</body></html>`;

test('Chromium 156 figures: a filtered box is the containing block of its absolute and fixed descendants', () => assertInspectedBoxes(DOC, [
  ['f', 100, 30, 220, 120], ['p', 110, 40, 200, 20], ['ab', 113, 43, 20, 20], ['fx', 292, 122, 20, 20],
  ['g', 100, 150, 200, 50], ['ab2', 10, 10, 20, 20],
]));
