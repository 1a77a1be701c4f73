// In: boxes with an aspect-ratio and a percentage height (block, flex item), images whose aspect-ratio meets box-sizing:
// border-box with borders and padding (and `auto && <ratio>`, a natural ratio), images sized by a percentage height, through
// the real stages (parse → cascade → boxes → layout); a 50×20 SVG image.
// Out: border boxes (x, y relative to the case block, width, height in px) compared with Chromium 156's getBoundingClientRect
// in print emulation.
import { test } from 'node:test';
import { layoutHtml, assertChromiumBoxes, type ChromiumBox } from './helpers.ts';

const IMG = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='50' height='20'/>";
const doc = (rows: string[]): string => '<!doctype html><html><head><style>@page { size: A4; margin: 10mm } body { margin: 0; font: 16px/20px Arial } '
  + `.case { width: 600px }</style></head><body><div class=case id=c>\n${rows.join('\n')}\n</div></body></html>`;

const ROWS = [
  `<div style="height:200px"><img id=a1 style="height:50%;aspect-ratio:2/1" src="${IMG}"></div>`,
  `<img id=a2 style="width:100px;aspect-ratio:2/1;box-sizing:border-box;padding:10px;border:5px solid" src="${IMG}">`,
  `<img id=a3 style="width:100px;aspect-ratio:2/1;padding:10px;border:5px solid" src="${IMG}">`,
  `<div style="height:200px;display:flex"><div id=a4 style="height:50%;aspect-ratio:3/1;background:red"></div></div>`,
  `<div style="height:100px"><div id=a5 style="height:100%;aspect-ratio:1;background:red;box-sizing:border-box;padding:10px"></div></div>`,
  `<img id=a6 style="width:50%;aspect-ratio:auto 1/1" src="${IMG}">`,
  `<img id=a7 style="height:80px;aspect-ratio:1/1;box-sizing:border-box;border:10px solid" src="${IMG}">`,
  `<div style="width:300px"><img id=a8 style="width:100%;height:auto;aspect-ratio:16/9;object-fit:cover" src="${IMG}"></div>`,
  `<div style="height:150px"><img id=a9 style="height:100%;box-sizing:border-box;padding:5px" src="${IMG}"></div>`,
];
/**
 * css-sizing-4 §5.1: an author's aspect-ratio relates the box-sizing boxes, for replaced elements too (a2: a 100 px
 * border-box image with 10 px padding and 5 px borders is 50 px tall, we made it 65 from its content box; a3 the same
 * with content-box); a definite height, a percentage of a definite containing block height included, transfers to an auto
 * width, in block flow (a5: 100 px, we gave it the containing block's 600) and for a row flex item's flex base size
 * (a4: 300 px, we gave 0; css-flexbox-1 §9.2.3 B). a1, a6-a9 guard what already agreed.
 */
const CHROMIUM: ChromiumBox[] = [["a1",0,0,200,100],["a2",0,230,100,50],["a3",104.453,200,130,80],["a4",0,285,300,100],["a5",0,485,100,100],["a6",0,585,300,120],["a7",304.453,625,80,80],["a8",0,710,300,168.75],["a9",0,883.75,360,150]];

const MORE = [
  `<img id=a10 style="width:100px;aspect-ratio:auto 2/1;box-sizing:border-box;padding:10px;border:5px solid" src="${IMG}">`,
  `<img id=a11 style="height:60px;aspect-ratio:3/1;box-sizing:border-box;padding:5px" src="${IMG}">`,
  `<div style="height:120px;display:flex"><div id=a12 style="height:50%;aspect-ratio:2/1;box-sizing:border-box;border:5px solid"></div><div id=a13 style="flex:1">Text after</div></div>`,
  `<div id=a14 style="height:40px;aspect-ratio:2;box-sizing:border-box;padding:5px;float:left;background:#ccc"></div><div style="clear:both"></div>`,
];
/**
 * `aspect-ratio: auto 2/1` on an image with a natural ratio keeps the natural one on its content box (a10); a border-box
 * ratio from a height (a11), a bordered flex item with a percentage height (a12, a13 beside it), a float (a14).
 */
const MORE_CHROMIUM: ChromiumBox[] = [["a10",0,2,100,58],["a11",104.453,0,180,60],["a12",0,65,120,60],["a13",120,65,480,120],["a14",0,185,80,40]];

test('Chromium 156 figures, aspect-ratio with percentage heights and box-sizing', () => assertChromiumBoxes(layoutHtml(doc(ROWS)), 'c', CHROMIUM, 0.02));
test('Chromium 156 figures, aspect-ratio on images with a natural ratio, flex items and floats', () => assertChromiumBoxes(layoutHtml(doc(MORE)), 'c', MORE_CHROMIUM, 0.02));
