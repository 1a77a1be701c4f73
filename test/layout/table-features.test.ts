// In: HTML tables through the real stages (parse → cascade → boxes → layout → paint), on 400×300 px pages.
// Out: assertions on collapsed borders (half-border rule, segments painted once), spacing and backgrounds, vertical-align, captions, pagination with repeated header/footer, nested and inline tables, in px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutHtml } from './helpers.ts';
import { renderPdf } from '../../src/index.ts';
import { pieceFragment, type BoxFragment, type Fragment } from '../../src/layout/fragment.ts';
import { tempDir } from '../tmp.ts';

const doc = (css: string, body: string): string => `<!doctype html><html><head><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px sans-serif } td { padding: 0 } ${css}</style></head><body>${body}</body></html>`;
const boxes = (f: Fragment): BoxFragment[] => (f.kind === 'box' ? [f, ...f.children.flatMap(boxes)] : []);
/** A table fragment's children with its collapsed border pieces (kept as arrays, BoxFragment.pieces) as fragments. */
const unpacked = (t: BoxFragment): Fragment[] => t.children.flatMap((c) => (c.kind === 'box' && c.pieces ? Array.from({ length: c.pieces.styles.length }, (_, i) => pieceFragment(c.pieces!, i)) : [c]));
/** The table box's fragment of the element `id` (byId finds its wrapper first). */
const tableOf = (r: ReturnType<typeof layoutHtml>, id: string): BoxFragment => r.allById(id).map((x) => x.frag).find((f) => f.box.kind === 'table')!;

test('collapsed borders: the wider border wins, the table holds half the outer borders, each edge is one segment', () => {
  const r = layoutHtml(doc('table { border-collapse: collapse; border: 2px solid blue } td { border: 1px solid black; width: 20px; height: 10px } #b { border-left: 5px dashed red }',
    '<table id=t><tr><td id=a></td><td id=b></td></tr><tr><td id=c></td><td id=d></td></tr></table>'));
  const t = tableOf(r, 't'), a = r.byId('a'), b = r.byId('b');
  // Table border box: half of the 2px outer borders, 20px content + halves of the cells' edges.
  assert.deepEqual([a.x - t.x, a.y - t.y], [1, 1]);
  assert.deepEqual(a.border, { top: 1, right: 2.5, bottom: 0.5, left: 1 });
  assert.equal(a.width, 1 + 20 + 2.5);
  assert.equal(b.x, a.x + a.width);
  assert.equal(t.width, 1 + 23.5 + (2.5 + 20 + 1) + 1);
  // Cells paint no borders of their own; the table carries one segment per grid edge.
  assert.equal(a.style.borderLeft.style, 'none');
  const pieces = unpacked(t).filter((c): c is BoxFragment => c.kind === 'box' && c.box.kind === 'block');
  const segments = pieces.filter((p) => p.border.top > 0 || p.border.left > 0);
  assert.equal(segments.length, 2 * 3 + 3 * 2, '6 vertical + 6 horizontal segments');
  assert.equal(pieces.length - segments.length, 3 * 3, 'and 9 corners');
  const red = pieces.filter((p) => p.style.borderLeft.style === 'dashed');
  assert.equal(red.length, 1);
  // Between the corners: half the 2px table border above, half the 1px row border below.
  assert.deepEqual([red[0].x, red[0].width, red[0].y, red[0].height], [b.x - 2.5, 5, a.y + 1, a.height - 1 - 0.5]);
  const corner = pieces.find((p) => p.x === b.x - 2.5 && p.y === a.y - 1)!;
  assert.deepEqual([corner.width, corner.height, corner.style.backgroundColor], [5, 2, { r: 255, g: 0, b: 0, a: 1 }], 'the 5px red edge wins the corner over the 2px blue one');
});

test('collapsed borders: hidden wins over every other border; style breaks width ties (double over solid)', () => {
  const r = layoutHtml(doc('table { border-collapse: collapse } td { border: 3px solid black; width: 20px; height: 10px } #a { border-right: hidden } #c { border-bottom: 3px double green }',
    '<table id=t><tr><td id=a></td><td id=b></td></tr><tr><td id=c></td><td id=d></td></tr></table>'));
  const a = r.byId('a'), c = r.byId('c');
  assert.equal(a.border.right, 0);
  assert.equal(r.byId('b').border.left, 0);
  const pieces = unpacked(tableOf(r, 't')).filter((x): x is BoxFragment => x.kind === 'box' && x.box.kind === 'block');
  assert.ok(pieces.some((p) => p.style.borderTop.style === 'double' && p.y === c.y + c.height - 1.5), 'the double border wins the table bottom under #c');
});

