// In: HTML strings with forced breaks on empty blocks, through the real pipeline up to layout.
// Out: assertions on page counts and on which page each block lands (css-break-3 §3.1, §4.1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';

const doc = (css: string, body: string): string => `<!doctype html><html><head><style>@page { size: 200px 100px; margin: 0 } body { margin: 0 } ${css}</style></head><body>${body}</body></html>`;

test('a forced break after an empty div between two blocks applies', () => {
  const r = layoutHtml(doc('', '<div id=a>a</div><div style="page-break-after:always"></div><div id=b>b</div>'));
  assert.equal(r.pages.length, 2);
  assert.equal(r.allById('a')[0].page, 0);
  assert.equal(r.allById('b')[0].page, 1);
});

test('ten empty paragraphs with break-after: page give ten pages', () => {
  const r = layoutHtml(doc('p { break-after: page; margin: 0 }', Array.from({ length: 10 }, (_, i) => `<p id=p${i}></p>`).join('')));
  assert.equal(r.pages.length, 10);
  for (let i = 0; i < 10; i++) assert.equal(r.allById(`p${i}`)[0].page, i);
});

test('every div with page-break-after: always, the middle one empty: three pages', () => {
  const r = layoutHtml(doc('div { page-break-after: always }', '<div id=a>a</div><div id=e></div><div id=b>b</div>'));
  assert.equal(r.pages.length, 3);
  assert.deepEqual(['a', 'e', 'b'].map((id) => r.allById(id)[0].page), [0, 1, 2]);
});

test('a forced break at the very start of the document is still suppressed', () => {
  const r = layoutHtml(doc('', '<div id=a style="break-before:page">a</div><div id=b style="break-before:page">b</div>'));
  assert.equal(r.pages.length, 2);
  assert.equal(r.allById('a')[0].page, 0);
  // Nested: the first child of the first child carries the break.
  const n = layoutHtml(doc('', '<div><div id=x style="break-before:page">x</div></div>'));
  assert.equal(n.pages.length, 1);
});

test('break-before on a block after an empty first block applies', () => {
  const r = layoutHtml(doc('', '<div></div><div id=b style="break-before:page">b</div>'));
  assert.equal(r.pages.length, 2);
  assert.equal(r.allById('b')[0].page, 1);
});
