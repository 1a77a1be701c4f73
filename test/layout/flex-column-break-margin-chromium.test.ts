// In: column flex containers that break before an item with a block-start margin (pushed whole below the page end,
// crossing it, after a gap, at a forced break), through renderPdf on 400 x 300 px pages with 50 px margins (page area
// 200 px). Out: the words of every page (pdftotext -bbox, pt) against Chromium 156's prints of the same documents
// (page.pdf as test/fidelity/make-refs.mjs calls it). At an unforced break Chromium (LayoutNG) keeps of the item's margin
// only the part that lay past the page end, and none of a gap (css-break-3 §5.2 leaves this to the UA); at a forced break
// the whole margin. We kept the whole margin at every break.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:400px 300px;margin:50px}body{margin:0;font:20px/20px 'Liberation Mono'}</style>";

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["an item pushed whole whose 30 px margin starts 20 px above the page end: 10 px of it on the next page",
    "<div style='display:flex;flex-direction:column'><p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br>P7<br>P8<br>P9<br></p><p style='margin:30px 0 0'>Q1<br>Q2</p></div>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","P7 37.50 126.26","P8 37.50 141.26","P9 37.50 156.26"],["Q1 37.50 43.76","Q2 37.50 58.76"]]],
  ["an item whose 30 px margin lies on the page (it crosses the page end and cannot break): none of it on the next page",
    "<div style='display:flex;flex-direction:column'><p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br>P7<br>P8<br></p><p style='margin:30px 0 0'>Q1<br>Q2</p></div>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","P7 37.50 126.26","P8 37.50 141.26"],["Q1 37.50 36.26","Q2 37.50 51.26"]]],
  ["a 30 px gap past the page end is truncated, the 12 px margin after it kept",
    "<div style='display:flex;flex-direction:column;gap:30px'><p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br>P7<br>P8<br>P9<br></p><p style='margin:12px 0 0'>Q1<br>Q2</p></div>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","P7 37.50 126.26","P8 37.50 141.26","P9 37.50 156.26"],["Q1 37.50 45.26","Q2 37.50 60.26"]]],
  ["a forced break keeps the 30 px margin",
    "<div style='display:flex;flex-direction:column'><p style='margin:0'>P1<br>P2<br>P3<br></p><p style='margin:30px 0 0;break-before:page'>Q1<br>Q2</p></div>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26"],["Q1 37.50 58.76","Q2 37.50 73.76"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, a column flex container breaking before an item with a margin: ${what}`, async () => {
    assertPageWords(await pageWords(HEAD + body), pages, what);
  });
}
