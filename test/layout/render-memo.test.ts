// In: RenderMemo (src/layout/render-memo.ts) with and without a bound, keyed by objects per render (a FontContext).
// Out: set keeps at most `max` entries per render, dropping the oldest; renders do not share entries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RenderMemo } from '../../src/layout/render-memo.ts';
import type { FontContext } from '../../src/text/types.ts';

const render = (): FontContext => ({}) as FontContext;

test('a bounded memo keeps the latest `max` entries of a render, the oldest dropped first', () => {
  const memo = new RenderMemo<object, number>(2);
  const r = render();
  const [a, b, c] = [{}, {}, {}];
  memo.set(r, a, 1);
  memo.set(r, b, 2);
  memo.set(r, a, 3); // an entry set again does not push another out
  assert.equal(memo.of(r).size, 2);
  memo.set(r, c, 4);
  assert.equal(memo.of(r).size, 2);
  assert.equal(memo.of(r).has(a), false);
  assert.equal(memo.of(r).get(b), 2);
  assert.equal(memo.of(r).get(c), 4);
});

test('each render has its own entries; without a bound they all stay', () => {
  const memo = new RenderMemo<object, number>();
  const r1 = render(), r2 = render();
  const keys = Array.from({ length: 100 }, () => ({}));
  keys.forEach((k, i) => memo.set(r1, k, i));
  assert.equal(memo.of(r1).size, 100);
  assert.equal(memo.of(r2).size, 0);
});
