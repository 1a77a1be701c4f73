// In: hand-built box trees on small pages (200×300 px, or 200×100) with the fake inline engine.
// Out: assertions on pagination: page count, break-before/after, break-inside: avoid, orphans/widows, margin truncation, slicing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, para, img, layoutTree, fragOf, fragsOf, linesOf, P } from './helpers.ts';
import { RenderError } from '../../src/errors.ts';
import { nextPageName } from '../../src/layout/page.ts';

test('a tall document flows onto 3 pages; each page resumes where the last ended', () => {
  const kids = Array.from({ length: 25 }, () => block({ height: P(30) }));
  const root = block({}, kids);
  const { pages } = layoutTree(root, { height: 300 });
  assert.equal(pages.length, 3);
  // 10 boxes of 30px fill a 300px page; the 11th starts page 2 at y 0.
  assert.equal(fragOf(pages[1], kids[10]).y, 0);
  assert.equal(fragOf(pages[2], kids[20]).y, 0);
  // A box that straddles the page bottom is sliced (it is not monolithic).
  const odd = Array.from({ length: 9 }, () => block({ height: P(35) }));
  const r = layoutTree(block({}, odd), { height: 300 });
  assert.deepEqual(fragsOf(r.pages[0], odd[8]).map((f) => [f.y, f.height]), [[280, 20]]);
  assert.deepEqual(fragsOf(r.pages[1], odd[8]).map((f) => [f.y, f.height]), [[0, 15]]);
  assert.equal(fragOf(pages[0], root).startsBox, true);
  assert.equal(fragOf(pages[1], root).startsBox, false);
  assert.equal(fragOf(pages[0], root).endsBox, false);
  assert.equal(fragOf(pages[2], root).endsBox, true);
});

test('break-before: page and break-after: page force new pages; a forced break keeps the margin after it', () => {
  const a = block({ height: P(10) });
  const b = block({ height: P(10), breakBefore: 'page', marginTop: P(12) });
  const c = block({ height: P(10), breakAfter: 'page' });
  const d = block({ height: P(10), marginTop: P(7) });
  const root = block({}, [a, b, c, d]);
  const { pages } = layoutTree(root);
  assert.equal(pages.length, 3);
  assert.equal(fragOf(pages[1], b).y, 12);
  assert.equal(fragOf(pages[2], d).y, 7);
});

test('margins at an unforced break are truncated', () => {
  const a = block({ height: P(80) });
  const b = block({ height: P(50), marginTop: P(10) });
  const root = block({}, [a, b]);
  const { pages } = layoutTree(root, { height: 100 });
  assert.equal(pages.length, 2);
  assert.equal(fragOf(pages[1], b).y, 0);
});

test('break-left/right is a page break, with no blank page (as Chromium 156 prints it: left-right-breaks-chromium.test.ts)', () => {
  const a = block({ height: P(10) });
  const b = block({ height: P(10), breakBefore: 'left' });
  const c = block({ height: P(10), breakBefore: 'left' });
  const root = block({}, [a, b, c]);
  const { pages } = layoutTree(root);
  // page 1 (a), page 2 (b), page 3 (c): the second left break lands on a right page
  assert.equal(pages.length, 3);
  assert.equal(fragsOf(pages[1], b).length, 1);
  assert.equal(fragsOf(pages[2], c).length, 1);
});

test('break-inside: avoid moves a whole box to the next page; a box taller than a page is split', () => {
  const a = block({ height: P(60) });
  const kids = [block({ height: P(30) }), block({ height: P(30) })];
  const b = block({ breakInside: 'avoid' }, kids);
  const c = block({ height: P(250) });
  const root = block({}, [a, b, c]);
  const { pages } = layoutTree(root, { height: 100 });
  assert.equal(fragsOf(pages[0], b).length, 0);
  assert.equal(fragOf(pages[1], b).y, 0);
  assert.equal(fragOf(pages[1], b).height, 60);
  // c: 40px on page 2, 100 on page 3, 100 on page 4, 10 on page 5
  const cs = pages.map((p) => fragsOf(p, c)).flat();
  assert.deepEqual(cs.map((f) => f.height), [40, 100, 100, 10]);
  assert.deepEqual(cs.map((f) => [f.startsBox, f.endsBox]), [[true, false], [false, false], [false, false], [false, true]]);
});

