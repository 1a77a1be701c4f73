// In: grid containers whose rows fit on the page but whose block-end padding or border does not (after a line of text,
// at the top of a page, continued from the page before, inside a block, two columns), through renderPdf on 300 x 300 px
// pages with 20 px margins (page area 260 px). Out: the words of every page (pdftotext -bbox, pt) against Chromium 156's
// prints (page.pdf as test/fidelity/make-refs.mjs calls it, page.setContent of the same markup). There is no break point
// between a grid's last row and its block-end edges (css-break-3 §4.1); block flow then breaks before its last child, but
// Chromium's grid (LayoutNG, no earlier break point among its rows) breaks before the grid itself, and where the grid
// cannot move (first on the page, or continued from the page before) keeps its rows and breaks after the last, the edges
// going on alone to the next page. We broke before the last row: Bagisto's invoice e-mail printed its totals grid's
// first three rows on page 1 and its grand total alone on page 2, where Chromium prints all four on page 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageWords } from './page-words.ts';

const HEAD = "<!doctype html><style>@page{size:300px 300px;margin:20px}body{margin:0;font:20px/20px 'Liberation Mono'}.g{display:grid}.g>div{height:40px}</style>";
const ROWS = '<div>G0</div><div>G1</div><div>G2</div><div>G3</div><div>G4</div>';
const AFTER = "<p style='margin:0'>after</p>";
const MOVED = [["S 15.00 13.76"], ["G0 15.00 13.76", "G1 15.00 43.76", "G2 15.00 73.76", "G3 15.00 103.76", "G4 15.00 133.76", "after 15.00 186.26"]];

/** [what, body markup, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ["a grid whose 30 px bottom padding does not fit after its five rows moves to the next page whole",
    `<div style='height:45px'>S</div><div class=g style='padding-bottom:30px'>${ROWS}</div>${AFTER}`, MOVED],
  ["a grid whose 30 px bottom border does not fit moves whole",
    `<div style='height:45px'>S</div><div class=g style='border-bottom:30px solid #ccc'>${ROWS}</div>${AFTER}`, MOVED],
  ["a two-column grid moves whole",
    `<div style='height:45px'>S</div><div class=g style='grid-template-columns:1fr 1fr;padding-bottom:30px'><div>A0</div><div>B0</div><div>A1</div><div>B1</div><div>A2</div><div>B2</div><div>A3</div><div>B3</div><div>A4</div><div>B4</div></div>${AFTER}`,
    [["S 15.00 13.76"], ["A0 15.00 13.76", "B0 112.50 13.76", "A1 15.00 43.76", "B1 112.50 43.76", "A2 15.00 73.76", "B2 112.50 73.76", "A3 15.00 103.76", "B3 112.50 103.76", "A4 15.00 133.76", "B4 112.50 133.76", "after 15.00 186.26"]]],
  ["a grid inside a block, after a paragraph of that block, moves whole (the block breaks before it)",
    `<div><p style='margin:0;height:45px'>S</p><div class=g style='padding-bottom:30px'>${ROWS}</div></div>${AFTER}`, MOVED],
  ["a grid first on the page keeps its rows there; its padding goes on alone to the next page",
    `<div class=g style='padding:20px 0 30px'>${ROWS}<div>G5</div></div>${AFTER}`,
    [["G0 15.00 28.76", "G1 15.00 58.76", "G2 15.00 88.76", "G3 15.00 118.76", "G4 15.00 148.76", "G5 15.00 178.76"], ["after 15.00 36.26"]]],
  ["a grid continued from the page before keeps its last rows on that page",
    `<div class=g style='padding-bottom:30px'>${Array.from({ length: 10 }, (_, i) => `<div style='height:52px'>G${i}</div>`).join('')}</div>${AFTER}`,
    [["G0 15.00 13.76", "G1 15.00 52.76", "G2 15.00 91.76", "G3 15.00 130.76", "G4 15.00 169.76"], ["G5 15.00 13.76", "G6 15.00 52.76", "G7 15.00 91.76", "G8 15.00 130.76", "G9 15.00 169.76"], ["after 15.00 36.26"]]],
  ["a grid whose last row crosses the page end breaks inside that row, as before",
    `<div style='height:75px'>S</div><div class=g style='padding-bottom:30px'>${ROWS}</div>${AFTER}`,
    [["S 15.00 13.76", "G0 15.00 70.01", "G1 15.00 100.01", "G2 15.00 130.01", "G3 15.00 160.01", "G4 15.00 190.01"], ["after 15.00 47.51"]]],
  ["a grid whose 20 px bottom padding fits: nothing moves",
    `<div style='height:35px'>S</div><div class=g style='padding-bottom:20px'>${ROWS}</div>${AFTER}`,
    [["S 15.00 13.76", "G0 15.00 40.01", "G1 15.00 70.01", "G2 15.00 100.01", "G3 15.00 130.01", "G4 15.00 160.01"], ["after 15.00 13.76"]]],
];

for (const [what, body, pages] of CASES) {
  test(`Chromium 156 prints, grid block-end edges that do not fit: ${what}`, async () => {
    assert.deepEqual(await pageWords(HEAD + body), pages);
  });
}
