// In: a paragraph beside a float that is fragmented at the page end (plain, padded, bordered, a longer paragraph, widows:
// 1), through renderPdf on 400 x 300 px pages with 50 px margins (page area 200 px). Out: the words of every page
// (pdftotext -bbox, pt) against Chromium 156's prints of the same documents (page.pdf as test/fidelity/make-refs.mjs
// calls it). Chromium (LayoutNG) ends a fragmented float's exclusion at the page end, so the lines laid out past it have
// the full width, and it counts widows on those lines: a 6-line paragraph whose last two lines would share one full-width
// line breaks a line earlier. Our float excluded its whole height, and we kept one line more on the first page.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:400px 300px;margin:50px}body{margin:0;font:20px/20px 'Liberation Mono'}</style>";

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a right float of 6 lines crossing the page end beside a 6-line paragraph: 3 lines stay (widows counted at full width past the page end)",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br></p><div style='float:right;width:100px'>F1<br>F2<br>F3<br>F4<br>F5<br>F6<br></div><p style='margin:0'>t1 t2 t3 t4 t5 t6 t7 t8 t9 t10 t11 t12 t13 t14 t15 t16 t17 t18 t19 t20 t21 t22 t23 t24</p>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","t1 37.50 126.26","t2 64.50 126.26","t3 91.51 126.26","t4 118.51 126.26","t5 145.52 126.26","F1 187.50 126.26","t6 37.50 141.26","t7 64.50 141.26","t8 91.51 141.26","t9 118.51 141.26","t10 145.52 141.26","F2 187.50 141.26","t11 37.50 156.26","t12 73.51 156.26","t13 109.51 156.26","t14 145.52 156.26","F3 187.50 156.26","F4 187.50 171.26"],["t15 37.50 36.26","t16 73.51 36.26","t17 109.51 36.26","t18 145.52 36.26","F5 187.50 36.26","t19 37.50 51.26","t20 73.51 51.26","t21 109.51 51.26","t22 145.52 51.26","F6 187.50 51.26","t23 37.50 66.26","t24 73.51 66.26"]]],
  ["the same float with top padding",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br></p><div style='float:right;width:100px;padding-top:5px'>F1<br>F2<br>F3<br>F4<br>F5<br>F6<br></div><p style='margin:0'>t1 t2 t3 t4 t5 t6 t7 t8 t9 t10 t11 t12 t13 t14 t15 t16 t17 t18 t19 t20 t21 t22 t23 t24</p>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","t1 37.50 126.26","t2 64.50 126.26","t3 91.51 126.26","t4 118.51 126.26","t5 145.52 126.26","F1 187.50 130.01","t6 37.50 141.26","t7 64.50 141.26","t8 91.51 141.26","t9 118.51 141.26","t10 145.52 141.26","F2 187.50 145.01","t11 37.50 156.26","t12 73.51 156.26","t13 109.51 156.26","t14 145.52 156.26","F3 187.50 160.01"],["t15 37.50 36.26","t16 73.51 36.26","t17 109.51 36.26","t18 145.52 36.26","F4 187.50 36.26","t19 37.50 51.26","t20 73.51 51.26","t21 109.51 51.26","t22 145.52 51.26","F5 187.50 51.26","t23 37.50 66.26","t24 73.51 66.26","F6 187.50 66.26"]]],
  ["a bordered, padded float and a cleared paragraph after the text",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br></p><div style='float:right;width:100px;border:2px solid;padding:3px'>F1<br>F2<br>F3<br>F4<br>F5<br>F6<br></div><p style='margin:0'>t1 t2 t3 t4 t5 t6 t7 t8 t9 t10 t11 t12 t13 t14 t15 t16 t17 t18 t19 t20 t21 t22 t23 t24</p><p style='clear:both;margin:0'>after</p>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","t1 37.50 126.26","t2 64.50 126.26","t3 91.51 126.26","t4 118.51 126.26","t5 145.52 126.26","F1 183.75 130.01","t6 37.50 141.26","t7 64.50 141.26","t8 91.51 141.26","t9 118.51 141.26","t10 145.52 141.26","F2 183.75 145.01","t11 37.50 156.26","t12 73.51 156.26","t13 109.51 156.26","t14 145.52 156.26","F3 183.75 160.01"],["t15 37.50 36.26","t16 73.51 36.26","t17 109.51 36.26","t18 145.52 36.26","F4 183.75 36.26","t19 37.50 51.26","t20 73.51 51.26","t21 109.51 51.26","t22 145.52 51.26","F5 183.75 51.26","t23 37.50 66.26","t24 73.51 66.26","F6 183.75 66.26","after 37.50 85.01"]]],
  ["a longer paragraph: 4 lines stay",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br></p><div style='float:right;width:100px'>F1<br>F2<br>F3<br>F4<br>F5<br>F6<br></div><p style='margin:0'>t1 t2 t3 t4 t5 t6 t7 t8 t9 t10 t11 t12 t13 t14 t15 t16 t17 t18 t19 t20 t21 t22 t23 t24 t25 t26 t27</p>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","t1 37.50 126.26","t2 64.50 126.26","t3 91.51 126.26","t4 118.51 126.26","t5 145.52 126.26","t6 37.50 141.26","t7 64.50 141.26","t8 91.51 141.26","t9 118.51 141.26","t10 145.52 141.26","t11 37.50 156.26","t12 73.51 156.26","t13 109.51 156.26","t14 145.52 156.26","t15 37.50 171.26","t16 73.51 171.26","t17 109.51 171.26","t18 145.52 171.26","F1 187.50 126.26","F2 187.50 141.26","F3 187.50 156.26","F4 187.50 171.26"],["t19 37.50 36.26","t20 73.51 36.26","t21 109.51 36.26","t22 145.52 36.26","F5 187.50 36.26","t23 37.50 51.26","t24 73.51 51.26","t25 109.51 51.26","t26 145.52 51.26","F6 187.50 51.26","t27 37.50 66.26"]]],
  ["widows: 1",
    "<p style='margin:0'>P1<br>P2<br>P3<br>P4<br>P5<br>P6<br></p><div style='float:right;width:100px;padding-top:5px'>F1<br>F2<br>F3<br>F4<br>F5<br>F6<br></div><p style='margin:0;widows:1;orphans:1'>t1 t2 t3 t4 t5 t6 t7 t8 t9 t10 t11 t12 t13 t14 t15 t16 t17 t18 t19 t20 t21 t22 t23 t24</p>",
    [["P1 37.50 36.26","P2 37.50 51.26","P3 37.50 66.26","P4 37.50 81.26","P5 37.50 96.26","P6 37.50 111.26","t1 37.50 126.26","t2 64.50 126.26","t3 91.51 126.26","t4 118.51 126.26","t5 145.52 126.26","F1 187.50 130.01","t6 37.50 141.26","t7 64.50 141.26","t8 91.51 141.26","t9 118.51 141.26","t10 145.52 141.26","F2 187.50 145.01","t11 37.50 156.26","t12 73.51 156.26","t13 109.51 156.26","t14 145.52 156.26","F3 187.50 160.01","t15 37.50 171.26","t16 73.51 171.26","t17 109.51 171.26","t18 145.52 171.26"],["t19 37.50 36.26","t20 73.51 36.26","t21 109.51 36.26","t22 145.52 36.26","F4 187.50 36.26","t23 37.50 51.26","t24 73.51 51.26","F5 187.50 51.26","F6 187.50 66.26"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, a paragraph beside a float fragmented at the page end: ${what}`, async () => {
    assertPageWords(await pageWords(HEAD + body), pages, what);
  });
}
