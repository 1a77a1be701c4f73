// In: hand-built box trees laid out on 200×300 px pages with the fake inline engine.
// Out: assertions on block widths (§10.3.3), heights (§10.6.3), min/max, box-sizing and margin collapsing (§8.3.1), in px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, para, layoutTree, fragOf, P, img } from './helpers.ts';
import { pct } from '../../src/css/computed.ts';

const solid = (w: number) => ({ width: w, style: 'solid' as const, color: { r: 0, g: 0, b: 0, a: 1 } });

test('auto width fills the containing block minus margins, borders and padding', () => {
  const a = block({ height: P(10), marginLeft: P(10), marginRight: P(20), paddingLeft: P(5), borderLeft: solid(3) });
  const root = block({}, [a]);
  const { pages } = layoutTree(root);
  const f = fragOf(pages[0], a);
  assert.equal(f.x, 10);
  assert.equal(f.width, 170);
  assert.equal(f.height, 10);
});

test('auto margins centre a block with a width; over-constrained ignores margin-right', () => {
  const a = block({ width: P(100), height: P(10), marginLeft: 'auto', marginRight: 'auto' });
  const b = block({ width: P(100), height: P(10), marginLeft: P(30), marginRight: P(30) });
  const c = block({ width: P(100), height: P(10), marginLeft: 'auto', marginRight: P(20) });
  const root = block({}, [a, b, c]);
  const { pages } = layoutTree(root);
  assert.equal(fragOf(pages[0], a).x, 50);
  assert.equal(fragOf(pages[0], b).x, 30);
  assert.equal(fragOf(pages[0], c).x, 80);
  assert.equal(fragOf(pages[0], c).margin.left, 80);
});

test('min/max width, box-sizing and percentage widths', () => {
  const a = block({ width: pct(50), height: P(10) });
  const b = block({ width: P(150), maxWidth: P(120), height: P(10) });
  const c = block({ width: P(20), minWidth: P(60), height: P(10) });
  const d = block({ width: P(100), boxSizing: 'border-box', paddingLeft: P(10), paddingRight: P(10), height: P(10) });
  const e = block({ width: P(100), paddingLeft: P(10), paddingRight: P(10), height: P(10) });
  const root = block({}, [a, b, c, d, e]);
  const { pages } = layoutTree(root);
  assert.equal(fragOf(pages[0], a).width, 100);
  assert.equal(fragOf(pages[0], b).width, 120);
  assert.equal(fragOf(pages[0], c).width, 60);
  assert.equal(fragOf(pages[0], d).width, 100);
  assert.equal(fragOf(pages[0], e).width, 120);
});

test('heights: auto from content, fixed, min-height, max-height, percentage of a definite parent', () => {
  const p1 = para('aaaa', { fontSize: 10 });
  const a = block({}, [p1]);
  const b = block({ height: P(40), maxHeight: P(30) });
  const c = block({ minHeight: P(25) });
  const inner = block({ height: pct(50) });
  const d = block({ height: P(60) }, [inner]);
  const root = block({}, [a, b, c, d]);
  const { pages } = layoutTree(root);
  assert.equal(fragOf(pages[0], a).height, 10);
  assert.equal(fragOf(pages[0], b).height, 30);
  assert.equal(fragOf(pages[0], c).height, 25);
  assert.equal(fragOf(pages[0], inner).height, 30);
});

test('adjacent sibling margins collapse to the larger; negative margins add', () => {
  const a = block({ height: P(10), marginBottom: P(20) });
  const b = block({ height: P(10), marginTop: P(30) });
  const c = block({ height: P(10), marginTop: P(-5) });
  const d = block({ height: P(10), marginBottom: P(20) });
  const e = block({ height: P(10), marginTop: P(-8) });
  const root = block({}, [a, b, c, d, e]);
  const { pages } = layoutTree(root);
  assert.equal(fragOf(pages[0], a).y, 0);
  assert.equal(fragOf(pages[0], b).y, 40);
  assert.equal(fragOf(pages[0], c).y, 45);
  assert.equal(fragOf(pages[0], d).y, 55);
  assert.equal(fragOf(pages[0], e).y, 65 + 12);
});

test('parent and first/last child margins collapse unless padding or border separates them', () => {
  const child = block({ height: P(10), marginTop: P(20), marginBottom: P(15) });
  const parent = block({ marginTop: P(10), marginBottom: P(5) }, [child]);
  const after = block({ height: P(10) });
  const child2 = block({ height: P(10), marginTop: P(20) });
  const parent2 = block({ paddingTop: P(1) }, [child2]);
  const root = block({}, [parent, after, parent2]);
  const { pages } = layoutTree(root);
  const pf = fragOf(pages[0], parent);
  assert.equal(pf.y, 20, 'parent top = collapsed margin 20');
  assert.equal(fragOf(pages[0], child).y, 20);
  assert.equal(pf.height, 10, 'child margins are outside the parent');
  assert.equal(fragOf(pages[0], after).y, 45, 'bottom margins 15 and 5 collapse');
  assert.equal(fragOf(pages[0], parent2).y, 55);
  assert.equal(fragOf(pages[0], child2).y, 55 + 1 + 20);
});

test('an empty block collapses through; a BFC root does not collapse with its children', () => {
  const a = block({ height: P(10), marginBottom: P(10) });
  const empty = block({ marginTop: P(25), marginBottom: P(5) });
  const b = block({ height: P(10), marginTop: P(10) });
  const kid = block({ height: P(10), marginTop: P(12) });
  const bfc = block({ overflowX: 'hidden', overflowY: 'hidden' }, [kid]);
  const root = block({}, [a, empty, b, bfc]);
  const { pages } = layoutTree(root);
  assert.equal(fragOf(pages[0], b).y, 35);
  assert.equal(fragOf(pages[0], bfc).y, 45);
  assert.equal(fragOf(pages[0], kid).y, 57);
  assert.equal(fragOf(pages[0], bfc).height, 22);
});

test('block-level replaced element: intrinsic size, auto margins centre it', () => {
  const i = img(50, 20, { marginLeft: 'auto', marginRight: 'auto' });
  const root = block({}, [i]);
  const { pages } = layoutTree(root);
  const f = pages[0].children[0];
  assert.equal(f.kind, 'box');
  const rf = (f as { children: Array<{ kind: string; x: number; width: number; height: number }> }).children[0];
  assert.equal(rf.kind, 'replaced');
  assert.equal(rf.x, 75);
  assert.equal(rf.width, 50);
  assert.equal(rf.height, 20);
});

test('relative positioning offsets the fragment without moving what follows', () => {
  const a = block({ height: P(10), position: 'relative', top: P(5), left: P(7) });
  const b = block({ height: P(10) });
  const root = block({}, [a, b]);
  const { pages } = layoutTree(root);
  assert.deepEqual([fragOf(pages[0], a).x, fragOf(pages[0], a).y], [7, 5]);
  assert.equal(fragOf(pages[0], b).y, 10);
});
