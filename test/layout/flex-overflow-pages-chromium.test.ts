// In: flex containers that end on their page while their items reach past the page end (a definite height the items
// overflow, or content overflowing an item of fixed size), through renderPdf on 400 x 300 px pages with 50 px margins
// (page area 200 px). Out: the words of every page (pdftotext -bbox, pt) against Chromium 156's prints of the same
// documents (page.pdf as test/fidelity/make-refs.mjs calls it). Chromium (LayoutNG) ends the container where its height
// ends, the content after it following on the same page, and carries what of the items lies past the page end to the
// next page's top (css-break-3 §4, parallel flows); we laid such items out whole and lost what lay past the page end.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:400px 300px;margin:50px}body{margin:0;font:20px/20px 'Liberation Mono'}</style>";

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a row flex container 150 px high that fits, its first item's 12 lines overflow",
    "<p style='margin:0'>before</p><div style='display:flex;height:150px;border:1px solid'><div>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12</div><div>R1<br>R2</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","L1 38.25 52.01","R1 65.26 52.01","L2 38.25 67.01","R2 65.26 67.01","L3 38.25 82.01","L4 38.25 97.01","L5 38.25 112.01","L6 38.25 127.01","L7 38.25 142.01","L8 38.25 157.01","after 37.50 165.26"],["L9 38.25 36.26","L10 38.25 51.26","L11 38.25 66.26","L12 38.25 81.26"]]],
  ["a column flex container 150 px high that fits, its last item overflows",
    "<p style='margin:0'>before</p><div style='display:flex;flex-direction:column;height:150px'><div>A1<br>A2</div><div style='margin-top:auto;border-top:1px solid'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","A1 37.50 51.26","A2 37.50 66.26","L1 37.50 82.01","L2 37.50 97.01","L3 37.50 112.01","L4 37.50 127.01","L5 37.50 142.01","L6 37.50 157.01","after 37.50 163.76"],["L7 37.50 36.26","L8 37.50 51.26","L9 37.50 66.26","L10 37.50 81.26"]]],
  ["a block of fixed height inside a row flex item",
    "<p style='margin:0'>before</p><div style='display:flex'><div><div style='height:100px'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12</div>X1</div><div>R1<br>R2</div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26","L1 37.50 51.26","R1 64.51 51.26","L2 37.50 66.26","R2 64.51 66.26","L3 37.50 81.26","L4 37.50 96.26","L5 37.50 111.26","L6 37.50 126.26","X1 37.50 126.26","L7 37.50 141.26","after 37.50 141.26","L8 37.50 156.26","L9 37.50 171.26"],["L10 37.50 36.26","L11 37.50 51.26","L12 37.50 66.26"]]],
  ["a column container 160 px high whose flex: 1 item overflows its flexed size, beside a paragraph after it",
    "<div style='display:flex;flex-direction:column;height:160px;border:2px solid'><div style='flex:1;min-height:0'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12</div><div>Z1</div></div><p style='margin:0'>after</p><p style='margin:0'>A1<br>A2<br>A3</p>",
    [["L1 39.00 37.76","L2 39.00 52.76","L3 39.00 67.76","L4 39.00 82.76","L5 39.00 97.76","L6 39.00 112.76","L7 39.00 127.76","L8 39.00 142.76","Z1 39.00 142.76","L9 39.00 157.76","after 37.50 159.26"],["A1 37.50 36.26","L10 39.00 36.26","A2 37.50 51.26","L11 39.00 51.26","A3 37.50 66.26","L12 39.00 66.26"]]],
  ["a row container 150 px high that fits inside a block of fixed height, the overflow over three pages",
    "<div style='height:170px'><div style='display:flex;height:150px'><div>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12<br>L13<br>L14<br>L15<br>L16<br>L17<br>L18<br>L19<br>L20<br>L21<br>L22</div><div style='padding-left:20px'>R1</div></div></div><p style='margin:0 0 0 100px'>after</p>",
    [["L1 37.50 36.26","L2 37.50 51.26","L3 37.50 66.26","L4 37.50 81.26","L5 37.50 96.26","L6 37.50 111.26","L7 37.50 126.26","L8 37.50 141.26","L9 37.50 156.26","L10 37.50 171.26","R1 79.51 36.26","after 112.50 163.76"],["L11 37.50 36.26","L12 37.50 51.26","L13 37.50 66.26","L14 37.50 81.26","L15 37.50 96.26","L16 37.50 111.26","L17 37.50 126.26","L18 37.50 141.26","L19 37.50 156.26","L20 37.50 171.26"],["L21 37.50 36.26","L22 37.50 51.26"]]],
  ["a wrapping row container 120 px high: its first line's item overflows, the second line stays on page 1",
    "<div style='display:flex;flex-wrap:wrap;height:120px;align-content:flex-start'><div style='width:100%;height:60px'>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12</div><div>S1</div></div><p style='margin:0'>after</p>",
    [["L1 37.50 36.26","L2 37.50 51.26","L3 37.50 66.26","L4 37.50 81.26","S1 37.50 81.26","L5 37.50 96.26","L6 37.50 111.26","L7 37.50 126.26","after 37.50 126.26","L8 37.50 141.26","L9 37.50 156.26","L10 37.50 171.26"],["L11 37.50 36.26","L12 37.50 51.26"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, flex items past the page end of a container that ends: ${what}`, async () => {
    assertPageWords(await pageWords(HEAD + body), pages, what);
  });
}
