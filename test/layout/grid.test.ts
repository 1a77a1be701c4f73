// In: grid containers as HTML through the real stages (400×300 px pages) and the grid modules' functions directly.
// Out: assertions on placement (lines, spans, areas, auto-flow), track sizes, row breaking across pages, baselines, odd input, and an invoice header's word positions in pt against Chromium 156 (renderPdf + pdftotext -bbox).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutHtml, st } from './helpers.ts';
import { renderPdf } from '../../src/index.ts';
import { placeGridItems } from '../../src/layout/grid/placement.ts';
import { sizeTracks } from '../../src/layout/grid/tracks.ts';
import type { Box } from '../../src/box/types.ts';
import type { GridLine, TrackSize } from '../../src/css/computed.ts';
import { px } from '../../src/css/computed.ts';
import { tempDir } from '../tmp.ts';

const doc = (css: string, body: string): string => `<!doctype html><html><head><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px sans-serif } ${css}</style></head><body>${body}</body></html>`;
const L = (line: number): GridLine => ({ kind: 'line', line });
const S = (span: number): GridLine => ({ kind: 'span', span });
const A: GridLine = { kind: 'auto' };
const len = (v: number): TrackSize => ({ kind: 'length', value: px(v) });
const fr = (v: number): TrackSize => ({ kind: 'fr', value: v });
const item = (rs: GridLine = A, re: GridLine = A, cs: GridLine = A, ce: GridLine = A): Box =>
  ({ kind: 'block', outer: 'block', inlineContent: false, children: [], style: st({ gridRowStart: rs, gridRowEnd: re, gridColumnStart: cs, gridColumnEnd: ce }) });

test('placement: definite, row-locked and auto items (sparse), implicit rows and columns', () => {
  const g = placeGridItems(st({ display: 'grid', gridTemplateColumns: [len(10), len(10), len(10)] }), [
    item(), item(A, A, L(3)), item(A, A, S(2)), item(L(1)), item(L(-1), A, L(5)),
  ]);
  assert.deepEqual(g.items.map((i) => [i.row, i.col, i.rowSpan, i.colSpan]), [
    [0, 1, 1, 1], // the row-locked item took column 1 of row 1 first
    [0, 2, 1, 1], // column 3: the cursor (column 2) is not past it, same row
    [1, 0, 1, 2], // span 2 does not fit beside the definite item in column 5: next row
    [0, 0, 1, 1], // grid-row: 1 is placed before the auto items
    [0, 4, 1, 1], // line -1 of an explicit grid without rows is line 1; column line 5 adds implicit columns
  ]);
  assert.equal(g.columns.length, 5);
  assert.deepEqual(g.columns.slice(3), [{ kind: 'auto' }, { kind: 'auto' }]);
  assert.equal(g.rows.length, 2);
});

test('placement: dense fills holes; column flow fills columns first', () => {
  const dense = placeGridItems(st({ display: 'grid', gridTemplateColumns: [len(1), len(1), len(1)], gridAutoFlow: 'row dense' }), [item(A, A, S(2)), item(A, A, S(2)), item()]);
  assert.deepEqual(dense.items.map((i) => [i.row, i.col]), [[0, 0], [1, 0], [0, 2]]);
  const col = placeGridItems(st({ display: 'grid', gridTemplateRows: [len(1), len(1)], gridAutoFlow: 'column' }), [item(), item(), item(), item(S(2))]);
  assert.deepEqual(col.items.map((i) => [i.row, i.col]), [[0, 0], [1, 0], [0, 1], [0, 2]]);
});

test('placement: areas, named lines, negative lines before the grid, huge line numbers are clamped', () => {
  const areas = [['a', 'b'], ['a', 'c']];
  const g = placeGridItems(st({ display: 'grid', gridTemplateAreas: areas }), [
    item({ kind: 'area', name: 'a' }, { kind: 'area', name: 'a' }, { kind: 'area', name: 'a' }, { kind: 'area', name: 'a' }),
    item(A, A, { kind: 'area', name: 'c-start' }, { kind: 'area', name: 'c-end' }),
    item(A, A, L(-4)),
    item(L(100000), L(100001)),
  ]);
  // Column line -4 of a 2-column grid is one implicit column before it: everything shifts right by one.
  assert.deepEqual(g.items.slice(0, 3).map((i) => [i.row, i.col, i.rowSpan]), [[0, 1, 2], [0, 2, 1], [1, 0, 1]]); // sparse: column 1 is behind the cursor, next row
  assert.equal(g.items[3].row, 1000);
  assert.equal(g.rows.length, 1001);
});

