// In: RenderMemo (src/layout/render-memo.ts) with and without a bound, keyed by objects per render (a FontContext).
// Out: a bounded memo keeps at most `max` entries per render (two generations, the older dropped whole; an entry read
// from the older one moves back); renders do not share entries; an unbounded one keeps them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RenderMemo } from '../../src/layout/render-memo.ts';
import type { FontContext } from '../../src/text/types.ts';

const render = (): FontContext => ({}) as FontContext;

test('a bounded memo keeps at most `max` entries of a render, dropping the older generation', () => {
  const memo = new RenderMemo<object, number>(4);
  const r = render();
  const keys = Array.from({ length: 10 }, () => ({}));
  keys.forEach((k, i) => memo.set(r, k, i));
  const kept = keys.filter((k) => memo.get(r, k) !== undefined);
  assert.ok(kept.length <= 4, `${kept.length} kept`);
  assert.equal(memo.get(r, keys[9]!), 9);
  assert.equal(memo.get(r, keys[0]!), undefined);
  // Read from the older generation, an entry moves back to the current one and outlives the next turn.
  const m = new RenderMemo<object, number>(4);
  const [a, b, c, d, e] = [{}, {}, {}, {}, {}];
  m.set(r, a, 1); m.set(r, b, 2); m.set(r, c, 3); // a, b older; c current
  assert.equal(m.get(r, a), 1); // a back in the current generation
  m.set(r, d, 4); m.set(r, e, 5); // c, a older; then d, e current... (c, a) survive one more turn
  assert.equal(m.get(r, b), undefined);
  assert.equal(m.get(r, a), 1);
});

test('each render has its own entries; without a bound they all stay', () => {
  const memo = new RenderMemo<object, number>();
  const r1 = render(), r2 = render();
  const keys = Array.from({ length: 100 }, () => ({}));
  keys.forEach((k, i) => memo.set(r1, k, i));
  assert.equal(memo.of(r1).size, 100);
  assert.ok(keys.every((k, i) => memo.get(r1, k) === i));
  assert.equal(memo.get(r2, keys[0]!), undefined);
});