test('break-after: avoid moves the previous box along with the next one', () => {
  const a = block({ height: P(50) });
  const h = block({ height: P(20), breakAfter: 'avoid' });
  const b = img(10, 50);
  const root = block({}, [a, h, b]);
  const { pages } = layoutTree(root, { height: 100 });
  assert.equal(fragsOf(pages[0], h).length, 0);
  assert.equal(fragOf(pages[1], h).y, 0);
  assert.equal((pages[1].children[0] as { children: Array<{ y: number }> }).children[1].y, 20);
});

test('lines split between pages respect orphans and widows', () => {
  // 10 lines of 10px ("w" words at 10px font fill the 200px line: one word per line at width 20 chars)
  const text = Array.from({ length: 10 }, (_, i) => 'x'.repeat(30) + i).join(' ');
  const filler = block({ height: P(75) });
  const p = para(text, { fontSize: 10, orphans: 3, widows: 3 });
  const root = block({}, [filler, p]);
  const { pages } = layoutTree(root, { height: 100 });
  // 25px left: 2 lines fit, but orphans 3 → the paragraph moves to page 2.
  assert.equal(fragsOf(pages[0], p).length, 0);
  assert.equal(linesOf(pages[1]).length, 10);
  const p2 = para(text, { fontSize: 10, orphans: 2, widows: 4 });
  const filler2 = block({ height: P(50) });
  const r2 = layoutTree(block({}, [filler2, p2]), { height: 100 });
  // 5 lines fit, widows 4 → only 10 - 4 = 6 ≥ 5: 5 lines on page 1 would leave 5; fine: 5 and 5.
  assert.equal(linesOf(r2.pages[0]).length, 5);
  assert.equal(linesOf(r2.pages[1]).length, 5);
  const p3 = para(text, { fontSize: 10, orphans: 2, widows: 7 });
  const r3 = layoutTree(block({}, [block({ height: P(50) }), p3]), { height: 100 });
  assert.equal(linesOf(r3.pages[0]).length, 3);
  assert.equal(linesOf(r3.pages[1]).length, 7);
  assert.equal(linesOf(r3.pages[1])[0].y, 0);
});

test('the page cap throws RenderError TOO_MANY_PAGES', () => {
  const kids = Array.from({ length: 20 }, () => block({ height: P(100) }));
  assert.throws(() => layoutTree(block({}, kids), { height: 100, maxPages: 5 }), (e: unknown) => e instanceof RenderError && e.code === 'TOO_MANY_PAGES');
});

test('page margins offset the page area', () => {
  const a = block({ height: P(10) });
  const { pages } = layoutTree(block({}, [a]), { margin: 20 });
  assert.deepEqual(pages[0].area, { x: 20, y: 20, width: 160, height: 260 });
  assert.deepEqual([fragOf(pages[0], a).x, fragOf(pages[0], a).y, fragOf(pages[0], a).width], [20, 20, 160]);
});

test('named pages: a change of page name breaks the page and selects the named page style', () => {
  const a = block({ height: P(10) });
  const b = block({ height: P(10), page: 'wide' });
  const c = block({ height: P(10), page: 'wide' });
  const d = block({ height: P(10) });
  const { pages } = layoutTree(block({}, [a, b, c, d]));
  assert.equal(pages.length, 3);
  assert.equal(fragsOf(pages[1], b).length + fragsOf(pages[1], c).length, 2);
  assert.equal(fragsOf(pages[2], d).length, 1);
  assert.equal(nextPageName(block({}, [b]), null), 'wide');
});

test('a clipping box with a definite height is monolithic: it moves to the next page whole', () => {
  const a = block({ height: P(70) });
  const kids = [block({ height: P(30) }), block({ height: P(30) })];
  const clip = block({ height: P(50), overflowX: 'hidden', overflowY: 'hidden' }, kids);
  const { pages } = layoutTree(block({}, [a, clip]), { height: 100 });
  assert.equal(fragsOf(pages[0], clip).length, 0);
  assert.deepEqual(fragsOf(pages[1], clip).map((f) => [f.y, f.height]), [[0, 50]]);
  assert.equal(fragOf(pages[1], kids[1]).y, 30, 'its overflowing child stays with it (clipped at paint)');
});