test('track sizing: fr share, fixed, minmax, intrinsic contributions, spans, max-content mode', () => {
  assert.deepEqual(sizeTracks([len(100), fr(1), fr(2)], [], 400, 0, 'definite', true), [100, 100, 200]);
  // An item wider than its 1fr share makes that track inflexible (§11.7.1).
  assert.deepEqual(sizeTracks([fr(1), fr(1)], [{ start: 0, span: 1, minContent: 300, maxContent: 300, minimum: 300 }], 400, 0, 'definite', true), [300, 100]);
  // auto tracks: min-content floor, max-content limit, then free space up to the limits, then stretched.
  const items = [{ start: 0, span: 1, minContent: 50, maxContent: 80, minimum: 50 }, { start: 1, span: 1, minContent: 20, maxContent: 100, minimum: 20 }];
  assert.deepEqual(sizeTracks([{ kind: 'auto' }, { kind: 'auto' }], items, 140, 0, 'definite', false), [80, 60]);
  assert.deepEqual(sizeTracks([{ kind: 'auto' }, { kind: 'auto' }], items, 300, 0, 'definite', true), [140, 160]);
  assert.deepEqual(sizeTracks([{ kind: 'auto' }, { kind: 'auto' }], items, null, 0, 'max-content', false), [80, 100]);
  // A spanning item grows the intrinsic tracks it spans (§11.5 step 3).
  assert.deepEqual(sizeTracks([len(50), { kind: 'auto' }], [{ start: 0, span: 2, minContent: 200, maxContent: 200, minimum: 200 }], null, 10, 'max-content', false), [50, 140]);
  assert.deepEqual(sizeTracks([{ kind: 'minmax', min: len(30), max: len(60) }, fr(1)], [], null, 0, 'min-content', false), [30, 0]);
});

test('rows joined by a spanning item move together; a row across the page bottom breaks inside its items; the container continues', () => {
  const r = layoutHtml(doc('#g { display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 100px; row-gap: 10px; border: 5px solid } #s { grid-row: span 2 }',
    '<div style="height:20px"></div><div id=g><div id=a></div><div id=b></div><div id=c></div><div id=s></div><div id=d></div><div id=e></div><div id=f></div></div><p id=after>x</p>'));
  const at = (id: string) => r.allById(id).map((x) => [x.page, x.frag.y, x.frag.height]);
  assert.deepEqual(at('a'), [[0, 25, 100]]);
  assert.deepEqual(at('c'), [[1, 0, 100]], 'row 2 fits on page 1, but s spans rows 2–3 which do not');
  assert.deepEqual(at('s'), [[1, 0, 210]]);
  assert.deepEqual(at('d'), [[1, 110, 100]]);
  // e's row crosses the page bottom: the stretched (empty) item breaks there and its row continues 20 px on page 3.
  assert.deepEqual(at('e'), [[1, 220, 80], [2, 0, 20]]);
  assert.deepEqual(at('g'), [[0, 20, 280], [1, 0, 300], [2, 0, 25]], 'continued fragments fill the page; the bottom border ends the last');
  assert.deepEqual(at('after'), [[2, 35, 10]]);
});

test('a grid whose first row crosses the page bottom breaks inside its item; a row taller than a page continues (Chromium 156)', () => {
  const r = layoutHtml(doc('.g { display: grid; grid-template-columns: 100px } .g > div { height: 80px }',
    '<div style="height:250px"></div><div class=g id=g><div id=a></div></div><div class=g id=h style="grid-auto-rows: 400px"><div id=b></div></div>'));
  // Chromium 156 prints a at 250-300 and 0-30, b at 30-110 on page 2, and a third (empty) page for the rest of h's row.
  assert.deepEqual(r.allById('a').map((x) => [x.page, x.frag.y, x.frag.height]), [[0, 250, 50], [1, 0, 30]]);
  assert.deepEqual(r.allById('b').map((x) => [x.page, x.frag.y, x.frag.height]), [[1, 30, 80]]);
  assert.deepEqual(r.allById('h').map((x) => [x.page, x.frag.height]), [[1, 270], [2, 130]]);
});

