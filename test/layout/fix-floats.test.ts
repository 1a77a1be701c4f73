// In: hand-built trees with floats taller than the room left on the page, laid out with the fake inline engine.
// Out: assertions on float fragments page by page (css-break-3 §2: floats are fragmented like other boxes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, para, layoutTree, fragsOf, linesOf, P } from './helpers.ts';

test('a float taller than the page continues at the top of the next page, beside the flow', () => {
  // Float: 6 lines of 10px (words of 4 chars at 5px each in a 30px-wide float): 60px on 40px pages.
  const f = para('aaaa aaaa aaaa aaaa aaaa aaaa', { fontSize: 10, float: 'left', width: P(30) });
  const text = para(Array.from({ length: 12 }, () => 'bb').join(' '), { fontSize: 10 });
  const root = block({}, [f, text]);
  const { pages } = layoutTree(root, { width: 100, height: 40 });
  assert.equal(pages.length, 2);
  const p1 = fragsOf(pages[0], f), p2 = fragsOf(pages[1], f);
  assert.deepEqual(p1.map((x) => [x.x, x.y, x.height, x.endsBox]), [[0, 0, 40, false]]);
  assert.deepEqual(p2.map((x) => [x.x, x.y, x.height, x.startsBox]), [[0, 0, 20, false]]);
  assert.equal(linesOf(pages[1]).filter((l) => l.x === 0 && l.width === 30).length, 2, 'the float keeps its last 2 lines');
});

test('a float that ends after the flow still gets its own next page; right floats keep their side', () => {
  const f = block({ float: 'right', width: P(20) }, [block({ height: P(30) }), block({ height: P(30) }), block({ height: P(30) })]);
  const root = block({}, [f, block({ height: P(10) })]);
  const { pages } = layoutTree(root, { width: 100, height: 40 });
  assert.equal(pages.length, 3);
  assert.deepEqual(pages.map((p) => fragsOf(p, f).map((x) => [x.x, x.y, x.height])), [[[80, 0, 40]], [[80, 0, 40]], [[80, 0, 10]]]);
});

test('a float with break-inside: avoid is not fragmented; content after a clear follows the continuation', () => {
  const f = block({ float: 'left', width: P(20), breakInside: 'avoid' }, [block({ height: P(60) })]);
  const { pages } = layoutTree(block({}, [f]), { width: 100, height: 40 });
  assert.equal(pages.length, 1);
  const g = block({ float: 'left', width: P(20) }, [block({ height: P(30) }), block({ height: P(30) })]);
  const after = block({ clear: 'left', height: P(5) });
  const r = layoutTree(block({}, [g, after]), { width: 100, height: 40 });
  assert.equal(r.pages.length, 2);
  assert.equal(fragsOf(r.pages[0], after).length, 0);
  assert.equal(fragsOf(r.pages[1], after)[0]?.y, 20);
});

test('a box pushed to the next page takes its fragmented float with it (no duplicate continuation)', () => {
  const f = block({ float: 'left', width: P(20) }, [block({ height: P(50) })]);
  const inner = block({}, [f, block({ clear: 'left', height: P(5) })]);
  const { pages } = layoutTree(block({}, [block({ height: P(10) }), inner]), { width: 100, height: 40 });
  const perPage = pages.map((p) => fragsOf(p, f).map((x) => [x.y, x.height]));
  assert.deepEqual(perPage.flat().reduce((a, x) => a + x[1], 0), 50, 'the float is laid out once in all');
});

test('a resumed box below a float continuation keeps its place in the flow (no restart, no page loop)', () => {
  // section { height: 100px } > float (5 lines of 2px) + clear: left; 5px pages: the float runs over 3 pages,
  // the section over 20; the cleared block comes once, after the float.
  const f = para('bb bb bb bb bb', { fontSize: 2, float: 'left', width: P(4) });
  const after = para('aa', { fontSize: 2, clear: 'left' });
  const section = block({ height: P(100) }, [f, after]);
  const { pages } = layoutTree(block({}, [section]), { width: 4, height: 5, maxPages: 40 });
  assert.equal(pages.length, 20);
  assert.deepEqual(pages.map((p) => fragsOf(p, f).length).slice(0, 4), [1, 1, 1, 0]);
  assert.equal(pages.reduce((n, p) => n + fragsOf(p, after).length, 0), 1);
  assert.equal(pages.reduce((n, p) => n + linesOf(p).filter((l) => l.children.some((c) => c.kind === 'text' && c.text === 'bb')).length, 0), 5);
});

test('a float with no room for its first line goes whole to the next page', () => {
  const before = block({ height: P(35) });
  const f = para('aaaa aaaa', { fontSize: 10, float: 'left', width: P(30) });
  const { pages } = layoutTree(block({}, [before, f]), { width: 100, height: 40 });
  assert.equal(pages.length, 2);
  assert.equal(linesOf(pages[0]).length, 0);
  assert.deepEqual(fragsOf(pages[1], f).map((x) => [x.x, x.y, x.height, x.startsBox, x.endsBox]), [[0, 0, 20, true, true]]);
});

test('a float cleared past a fragmented float moves on with it and lands below its last fragment', () => {
  const f = para('bb bb bb bb bb', { fontSize: 2, float: 'left', width: P(4) });
  const g = para('aa', { fontSize: 2, float: 'left', clear: 'left', width: P(4) });
  const { pages } = layoutTree(block({}, [f, g]), { width: 4, height: 4 });
  assert.equal(pages.length, 3);
  const real = (p: number) => fragsOf(pages[p], g).filter((x) => x.height > 0).map((x) => [x.y, x.height]);
  assert.deepEqual([real(0), real(1), real(2)], [[], [], [[2, 2]]]);
  assert.deepEqual(fragsOf(pages[2], f).map((x) => [x.y, x.height]), [[0, 2]]);
});
