// In: one document with @font-face web fonts (Open Sans TTF: hhea ≠ typo, no USE_TYPO_METRICS; Cantarell
// OTF/CFF; Inter variable WOFF2: USE_TYPO_METRICS, large win metrics, wght 100–900) rendered through renderPdf.
// Out: line-box edges (px rows), word x positions (pt) and ink per line against Chromium 156's print of the same markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { words, raster, missingWords } from '../paint/pdf-helpers.ts';
import { FIXTURE_FONTS } from './helpers.ts';

const DOC = `<!doctype html><html><head><style>
@font-face { font-family: OS; src: url(opensans-regular.ttf) format('truetype') }
@font-face { font-family: Cant; src: url(cantarell-regular.otf) format('opentype') }
@font-face { font-family: IV; src: url(inter-variable-latin.woff2) format('woff2'); font-weight: 100 900 }
@font-face { font-family: IVauto; src: url(inter-variable-latin.woff2) format('woff2') }
@font-face { font-family: IV400; src: url(inter-variable-latin.woff2) format('woff2'); font-weight: 400 }
@page { size: 400px 600px; margin: 0 } body { margin: 10px } div { border-top: 1px solid red }
</style></head><body>
<div style="font: 13px OS">Aa1</div><div style="font: 16px OS">Ab2</div><div style="font: 21px OS">Ac3</div>
<div style="font: 13px Cant">Ad4</div><div style="font: 16px Cant">Ae5</div><div style="font: 21px Cant">Af6</div>
<div style="font: 13px IV">Ag7</div><div style="font: 16px IV">Ah8</div><div style="font: 21px IV">Ai9</div>
<div style="font: 16px IV; line-height: 1.5">Aj0 <span style="font-family: Cant; font-size: 24px">Ak1</span></div>
<div style="font: 300 16px IV">Light minimum Al2</div>
<div style="font: 700 16px IV">Bold minimum Am3</div>
<div style="font: 900 16px IV">Black minimum An4</div>
<div style="font: 700 16px IVauto">Auto minimum Ao5</div>
<div style="font: 300 16px IVauto">Auto minimum Ap6</div>
<div style="font: 700 16px IV400">Fixed minimum Aq7</div>
</body></html>`;

type Img = ReturnType<typeof raster>;

/** Rows where more than a quarter of the pixels are red: the divs' border-top edges. */
function redRows(img: Img): number[] {
  const rows: number[] = [];
  for (let y = 0; y < img.h; y++) {
    let n = 0;
    for (let x = 0; x < img.w; x++) {
      const [r, g, b] = img.px(x, y);
      if (r > 200 && g < 80 && b < 80) n++;
    }
    if (n > img.w / 4) rows.push(y);
  }
  return rows;
}

/** Ink (sum of darkness / 255) of rows [y0, y1). */
function ink(img: Img, y0: number, y1: number): number {
  let s = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < img.w; x++) {
    const [r, g, b] = img.px(x, y);
    s += 255 - (r + g + b) / 3;
  }
  return s / 255;
}

test('web-font line boxes and variable-font instances as Chromium 156 prints them', async () => {
  const out = await renderPdf(DOC, { baseUrl: FIXTURE_FONTS.href, creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  const img = raster(out.pdf, 96, 1, true);
  // Chromium 156 (reference fonts.conf, print to PDF, 96 dpi): each div's border-top row. The line boxes
  // follow hhea (Open Sans, Cantarell) or OS/2 typo (Inter: USE_TYPO_METRICS) ascent + descent + gap, each rounded.
  assert.deepEqual(redRows(img), [10, 29, 52, 81, 98, 118, 145, 162, 183, 209, 246, 267, 288, 309, 330, 351]);
  // Word starts in pt (pdftotext -bbox xMin of Chromium's PDF): advances at the used wght instance.
  const chromium: Array<[string, number]> = [
    ['Ak1', 29.6367], ['Al2', 92.8418], ['Am3', 93.5977], ['An4', 102.1699], ['Ao5', 95.5488], ['Ap6', 91.1328], ['Aq7', 96.3984],
  ];
  const got = new Map(words(out.pdf).map((w) => [w.text, w.xMin]));
  for (const [t, x] of chromium) {
    assert.ok(got.has(t), `${t} missing`);
    assert.ok(Math.abs(got.get(t)! - x) < 0.05, `${t}: xMin ${got.get(t)} pt, Chromium ${x}`);
  }
  // Ink of each weight line (Chromium: 365 / 770 / 988 / 730 / 382 / 701, the last wght 400 + synthetic bold):
  // the outlines are the instance's, not the default's (wght 400 draws about 540 here).
  const bands: Array<[string, number, number, number]> = [
    ['300', 247, 266, 365], ['700', 268, 287, 770], ['900', 289, 308, 988], ['auto 700', 310, 329, 730], ['auto 300', 331, 350, 382], ['400 + synthetic bold', 352, 371, 701],
  ];
  for (const [what, y0, y1, cr] of bands) {
    const v = ink(img, y0, y1);
    assert.ok(Math.abs(v - cr) / cr < 0.1, `${what}: ink ${v.toFixed(0)}, Chromium ${cr}`);
  }
});

test('ascent-override, descent-override and line-gap-override move line boxes as in Chromium 156 (next/font-style fallbacks)', async () => {
  const out = await renderPdf(`<!doctype html><html><head><style>
@font-face { font-family: FB; src: local("Liberation Sans"); ascent-override: 105%; descent-override: 35%; line-gap-override: 10% }
@font-face { font-family: OSo; src: url(opensans-regular.ttf); ascent-override: 90%; descent-override: 22.5%; line-gap-override: 0% }
@font-face { font-family: OSn; src: url(opensans-regular.ttf); ascent-override: normal }
@page { size: 400px 400px; margin: 0 } body { margin: 10px } div { border-top: 1px solid red }
</style></head><body>
<div style="font: 16px FB">Fallback Aa1</div><div style="font: 21px FB">Fallback Ab2</div>
<div style="font: 16px OSo">Override Ac3</div><div style="font: 13px OSo">Override Ad4</div><div style="font: 16px OSn">Normal Ae5</div>
</body></html>`, { baseUrl: FIXTURE_FONTS.href, creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  // Chromium: each metric = override x font size, rounded (16px FB: 17 + 6 + 2 = 25 px), then the 1px border.
  assert.deepEqual(redRows(raster(out.pdf, 96, 1, true)), [10, 36, 68, 87, 103]);
  // The PDF keeps the fonts' own Ascent/Descent (as Chromium's): pdftotext boxes the words alike.
  assert.deepEqual(missingWords(out.pdf, [
    ['Fallback', 7.5, 10.89, 52.18, 24.29], ['Aa1', 54.86, 10.89, 76.21, 24.29], ['Fallback', 7.5, 30.74, 66.15, 48.34], ['Ab2', 69.65, 30.74, 97.68, 48.34],
    ['Override', 7.5, 49.42, 56.51, 65.77], ['Ac3', 59.62, 49.42, 79.79, 65.77], ['Override', 7.5, 64.58, 47.32, 77.86], ['Ad4', 49.85, 64.58, 67.57, 77.86],
    ['Normal', 7.5, 77.92, 49.56, 94.27], ['Ae5', 52.68, 77.92, 73.87, 94.27],
  ], 0.05), []);
});