test('an item that must break before itself (a monolithic line) moves its whole row; a grid that cannot start moves', () => {
  const r = layoutHtml(doc('.g { display: grid; grid-template-columns: 100px 100px } img { display: block; width: 10px; height: 80px }',
    '<div style="height:250px"></div><div class=g id=g><div id=a>x</div><div id=b><img></div></div>'));
  assert.deepEqual(r.allById('a').map((x) => [x.page, x.frag.y]), [[1, 0]]);
  assert.deepEqual(r.allById('b').map((x) => [x.page, x.frag.y]), [[1, 0]]);
});

test('inline-grid baseline is its first row\'s first item baseline; items centre with auto margins; abs children', () => {
  const r = layoutHtml(doc('#g { display: inline-grid; grid-template-columns: 40px 40px; position: relative } #a { padding-top: 15px } #z { position: absolute; right: 0; top: 0; width: 5px; height: 5px }',
    '<div id=line><span id=t>Ab</span> <div id=g><div id=a>x</div><div id=b>y</div><div id=z></div></div></div>'));
  const g = r.byId('g'), a = r.byId('a'), z = r.byId('z');
  assert.equal(g.width, 80);
  assert.equal(a.y - g.y, 0);
  assert.equal(z.x, g.x + 75);
  assert.equal(z.y, g.y);
  // The text on the line shares the grid's baseline: "Ab" baseline = a's first line baseline (15px below a's top).
  assert.ok(a.baseline !== undefined && Math.abs((a.baseline - a.y) - (15 + 8)) < 2, `item baseline ${a.baseline! - a.y}`);
});

test('odd input: empty grid, grid-template-columns none, only text, zero-width container: no crash, sane sizes', () => {
  const r = layoutHtml(doc('.g { display: grid }', '<div class=g id=e></div><div class=g id=t>just text here</div><div class=g id=z style="width:0; grid-template-columns: 1fr 1fr 1fr; gap: 10px"><div id=z1>abc</div></div><div class=g id=n style="grid-template-columns: repeat(3, -5px)"><div>x</div></div>'));
  assert.equal(r.byId('e').height, 0);
  assert.equal(r.byId('t').height, 10);
  assert.equal(r.byId('t').width, 400);
  assert.ok(r.byId('z').height >= 10);
  const z1 = r.byId('z1');
  assert.ok(z1.width > 10 && z1.width < 30, `1fr keeps the min-content of "abc" (${z1.width}px) in a 0px container`);
});

// Chromium 156: the same document printed (headless --print-to-pdf) and read with pdftotext -bbox; word [text, xMin, yMin] in pt.
// Chromium rounds the 10mm page margins to whole px (28.5pt instead of 28.35pt): tolerance 1pt.
const INVOICE = `<!doctype html><html><head><style>@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial }
header { display: grid; grid-template-columns: 1fr auto; column-gap: 24px; align-items: start; border-bottom: 2px solid #333; padding-bottom: 8px }
.logo { width: 140px; height: 48px; background: #246; color: white; font: bold 20px/48px Arial; text-align: center }
address { font-style: normal; text-align: right }
.meta { display: grid; grid-template-columns: max-content 1fr max-content; gap: 4px 12px; margin-top: 12px }
.meta .total { grid-column: 1 / -1; text-align: right; font-weight: bold }
</style></head><body>
<header><div class=logo>ACME</div><address>Acme Widgets Ltd<br>12 Harbour Road<br>Bristol BS1 4QA<br>VAT GB123456789</address></header>
<div class=meta><span>Invoice</span><span>INV-2041</span><span>Due 30 days</span><span>Issued</span><span>21 November 2026</span><span>Net</span><div class=total>Amount due 1,250.00</div></div>
</body></html>`;
const CHROMIUM_WORDS: Array<[string, number, number]> = [
  ['ACME', 58.91, 38.17], ['Invoice', 28.50, 93.85], ['INV-2041', 66.02, 93.85], ['Issued', 28.50, 108.85], ['21', 66.02, 108.85],
  ['November', 78.53, 108.85], ['2026', 122.55, 108.85], ['Acme', 494.72, 29.35], ['Widgets', 520.22, 29.35], ['Ltd', 555.24, 29.35],
  ['12', 498.70, 41.35], ['Harbour', 511.21, 41.35], ['Road', 546.23, 41.35], ['Bristol', 502.72, 53.35], ['BS1', 530.23, 53.35],
  ['4QA', 549.74, 53.35], ['VAT', 491.19, 65.35], ['GB123456789', 509.70, 65.35], ['Due', 517.21, 93.85], ['30', 536.22, 93.85],
  ['days', 548.73, 93.85], ['Net', 517.21, 108.85], ['Amount', 477.71, 123.85], ['due', 514.21, 123.85], ['1,250.00', 532.71, 123.85],
];

