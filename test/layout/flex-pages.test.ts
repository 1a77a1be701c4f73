// In: HTML flex containers through the real stages on 400×300 px pages (no page margins), boxes of fixed heights.
// Out: which page each flex item lands on and where (px): rows move whole, columns break between items, break-* on items.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';

const doc = (css: string, body: string): string => `<!doctype html><html><head><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px sans-serif } ${css}</style></head><body>${body}</body></html>`;
const where = (r: ReturnType<typeof layoutHtml>, id: string): [number, number] => { const a = r.allById(id)[0]; return [a.page, a.frag.y]; };

// Chromium 156 prints these documents the same way (each item labelled with its id; checked with page.pdf and pdftotext).
test('a row flex line that does not fit the rest of the page breaks inside its items (their heights are sliced)', () => {
  const r = layoutHtml(doc('#f { display: flex; gap: 10px } #f > div { flex: 1; height: 80px }', '<div style="height:250px"></div><div id=f><div id=a></div><div id=b style="height:40px"></div></div>'));
  assert.deepEqual(where(r, 'a'), [0, 250]);
  assert.deepEqual(where(r, 'b'), [0, 250]);
  assert.deepEqual(r.allById('a').map((x) => [x.page, x.frag.y, x.frag.height]), [[0, 250, 50], [1, 0, 30]]);
  assert.deepEqual(r.allById('b').map((x) => [x.page, x.frag.height]), [[0, 40]]);
});

test('a row flex line taller than a page starts where it is and continues on the next page', () => {
  const r = layoutHtml(doc('#f { display: flex } #f > div { width: 100px; height: 400px }', '<div style="height:50px"></div><div id=f><div id=a></div></div>'));
  assert.deepEqual(r.allById('a').map((x) => [x.page, x.frag.y, x.frag.height]), [[0, 50, 250], [1, 0, 150]]);
});

test('a column flex container with an indefinite height breaks between its items', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-direction: column } #f > div { height: 100px }', '<div id=f><div id=a></div><div id=b></div><div id=c></div><div id=d></div></div>'));
  assert.deepEqual(where(r, 'a'), [0, 0]);
  assert.deepEqual(where(r, 'c'), [0, 200]);
  assert.deepEqual(where(r, 'd'), [1, 0]);
});

test('a column container that fits keeps flex alignment (align-items: center, gap)', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-direction: column; align-items: center; gap: 10px } #f > div { width: 100px; height: 50px }', '<div id=f><div id=a></div><div id=b></div></div>'));
  assert.deepEqual([r.byId('a').x, r.byId('a').y], [150, 0]);
  assert.deepEqual([r.byId('b').x, r.byId('b').y], [150, 60]);
  assert.equal(r.byId('f').height, 110);
});

test('break-before: page on an item of a column container starts a new page', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-direction: column } #f > div { height: 50px }', '<div id=f><div id=a></div><div id=b style="break-before: page"></div><div id=c style="break-after: page"></div><div id=d></div></div>'));
  assert.deepEqual(where(r, 'a'), [0, 0]);
  assert.deepEqual(where(r, 'b'), [1, 0]);
  assert.deepEqual(where(r, 'c'), [1, 50]);
  assert.deepEqual(where(r, 'd'), [2, 0]);
});

test('break-inside: avoid on an item of a column container moves the item to the next page', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-direction: column } #f > div { height: 120px } p { margin: 0; height: 60px }', '<div id=f><div id=a></div><div id=b></div><div id=c style="height:auto; break-inside: avoid"><p>one</p><p>two</p></div></div>'));
  assert.deepEqual(where(r, 'b'), [0, 120]);
  assert.deepEqual(where(r, 'c'), [1, 0]);
  assert.equal(r.allById('c').length, 1);
});

test('a flex container in a float shrinks to its items plus the gaps (max-content contribution)', () => {
  const r = layoutHtml(doc('#f { float: left } #g { display: flex; gap: 20px } #g > div { width: 30px; height: 10px }', '<div id=f><div id=g><div></div><div></div><div></div></div></div>'));
  assert.equal(r.byId('f').width, 130);
});

test('a wrapping row container: the line that crosses the page end breaks inside its items, the next lines follow it', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-wrap: wrap; gap: 10px } #f > div { width: 190px; height: 100px }', '<div style="height:50px"></div><div id=f><div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=g></div><div id=h></div></div>'));
  assert.deepEqual(where(r, 'a'), [0, 50]);
  assert.deepEqual(where(r, 'b'), [0, 50]);
  assert.deepEqual(where(r, 'c'), [0, 160]);
  assert.deepEqual(where(r, 'e'), [0, 270], 'the third line starts at 270px and is sliced');
  assert.deepEqual(where(r, 'g'), [0, 270]);
  assert.deepEqual(r.allById('g').map((x) => [x.page, x.frag.y, x.frag.height]), [[0, 270, 30], [1, 0, 70]]);
  assert.deepEqual(where(r, 'h'), [1, 80]);
  assert.equal(r.allById('f').length, 2);
  assert.equal(r.allById('f')[1].frag.height, 180);
  assert.equal(r.allById('f')[0].frag.height, 250, 'the broken container reaches the end of the page (css-break-3 §5.4)');
});

test('a column container broken across pages keeps its gap, order and cross alignment on every page', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-direction: column; align-items: center; gap: 20px } #f > div { width: 100px; height: 100px }', '<div id=f><div id=a></div><div id=b></div><div id=c style="order: 2"></div><div id=d></div></div>'));
  assert.deepEqual(where(r, 'a'), [0, 0]);
  assert.deepEqual(where(r, 'b'), [0, 120]);
  assert.deepEqual(where(r, 'd'), [0, 240], 'd (order 0) comes before c (order 2) and is sliced at the page end');
  assert.deepEqual(r.allById('d').map((x) => [x.page, x.frag.height]), [[0, 60], [1, 40]]);
  assert.deepEqual(where(r, 'c'), [1, 60]);
  assert.equal(r.byId('c').x, 150);
});

test('a column container with an item taller than a page falls back to block flow, which splits the item', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-direction: column } p { margin: 0; height: 100px }', '<div id=f><div id=a style="height:50px"></div><div id=b><p></p><p></p><p></p><p></p></div></div>'));
  assert.deepEqual(where(r, 'b'), [0, 50]);
  assert.equal(r.allById('b').length, 2);
});
