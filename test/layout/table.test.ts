// In: HTML tables through the real stages (parse → cascade → boxes → layout), on 400×300 px pages.
// Out: assertions on column widths, cell positions, spans, border-spacing, collapsed borders, vertical-align and table pagination, in px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';

const doc = (css: string, body: string): string => `<!doctype html><html><head><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px sans-serif } td { padding: 0 } ${css}</style></head><body>${body}</body></html>`;

test('fixed-width columns with border-spacing', () => {
  const r = layoutHtml(doc('table { border-spacing: 4px 2px }', '<table id=t><tr><td id=a style="width:50px;height:20px"></td><td id=b style="width:70px"></td></tr></table>'));
  const a = r.byId('a'), b = r.byId('b');
  assert.deepEqual([a.x, a.y, a.width, a.height], [4, 2, 50, 20]);
  assert.deepEqual([b.x, b.width, b.height], [58, 70, 20]);
  const t = r.byId('t');
  assert.deepEqual([t.width, t.height], [4 + 50 + 4 + 70 + 4, 2 + 20 + 2]);
});

test('width: 100% distributes extra space in proportion to max-content; colspan spans columns', () => {
  const r = layoutHtml(doc('table { width: 100%; border-spacing: 0 }', '<table><tr><td id=a style="width:100px">x</td><td id=b>y</td></tr><tr><td id=c colspan=2>z</td></tr></table>'));
  const a = r.byId('a'), b = r.byId('b'), c = r.byId('c');
  assert.equal(a.x, 0);
  assert.equal(Math.round(a.width + b.width), 400);
  assert.ok(b.width > 250, `auto column takes the extra: ${b.width}`);
  assert.deepEqual([c.x, Math.round(c.width)], [0, 400]);
});

test('auto table shrinks to its content and centres with margin auto', () => {
  const r = layoutHtml(doc('table { margin: 0 auto; border-spacing: 0 }', '<table id=t><tr><td><div style="width:100px;height:5px"></div></td></tr></table>'));
  const t = r.byId('t');
  assert.deepEqual([t.x, t.width], [150, 100]);
});

test('border-collapse: shared borders are drawn once, cells take half of the wider one', () => {
  const r = layoutHtml(doc('table { border-collapse: collapse } td { border: 1px solid black; width: 20px; height: 10px } #b { border-left: 3px solid red }',
    '<table><tr><td id=a></td><td id=b></td></tr></table>'));
  const a = r.byId('a'), b = r.byId('b');
  assert.equal(a.border.right, 1.5, 'half of the 3px winner on each side of the shared edge');
  assert.equal(b.border.left, 1.5);
  assert.equal(b.border.right, 0.5);
  assert.equal(b.x, a.x + a.width);
});

test('row height is the tallest cell; vertical-align middle and bottom move the content', () => {
  const r = layoutHtml(doc('table { border-spacing: 0 }', '<table><tr><td id=a style="height:40px"></td><td id=b style="vertical-align:middle"><div id=m style="height:10px;width:5px"></div></td><td style="vertical-align:bottom"><div id=bt style="height:10px;width:5px"></div></td></tr></table>'));
  assert.equal(r.byId('b').height, 40);
  assert.equal(r.byId('m').y, 15);
  assert.equal(r.byId('bt').y, 30);
});

test('a long table breaks between rows and repeats its header on the next page', () => {
  const rows = Array.from({ length: 40 }, (_, i) => `<tr><td id=r${i} style="height:20px">${i}</td></tr>`).join('');
  const r = layoutHtml(doc('table { border-spacing: 0 }', `<table><thead><tr><td id=h style="height:20px">H</td></tr></thead><tbody>${rows}</tbody></table>`));
  assert.equal(r.pages.length, 3);
  const heads = r.allById('h');
  assert.deepEqual(heads.map((h) => [h.page, h.frag.y]), [[0, 0], [1, 0], [2, 0]]);
  // 14 body rows after the header on page 1 (15 × 20 = 300).
  assert.deepEqual(r.allById('r14').map((h) => [h.page, h.frag.y]), [[1, 20]]);
});

test('a row taller than the page is split: its cell content continues on the next pages', () => {
  const paras = Array.from({ length: 40 }, (_, i) => `<p id=p${i} style="margin:0;height:20px;break-inside:avoid">${i}</p>`).join('');
  const r = layoutHtml(doc('table { border-spacing: 0; width: 100% }', `<div style="height:50px"></div><table><tr><td id=cell>${paras}</td></tr></table><div id=after style="height:10px"></div>`));
  assert.equal(r.pages.length, 3);
  // 800px of content from y 50: 12 paragraphs on page 1 (50 + 12·20 = 290), 15 on page 2, 13 on page 3.
  assert.deepEqual(r.allById('p12').map((x) => [x.page, x.frag.y]), [[1, 0]]);
  assert.deepEqual(r.allById('p39').map((x) => [x.page, x.frag.y]), [[2, 240]]);
  assert.deepEqual(r.allById('cell').map((x) => x.page), [0, 1, 2]);
  assert.deepEqual(r.allById('after').map((x) => [x.page, x.frag.y]), [[2, 260]]);
});
