// In: boxes of fixed height whose content overflows them at a page end (block flow, nested, a list item, break-inside:
// avoid, a box sliced across pages), through renderPdf on 400 x 300 px pages with 50 px margins (page area 200 px). Out:
// the words of every page (pdftotext -bbox, pt) against Chromium 156's prints of the same documents (page.pdf as
// test/fidelity/make-refs.mjs calls it). Chromium (LayoutNG) ends such a box where its height ends and carries only the
// overflowing lines to the next page's top (css-break-3 §4, fragmentation of overflow), its following siblings staying
// on the first page; we sliced the box, filling the page with it and moving its siblings below the overflow.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:400px 300px;margin:50px}body{margin:0;font:20px/20px 'Liberation Mono'}</style>";

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a 150 px box that fits, 12 lines: lines 9-12 go to page 2, the paragraph after it stays on page 1",
    "<p style='margin:0'>before</p><div style='height:150px;border:1px solid'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12</div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","L1 38.25 52.01","L2 38.25 67.01","L3 38.25 82.01","L4 38.25 97.01","L5 38.25 112.01","L6 38.25 127.01","L7 38.25 142.01","L8 38.25 157.01","after 37.50 165.26"],["L9 38.25 36.26","L10 38.25 51.26","L11 38.25 66.26","L12 38.25 81.26"]]],
  ["the box inside a bordered auto-height block: that block ends on page 1 too, and the paragraph after it breaks beside the overflow",
    "<div style='border:2px solid;padding:3px'><p style='margin:0'>before</p><div style='height:100px;border:1px solid;margin-left:20px'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12</div><p style='margin:0'>after</p></div><p style='margin:0'>A1<br>A2<br>A3<br>A4</p>",
    [["before 41.25 40.01","L1 57.00 55.76","L2 57.00 70.76","L3 57.00 85.76","L4 57.00 100.76","L5 57.00 115.76","L6 57.00 130.76","after 41.25 131.51","A1 37.50 150.26","L7 57.00 145.76","A2 37.50 165.26","L8 57.00 160.76"],["A3 37.50 36.26","L9 57.00 36.26","A4 37.50 51.26","L10 57.00 51.26","L11 57.00 66.26","L12 57.00 81.26"]]],
  ["overflow over three pages while the next paragraph goes on over two",
    "<div style='height:120px'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12<br>L13<br>L14<br>L15<br>L16<br>L17<br>L18<br>L19<br>L20<br>L21<br>L22<br>L23</div><p style='margin:0 0 0 100px'>A1<br>A2<br>A3<br>A4<br>A5<br>A6<br>A7<br>A8<br>A9</p>",
    [["L1 37.50 36.26","L2 37.50 51.26","L3 37.50 66.26","L4 37.50 81.26","L5 37.50 96.26","L6 37.50 111.26","L7 37.50 126.26","L8 37.50 141.26","L9 37.50 156.26","L10 37.50 171.26","A1 112.50 126.26","A2 112.50 141.26","A3 112.50 156.26","A4 112.50 171.26"],["L11 37.50 36.26","L12 37.50 51.26","L13 37.50 66.26","L14 37.50 81.26","L15 37.50 96.26","L16 37.50 111.26","L17 37.50 126.26","L18 37.50 141.26","L19 37.50 156.26","L20 37.50 171.26","A5 112.50 36.26","A6 112.50 51.26","A7 112.50 66.26","A8 112.50 81.26","A9 112.50 96.26"],["L21 37.50 36.26","L22 37.50 51.26","L23 37.50 66.26"]]],
  ["break-inside: avoid moves the box to page 2 although it fits on page 1; its overflow goes on to page 3",
    "<p style='margin:0'>before</p><p style='margin:0'>before</p><div style='height:100px;break-inside:avoid;margin-left:40px'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12</div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","before 37.50 51.26"],["L1 67.50 36.26","L2 67.50 51.26","L3 67.50 66.26","L4 67.50 81.26","L5 67.50 96.26","after 37.50 111.26","L6 67.50 111.26","L7 67.50 126.26","L8 67.50 141.26","L9 67.50 156.26","L10 67.50 171.26"],["L11 67.50 36.26","L12 67.50 51.26"]]],
  ["a 60 px box overflowing in a 100 px box with a bottom border and margin: the margins after it are kept",
    "<p style='margin:0'>before</p><div style='height:100px;margin:0 0 30px 40px;border-bottom:3px solid'><div style='height:60px'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12</div></div><p style='margin:10px 0'>after</p><p style='margin:0'>A1<br>A2<br>A3<br>A4</p>",
    [["before 37.50 36.26","L1 67.50 51.26","L2 67.50 66.26","L3 67.50 81.26","L4 67.50 96.26","L5 67.50 111.26","L6 67.50 126.26","L7 67.50 141.26","after 37.50 151.01","L8 67.50 156.26","L9 67.50 171.26"],["A1 37.50 36.26","L10 67.50 36.26","A2 37.50 51.26","L11 67.50 51.26","A3 37.50 66.26","L12 67.50 66.26","A4 37.50 81.26"]]],
  ["a 260 px box sliced at the page end whose lines overflow its second fragment",
    "<div style='height:260px;border:1px solid'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12<br>L13<br>L14<br>L15<br>L16</div><p style='margin:0 0 0 100px'>after</p>",
    [["L1 38.25 37.01","L2 38.25 52.01","L3 38.25 67.01","L4 38.25 82.01","L5 38.25 97.01","L6 38.25 112.01","L7 38.25 127.01","L8 38.25 142.01","L9 38.25 157.01"],["L10 38.25 36.26","L11 38.25 51.26","L12 38.25 66.26","L13 38.25 81.26","L14 38.25 96.26","L15 38.25 111.26","L16 38.25 126.26","after 112.50 82.76"]]],
  ["overflow of an item of a list with outside markers, the next item beside it on page 2",
    "<ul style='margin:0'><li style='height:160px'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10</li><li>M1<br>M2<br>M3</li></ul>",
    [["L1 67.50 36.26","L2 67.50 51.26","L3 67.50 66.26","L4 67.50 81.26","L5 67.50 96.26","L6 67.50 111.26","L7 67.50 126.26","L8 67.50 141.26","L9 67.50 156.26","M1 67.50 156.26","L10 67.50 171.26","M2 67.50 171.26"],["M3 67.50 36.26"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, content overflowing a box at a page end: ${what}`, async () => {
    assertPageWords(await pageWords(HEAD + body), pages, what);
  });
}
