// In: a root table laid out out of flow ('html { position: absolute; display: table; background: yellow }') and a
// transparent root table whose body is absolutely positioned with 'background: yellow', on a 400 x 300 px page.
// Out: pixels (96 dpi, pdftoppm) against the same pixels of Chromium 156's page.pdf (print emulation): the root's (or
// body's) background covers the canvas, the whole page area (CSS 2.1 §14.2), wherever the box itself is laid out. We
// found neither box among the page's fragments beside the root's anonymous block: (5, 5) was white.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from './pdf-helpers.ts';

const PAGE = '<head><style>@page{size:400px 300px;margin:0}</style></head>';
const DOCS = [
  `<!doctype html><html style="position:absolute;left:100px;top:100px;display:table;background:yellow;width:50px;height:50px;border:10px solid black">${PAGE}<body style="margin:0"></body></html>`,
  `<!doctype html><html style="display:table">${PAGE}<body style="position:absolute;left:100px;top:100px;width:50px;height:50px;border:10px solid black;background:yellow;margin:0"></body></html>`,
];

/** [x, y, Chromium 156's RGB at 96 dpi], the same for both documents: yellow canvas, the box's border black at 100-170. */
const CHROMIUM: Array<[number, number, [number, number, number]]> = [
  [5, 5, [255, 255, 0]], [300, 250, [255, 255, 0]], [395, 295, [255, 255, 0]], [125, 125, [255, 255, 0]], [105, 105, [0, 0, 0]], [160, 160, [0, 0, 0]], [175, 175, [255, 255, 0]],
];

for (const [i, doc] of DOCS.entries()) {
  test(`an out-of-flow root table's or body's background covers the canvas, as Chromium 156 prints it (${i ? 'body' : 'root'})`, async () => {
    const img = raster((await renderPdf(doc)).pdf, 96);
    for (const [x, y, rgb] of CHROMIUM) assert.deepEqual(img.px(x, y), rgb, `pixel (${x}, ${y})`);
  });
}