test('invoice header with grid (logo left, address right, max-content/1fr meta grid): word boxes within 1pt of Chromium 156', async () => {
  const out = await renderPdf(INVOICE, { creationDate: new Date(0) });
  const dir = tempDir('quire-grid-');
  writeFileSync(join(dir, 'g.pdf'), out.pdf);
  const xml = execFileSync('pdftotext', ['-bbox', join(dir, 'g.pdf'), '-'], { encoding: 'utf8' });
  const words = [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => [m[3], +m[1], +m[2]] as const);
  assert.equal(words.length, CHROMIUM_WORDS.length);
  for (const [text, x, y] of CHROMIUM_WORDS) {
    const w = words.find((k) => k[0] === text);
    assert.ok(w, `word ${text}`);
    assert.ok(Math.abs(w[1] - x) < 1 && Math.abs(w[2] - y) < 1, `${text}: quire (${w[1]}, ${w[2]}) pt, Chromium (${x}, ${y}) pt`);
  }
});

test('forced breaks: break-before: page on an item starts its row on a new page; break-after on an item ends its row group', () => {
  const r = layoutHtml(doc('#g { display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 20px }',
    '<div id=g><div id=a></div><div id=b></div><div id=c style="break-before: page"></div><div id=d></div><div id=e style="break-after: page"></div><div id=f></div><div id=h></div></div>'));
  const at = (id: string) => r.allById(id).map((x) => [x.page, x.frag.y]);
  assert.deepEqual([at('a'), at('b'), at('c'), at('d'), at('e'), at('f'), at('h')], [[[0, 0]], [[0, 0]], [[1, 0]], [[1, 0]], [[1, 20]], [[1, 20]], [[2, 0]]]);
});

test('positioned boxes inside items are laid out once, on the page of their row, at their static position', () => {
  const r = layoutHtml(doc('#g { display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 100px; position: relative } #a { align-self: center; height: 10px } #z { position: absolute; left: 5px; width: 4px; height: 4px }',
    '<div id=g><div></div><div></div><div></div><div></div><div></div><div></div><div></div><div id=a><div id=z></div></div></div>'));
  assert.deepEqual(r.allById('z').map((x) => [x.page, x.frag.x, x.frag.y]), [[1, 5, 45]]);
});

test('a 120-row grid statement breaks between rows where Chromium 156 does (pages start with Item 47 and Item 94; renderPdf + pdftotext -bbox)', async () => {
  const rows = Array.from({ length: 120 }, (_, k) => `<div>Item ${k + 1}</div><div>Description of line ${k + 1}</div><div>${(k + 1) * 7}.00</div>`).join('');
  const html = `<!doctype html><html><head><style>@page { size: A4; margin: 10mm } body { margin: 0; font: 12px/16px Arial } .g { display: grid; grid-template-columns: 80px 1fr max-content; gap: 6px 10px; border: 1px solid #999; padding: 4px }</style></head><body><h1 style="font-size:20px;margin:0 0 10px">Statement</h1><div class=g>${rows}</div><p>End of statement</p></body></html>`;
  const out = await renderPdf(html, { creationDate: new Date(0) });
  assert.equal(out.pageCount, 3);
  const dir = tempDir('quire-grid-');
  writeFileSync(join(dir, 'l.pdf'), out.pdf);
  const firstWords = (page: number): Array<[string, number]> => {
    const xml = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-bbox', join(dir, 'l.pdf'), '-'], { encoding: 'utf8' });
    return [...xml.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => [m[2], +m[1]]);
  };
  const p2 = firstWords(2), p3 = firstWords(3);
  assert.deepEqual(p2.slice(0, 2).map((w) => w[0]), ['Item', '47']);
  assert.deepEqual(p3.slice(0, 2).map((w) => w[0]), ['Item', '94']);
  // Chromium 156: the first row of a continued page at yMin 29.35pt (no sliced top border/padding); "End" at 483.10pt on page 3.
  assert.ok(Math.abs(p2[0][1] - 29.35) < 1, `page 2 first row at ${p2[0][1]}pt`);
  const end = p3.find((w) => w[0] === 'End');
  assert.ok(end && Math.abs(end[1] - 483.10) < 1, `End at ${end?.[1]}pt`);
});
