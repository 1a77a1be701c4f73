// In: a document of text shadows (css-text-decor-3 §4) in 24 px Liberation Sans on a 400 × 300 px page: offsets without
// blur, two shadows (the first on top), currentcolor through inheritance, and blurred ones (1px 1px 1px rgba(0,0,0,.5),
// 2px 2px 4px #000, 1px 1px 2px rgba(0,0,0,.1), the shadows of invoiceplane-invoice, now-lms-certificate, solidinvoice).
// Out: against Chromium 156's page.pdf of the same document: its words (a shadow without blur is a second copy of the
// text, offset), the colours of the shadows and each line's mean grey level in its 96 dpi raster (pixel by pixel, glyph
// edges differ between its embedded fonts and ours whatever the shadows: 0.62 of inked pixels agree within 48 levels).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { missingWords, raster, words } from './pdf-helpers.ts';

const DOC = `<!doctype html><html><head><style>
@page { size: 400px 300px; margin: 20px }
body { margin: 0; font: 24px/40px 'Liberation Sans' } p { margin: 0 }
</style></head><body>
<p style="text-shadow: 3px 4px 0 red">Alpha</p>
<p style="text-shadow: 2px 2px 0 red, 5px 5px 0 blue">Beta</p>
<p style="color: green; text-shadow: 3px 3px">Gamma <span style="color: blue">Delta</span></p>
<p style="text-shadow: 1px 1px 1px rgba(0,0,0,.5)">Epsilon</p>
<p style="text-shadow: 2px 2px 4px #000">Zeta</p>
<p style="text-shadow: 1px 1px 2px rgba(0,0,0,0.1)">Eta</p>
</body></html>`;

/**
 * pdftotext -bbox of Chromium's print (pt): each shadow without blur is text too, offset (Beta's 2 px copy overlaps
 * the text closely enough for pdftotext to drop it as a duplicate); blurred shadows are images, no words.
 */
const CHROMIUM_WORDS: Array<[string, number, number, number, number]> = [
  ['Alpha', 15.000, 19.705, 61.037, 39.814], ['Alpha', 17.250, 22.705, 63.287, 42.814], ['Beta', 15.000, 49.705, 52.028, 69.814],
  ['Beta', 18.750, 53.455, 55.778, 73.564], ['Gamma', 15.000, 79.705, 79.011, 99.814], ['Gamma', 17.250, 81.955, 81.261, 102.064],
  ['Delta', 84.012, 79.705, 126.032, 99.814], ['Delta', 86.262, 81.955, 128.282, 102.064], ['Epsilon', 15.000, 109.705, 74.036, 129.814],
  ['Zeta', 15.000, 139.705, 51.018, 159.814], ['Eta', 15.000, 169.705, 42.018, 189.814],
];

/**
 * Chromium's raster (pdftoppm, 96 dpi, anti-aliased) per line (x 20–220 px, 40 px high): pixels that are red, blue,
 * green; and the mean grey of the blurred lines (without their shadows 241.3, 246.7, 248.4).
 */
const CHROMIUM_PIXELS = { alphaRed: 234, betaRed: 161, betaBlue: 127, gammaGreen: 636, gammaBlue: 535 };
const CHROMIUM_GREY = { Epsilon: 236.5, Zeta: 240.4, Eta: 247.9 };

test('text shadows as Chromium 156 prints them: copies of the text without blur, softened copies with it', async () => {
  const out = await renderPdf(DOC, { creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  assert.deepEqual(missingWords(out.pdf, CHROMIUM_WORDS, 0.05), []);
  assert.equal(words(out.pdf).length, CHROMIUM_WORDS.length, 'blurred shadows add no words');
  const img = raster(out.pdf, 96, 1, true);
  const count = (line: number, pred: (r: number, g: number, b: number) => boolean): number => {
    let n = 0;
    for (let y = 20 + 40 * line; y < 60 + 40 * line; y++) for (let x = 0; x < img.w; x++) { const [r, g, b] = img.px(x, y); if (pred(r, g, b)) n++; }
    return n;
  };
  const red = (r: number, g: number, b: number): boolean => r > 200 && g < 80 && b < 80;
  const blue = (r: number, g: number, b: number): boolean => b > 200 && r < 80 && g < 80;
  const green = (r: number, g: number, b: number): boolean => g > 90 && r < 60 && b < 60;
  const got = { alphaRed: count(0, red), betaRed: count(1, red), betaBlue: count(1, blue), gammaGreen: count(2, green), gammaBlue: count(2, blue) };
  // the first shadow on top (Beta: red over blue), currentcolor = each element's own color (Delta's shadow blue)
  for (const [k, v] of Object.entries(CHROMIUM_PIXELS)) {
    const ours = got[k as keyof typeof got];
    assert.ok(Math.abs(ours - v) <= Math.max(5, v * 0.04), `${k}: Chromium ${v} pixels, ours ${ours}`);
  }
  (['Epsilon', 'Zeta', 'Eta'] as const).forEach((name, i) => {
    const line = 3 + i;
    let sum = 0, n = 0;
    for (let y = 20 + 40 * line; y < 60 + 40 * line; y++) for (let x = 20; x < 220; x++) { const [r, g, b] = img.px(x, y); sum += 0.299 * r + 0.587 * g + 0.114 * b; n++; }
    // within 2.5 grey levels: the blurred shadows are approximated by grown outlines (src/paint/build-text.ts), 2 px 2 px 4 px comes out 2 lighter
    assert.ok(Math.abs(sum / n - CHROMIUM_GREY[name]) <= 2.5, `${name}: mean grey ${(sum / n).toFixed(1)}, Chromium ${CHROMIUM_GREY[name]}`);
  });
});