test('separate borders: spacing around the edge cells; empty-cells: hide; row backgrounds only under cells', () => {
  const r = layoutHtml(doc('table { border-spacing: 6px 4px; border: 2px solid; padding: 1px; empty-cells: hide } tr { background: yellow } td { width: 30px; height: 10px; background: red }',
    '<table id=t><tr id=row><td id=a>x</td><td id=e></td></tr></table>'));
  const t = tableOf(r, 't'), a = r.byId('a'), e = r.byId('e');
  assert.deepEqual([a.x - t.x, a.y - t.y], [2 + 1 + 6, 2 + 1 + 4]);
  assert.equal(t.width, 2 + 1 + 6 + 30 + 6 + 30 + 6 + 1 + 2);
  assert.equal(t.height, 2 + 1 + 4 + 10 + 4 + 1 + 2);
  assert.equal(e.style.backgroundColor.a, 0, 'the empty cell paints no background');
  const row = r.byId('row');
  assert.equal(row.style.backgroundColor.a, 0, 'the row itself paints nothing');
  const yellow = row.children.filter((c): c is BoxFragment => c.kind === 'box' && c.style.backgroundColor.g === 255 && c.style.backgroundColor.r === 255 && c.style.backgroundColor.b === 0);
  assert.deepEqual(yellow.map((y) => [y.x, y.width]), [[a.x, 30]], 'one yellow piece under #a, none in the gaps nor under the hidden empty cell');
});

test('printed, vertical-align: baseline sizes the row but leaves the cells\' lines at the top (as Chromium prints); middle and bottom', () => {
  const r = layoutHtml(doc('table { border-spacing: 0 }',
    '<table><tr><td id=a style="font-size:30px;line-height:30px;vertical-align:baseline">A</td><td id=b style="vertical-align:baseline">b</td><td id=m style="vertical-align:middle">m</td><td id=bt style="vertical-align:bottom">z</td></tr></table>'));
  const a = r.byId('a'), b = r.byId('b');
  assert.ok(a.baseline !== undefined && b.baseline !== undefined);
  // Under block fragmentation (layoutHtml lays out pages) the baseline-aligned content is not shifted:
  // test/layout/table-baseline-print-chromium.test.ts has Chromium's figures.
  assert.equal((b.children[0] as Fragment).y, b.y, 'b stays at the top of its cell');
  assert.equal(a.height, 30);
  const mText = r.byId('m').children[0] as Fragment, bText = r.byId('bt').children[0] as Fragment;
  assert.equal(mText.y, 10);
  assert.equal(bText.y, 20);
});

test('captions: top and bottom captions take the table width; the wrapper centres with margin auto', () => {
  const r = layoutHtml(doc('table { margin: 0 auto; border-spacing: 0 } td { width: 100px; height: 20px }',
    '<table id=t><caption id=top>Top</caption><caption id=bot style="caption-side:bottom">Bottom</caption><tr><td></td><td></td></tr></table>'));
  const t = tableOf(r, 't'), top = r.byId('top'), bot = r.byId('bot');
  assert.deepEqual([t.x, t.y, t.width], [100, 10, 200]);
  assert.equal(r.byId('t').height, 40, 'the wrapper holds both captions');
  assert.deepEqual([top.x, top.y, top.width], [100, 0, 200]);
  assert.deepEqual([bot.x, bot.y, bot.width], [100, 30, 200]);
});

test('nested tables: a 100% inner table fills its cell; the outer auto table shrinks around its content', () => {
  const r = layoutHtml(doc('table { border-spacing: 0 }',
    '<table id=o><tr><td id=c style="padding:5px"><table id=i style="width:100%"><tr><td><div style="width:80px;height:10px"></div></td></tr></table></td><td><div style="width:40px;height:10px"></div></td></tr></table>'));
  const o = r.byId('o'), c = r.byId('c'), i = r.byId('i');
  assert.equal(o.width, 90 + 40);
  assert.deepEqual([i.x, i.width], [c.x + 5, 80]);
});

test('a 100% column makes an auto table take the full width (e-mail layouts)', () => {
  const r = layoutHtml(doc('table { border-spacing: 0 }', '<table id=t><tr><td width="100%">a</td><td id=b><div style="width:50px;height:5px"></div></td></tr></table>'));
  assert.equal(r.byId('t').width, 400);
  assert.equal(r.byId('b').width, 50);
});

