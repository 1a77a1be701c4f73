// In: items of column flex containers that are not stretched (align-items: center, flex-start) with a min-width or
// max-width: percentages (of the container's width), a length, calc(), border-box sizing. Out: border boxes (px, page area)
// against Chromium 156's getBoundingClientRect in print emulation. The item's fit-content width is clamped by its
// min/max-width (css-sizing-3 §5.2, CSS 2.1 §10.4); we passed it on unclamped, so a certificate's centred name line
// (min-width: 60%) was as wide as its text.
import { test } from 'node:test';
import { assertInspectedBoxes, type ChromiumBox } from './inspect-boxes.ts';

const DOC = `<!doctype html><html><head><style>@page{size:600px 800px;margin:0} body{margin:0;font:16px/20px Arial} p{margin:0}
.c{display:flex;flex-direction:column;align-items:center;width:500px;padding:0 20px;margin-bottom:10px}
</style></head><body>
<div class=c id=c1><p id=p1 style="min-width:60%;padding:0 10px;border:1px solid">Name</p></div>
<div class=c id=c2><p id=p2 style="max-width:20%">A longer line of text that wraps</p></div>
<div class=c id=c3><p id=p3 style="min-width:200px">Name</p></div>
<div class=c id=c4 style="align-items:flex-start"><p id=p4 style="min-width:50%;box-sizing:border-box;padding:0 30px">Name</p></div>
<div class=c id=c5><p id=p5 style="min-width:calc(40% + 10px)">Name</p></div>
</body></html>`;

const BOXES: ChromiumBox[] = [
  ['c1', 0, 0, 540, 22],
  ['p1', 109, 0, 322, 22],
  ['c2', 0, 32, 540, 60],
  ['p2', 220, 32, 100, 60],
  ['c3', 0, 102, 540, 20],
  ['p3', 170, 102, 200, 20],
  ['c4', 0, 132, 540, 20],
  ['p4', 20, 132, 250, 20],
  ['c5', 0, 162, 540, 20],
  ['p5', 165, 162, 210, 20],
];

test('Chromium 156 figures: min-width and max-width of non-stretched column flex items', () => assertInspectedBoxes(DOC, BOXES));
