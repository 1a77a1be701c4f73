// In: inline <svg> elements styled by page CSS the way Tailwind and icon sets do it (fill-current / stroke-current with a
// text colour class, fill-* over a fill attribute, stroke-width, fill-opacity, opacity, `p svg { fill: currentColor }`,
// a colour class on a <g> above a fill="currentColor" shape, a fill attribute no CSS touches).
// Out: the colour of pixels inside each drawing, against Chromium 156's page.pdf of the same document rasterised at
// 96 dpi by pdftoppm (the CSS cascade applies to SVG elements in HTML; presentation attributes lose to CSS rules).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from './pdf-helpers.ts';

const DOC = `<!doctype html><html><head><style>
@page { size: 400px 200px; margin: 0 }
body { margin: 0; color: #111 } div { position: absolute; top: 10px }
.fill-current { fill: currentColor } .stroke-current { stroke: currentColor } .text-red { color: #dc2626 } .text-blue { color: #2563eb }
.stroke-2 { stroke-width: 2 } .fill-green { fill: #16a34a } .opacity-50 { opacity: .5 } .fill-op { fill-opacity: 50% }
p svg { fill: currentColor } p { color: #9333ea; margin: 0 }
</style></head><body>
<div style="left: 10px"><svg class="fill-current text-red" viewBox="0 0 20 20" width="40" height="40"><rect width="20" height="20"/></svg></div>
<div style="left: 60px"><svg viewBox="0 0 20 20" width="40" height="40"><rect width="20" height="20" fill="blue" class="fill-green"/></svg></div>
<div style="left: 110px"><svg class="stroke-current text-blue" fill="none" viewBox="0 0 20 20" width="40" height="40"><rect x="4" y="4" width="12" height="12" stroke-width="0.5" class="stroke-2"/></svg></div>
<div style="left: 160px"><p><svg viewBox="0 0 20 20" width="40" height="40"><rect width="20" height="20"/></svg></p></div>
<div style="left: 210px"><svg viewBox="0 0 20 20" width="40" height="40"><rect width="20" height="20" fill="red" class="fill-op"/></svg></div>
<div style="left: 260px"><svg viewBox="0 0 20 20" width="40" height="40"><rect width="20" height="20" fill="#2563eb" class="opacity-50"/></svg></div>
<div style="left: 310px"><svg viewBox="0 0 20 20" width="40" height="40"><g class="text-blue"><rect width="20" height="20" fill="currentColor"/></g></svg></div>
<div style="left: 360px"><svg class="fill-current" viewBox="0 0 20 20" width="30" height="40"><rect width="20" height="20" fill="#ff00ff"/></svg></div>
</body></html>`;

/** [what, x, y (px), Chromium 156's pixel there]. Before page CSS applied to SVG: black, blue, white, white, black, red, #2563eb, #111. */
const CHROMIUM: Array<[string, number, number, [number, number, number]]> = [
  ['fill-current text-red on the <svg>', 30, 30, [220, 38, 38]],
  ['.fill-green over fill="blue"', 80, 30, [22, 163, 74]],
  ['stroke-current text-blue: the stroke', 130, 18, [37, 99, 235]],
  ['stroke-2 over stroke-width="0.5" (2 user units = 4 px wide)', 130, 16, [37, 99, 235]],
  ['fill="none" inside the stroked rect', 130, 30, [255, 255, 255]],
  ['p svg { fill: currentColor } with p { color }', 180, 30, [147, 51, 234]],
  ['fill-opacity: 50% over fill="red"', 230, 30, [255, 127, 127]],
  ['opacity: .5 on a shape', 280, 30, [146, 177, 245]],
  ['fill="currentColor" under <g class="text-blue">', 330, 30, [37, 99, 235]],
  ['fill="#ff00ff" on the shape beats the inherited CSS fill of the <svg>', 375, 30, [255, 0, 255]],
];

test('page CSS paints inline SVG as Chromium 156 does: fill, stroke, stroke-width, fill-opacity, opacity, color', async () => {
  const out = await renderPdf(DOC, { creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  const img = raster(out.pdf, 96, 1, true);
  for (const [what, x, y, want] of CHROMIUM) {
    const got = img.px(x, y);
    assert.ok(got.every((v, i) => Math.abs(v - want[i]!) <= 3), `${what}: Chromium ${want.join(',')}, ours ${got.join(',')}`);
  }
});
