// In: flex containers with break-before/break-after: page on items (a single-line row, a wrapping row between and inside
// its lines, a column's first item), through renderPdf on 400 x 300 px pages with 50 px margins. Out: the words of every
// page (pdftotext -bbox, pt) against Chromium 156's prints of the same documents (page.pdf as test/fidelity/make-refs.mjs
// calls it). Chromium (LayoutNG) propagates the forced breaks of a row's first line (every item of a single-line row) and
// of a column's first item to the container, and breaks a wrapping row between lines where an item forces a break; we
// ignored forced breaks on items of rows and on a column's first item.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:400px 300px;margin:50px}body{margin:0;font:20px/20px 'Liberation Mono'}</style>";

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a row's second item with break-before: page: the container goes to the next page",
    "<p style='margin:0'>before</p><div style='display:flex'><div>E1</div><div style='break-before:page;padding-left:20px'>F1</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26"],["E1 37.50 36.26","F1 70.51 36.26","after 37.50 51.26"]]],
  ["a row's first item with break-after: page: a break after the container",
    "<p style='margin:0'>before</p><div style='display:flex'><div style='break-after:page'>E1</div><div style='padding-left:20px'>F1</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","E1 37.50 51.26","F1 70.51 51.26"],["after 37.50 36.26"]]],
  ["a wrapping row: break-before: page on the item that starts the second line",
    "<p style='margin:0'>before</p><div style='display:flex;flex-wrap:wrap'><div style='width:100%'>G1</div><div style='break-before:page'>H1</div><div style='padding-left:20px'>H2</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","G1 37.50 51.26"],["H1 37.50 36.26","H2 70.51 36.26","after 37.50 51.26"]]],
  ["a wrapping row: break-before: page on the second item of the second line",
    "<p style='margin:0'>before</p><div style='display:flex;flex-wrap:wrap'><div style='width:100%'>G1</div><div>H1</div><div style='break-before:page;padding-left:20px'>H2</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","G1 37.50 51.26"],["H1 37.50 36.26","H2 70.51 36.26","after 37.50 51.26"]]],
  ["a wrapping row: break-after: page on an item of the first line",
    "<p style='margin:0'>before</p><div style='display:flex;flex-wrap:wrap'><div style='width:50%;break-after:page'>G1</div><div style='width:50%'>G2</div><div>H1</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","G1 37.50 51.26","G2 150.00 51.26"],["H1 37.50 36.26","after 37.50 51.26"]]],
  ["a column container whose first item has break-before: page",
    "<p style='margin:0'>before</p><div style='display:flex;flex-direction:column'><div style='break-before:page'>A1</div><div>B1</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26"],["A1 37.50 36.26","B1 37.50 51.26","after 37.50 66.26"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, forced breaks on flex items: ${what}`, async () => {
    assertPageWords(await pageWords(HEAD + body), pages, what);
  });
}
