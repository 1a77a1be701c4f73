// In: tables whose header or footer group is, or is not, break-inside: avoid (a <thead>/<tfoot> as the UA sheet leaves
// it or set to auto, a display: table-header-group of divs with and without it), through renderPdf on 400 x 300 px pages
// with 50 px margins (page area 200 px). Out: the words of every page (pdftotext -bbox, pt) against Chromium 156's prints
// of the same documents (page.pdf as test/fidelity/make-refs.mjs calls it). Chromium repeats a header or footer group on
// each page only when it is not to be broken (its UA sheet gives thead and tfoot break-inside: avoid); we repeated every one.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:400px 300px;margin:50px}body{margin:0;font:20px/20px 'Liberation Mono'}td,th{padding:0}</style>";

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a <thead> given break-inside: auto is not repeated",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br>P7</p><table style='width:100%;border-spacing:0'><thead style='break-inside:auto'><tr><td>HH</td></tr></thead><tbody><tr><td>Q1<br>Q2</td></tr><tr><td>W1<br>W2</td></tr></tbody></table>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","P7 37.50 126.26","HH 37.50 141.26","Q1 37.50 156.26","Q2 37.50 171.26"],["W1 37.50 36.26","W2 37.50 51.26"]]],
  ["a <tfoot> given break-inside: auto is not repeated",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br>P7</p><table style='width:100%;border-spacing:0'><tfoot style='break-inside:auto'><tr><td>FF</td></tr></tfoot><tbody><tr><td>Q1<br>Q2</td></tr><tr><td>W1<br>W2</td></tr></tbody></table>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","P7 37.50 126.26","Q1 37.50 141.26","Q2 37.50 156.26"],["W1 37.50 36.26","W2 37.50 51.26","FF 37.50 66.26"]]],
  ["a display: table-header-group of divs is repeated with break-inside: avoid",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br>P7</p><div style='display:table;width:100%'><div style='display:table-header-group;break-inside:avoid'><div style='display:table-row'><div style='display:table-cell'>HH</div></div></div><div style='display:table-row-group'><div style='display:table-row'><div style='display:table-cell'>Q1<br>Q2</div></div><div style='display:table-row'><div style='display:table-cell'>W1<br>W2</div></div></div></div>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","P7 37.50 126.26","HH 37.50 141.26","Q1 37.50 156.26","Q2 37.50 171.26"],["HH 37.50 36.26","W1 37.50 51.26","W2 37.50 66.26"]]],
  ["a display: table-header-group of divs is not repeated without it",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br>P7</p><div style='display:table;width:100%'><div style='display:table-header-group'><div style='display:table-row'><div style='display:table-cell'>HH</div></div></div><div style='display:table-row-group'><div style='display:table-row'><div style='display:table-cell'>Q1<br>Q2</div></div><div style='display:table-row'><div style='display:table-cell'>W1<br>W2</div></div></div></div>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","P7 37.50 126.26","HH 37.50 141.26","Q1 37.50 156.26","Q2 37.50 171.26"],["W1 37.50 36.26","W2 37.50 51.26"]]],
  ["a <thead> is repeated (the UA sheet's break-inside: avoid)",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br>P7</p><table style='width:100%;border-spacing:0'><thead><tr><td>HH</td></tr></thead><tbody><tr><td>Q1<br>Q2</td></tr><tr><td>W1<br>W2</td></tr></tbody></table>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","P7 37.50 126.26","HH 37.50 141.26","Q1 37.50 156.26","Q2 37.50 171.26"],["HH 37.50 36.26","W1 37.50 51.26","W2 37.50 66.26"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, table header and footer groups across pages: ${what}`, async () => {
    assertPageWords(await pageWords(HEAD + body), pages, what);
  });
}
