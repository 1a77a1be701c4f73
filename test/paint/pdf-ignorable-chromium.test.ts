// In: text with default-ignorable code points (first-strong isolates around names, as i18n libraries insert them; LRI/PDI,
// WORD JOINER, ZWJ) rendered to PDF: a small document and the corpus's class-resume-de. Out: the words pdftotext reads,
// against Chromium 156's print. The isolates draw nothing and advance 0 (UAX #44 Default_Ignorable_Code_Point); their CIDs
// get a /W width of 0, so the isolate's glyph box (the space glyph's 278 units) cannot split "\u2068Rheinland" into "R",
// "\u2068", "heinland" (class-resume-de did, at two of its three isolates).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderPdf } from '../../src/index.ts';
import { assertWords, pdfOf, type WordFigure } from '../layout/inline/chromium.ts';
import { words } from './pdf-helpers.ts';

const HTML = `<!doctype html><html><head><style>body{margin:0;font:15px "Liberation Sans"}</style></head><body>
<p>at &#x2068;Rheinland Logistik GmbH&#x2069;</p><p>a&#x2060;b c&#x200d;d &#x2066;Kassenwart&#x2069; im Sportverein</p></body></html>`;

/** Chromium 156 (A4, 10 mm margins): pdftotext -bbox words, [text, xMin, yMax] pt. */
const CHROMIUM: WordFigure[] = [
  ['at', 27.75, 51.884],
  ['\u2068Rheinland', 40.258, 51.884],
  ['Logistik', 94.047, 51.884],
  ['GmbH\u2069', 135.317, 51.884],
  ['a\u2060b', 27.75, 75.884],
  ['c\u200dd', 43.389, 75.884],
  ['\u2066Kassenwart\u2069', 58.396, 75.884],
  ['im', 120.299, 75.884],
  ['Sportverein', 135.295, 75.884],
];

test('default-ignorable characters extract inside their words, as in Chromium 156', async () => {
  assertWords(await pdfOf(HTML), CHROMIUM);
});

test('class-resume-de: the names inside isolates extract whole, where Chromium 156 prints them', async () => {
  const dir = new URL('../fidelity/cases/class-resume-de/', import.meta.url);
  const { pdf } = await renderPdf(readFileSync(new URL('document.html', dir), 'utf8'), { baseUrl: dir.href, creationDate: new Date(0) });
  const found = words(pdf).filter((w) => w.text.startsWith('\u2068')).map((w) => [w.text, +w.xMin.toFixed(2), +w.yMax.toFixed(2)]);
  // Chromium 156's reference.chromium.pdf: the same words at (49.50, 433.54) and (49.50, 581.29); the name in the header is
  // its own line further up.
  assert.deepEqual(found.filter(([t]) => t !== '\u2068Jonas'), [['\u2068Rheinland', 49.5, 433.54], ['\u2068Steuerberatungskanzlei', 49.5, 581.29]]);
});
