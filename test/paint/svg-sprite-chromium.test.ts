// In: inline <svg> elements whose <use> references a <symbol> in a hidden sprite <svg> elsewhere in the page (Bootstrap's
// icon pattern), a symbol that uses another, one filled with currentColor, and a rect filled with url(#g) of a gradient in the
// display: none sprite. Out: the drawn pixels (pdftoppm -aa no, 96 dpi: 1 px = 1 CSS px) against Chromium 156's page.pdf of
// the same markup: the symbols are drawn (src/box/svg.ts externalRefs), the gradient of the hidden sprite is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { letterRows, raster } from './pdf-helpers.ts';

const HTML = `<!doctype html><style>@page { size: 120px 60px; margin: 0 } body { margin: 0; font-size: 0 } svg { display: block }</style>
<svg xmlns="http://www.w3.org/2000/svg" style="display: none"><defs><linearGradient id="g"><stop offset="0" stop-color="#00f"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><symbol id="sq" viewBox="0 0 10 10"><rect x="2" y="2" width="6" height="6" fill="#f00"/></symbol><symbol id="cc" viewBox="0 0 4 4"><rect width="4" height="4" fill="currentColor"/></symbol><symbol id="nest" viewBox="0 0 10 10"><use href="#sq"/></symbol></svg>
<svg width="40" height="40"><use href="#sq"/></svg>
<svg width="20" height="20" style="position: absolute; left: 50px; top: 0"><use xlink:href="#nest"/></svg>
<svg width="30" height="10" style="position: absolute; left: 80px; top: 40px"><rect width="30" height="10" fill="url(#g)"/></svg>
<svg width="20" height="20" style="position: absolute; left: 10px; top: 40px; color: #00f"><use href="#cc"/></svg>`;

/** The bounding box [x0, y0, x1, y1) in px of the pixels with letter `c` in columns [from, to), or null. */
function bbox(rows: string[], c: string, from = 0, to = Infinity): number[] | null {
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  rows.forEach((r, y) => { for (let x = from; x < Math.min(r.length, to); x++) if (r[x] === c) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + 1); y1 = Math.max(y1, y + 1); } });
  return x1 < 0 ? null : [x0, y0, x1, y1];
}

test('<use> of a symbol in another, hidden <svg> of the page is drawn; a gradient there is not, as Chromium 156 prints', async () => {
  const { pdf, warnings } = await renderPdf(HTML, { creationDate: new Date(0) });
  assert.deepEqual(warnings, []);
  const rows = letterRows(raster(pdf));
  // Chromium 156: the red square of #sq at 40x40 (viewBox 0 0 10 10: 8..32), #nest (a symbol using #sq) at 20x20 from
  // x 50 (54..66, 4..16), #cc in the using svg's color: blue (10..30, 40..60); the url(#g) rect at x 80..110 is not drawn.
  assert.deepEqual([bbox(rows, 'R', 0, 45), bbox(rows, 'R', 45, 80), bbox(rows, 'B')], [[8, 8, 32, 32], [54, 4, 66, 16], [10, 40, 30, 60]]);
});