test('inline-table sits on the line with its first row baseline', () => {
  const r = layoutHtml(doc('table { border-spacing: 0 }', '<div style="font-size:20px;line-height:40px">X<table id=t style="display:inline-table"><tr><td style="padding-top:7px;vertical-align:baseline">y</td></tr></table></div>'));
  const t = r.byId('t');
  assert.ok(t.x >= 10, 'after the X');
  const line = r.pages[0].children.flatMap(boxes).find((f) => f.box.element?.name === 'div')!.children[0];
  assert.equal(line.kind, 'line');
  // The cell's first baseline is on the line's baseline.
  const cellLine = boxes(t).find((f) => f.box.kind === 'table-cell')!.children[0] as { y: number; baseline: number };
  assert.ok(cellLine.y >= t.y + 7);
  assert.ok(Math.abs(cellLine.baseline - (line as { baseline: number }).baseline) < 0.01, `table top ${t.y}, line baseline ${(line as { baseline: number }).baseline}`);
});

test('footer group repeats at the bottom of each page; break-before between rows forces a new page', () => {
  const rows = Array.from({ length: 20 }, (_, i) => `<tr id=r${i}${i === 15 ? ' style="break-before:page"' : ''}><td style="height:20px">${i}</td></tr>`).join('');
  const r = layoutHtml(doc('table { border-spacing: 0 }', `<table><thead><tr><td id=h style="height:20px">H</td></tr></thead><tfoot><tr><td id=f style="height:20px">F</td></tr></tfoot><tbody>${rows}</tbody></table>`));
  // Page 1: header + 13 rows + footer = 300; page 2: header, rows 13–14, forced break; page 3: header, rows 15–19, footer.
  assert.equal(r.pages.length, 3);
  assert.deepEqual(r.allById('f').map((x) => [x.page, x.frag.y]), [[0, 280], [1, 60], [2, 120]]);
  assert.deepEqual(r.allById('r15').map((x) => [x.page, x.frag.y]), [[2, 20]]);
});

test('break-inside: avoid on a row group moves the whole group to the next page', () => {
  const body = (id: string, n: number): string => `<tbody id=${id} style="break-inside:avoid">${Array.from({ length: n }, () => '<tr><td style="height:20px">x</td></tr>').join('')}</tbody>`;
  const r = layoutHtml(doc('table { border-spacing: 0 }', `<table>${body('g1', 10)}${body('g2', 8)}</table>`));
  assert.deepEqual(r.allById('g2').map((x) => [x.page, x.frag.y]), [[1, 0]]);
});

test('a 60-row table on 3 pages shows its header text on every page (renderPdf + pdftotext)', async () => {
  const rows = Array.from({ length: 60 }, (_, i) => `<tr><td>Item ${i + 1}</td><td>${(i * 3.5).toFixed(2)}</td></tr>`).join('');
  const html = `<!doctype html><html><head><style>@page { size: A5; margin: 10mm } body { font: 12px/1.5 sans-serif } td, th { padding: 4px; border-bottom: 1px solid #ccc } table { width: 100%; border-collapse: collapse }</style></head><body>
    <table><thead><tr><th>Description</th><th>Amount</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
  const out = await renderPdf(html, { creationDate: new Date(0) });
  assert.equal(out.pageCount, 3);
  const dir = tempDir('quire-table-');
  writeFileSync(join(dir, 't.pdf'), out.pdf);
  const pages = execFileSync('pdftotext', ['-layout', join(dir, 't.pdf'), '-'], { encoding: 'utf8' }).split('\f').filter((p) => p.trim());
  assert.equal(pages.length, 3);
  for (const p of pages) assert.match(p, /Description\s+Amount/);
  assert.match(pages[0], /Item 1\b/);
  assert.match(pages[2], /Item 60\b/);
  const all = pages.join('\n');
  for (let i = 1; i <= 60; i++) assert.equal(all.split(new RegExp(`Item ${i}\\b`)).length - 1, 1, `Item ${i} exactly once`);
});

test('direction: rtl runs the columns right to left; collapsed start borders are the physical right ones', () => {
  const r = layoutHtml(doc('table { border-collapse: collapse; direction: rtl; width: 200px } td { height: 10px } #a { border-right: 4px solid red; width: 50px }',
    '<table id=t><tr><td id=a></td><td id=b></td></tr></table>'));
  const t = tableOf(r, 't'), a = r.byId('a'), b = r.byId('b');
  assert.equal(t.border.right, 2, 'half the 4px start border of the first cell, on the right');
  assert.equal(t.border.left, 0);
  assert.equal(a.x + a.width, t.x + t.width - 2);
  assert.equal(b.x, t.x);
  assert.ok(b.x + b.width <= a.x + 0.01);
});

test('an rtl table with both margins set in an ltr containing block keeps its margin-left (CSS 2.1 §10.3.3: the containing block decides)', () => {
  const r = layoutHtml(doc('table { direction: rtl; margin: 7px; border-collapse: collapse } td { width: 20px; height: 10px }', '<table id=t><tr><td></td><td></td></tr></table>'));
  assert.equal(tableOf(r, 't').x, 7);
});
