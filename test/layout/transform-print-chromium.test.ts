// In: documents with transformed boxes printed through renderPdf: a rotated PAID stamp at the page's right edge, a
// translated and scaled block across a page break, boxes at fractional offsets under rotate/scale/translate.
// Out: every word's position (pt) against Chromium 156's print of the same markup (page.pdf, pdftotext -bbox).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { missingWords, pdftotext, words } from '../paint/pdf-helpers.ts';

const STAMP = `<!doctype html><html><head><style>
@page { size: 600px 400px; margin: 20px } body { margin: 0; font: 16px/20px "Liberation Sans" }
.stamp { position: absolute; right: 0; top: 30px; padding: 4px 12px; border: 4px solid #c00; color: #c00; font: bold 32px/40px "Liberation Sans"; transform: rotate(-20deg) }
</style></head><body>
<h1 style="margin: 0; font-size: 24px">Invoice 2026-0042</h1>
<p>Thank you for your business. Payment received in full.</p>
<div class=stamp>PAID</div>
</body></html>`;

test('a rotated stamp reaching past the page area shrinks the page to fit, as Chromium 156 prints it', async () => {
  const out = await renderPdf(STAMP, { creationDate: new Date(0) });
  // The stamp's rotated border box ends ~17 px right of the page area: Chromium lays the page out 3 % wider and
  // prints it scaled down (text 14.99 pt from the left edge, 24px heading 19.88 pt tall instead of 20.7).
  assert.deepEqual(missingWords(out.pdf, [
    ['Invoice', 15, 12.237, 76.325, 32.119], ['2026-0042', 81.269, 12.237, 166.378, 32.119], ['Thank', 15, 42.078, 47.975, 55.333],
    ['you', 51.272, 42.078, 70.401, 55.333], ['for', 73.697, 42.078, 87.543, 55.333], ['your', 90.84, 42.078, 113.92, 55.333],
    ['business.', 117.216, 42.078, 167.34, 55.333], ['Payment', 170.636, 42.078, 217.457, 55.333], ['received', 220.754, 42.078, 265.599, 55.333],
    ['in', 268.896, 42.078, 278.13, 55.333], ['full.', 281.426, 42.078, 299.89, 55.333],
    ['D', 407.934, 40.66, 424.037, 67.17], ['PAI', 372.418, 42.915, 407.934, 80.097],
  ], 0.05), []);
});

test('a translated, scaled block across a page break: its overflow shrinks the pages (Chromium 156)', async () => {
  const out = await renderPdf(`<!doctype html><html><head><style>
@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 16px/20px "Liberation Sans" } p { margin: 0 0 10px }
</style></head><body><div style="height: 150px"></div>
<div style="transform: translateX(30px) scale(0.9); background: #eee; border: 3px solid #a00">
<p>Line 1 of a transformed block that runs over a page break.</p><p>Line 2</p><p>Line 3</p><p>Line 4</p><p>Line 5</p><p>Line 6</p><p>Line 7</p><p>Line 8</p><p>Line 9</p><p>Line 10</p>
</div></body></html>`, { creationDate: new Date(0) });
  // Page 1 ends after "Line 3", page 2 holds lines 4-10 (each page's words: text, xMin, yMin in pt; within 0.06 pt).
  const at = (t: string, x: number, y: number): [string, number, number, number, number] => [t, x, y, NaN, NaN];
  const ref = [
    at('Line', 52.27, 130.49), at('transformed', 103.99, 130.49), at('page', 265.48, 130.49), at('break.', 52.27, 143.55), at('2', 74.93, 163.15),
    at('3', 74.93, 182.74), at('4', 74.93, 23.07), at('5', 74.93, 42.66), at('8', 74.93, 101.45), at('10', 74.93, 140.65),
  ];
  const got = words(out.pdf);
  const miss = ref.filter(([t, x, y]) => !got.some((w) => w.text === t && Math.abs(w.xMin - x) < 0.06 && Math.abs(w.yMin - y) < 0.06));
  assert.deepEqual(miss, []);
  assert.equal(pdftotext(out.pdf).split('\f').filter((p) => p.trim()).length, 2);
});

test('a box rotated or scaled starts on a whole px, a translated one keeps its fraction (Chromium 156)', async () => {
  const out = await renderPdf(`<!doctype html><html><head><style>
@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" } div { position: absolute; width: 100px }
</style></head><body>
<div style="left: 100.3px; top: 50.3px">None</div>
<div style="left: 100.3px; top: 100.3px; transform: rotate(0.0001deg)">Rot</div>
<div style="left: 100.3px; top: 150.3px; transform: translateX(0.1px)">Tra</div>
<div style="left: 100.3px; top: 200.3px; transform: scale(1.0001)">Sca</div>
<div style="left: 100.7px; top: 250.7px; transform: rotate(0.0001deg)">Rot7</div>
<div style="left: 100.7px; top: 300.7px;">None7</div>
</body></html>`, { creationDate: new Date(0) });
  assert.deepEqual(missingWords(out.pdf, [
    ['None', 75.223, 37.887, 103.91, 51.293], ['Rot', 75, 75.387, 93.674, 88.793], ['Tra', 75.298, 112.887, 92.852, 126.293],
    ['Sca', 74.996, 150.386, 95.676, 163.794], ['Rot7', 75.75, 188.637, 101.098, 202.043], ['None7', 75.516, 226.137, 110.877, 239.543],
  ], 0.02), []);
});

test('fixed boxes do not shrink the page: a fixed footer wider than the page, a fixed watermark wider once rotated (Chromium 156)', async () => {
  const page = (fixed: string) => `<!doctype html><html><head><style>
@page { size: A4; margin: 15mm } body { margin: 0; font: 14px/18px "Liberation Sans" }
</style></head><body><div style="position: fixed; ${fixed}">DRAFT</div>
<h1>Invoice 42</h1><p>Line one of the invoice body text.</p><p>Line two.</p></body></html>`;
  // Chromium prints the body unscaled in both (a shrunk page would set "Invoice" 72.4 / 1.2 pt wide).
  const body: Array<[string, number, number, number, number]> = [
    ['Invoice', 42.75, 51.489, 115.112, 74.95], ['42', 120.946, 51.489, 144.305, 74.95], ['Line', 42.75, 85.745, 62.602, 97.475],
    ['text.', 176.43, 85.745, 196.271, 97.475], ['two.', 65.519, 109.745, 84.776, 121.475],
  ];
  const wide = await renderPdf(page('top: 300px; left: 0; width: 120%; height: 20px; background: #ccc; color: transparent'), { creationDate: new Date(0) });
  assert.deepEqual(missingWords(wide.pdf, body, 0.05), []);
  const mark = await renderPdf(page('top: 45%; left: 0; width: 100%; text-align: center; font: bold 120px/130px "Liberation Sans"; color: rgba(200,0,0,0.15); transform: rotate(-10deg)'), { creationDate: new Date(0) });
  assert.deepEqual(missingWords(mark.pdf, body, 0.05), []);
});
