// In: documents with break-before/break-after: left, right, recto, verso and @page :left/:right margin boxes naming the
// side and the page number, through renderPdf (A4, 10 mm margins). Out: the words of every page (pdftotext -bbox, pt)
// against Chromium 156's prints of the same documents (page.pdf as test/fidelity/make-refs.mjs calls it, fonts from
// fonts/ through test/fidelity/fonts.conf.in). Chromium breaks the page there but inserts no blank page to land on the
// side asked for (css-break-3 §3.1 would): the pages alternate right, left, right... from page 1 whatever the breaks
// ask. We inserted blank pages: WeasyPrint's report sample (break-before: right, break-after: left) printed 8 pages, its
// contents a page late; Chromium prints 7.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><html><head><style>@page :left { @top-left { content: 'LEFT ' counter(page) } } " +
  "@page :right { @top-right { content: 'RIGHT ' counter(page) } } body{margin:0;font:16px 'Liberation Sans'}</style></head><body>";

/** [what, body, Chromium 156's words per page (the margin boxes' text positions left out: compared as the words are)]. */
const CASES: Array<[string, string, string[][]]> = [
  ['break-before: right, left, left, right: five pages, no blank one',
    "<div>One</div><div style='break-before:right'>Two</div><div style='break-before:left'>Three</div><div style='break-before:left'>Four</div><div style='break-before:right'>Five</div>",
    [['One 27.75 27.39'], ['Two 27.75 27.39'], ['Three 27.75 27.39'], ['Four 27.75 27.39'], ['Five 27.75 27.39']]],
  ['break-after: left and recto/verso',
    "<div style='break-after:left'>One</div><div>Two</div><div style='break-before:recto'>Three</div><div style='break-before:verso'>Four</div>",
    [['One 27.75 27.39'], ['Two 27.75 27.39'], ['Three 27.75 27.39'], ['Four 27.75 27.39']]],
];

/** The page's words without the margin boxes' ('LEFT n' / 'RIGHT n', whose sides the page count decides). */
const body = (pages: string[][]): string[][] => pages.map((p) => p.filter((w) => !/^(LEFT|RIGHT|\d+) /.test(w)));

for (const [what, html, pages] of CASES) {
  test(`Chromium 156 prints, left/right page breaks: ${what}`, async () => {
    const got = await pageWords(HEAD + html + '</body></html>');
    assertPageWords(body(got), pages, what);
    // The sides still alternate from a right first page: each page's margin box names its side.
    got.forEach((p, i) => { if (!p.some((w) => w.startsWith(i % 2 === 0 ? 'RIGHT ' : 'LEFT '))) throw new Error(`${what}: page ${i + 1} is not a ${i % 2 === 0 ? 'right' : 'left'} page: ${p.join(' | ')}`); });
  });
}
