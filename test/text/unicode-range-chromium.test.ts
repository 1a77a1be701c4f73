// In: families whose @font-face unicode-range misses U+0020 (digits only, capitals only) listed before a family
// that has every character, rendered through renderPdf. Out: word boxes (pt) against Chromium 156's print of the
// same markup, and the fonts each word is set in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { missingWords, run, withPdf } from '../paint/pdf-helpers.ts';
import { FONTS_BASE } from './helpers.ts';

const DOC = `<!doctype html><html><head><style>
@font-face { font-family: Digits; src: url(DejaVuSerif.ttf); unicode-range: U+30-39; }
@font-face { font-family: Caps; src: url(DejaVuSansMono.ttf); unicode-range: U+41-5A, U+4??; }
@page { size: 400px 200px; margin: 0 } body { margin: 10px; font: 20px/30px "Liberation Sans" }
</style></head><body>
<div style="font-family: Digits, 'Liberation Sans'">Total 42 due 2026</div>
<div style="font-family: Caps, Digits, serif">Invoice No 7 Paid</div>
<div style="font-family: 'Liberation Sans', Digits">Primary 99 first</div>
</body></html>`;

/** Chromium 156 (page.pdf, pdftotext -bbox): text, xMin, yMin, xMax, yMax in pt. */
const CHROMIUM: Array<[string, number, number, number, number]> = [
  ['Total', 7.5, 10.420898, 39.184569, 27.17871], ['42', 43.352049, 10.07666, 62.438962, 27.537596],
  ['due', 66.606442, 10.420898, 91.633297, 27.17871], ['2026', 95.800777, 10.07666, 133.974604, 27.537596],
  ['Invoice', 7.5, 32.576659, 56.51367, 50.037596], ['No', 60.26367, 32.576659, 76.79443, 50.037596],
  ['7', 80.54443, 32.576659, 90.087887, 50.037596], ['Paid', 93.837887, 32.576659, 121.193843, 50.037596],
  ['Primary', 7.5, 55.420896, 59.165036, 72.178708], ['99', 63.332517, 55.420896, 80.017086, 72.178708],
  ['first', 84.184567, 55.420896, 108.347163, 72.178708],
];

test('a unicode-range family listed first serves its own characters even though it is not the primary font (Chromium 156)', async () => {
  const out = await renderPdf(DOC, { baseUrl: FONTS_BASE.href, creationDate: new Date(0) });
  assert.deepEqual(out.warnings, []);
  // Digits in DejaVu Serif ("42" is 19.09 pt wide, 16.68 in Liberation Sans), capitals in DejaVu Sans Mono,
  // the rest in Liberation Sans; a range family after the primary one is only a fallback ("99").
  assert.deepEqual(missingWords(out.pdf, CHROMIUM, 0.05), []);
  const fonts = withPdf(out.pdf, (p) => run('pdffonts', [p])).split('\n').slice(2).map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, '')).filter(Boolean).sort();
  assert.deepEqual(fonts, ['DejaVuSansMono', 'DejaVuSerif', 'LiberationSans', 'LiberationSerif']);
});
