// In: documents whose relatively positioned or translated block is moved below its page's area (position: relative with a
// positive top, transform: translateY) near a page end, through renderPdf on 400 x 300 px pages with 50 px margins. Out: the
// words of every page (pdftotext -bbox, pt) against Chromium 156's page.pdf of the same documents: the pages are one flow of
// fragmentainers (css-break-3 §4.4), so what a page's boxes put below that page's area prints at the top of the next page,
// one fragmentainer height higher, cut at the page boundary (src/paint/spill.ts); we dropped it.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:400px 300px;margin:50px}body{margin:0;font:20px/20px 'Liberation Mono'}</style>";
const lines = (pre: string, n: number): string => Array.from({ length: n }, (_, i) => `${pre}${i + 1}`).join('<br>');

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a paragraph at top: 60px whose last three lines fall below page 1: they print at the top of page 2 over its own lines",
    `<p style='margin:0'>${lines('A', 6)}</p><p style='margin:0;position:relative;top:60px'>${lines('R', 4)}</p><p style='margin:0'>${lines('B', 3)}</p>`,
    [["A1 37.50 36.26","A2 37.50 51.26","A3 37.50 66.26","A4 37.50 81.26","A5 37.50 96.26","A6 37.50 111.26","R1 37.50 171.26"],["R2 37.50 36.26","B1 37.50 36.26","B2 37.50 51.26","R3 37.50 51.26","B3 37.50 66.26","R4 37.50 66.26"]]],
  ["a paragraph at top: 200px pushed wholly past page 1's end: it prints on page 2, 140 px down",
    `<p style='margin:0'>${lines('A', 7)}</p><p style='margin:0;position:relative;top:200px'>${lines('R', 2)}</p><p style='margin:0'>${lines('B', 12)}</p>`,
    [["A1 37.50 36.26","A2 37.50 51.26","A3 37.50 66.26","A4 37.50 81.26","A5 37.50 96.26","A6 37.50 111.26","A7 37.50 126.26"],["B1 37.50 36.26","B2 37.50 51.26","B3 37.50 66.26","B4 37.50 81.26","B5 37.50 96.26","B6 37.50 111.26","B7 37.50 126.26","B8 37.50 141.26","R1 37.50 141.26","B9 37.50 156.26","R2 37.50 156.26","B10 37.50 171.26"],["B11 37.50 36.26","B12 37.50 51.26"]]],
  ["a paragraph moved by transform: translateY(60px): the same as top: 60px",
    `<p style='margin:0'>${lines('A', 6)}</p><p style='margin:0;transform:translateY(60px)'>${lines('R', 4)}</p><p style='margin:0'>${lines('B', 3)}</p>`,
    [["A1 37.50 36.26","A2 37.50 51.26","A3 37.50 66.26","A4 37.50 81.26","A5 37.50 96.26","A6 37.50 111.26","R1 37.50 171.26"],["R2 37.50 36.26","B1 37.50 36.26","R3 37.50 51.26","B2 37.50 51.26","R4 37.50 66.26","B3 37.50 66.26"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, a block moved below its page's area: ${what}`, async () => {
    assertPageWords(await pageWords(HEAD + body), pages, what);
  });
}
