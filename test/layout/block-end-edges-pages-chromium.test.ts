// In: boxes whose block-end border or padding does not fit on the page after their last child (blocks, nested blocks,
// display: table boxes, <table> with padding or a border, a bottom caption; a paragraph as the last child; one that fits),
// through renderPdf on 300 x 300 px pages with 20 px margins (page area 260 px). Out: the words of every page (pdftotext
// -bbox, pt) against Chromium 156's prints (page.pdf as test/fidelity/make-refs.mjs calls it). A box takes its block-end
// edges along (there is no break point between its last child and them, css-break-3 §4.1), so Chromium breaks at the last
// break point before them: before a last child that has none inside it (a block or table row sliced only through its own
// height is no break point), between the lines of a paragraph. We sliced the last child instead, and a table's edges (on
// its table box, inside the wrapper) were not taken into account at all: a KoSIT XRechnung view kept a row its table's
// padding then pushed out. A table's rows move for its own edges only, not for an ancestor's (left as before: Chromium 156
// prints elegant-resume's section tables in place, its card's edges on the next page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:300px 300px;margin:20px}body{margin:0;font:20px/20px 'Liberation Mono'}.t{display:table;width:100%}.r{display:table-row}.c{display:table-cell;height:40px}</style>";

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a block whose 30 px bottom padding does not fit after its last child",
    "<div style='height:45px'></div><div style='padding-bottom:30px'><div style='height:40px'>B0</div><div style='height:40px'>B1</div><div style='height:40px'>B2</div><div style='height:40px'>B3</div><div style='height:40px'>B4</div></div><p style='margin:0'>after</p>",
    [["B0 15.00 47.51","B1 15.00 77.51","B2 15.00 107.51","B3 15.00 137.51"],["B4 15.00 13.76","after 15.00 66.26"]]],
  ["a block whose 30 px bottom border does not fit after its last child",
    "<div style='height:45px'></div><div style='border-bottom:30px solid #ccc'><div style='height:40px'>B0</div><div style='height:40px'>B1</div><div style='height:40px'>B2</div><div style='height:40px'>B3</div><div style='height:40px'>B4</div></div><p style='margin:0'>after</p>",
    [["B0 15.00 47.51","B1 15.00 77.51","B2 15.00 107.51","B3 15.00 137.51"],["B4 15.00 13.76","after 15.00 66.26"]]],
  ["two nested blocks with 20 px bottom padding each",
    "<div style='height:45px'></div><div style='padding-bottom:20px'><div style='padding-bottom:20px'><div style='height:40px'>B0</div><div style='height:40px'>B1</div><div style='height:40px'>B2</div><div style='height:40px'>B3</div><div style='height:40px'>B4</div></div></div><p style='margin:0'>after</p>",
    [["B0 15.00 47.51","B1 15.00 77.51","B2 15.00 107.51","B3 15.00 137.51"],["B4 15.00 13.76","after 15.00 73.76"]]],
  ["a block whose 30 px bottom padding does not fit after its child's last child (the break comes before that grandchild)",
    "<div style='height:45px'></div><div style='padding-bottom:30px'><div><div style='height:40px'>B0</div><div style='height:40px'>B1</div><div style='height:40px'>B2</div><div style='height:40px'>B3</div><div style='height:40px'>B4</div></div></div><p style='margin:0'>after</p>",
    [["B0 15.00 47.51","B1 15.00 77.51","B2 15.00 107.51","B3 15.00 137.51"],["B4 15.00 13.76","after 15.00 66.26"]]],
  ["a block whose padding fits and whose 1 px bottom border crosses the page end by 0.5 px",
    "<div style='height:49.5px'></div><div style='padding-bottom:10px;border-bottom:1px solid'><div><div style='height:40px'>B0</div><div style='height:40px'>B1</div><div style='height:40px'>B2</div><div style='height:40px'>B3</div><div style='height:40px'>B4</div></div></div><p style='margin:0'>after</p>",
    [["B0 15.00 51.26","B1 15.00 81.26","B2 15.00 111.26","B3 15.00 141.26"],["B4 15.00 13.76","after 15.00 52.01"]]],
  ["a display: table box with 30 px bottom padding (rows of 40 px cells)",
    "<div style='height:45px'></div><div class=t style='padding-bottom:30px'><div class=r><div class=c>R0</div></div><div class=r><div class=c>R1</div></div><div class=r><div class=c>R2</div></div><div class=r><div class=c>R3</div></div><div class=r><div class=c>R4</div></div></div><p style='margin:0'>after</p>",
    [["R0 15.00 47.51","R1 15.00 77.51","R2 15.00 107.51","R3 15.00 137.51"],["R4 15.00 13.76","after 15.00 66.26"]]],
  ["a <table> with 30 px bottom padding",
    "<div style='height:45px'></div><table style='border-spacing:0;padding-bottom:30px;width:100%'><tr><td style='height:40px;padding:0'>T0</td></tr><tr><td style='height:40px;padding:0'>T1</td></tr><tr><td style='height:40px;padding:0'>T2</td></tr><tr><td style='height:40px;padding:0'>T3</td></tr><tr><td style='height:40px;padding:0'>T4</td></tr></table><p style='margin:0'>after</p>",
    [["T0 15.00 55.01","T1 15.00 85.01","T2 15.00 115.01","T3 15.00 145.01"],["T4 15.00 21.26","after 15.00 66.26"]]],
  ["a <table> with a 30 px bottom border",
    "<div style='height:45px'></div><table style='border-spacing:0;border-bottom:30px solid #ccc;width:100%'><tr><td style='height:40px;padding:0'>T0</td></tr><tr><td style='height:40px;padding:0'>T1</td></tr><tr><td style='height:40px;padding:0'>T2</td></tr><tr><td style='height:40px;padding:0'>T3</td></tr><tr><td style='height:40px;padding:0'>T4</td></tr></table><p style='margin:0'>after</p>",
    [["T0 15.00 55.01","T1 15.00 85.01","T2 15.00 115.01","T3 15.00 145.01"],["T4 15.00 21.26","after 15.00 66.26"]]],
  ["a <table> with a bottom caption after its padding (the caption, not the padding, ends the wrapper)",
    "<div style='height:45px'></div><table style='border-spacing:0;padding-bottom:30px;width:100%'><caption style='caption-side:bottom;text-align:left'>cap</caption><tr><td style='height:40px;padding:0'>T0</td></tr><tr><td style='height:40px;padding:0'>T1</td></tr><tr><td style='height:40px;padding:0'>T2</td></tr><tr><td style='height:40px;padding:0'>T3</td></tr></table><p style='margin:0'>after</p>",
    [["T0 15.00 55.01","T1 15.00 85.01","T2 15.00 115.01","T3 15.00 145.01","cap 15.00 190.01"],["after 15.00 13.76"]]],
  ["a block whose last child is a paragraph: the break comes between its lines",
    "<div style='height:45px'></div><div style='padding-bottom:30px'><div style='height:80px'>X</div><div>L0<br>L1<br>L2<br>L3<br>L4<br>L5</div></div><p style='margin:0'>after</p>",
    [["X 15.00 47.51","L0 15.00 107.51","L1 15.00 122.51","L2 15.00 137.51","L3 15.00 152.51"],["L4 15.00 13.76","L5 15.00 28.76","after 15.00 66.26"]]],
  ["a block whose 15 px bottom padding fits: nothing moves",
    "<div style='height:45px'></div><div style='padding-bottom:15px'><div style='height:40px'>B0</div><div style='height:40px'>B1</div><div style='height:40px'>B2</div><div style='height:40px'>B3</div><div style='height:40px'>B4</div></div><p style='margin:0'>after</p>",
    [["B0 15.00 47.51","B1 15.00 77.51","B2 15.00 107.51","B3 15.00 137.51","B4 15.00 167.51"],["after 15.00 13.76"]]],];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, block-end edges that do not fit: ${what}`, async () => {
    assert.deepEqual(await pageWords(HEAD + body), pages);
  });
}
