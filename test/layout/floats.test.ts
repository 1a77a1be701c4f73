// In: hand-built trees with floats, clear, BFC roots and positioned boxes, laid out with the fake inline engine.
// Out: assertions on float placement (§9.5.1), line boxes beside floats, clearance (§9.5.2), BFC roots (§9.5, §10.6.7), absolute/fixed boxes (§10.3.7, §10.6.4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, para, img, layoutTree, fragOf, fragsOf, linesOf, P } from './helpers.ts';

test('left and right floats sit side by side at the top; a third that does not fit goes below', () => {
  const l1 = block({ float: 'left', width: P(60), height: P(20) });
  const l2 = block({ float: 'left', width: P(60), height: P(30) });
  const r1 = block({ float: 'right', width: P(50), height: P(10) });
  const l3 = block({ float: 'left', width: P(60), height: P(10) });
  const root = block({}, [l1, l2, r1, l3]);
  const { pages } = layoutTree(root);
  const p = pages[0];
  assert.deepEqual([fragOf(p, l1).x, fragOf(p, l1).y], [0, 0]);
  assert.deepEqual([fragOf(p, l2).x, fragOf(p, l2).y], [60, 0]);
  assert.deepEqual([fragOf(p, r1).x, fragOf(p, r1).y], [150, 0]);
  // 60 + 60 + 60 > 200 - 50 at y 0..10; below r1 (y 10) there is room: 120..200.
  assert.deepEqual([fragOf(p, l3).x, fragOf(p, l3).y], [120, 10]);
});

test('line boxes are shortened beside a float', () => {
  const f = block({ float: 'left', width: P(100), height: P(25) });
  const p = para(Array.from({ length: 16 }, () => 'aaaa').join(' '), { fontSize: 10 });
  const root = block({}, [f, p]);
  const { pages } = layoutTree(root);
  const lines = linesOf(pages[0]);
  assert.equal(lines[0].x, 100);
  assert.equal(lines[0].width, 100);
  assert.equal(lines[3].x, 0, 'the 4th line (y 30) is below the float');
  assert.equal(lines[3].width, 200);
});

test('clear: both moves a block below the floats (clearance); a BFC root sits beside a float', () => {
  const f = block({ float: 'left', width: P(50), height: P(40) });
  const bfc = block({ overflowX: 'hidden', overflowY: 'hidden', height: P(10) });
  const c = block({ clear: 'both', height: P(10), marginTop: P(5) });
  const root = block({}, [f, bfc, c]);
  const { pages } = layoutTree(root);
  const p = pages[0];
  assert.deepEqual([fragOf(p, bfc).x, fragOf(p, bfc).width], [50, 150]);
  assert.equal(fragOf(p, c).y, 40);
});

test('a BFC root\'s auto height includes its floats; a normal block\'s does not', () => {
  const f1 = block({ float: 'left', width: P(50), height: P(40) });
  const bfc = block({ overflowX: 'hidden', overflowY: 'hidden' }, [f1]);
  const f2 = block({ float: 'left', width: P(50), height: P(40) });
  const plain = block({}, [f2]);
  const root = block({}, [bfc, plain]);
  const { pages } = layoutTree(root);
  assert.equal(fragOf(pages[0], bfc).height, 40);
  assert.equal(fragOf(pages[0], plain).height, 0);
});

test('float with auto width shrinks to fit its content', () => {
  const f = block({ float: 'right' }, [para('aaaa bb', { fontSize: 10 })]);
  const root = block({}, [f]);
  const { pages } = layoutTree(root);
  assert.equal(fragOf(pages[0], f).width, 35);
  assert.equal(fragOf(pages[0], f).x, 165);
});

test('absolute box: offsets against the padding box of the positioned ancestor', () => {
  const a = block({ position: 'absolute', top: P(10), left: P(20), width: P(30), height: P(15) });
  const b = block({ position: 'absolute', right: P(0), bottom: P(0), width: P(40), height: P(10) });
  const c = block({ position: 'absolute', left: P(10), right: P(10), top: P(0), height: P(5) });
  const d = block({ position: 'absolute', width: P(20), height: P(20), left: P(0), right: P(0), marginLeft: 'auto', marginRight: 'auto' });
  const before = block({ height: P(30) });
  const cbBox = block({ position: 'relative', height: P(100), marginTop: P(50), borderTop: { width: 5, style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } } }, [before, a, b, c, d]);
  const root = block({}, [cbBox]);
  const { pages } = layoutTree(root);
  const p = pages[0];
  assert.deepEqual([fragOf(p, a).x, fragOf(p, a).y, fragOf(p, a).width], [20, 65, 30]);
  assert.deepEqual([fragOf(p, b).x, fragOf(p, b).y], [160, 145]);
  assert.deepEqual([fragOf(p, c).x, fragOf(p, c).width], [10, 180]);
  assert.deepEqual([fragOf(p, d).x, fragOf(p, d).y], [90, 85], 'auto margins centre; static top below the 30px block');
});

test('absolute box with auto width shrinks to fit; fixed boxes repeat on every page', () => {
  const a = block({ position: 'absolute', top: P(0), left: P(0) }, [para('aaa bbbbbb', { fontSize: 10 })]);
  const fx = block({ position: 'fixed', bottom: P(0), left: P(0), right: P(0), height: P(10) });
  const kids = [a, fx, ...Array.from({ length: 5 }, () => block({ height: P(100) }))];
  const root = block({}, kids);
  const { pages } = layoutTree(root, { height: 200 });
  assert.equal(pages.length, 3);
  assert.equal(fragOf(pages[0], a).width, 50);
  for (const pg of pages) {
    const f = fragsOf(pg, fx);
    assert.equal(f.length, 1);
    assert.deepEqual([f[0].x, f[0].y, f[0].width], [0, 190, 200]);
  }
});

test('a block-level replaced element sits beside floats; a floated image keeps its own margins', () => {
  const l = img(4, 4, { float: 'left' });
  const r = img(4, 4, { float: 'right' });
  const b = img(4, 4, {});
  const { pages } = layoutTree(block({}, [l, r, b]), { width: 15, height: 5 });
  const frs = (pages[0].children[0] as { children: Array<{ x: number; y: number }> }).children;
  assert.deepEqual(frs.map((f) => [f.x, f.y]), [[0, 0], [11, 0], [4, 0]]);
});

test('rtl: an absolute box with auto offsets takes its static position at the right edge', () => {
  const a = block({ position: 'absolute', width: P(30), height: P(5), direction: 'rtl' });
  const { pages } = layoutTree(block({ direction: 'rtl' }, [a]));
  assert.equal(fragOf(pages[0], a).x, 170);
});
