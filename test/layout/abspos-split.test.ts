// In: HTML with absolutely positioned boxes taller than the room left on the page, through the real stages.
// Out: assertions on their fragments page by page (css-break-3 §2, §4: abspos boxes fragment; the rest starts at the next page's top).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';

const PAGE = `<!doctype html><style>@page { size: 200px 100px; margin: 10px 0 }
  body { margin: 0; font: 20px/20px 'Liberation Mono' } p { margin: 0 }</style>`;

test('an abspos box crossing the page bottom continues at the top of the next page area, same x and width', () => {
  const r = layoutHtml(`${PAGE}<div id=a style="position:absolute; top:40px; left:30px; width:50px">
    1<br>2<br>3<br>4<br>5<br>6</div><p>x</p><p>x</p><p>x</p><p>x</p><p>x</p><p>x</p>`);
  const parts = r.allById('a');
  // Page area 80px high from y=10: top 40px -> lines at 50, 70 on page 1 (bottom 90), then 4 lines from y=10.
  assert.deepEqual(parts.map((p) => [p.page, p.frag.x, p.frag.y, p.frag.width, p.frag.height, p.frag.startsBox, p.frag.endsBox]),
    [[0, 30, 50, 50, 40, true, false], [1, 30, 10, 50, 80, false, true]]);
});

test('the rest of an abspos box past the last page gets pages of its own, as Chromium 156 prints it', () => {
  const r = layoutHtml(`${PAGE}<div id=a style="position:absolute; top:0; width:50px">1<br>2<br>3<br>4<br>5<br>6<br>7<br>8<br>9</div>`);
  // Chromium's page.pdf: lines 1-4 on page 1, 5-7 on page 2 (widows: 2 keeps two for the last), 8-9 on page 3.
  assert.equal(r.pages.length, 3);
  assert.deepEqual(r.allById('a').map((p) => [p.page, p.frag.y, p.frag.height]), [[0, 10, 80], [1, 10, 80], [2, 10, 40]]);
});

test('an abspos box at its static position, and one inside it, fragment through several pages', () => {
  const r = layoutHtml(`${PAGE}<p>x</p><div id=a style="position:absolute; width:100%; background:blue">
    1<br>2<br>3<br>4<br>5<div id=b style="position:absolute; width:100%">6<br>7<br>8<br>9</div></div>
    ${'<p>x</p>'.repeat(14)}`);
  // a: static position y=30 (below the first p), 5 lines = 100px -> 60 on page 1, 40 on page 2.
  assert.deepEqual(r.allById('a').map((p) => [p.page, p.frag.y, p.frag.height]), [[0, 30, 60], [1, 10, 40]]);
  // b: its static position is after a's 5 lines (page 2, y=50); 4 lines: 40px there, 40px on page 3.
  assert.deepEqual(r.allById('b').map((p) => [p.page, p.frag.y, p.frag.height]), [[1, 50, 40], [2, 10, 40]]);
});

test('fixed boxes and boxes positioned from the bottom are not fragmented', () => {
  const r = layoutHtml(`${PAGE}<div id=f style="position:fixed; top:0; width:50px">1<br>2<br>3<br>4<br>5<br>6</div>
    <div id=b style="position:absolute; bottom:0; width:50px">1<br>2<br>3<br>4<br>5<br>6</div><p>x</p>${'<p>x</p>'.repeat(5)}`);
  // One whole copy per page; page 1's copy reaches 40 px into page 2's strip of the flow and shows there too, and page 2's
  // first line's text (its content area 1.3 px above the line box) reaches up into page 1's (Chromium 156,
  // test/layout/print-fixed-chromium.test.ts); paint clips each page to its area.
  assert.deepEqual(r.allById('f').map((p) => [p.page, p.frag.y, p.frag.height]), [[0, 10, 120], [0, 90, 120], [1, 10, 120], [1, -70, 120]]);
  assert.deepEqual(r.allById('b').map((p) => [p.page, p.frag.y, p.frag.height]), [[0, -30, 120]]);
});

test('an abspos box goes into the fragment tree where it was met, so a later positioned sibling paints over it (CSS 2.1 Appendix E)', () => {
  const r = layoutHtml(`${PAGE}<div id=cb style="position:relative"><p>x</p><div id=a style="position:absolute; top:0; width:10px; height:10px"></div>
    <div id=b style="position:relative; height:10px"></div></div>`);
  const cb = r.byId('cb');
  const ids = cb.children.map((c) => (c.kind === 'box' ? (c.box.element?.attribs.id ?? c.box.element?.name) : c.kind));
  assert.deepEqual(ids, ['p', 'a', 'b']);
});

test('an abspos box in a table cell (or a positioned table part) is laid out against its containing block outside the table', () => {
  const r = layoutHtml(`${PAGE}<table style="border-spacing:0"><tr><td style="padding:3px">x<div id=a style="position:absolute; top:0; width:10px; height:10px"></div></td></tr></table>
    <div style="display:table"><div id=b style="position:absolute; top:50px; width:10px; display:table-row"><div style="display:table-cell; height:7px"></div></div></div>`);
  const a = r.byId('a'), b = r.byId('b');
  assert.deepEqual([a.x, a.y, a.width, a.height], [3, 10, 10, 10], 'static x: the cell content edge; top: 0 of the page area');
  assert.deepEqual([b.x, b.y, b.height], [0, 60, 7]);
});

test('in an rtl container the static position of an abspos box in inline content is its right edge (CSS 2.1 §10.3.7)', () => {
  const r = layoutHtml(`${PAGE}<div style="direction:rtl; width:100px; position:relative"><span id=a style="position:absolute; display:inline-block; width:30px; height:10px"></span><p>x</p></div>`);
  const a = r.byId('a');
  assert.deepEqual([a.x + a.width, a.width], [100, 30]);
});
