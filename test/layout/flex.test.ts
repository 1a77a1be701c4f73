// In: HTML flex containers through the real stages, on 400×300 px pages.
// Out: assertions on flex item sizes and positions (grow, shrink, basis, justify-content, align-items, wrap, column), in px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';

const doc = (css: string, body: string): string => `<!doctype html><html><head><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px sans-serif } ${css}</style></head><body>${body}</body></html>`;

test('row: flex-grow shares the free space; fixed items keep their width', () => {
  const r = layoutHtml(doc('#f { display: flex } #a { width: 100px; height: 10px } #b { flex: 1; height: 20px } #c { flex: 3 }', '<div id=f><div id=a></div><div id=b></div><div id=c></div></div>'));
  const a = r.byId('a'), b = r.byId('b'), c = r.byId('c');
  assert.deepEqual([a.x, a.width], [0, 100]);
  assert.deepEqual([b.x, b.width], [100, 75]);
  assert.deepEqual([c.x, c.width], [175, 225]);
  assert.equal(a.height, 10, 'a definite height is not stretched');
  assert.equal(c.height, 20, 'auto height stretches to the line');
  assert.equal(r.byId('f').height, 20);
});

test('row: shrink in proportion to flex-shrink × base size; justify-content and align-items', () => {
  const r = layoutHtml(doc('#f { display: flex; } #f > div { flex: 0 1 300px; height: 5px } #g { display: flex; justify-content: space-between; align-items: center; height: 50px } #g > div { width: 50px; height: 10px }',
    '<div id=f><div id=a></div><div id=b></div></div><div id=g><div id=x></div><div id=y></div><div id=z></div></div>'));
  assert.equal(r.byId('a').width, 200);
  assert.equal(r.byId('b').x, 200);
  assert.deepEqual([r.byId('x').x, r.byId('y').x, r.byId('z').x], [0, 175, 350]);
  assert.equal(r.byId('y').y, 5 + 20);
});

test('wrap: items move to a new line when the line is full; gaps apply', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-wrap: wrap; gap: 10px } #f > div { width: 150px; height: 20px }', '<div id=f><div id=a></div><div id=b></div><div id=c></div></div>'));
  assert.deepEqual([r.byId('b').x, r.byId('b').y], [160, 0]);
  assert.deepEqual([r.byId('c').x, r.byId('c').y], [0, 30]);
  assert.equal(r.byId('f').height, 50);
});

test('column with a definite height: grow fills it; margin auto pushes an item to the end', () => {
  const r = layoutHtml(doc('#f { display: flex; flex-direction: column; height: 200px } #a { height: 20px } #b { flex: 1 } #c { height: 10px; margin-top: auto }', '<div id=f><div id=a></div><div id=b></div><div id=c></div></div>'));
  assert.equal(r.byId('b').height, 170);
  assert.equal(r.byId('c').y, 190);
  assert.equal(r.byId('a').width, 400);
});
