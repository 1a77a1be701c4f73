// In: grids whose second row crosses the page bottom (a side column beside a long entry, as résumé templates lay out
// sections), one whose item holds a monolithic line that does not fit, one whose item runs over three pages. Out: the
// words of every page (pdftotext -bbox, pt) against Chromium 156's prints of the same documents (page.pdf as
// test/fidelity/make-refs.mjs calls it). Chromium breaks inside the items of a row that crosses the page end
// (css-grid-1 §10.5, css-break-3 §4.4): the short item stays on the page beside the first lines of the long one, the
// row continues at the top of the next page, as tall as its tallest remaining piece, and the next row follows it; an
// item that has to break before itself (a line that cannot fit) moves the whole row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageWords } from './page-words.ts';

/** Words per page, sorted. */
async function sortedWords(html: string): Promise<string[][]> {
  return (await pageWords(html)).map((p) => p.sort());
}

const doc = (items: string): string => `<!doctype html><style>@page{size:600px 400px;margin:100px 50px}
body{margin:0;font:20px/20px 'Liberation Mono'}.g{display:grid;grid-template-columns:100px 300px;gap:10px}.sp{height:120px}</style>
<div class=sp>TOP</div><div class=g>${items}</div>`;
const lines = (names: string[]): string => names.join('<br>');
/** Chromium's words: [text, x pt, y pt] per page. */
const pages = (...ps: Array<Array<[string, number, number]>>): string[][] => ps.map((p) => p.map(([t, x, y]) => `${t} ${x.toFixed(2)} ${y.toFixed(2)}`).sort());
const rightCol = (names: string[], y0: number): Array<[string, number, number]> => names.map((n, i) => [n, 120, y0 + 15 * i]);

test('a row across the page bottom breaks inside its items; the next row follows the continued row (Chromium 156)', async () => {
  const got = await sortedWords(doc(`<div>LA</div><div>${lines(['R1', 'R2', 'R3', 'R4', 'R5', 'R6'])}</div><div>LB</div><div>S1<br>S2</div>`));
  assert.deepEqual(got, pages(
    [['TOP', 37.5, 73.76], ['LA', 37.5, 163.76], ...rightCol(['R1', 'R2', 'R3', 'R4'], 163.76)],
    [...rightCol(['R5', 'R6'], 73.76), ['LB', 37.5, 111.26], ...rightCol(['S1', 'S2'], 111.26)],
  ));
});

test('both items of the row break; the row on the next page is as tall as its tallest piece (Chromium 156)', async () => {
  const got = await sortedWords(doc(`<div>${lines(['LA', 'LA2', 'LA3', 'LA4'])}</div><div>${lines(['R1', 'R2', 'R3', 'R4', 'R5', 'R6'])}</div><div>LB</div><div>S1<br>S2</div>`));
  assert.deepEqual(got, pages(
    [['TOP', 37.5, 73.76], ...['LA', 'LA2', 'LA3', 'LA4'].map((t, i): [string, number, number] => [t, 37.5, 163.76 + 15 * i]), ...rightCol(['R1', 'R2', 'R3', 'R4'], 163.76)],
    [...rightCol(['R5', 'R6'], 73.76), ['LB', 37.5, 111.26], ...rightCol(['S1', 'S2'], 111.26)],
  ));
});

test('an item whose next line is a monolithic inline-block that does not fit breaks before it (Chromium 156)', async () => {
  const got = await sortedWords(doc('<div>LA</div><div><div>R1</div><div style="display:inline-block;height:90px;width:10px;background:#000"></div><div>R3</div></div><div>LB</div><div>S1<br>S2</div>'));
  assert.deepEqual(got, pages(
    [['TOP', 37.5, 73.76], ['LA', 37.5, 163.76], ['R1', 120, 163.76]],
    [['R3', 120, 145.01], ['LB', 37.5, 167.51], ['S1', 120, 167.51], ['S2', 120, 182.51]],
  ));
});

test('an item running over three pages keeps breaking; the next row starts below its last piece (Chromium 156)', async () => {
  const names = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'RA', 'RB', 'RC', 'RD', 'RE', 'RF', 'RG', 'RH'];
  const got = await sortedWords(doc(`<div>LA</div><div>${lines(names)}</div><div>LB</div><div>S1<br>S2</div>`));
  assert.deepEqual(got, pages(
    [['TOP', 37.5, 73.76], ['LA', 37.5, 163.76], ...rightCol(names.slice(0, 4), 163.76)],
    rightCol(names.slice(4, 14), 73.76),
    [...rightCol(names.slice(14), 73.76), ['LB', 37.5, 126.26], ...rightCol(['S1', 'S2'], 126.26)],
  ));
});
