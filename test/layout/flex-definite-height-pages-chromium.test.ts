// In: flex containers with a definite height that crosses the page end (rows and columns, grown and spaced items, border and
// padding), through renderPdf on 400 x 300 px pages with 50 px margins (page area 200 px). Out: the words of every page
// (pdftotext -bbox, pt) against Chromium 156's prints of the same documents (page.pdf as test/fidelity/make-refs.mjs
// calls it). Chromium slices such a container across pages and breaks its items at the page end as it does with an
// indefinite height (LayoutNG), the items keeping their used (definite) sizes; we laid the items out whole, so their
// content past the first page's end was not printed at all.
import { test } from 'node:test';
import { assertPageWords, pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:400px 300px;margin:50px}body{margin:0;font:20px/20px 'Liberation Mono'}</style>";

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a row container 400 px high (two pages) whose first item has 15 lines",
    "<div style='display:flex;height:400px'><div>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12<br>L13<br>L14<br>L15<br></div><div>R1<br>R2</div></div><p style='margin:0'>after</p>",
    [["L1 37.50 36.26", "R1 64.51 36.26", "L2 37.50 51.26", "R2 64.51 51.26", "L3 37.50 66.26", "L4 37.50 81.26", "L5 37.50 96.26", "L6 37.50 111.26", "L7 37.50 126.26", "L8 37.50 141.26", "L9 37.50 156.26", "L10 37.50 171.26"], ["L11 37.50 36.26", "L12 37.50 51.26", "L13 37.50 66.26", "L14 37.50 81.26", "L15 37.50 96.26"], ["after 37.50 36.26"]]],
  ["a column container 400 px high whose item has 15 lines",
    "<div style='display:flex;flex-direction:column;height:400px'><div>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12<br>L13<br>L14<br>L15<br></div></div><p style='margin:0'>after</p>",
    [["L1 37.50 36.26", "L2 37.50 51.26", "L3 37.50 66.26", "L4 37.50 81.26", "L5 37.50 96.26", "L6 37.50 111.26", "L7 37.50 126.26", "L8 37.50 141.26", "L9 37.50 156.26", "L10 37.50 171.26"], ["L11 37.50 36.26", "L12 37.50 51.26", "L13 37.50 66.26", "L14 37.50 81.26", "L15 37.50 96.26"], ["after 37.50 36.26"]]],
  ["a column container 420 px high: a flex: 1 item (grown to 300 px) then a 6-line item that breaks again (widows)",
    "<div style='display:flex;flex-direction:column;height:420px'><div style='flex:1;background:#eee'>G1<br>G2<br>G3<br>G4<br></div><div>F1<br>F2<br>F3<br>F4<br>F5<br>F6<br></div></div><p style='margin:0'>after</p>",
    [["G1 37.50 36.26", "G2 37.50 51.26", "G3 37.50 66.26", "G4 37.50 81.26"], ["F1 37.50 111.26", "F2 37.50 126.26", "F3 37.50 141.26", "F4 37.50 156.26"], ["F5 37.50 36.26", "after 37.50 51.26", "F6 37.50 51.26"]]],
  ["a column container 500 px high with justify-content: space-between and three items",
    "<div style='display:flex;flex-direction:column;height:500px;justify-content:space-between'><div>A1<br>A2<br>A3<br></div><div>B1<br>B2<br>B3<br>B4<br>B5<br>B6<br>B7<br>B8<br></div><div>C1<br>C2<br></div></div><p style='margin:0'>after</p>",
    [["A1 37.50 36.26", "A2 37.50 51.26", "A3 37.50 66.26"], ["B1 37.50 36.26", "B2 37.50 51.26", "B3 37.50 66.26", "B4 37.50 81.26", "B5 37.50 96.26", "B6 37.50 111.26", "B7 37.50 126.26", "B8 37.50 141.26"], ["C1 37.50 36.26", "C2 37.50 51.26", "after 37.50 111.26"]]],
  ["a row container 350 px high with border and padding, after a paragraph; its second item has a border",
    "<p style='margin:0'>before</p><div style='display:flex;height:350px;border:2px solid;padding:5px'><div>L1<br>L2<br>L3<br>L4<br>L5<br>L6<br>L7<br>L8<br>L9<br>L10<br>L11<br>L12<br>L13<br>L14<br>L15<br></div><div style='border:1px solid'>R1<br>R2<br>R3<br></div></div><p style='margin:0'>after</p>",
    [["before 37.50 36.26", "L1 42.75 56.51", "R1 70.51 57.26", "L2 42.75 71.51", "R2 70.51 72.26", "L3 42.75 86.51", "R3 70.51 87.26", "L4 42.75 101.51", "L5 42.75 116.51", "L6 42.75 131.51", "L7 42.75 146.51", "L8 42.75 161.51"], ["L9 42.75 36.26", "L10 42.75 51.26", "L11 42.75 66.26", "L12 42.75 81.26", "L13 42.75 96.26", "L14 42.75 111.26", "L15 42.75 126.26"], ["after 37.50 36.26"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, a flex container of definite height across pages: ${what}`, async () => {
    assertPageWords(await pageWords(HEAD + body), pages, what);
  });
}
