// In: unchecked, checked and disabled checkboxes and radios, a select, a progress bar and a meter, a text field with a
// placeholder and one with a value, through renderPdf. Out: pixels (384 dpi, no anti-aliasing) against the same pixels of
// Chromium 156's page.pdf of this document, and the select's and fields' words (pdftotext -bbox) against its words. Chromium
// prints controls in its native theme (src/paint/controls.ts): a checkbox a white rounded square in a #767676 border, checked an
// accent-blue (#0075ff) one with a white tick; a radio a ring, checked blue with a dot; a disabled one faded; a select's chevron;
// a bar's #efefef track with its blue (progress) or green (meter) value; the placeholder #757575. Before (43b4a93) none of them
// was drawn (the checkbox a 2px inset border, the select without its arrow, the bars nothing, the placeholder black) and the
// select's text sat 4 px left of Chromium's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf } from '../../src/index.ts';
import { raster } from './pdf-helpers.ts';
import { assertPageWords, pageWords } from '../layout/page-words.ts';

// Chromium 156's words: page.pdf of DOC (preferCSSPageSize), pdftotext -bbox, pt.
const DOC = `<!doctype html><html><head><style>@page{size:300px 80px;margin:0} body{margin:0;font:16px 'Liberation Sans'}</style></head><body>
<div><input type=checkbox id=a1><input type=checkbox checked id=a2><input type=radio id=a3><input type=radio checked id=a4><input type=checkbox checked disabled id=a5></div>
<div><select id=s1><option>Ab</option></select><progress id=p1 value=0.3></progress><meter id=m1 value=0.6></meter></div>
<div><input placeholder="Name" id=t1 size=6><input value="Val" size=4 id=t2></div>
</body></html>`;

/** [what, x, y (CSS px), Chromium 156's RGB there at 384 dpi without anti-aliasing]. */
const CHROMIUM: Array<[string, number, number, [number, number, number]]> = [
  ['checkbox inside', 10.5, 9.5, [255, 255, 255]], ['checkbox border', 4.5, 9.5, [118, 118, 118]],
  ['checked corner', 25.5, 4.5, [0, 117, 255]], ['checked tick', 31.8, 8.85, [255, 255, 255]], ['checked fill', 27, 13, [0, 117, 255]],
  ['radio inside', 51.5, 9.5, [255, 255, 255]], ['radio ring', 51.5, 3.5, [118, 118, 118]],
  ['checked radio dot', 72.5, 9.5, [0, 117, 255]], ['checked radio gap', 72.5, 5, [255, 255, 255]], ['checked radio ring', 72.5, 3.5, [0, 117, 255]],
  ['disabled checked fill', 87.5, 14.5, [208, 208, 208]], ['disabled tick', 93.8, 8.85, [236, 236, 236]],
  ['select arrow', 30, 30.5, [0, 0, 0]], ['select inside', 20, 37, [255, 255, 255]],
  ['progress value', 45, 29.2, [0, 117, 255]], ['progress track', 190, 29.2, [239, 239, 239]],
  ['meter value', 205, 29.2, [16, 124, 16]], ['meter track', 275, 29.2, [239, 239, 239]],
];

test('checkboxes, radios, a select arrow and bars are drawn as Chromium 156 prints them', async () => {
  const img = raster((await renderPdf(DOC)).pdf, 384);
  for (const [what, x, y, rgb] of CHROMIUM) assert.deepEqual(img.px(Math.floor(x * 4), Math.floor(y * 4)), rgb, `${what} (${x}, ${y})`);
  // The placeholder's glyphs are #757575, the value's black (the darkest pixel of each field).
  const darkest = (x0: number, x1: number): number[] => {
    let best = [255, 255, 255];
    for (let y = 42 * 4; y < 57 * 4; y++) for (let x = x0 * 4; x < x1 * 4; x++) { const p = img.px(x, y); if (p[0]! + p[1]! + p[2]! < best[0]! + best[1]! + best[2]!) best = p; }
    return best;
  };
  assert.deepEqual(darkest(4, 60), [117, 117, 117], 'placeholder');
  assert.deepEqual(darkest(77, 120), [0, 0, 0], 'value');
});

test('a select shows its option 4 px inside its border, the fields their placeholder and value, as Chromium 156 places them', async () => {
  assertPageWords(await pageWords(DOC), [['Ab 3.75 16.45', 'Name 3.00 31.45', 'Val 57.75 31.45']], 'controls');
});

// A checkbox keeps its native look whatever border and background the page gives it (appearance: auto): Chromium 156 paints
// neither (this 20 px one at (4, 3): its corner white, its 2 px corners' curve and inside blue, its tick white); we painted
// the red border and yellow background under it.
const STYLED = `<!doctype html><html><head><style>@page{size:200px 40px;margin:0} body{margin:0}</style></head><body>
<input type=checkbox checked style="border:2px solid red;background:yellow;width:20px;height:20px"></body></html>`;

test('a checkbox given a border and background is still drawn in its native look, as Chromium 156 prints it', async () => {
  const img = raster((await renderPdf(STYLED)).pdf, 384);
  for (const [x, y, rgb] of [[4.2, 3.2, [255, 255, 255]], [4.6, 3.6, [0, 117, 255]], [5, 8, [0, 117, 255]], [10, 14, [255, 255, 255]], [20, 8, [255, 255, 255]]] as const) {
    assert.deepEqual(img.px(Math.floor(x * 4), Math.floor(y * 4)), rgb, `(${x}, ${y})`);
  }
});
