// In: documents whose root element is right-to-left (dir="rtl" on html), on Playwright's A4 and on 800 x 1000 px pages
// with odd margins, rendered to PDF. Out: the words pdftotext reads, against Chromium 156's print. Chromium lays such a
// page's content out in the same whole-px area as an ltr one but draws it so that the area ends at the page width less
// the rounded right inset: 0.328 px left of the ltr place on A4 (content from 36.672 px), 1 px on the 800 px pages.
// An rtl body under an ltr html does not move.
import { test } from 'node:test';
import { assertWords, pdfOf, type WordFigure } from './inline/chromium.ts';

const BODY = '<p dir=ltr>abc</p><p dir=rtl>xyz</p><div style="width:100%;height:5px;background:#000"></div>';
const doc = (html: string, body: string, page = ''): string =>
  `<!DOCTYPE html><html${html}><head><style>${page}body{margin:0;font:16px "DejaVu Sans"}p{margin:0}</style></head><body${body}>${BODY}</body></html>`;

/** Chromium 156, pdftotext -bbox: [text, xMin, yMax] pt (A4: make-refs.mjs's page, 10 mm margins as Playwright sends them). */
const CASES: Array<[name: string, html: string, figures: WordFigure[]]> = [
  ['A4, html dir=rtl', doc(' dir="rtl"', ''), [['abc', 27.504, 41.83], ['xyz', 547.746, 56.08]]],
  ['A4, html direction: rtl', doc(' style="direction:rtl"', ''), [['abc', 27.504, 41.83], ['xyz', 547.746, 56.08]]],
  ['A4, body dir=rtl only', doc('', ' dir=rtl'), [['abc', 27.75, 41.83], ['xyz', 547.992, 56.08]]],
  ['A4 without margins', doc(' dir="rtl"', '', '@page{margin:0}'), [['abc', -0.246, 14.08], ['xyz', 575.496, 28.33]]],
  ['800 px page, 37.797 px margins', doc(' dir="rtl"', '', '@page{size:800px 1000px;margin:37.797px}'), [['abc', 27.75, 42.58], ['xyz', 550.992, 56.83]]],
  ['800 px page, 10.6 px left and 30.3 px right', doc(' dir="rtl"', '', '@page{size:800px 1000px;margin:20.5px 30.3px 20px 10.6px}'), [['abc', 7.5, 29.83], ['xyz', 556.992, 44.08]]],
];

for (const [name, html, figures] of CASES) {
  test(`an rtl root's page content where Chromium 156 draws it: ${name}`, async () => {
    assertWords(await pdfOf(html), figures, 0.02);
  });
}
