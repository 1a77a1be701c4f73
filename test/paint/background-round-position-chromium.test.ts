// In: three 200 x 100 px boxes whose background is a 40 x 40 SVG tile (one half red, the other blue) with
// 'background-repeat: round' and a position other than the start: 'center/60px 60px round', 'right 30% bottom/60px
// 60px round' (red top, blue bottom), '100% 0/60px round repeat'.
// Out: pixels (96 dpi, pdftoppm) against the same pixels of Chromium 156's page.pdf of this document (print emulation):
// the rescaled tiles repeat from the position that background-position gives against the tile size before rounding,
// as Blink's BackgroundImageGeometry computes it. Before, the position used the rescaled size (css-backgrounds-3 §3.9's
// reading), so 'center' started a tile at the box edge where Chromium starts one 3.33 px in: (11, 30) was red.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from './pdf-helpers.ts';

const tile = (halves: string): string => `url('data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">${halves}</svg>`)}')`;
const ACROSS = tile('<rect width="20" height="40" fill="red"/><rect x="20" width="20" height="40" fill="blue"/>');
const DOWN = tile('<rect width="40" height="20" fill="red"/><rect y="20" width="40" height="20" fill="blue"/>');
const DOC = `<!doctype html><html><head><style>@page{size:300px 400px;margin:0} body{margin:0}
div{position:absolute;width:200px;height:100px;left:10px}</style></head><body>
<div style="top:10px;background:${ACROSS} center/60px 60px round"></div>
<div style="top:130px;background:${DOWN} right 30% bottom/60px 60px round"></div>
<div style="top:250px;background:${ACROSS} 100% 0/60px round repeat"></div>
</body></html>`;

/**
 * [x, y, colour of Chromium 156's pixel at 96 dpi]. Box 1: 3 tiles of 66.67 px from 10 + (200 - 60) / 2 - 66.67;
 * box 2: 2 tiles of 50 px from 130 + (100 - 60) - 50; box 3: from 10 + (200 - 60) - 2 x 66.67.
 */
const CHROMIUM: Array<[number, number, 'red' | 'blue']> = [
  [11, 30, 'blue'], [45, 30, 'red'], [112, 30, 'red'], [208, 30, 'blue'],
  [100, 150, 'blue'], [100, 172, 'red'], [100, 200, 'blue'], [100, 225, 'red'],
  [12, 300, 'blue'], [48, 300, 'red'], [115, 300, 'red'], [148, 300, 'blue'],
];

test("background-repeat: round tiles are positioned with the size before rounding, as Chromium 156 paints them", async () => {
  const img = raster((await renderPdf(DOC)).pdf, 96);
  for (const [x, y, want] of CHROMIUM) {
    const [r, , b] = img.px(x, y);
    const got = r > 200 && b < 60 ? 'red' : b > 200 && r < 60 ? 'blue' : `rgb ${img.px(x, y).join(',')}`;
    assert.equal(got, want, `pixel (${x}, ${y})`);
  }
});
