// In: documents whose root or body sets overflow (scroll, auto, hidden, clip) with html, body { height: 100% }, printed
// through renderPdf on 300 x 200 px pages (page area 260 x 160 px), and a body with overflow: hidden and a float. Out: the
// words of every page (pdftotext -bbox, pt) against Chromium 156's prints (page.pdf as test/fidelity/make-refs.mjs calls
// it), and border boxes against its getBoundingClientRect in print emulation. css-overflow-3 §3.3: the root's overflow,
// or the body's when the root's is visible, applies to the viewport, and the element it came from has a used overflow of
// visible; in print the viewport is the pages, which show everything. We clipped such a body at its 100% height, so a
// KoSIT XRechnung view ('body { overflow-y: scroll }') printed 1 page of 5.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageWords } from '../layout/page-words.ts';
import { assertInspectedBoxes, type ChromiumBox } from '../layout/inspect-boxes.ts';

const HEAD = "<!doctype html><style>@page{size:300px 200px;margin:20px}html,body{height:100%;margin:0}body{font:20px/40px 'Liberation Mono'}";
const LINES = '<div>L1</div><div>L2</div><div>L3</div><div>L4</div><div>L5</div><div>L6</div><div>L7</div><div>L8</div>';
const PAGE1 = ['L1 15.00 21.26', 'L2 15.00 51.26', 'L3 15.00 81.26', 'L4 15.00 111.26'];
const PAGE2 = ['L5 15.00 21.26', 'L6 15.00 51.26', 'L7 15.00 81.26', 'L8 15.00 111.26'];

/** [what, document, Chromium 156's words per page]. */
const CASES: Array<[string, string, string[][]]> = [
  ['body { overflow-y: scroll } goes to the viewport: the body is not clipped', `${HEAD}body{overflow-y:scroll}</style><body>${LINES}`, [PAGE1, PAGE2]],
  ['html { overflow: hidden } goes to the viewport; the body keeps its own overflow: hidden and clips at 100%',
    `${HEAD}html,body{overflow:hidden}</style><body>${LINES}`, [PAGE1]],
  ['html { overflow: hidden; height: 100% } goes to the viewport: the root is not clipped', `${HEAD}html{overflow:hidden}body{height:auto}</style><body>${LINES}`, [PAGE1, PAGE2]],
  ['quirks mode, body { overflow: auto }', `<style>@page{size:300px 200px;margin:20px}html,body{height:100%;margin:0}body{font:20px/40px 'Liberation Mono';overflow:auto}</style><body>${LINES}`, [PAGE1, PAGE2]],
  ['body { overflow: clip } goes to the viewport too', `${HEAD}body{overflow:clip}</style><body>${LINES}`, [PAGE1, PAGE2]],
];

for (const [what, html, pages] of CASES) {
  test(`Chromium 156 prints, overflow propagated to the viewport: ${what}`, async () => {
    assert.deepEqual(await pageWords(html), pages);
  });
}

const FLOAT = "<style>body{margin:0;overflow:hidden;font:16px/20px Arial} .fl{float:left;width:100px;height:60px}</style></head><body id=b><div class=fl id=b1></div><p id=b2 style='margin:10px 0 0'>text</p></body></html>";
// Its overflow given to the viewport, the body is not a block formatting context: the paragraph's margin collapses
// through it and the float is not contained. With html { overflow: hidden } the body keeps its own: it is one.
const PROPAGATED: ChromiumBox[] = [['b', 0, 10, 600, 20], ['b1', 0, 10, 100, 60], ['b2', 0, 10, 600, 20]];
const KEPT: ChromiumBox[] = [['h', 0, 0, 600, 60], ['b', 0, 0, 600, 60], ['b1', 0, 0, 100, 60], ['b2', 0, 10, 600, 20]];

test('Chromium 156 figures: a body whose overflow: hidden goes to the viewport is not a block formatting context', () =>
  assertInspectedBoxes(`<!doctype html><html><head><style>@page{size:600px 800px;margin:0}</style>${FLOAT}`, PROPAGATED));
test('Chromium 156 figures: a body that keeps overflow: hidden (the root has its own) is a block formatting context', () =>
  assertInspectedBoxes(`<!doctype html><html id=h style='overflow:hidden'><head><style>@page{size:600px 800px;margin:0}</style>${FLOAT}`, KEPT));
