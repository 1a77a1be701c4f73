// In: a document whose root element is a table ('html { display: table; background: yellow }', a border, a margin) on a
// 400 x 300 px page. Out: pixels (96 dpi, pdftoppm) against the same pixels of Chromium 156's page.pdf (print
// emulation): the root's background covers the canvas, the whole page area (CSS 2.1 §14.2), though a root table's
// background sits on the table box inside its wrapper (§17.4). We painted it only inside the table: (5, 5) was white.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from './pdf-helpers.ts';

const DOC = `<!doctype html><html style="display:table;background:yellow;width:100px;height:100px;border:10px solid black;margin:50px">
<head><style>@page{size:400px 300px;margin:0}</style></head><body style="margin:0"></body></html>`;

/** [x, y, Chromium 156's RGB at 96 dpi]. */
const CHROMIUM: Array<[number, number, [number, number, number]]> = [
  [5, 5, [255, 255, 0]], [300, 250, [255, 255, 0]], [395, 295, [255, 255, 0]], [120, 120, [255, 255, 0]], [55, 55, [0, 0, 0]], [175, 175, [255, 255, 0]],
];

test("a root table's background covers the canvas, as Chromium 156 prints it", async () => {
  const img = raster((await renderPdf(DOC)).pdf, 96);
  for (const [x, y, rgb] of CHROMIUM) assert.deepEqual(img.px(x, y), rgb, `pixel (${x}, ${y})`);
});
