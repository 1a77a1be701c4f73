// In: HTML with line-clamp, -webkit-line-clamp, max-lines, block-ellipsis, continue and text-overflow, laid out with the bundled fonts.
// Out: assertions on the lines kept, the ellipsis text and position, and the heights of the clamped boxes (px).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutHtml } from './helpers.ts';
import type { Fragment, LineFragment, TextFragment } from '../../src/layout/fragment.ts';

// 10px monospace (Liberation Mono): every character advances 6.001px, so 10 characters do not fit in 60px.
const HEAD = '<style>@page { size: 300px 300px; margin: 0 } body { margin: 0; font: 10px/10px monospace } p { margin: 0 }</style>';
const TEXT = 'aaaa bbbb cccc dddd eeee ffff gggg hhhh';

function lines(f: Fragment): LineFragment[] {
  if (f.kind === 'line') return [f];
  return f.kind === 'box' ? f.children.flatMap(lines) : [];
}
function texts(f: Fragment): TextFragment[] {
  if (f.kind === 'text') return [f];
  return f.kind === 'line' || f.kind === 'inline' || f.kind === 'box' ? f.children.flatMap(texts) : [];
}
const lineText = (l: LineFragment): string => texts(l).map((t) => t.text).join('');
const lastText = (l: LineFragment): TextFragment => { const t = texts(l); return t[t.length - 1]; };

test('line-clamp: 2 keeps two lines, ends the second with U+2026 and sizes the box to them', () => {
  const r = layoutHtml(`${HEAD}<p id="p" style="line-clamp: 2; width: 61px">${TEXT}</p><p id="after">after</p>`);
  const p = r.byId('p');
  assert.deepEqual(lines(p).map(lineText), ['aaaa bbbb', 'cccc dddd…']);
  assert.equal(p.height, 20);
  assert.equal(r.byId('after').y, 20);
  const e = lastText(lines(p)[1]);
  assert.equal(e.text, '…');
  assert.ok(Math.abs(e.x - 54) < 0.1); // right after "cccc dddd" (9 × 6px)
});

test('-webkit-line-clamp with display: -webkit-box; -webkit-box-orient: vertical clamps like Chromium', () => {
  const r = layoutHtml(`${HEAD}<div id="d" style="display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden; width: 61px">${TEXT}</div>`);
  const d = r.byId('d');
  assert.deepEqual(lines(d).map(lineText), ['aaaa bbbb', 'cccc dddd', 'eeee ffff…']);
  assert.equal(d.height, 30);
  // Without the vertical orientation it stays a (flex) box with all its lines.
  const h = layoutHtml(`${HEAD}<div id="d" style="display: -webkit-box; -webkit-line-clamp: 3; width: 60px">${TEXT}</div>`);
  assert.equal(h.byId('d').height, 40);
});

test('the ellipsis replaces content that does not fit beside it; a custom block-ellipsis string', () => {
  const r = layoutHtml(`${HEAD}<p id="p" style="line-clamp: 1 '[more]'; width: 61px">${TEXT}</p>`);
  const l = lines(r.byId('p'));
  assert.equal(l.length, 1);
  // "aaaa bbbb" (54px) + "[more]" (36px) > 61px: characters go until it fits.
  assert.equal(lineText(l[0]), 'aaaa[more]');
  assert.ok(lastText(l[0]).x + lastText(l[0]).width <= 61);
});

test('lines are counted across nested blocks; what follows the clamp point is not laid out', () => {
  const r = layoutHtml(`${HEAD}<div id="d" style="line-clamp: 3; width: 61px"><p id="a">aaaa</p><p id="b">${TEXT}</p><p id="c">cccc</p></div><p id="after">x</p>`);
  assert.deepEqual(lines(r.byId('d')).map(lineText), ['aaaa', 'aaaa bbbb', 'cccc dddd…']);
  assert.equal(r.allById('c').length, 0);
  assert.equal(r.byId('d').height, 30);
  assert.equal(r.byId('after').y, 30);
  // The clamp ends exactly with the content of a child: the ellipsis goes there once later content is discarded.
  const e = layoutHtml(`${HEAD}<div id="d" style="line-clamp: 2; width: 61px"><p>aaaa</p><p>bbbb</p><p>cccc</p></div>`);
  assert.deepEqual(lines(e.byId('d')).map(lineText), ['aaaa', 'bbbb…']);
  const exact = layoutHtml(`${HEAD}<div id="d" style="line-clamp: 2; width: 60px"><p>aaaa</p><p>bbbb</p></div>`);
  assert.deepEqual(lines(exact.byId('d')).map(lineText), ['aaaa', 'bbbb']);
});

test('an independent formatting context inside a clamped box does not count its lines', () => {
  const r = layoutHtml(`${HEAD}<div id="d" style="line-clamp: 2; width: 60px"><div id="i" style="overflow: hidden">${TEXT}</div><p>zzzz</p><p>yyyy</p></div>`);
  assert.equal(lines(r.byId('i')).length, 4);
  assert.deepEqual(lines(r.byId('d')).slice(4).map(lineText), ['zzzz', 'yyyy']);
});

test('max-lines with block-ellipsis: none clamps without an ellipsis; text-align right re-aligns the last line', () => {
  const r = layoutHtml(`${HEAD}<p id="p" style="max-lines: 2; width: 60px">${TEXT}</p>`);
  assert.deepEqual(lines(r.byId('p')).map(lineText), ['aaaa bbbb', 'cccc dddd']);
  const right = layoutHtml(`${HEAD}<p id="p" style="line-clamp: 2; width: 66px; text-align: right">${TEXT}</p>`);
  const l = lines(right.byId('p'))[1];
  assert.equal(lineText(l), 'cccc dddd…');
  assert.ok(Math.abs(lastText(l).x + lastText(l).width - 66) < 0.01);
  assert.ok(Math.abs(texts(l)[0].x - 6) < 0.1);
});

test('continue: discard: what does not fit on the page is dropped, the last line on the page gets the ellipsis', () => {
  const paras = Array.from({ length: 8 }, () => '<p>aaa</p>').join('');
  const r = layoutHtml(`<style>@page { size: 100px 50px; margin: 0 } body { margin: 0; font: 10px/10px monospace } p { margin: 0 }</style><div id="d" style="continue: discard; block-ellipsis: auto">${paras}</div><p id="after">b</p>`);
  const d = r.byId('d');
  assert.equal(r.allById('d').length, 1);
  assert.deepEqual(lines(d).map(lineText), ['aaa', 'aaa', 'aaa', 'aaa', 'aaa…']);
  assert.equal(d.height, 50);
  assert.equal(r.pages.length, 2); // #after goes on the next page
});

test('text-overflow: ellipsis hides what does not fit at the end edge (rendering only)', () => {
  const css = 'overflow: hidden; white-space: nowrap; width: 60px';
  const r = layoutHtml(`${HEAD}<div id="d" style="${css}; text-overflow: ellipsis">${TEXT}</div><div id="c" style="${css}">${TEXT}</div>`);
  const l = lines(r.byId('d'))[0];
  assert.equal(lineText(l), 'aaaa bbb…');
  assert.ok(Math.abs(lastText(l).x - 48) < 0.1);
  assert.equal(lineText(lines(r.byId('c'))[0]), TEXT); // text-overflow: clip (initial)
  // overflow: visible: no ellipsis.
  const v = layoutHtml(`${HEAD}<div id="d" style="white-space: nowrap; width: 60px; text-overflow: ellipsis">${TEXT}</div>`);
  assert.equal(lineText(lines(v.byId('d'))[0]), TEXT);
  // A line that fits is left alone.
  const fits = layoutHtml(`${HEAD}<div id="d" style="${css}; text-overflow: ellipsis">aaaa</div>`);
  assert.equal(lineText(lines(fits.byId('d'))[0]), 'aaaa');
});

test('text-overflow: atomic inlines that do not fit are hidden; a string value; rtl truncates at the left', () => {
  const css = 'overflow: hidden; white-space: nowrap; width: 60px';
  const r = layoutHtml(`${HEAD}<div id="d" style="${css}; text-overflow: ellipsis">aaaa<span id="ib" style="display: inline-block; width: 36px">x</span>bb</div>`);
  const l = lines(r.byId('d'))[0];
  assert.equal(l.children.some((c) => c.kind === 'box'), false);
  assert.equal(lineText(l), 'aaaa…');
  const s = layoutHtml(`${HEAD}<div id="d" style="${css}; text-overflow: '..'">${TEXT}</div>`);
  assert.equal(lineText(lines(s.byId('d'))[0]), 'aaaa bb..');
  const rtl = layoutHtml(`${HEAD}<div id="d" style="${css}; text-overflow: ellipsis; direction: rtl">${TEXT}</div>`);
  const rl = lines(rtl.byId('d'))[0];
  const t = texts(rl);
  const e = t.find((f) => f.text === '…')!;
  const rest = t.filter((f) => f !== e);
  assert.equal(rest.map((f) => f.text).join(''), 'ggg hhhh'); // the content overflowed the left (end) edge
  assert.ok(e.x >= rl.x && Math.abs(e.x + e.width - Math.min(...rest.map((f) => f.x))) < 0.01);
  assert.ok(Math.abs(Math.max(...rest.map((f) => f.x + f.width)) - (rl.x + rl.width)) < 0.01);
});

test('a clamped box split across pages keeps counting its lines on the next page', () => {
  const paras = Array.from({ length: 8 }, (_, i) => `<p>line${i}</p>`).join('');
  const r = layoutHtml(`<style>@page { size: 100px 30px; margin: 0 } body { margin: 0; font: 10px/10px monospace } p { margin: 0 }</style><div id="d" style="max-lines: 5; block-ellipsis: auto">${paras}</div>`);
  const parts = r.allById('d');
  assert.equal(parts.length, 2);
  assert.deepEqual(parts.map((p) => lines(p.frag).map(lineText)), [['line0', 'line1', 'line2'], ['line3', 'line4…']]);
  assert.equal(r.pages.length, 2);
  // One paragraph split between the pages.
  const one = layoutHtml(`<style>@page { size: 100px 30px; margin: 0 } body { margin: 0; font: 10px/10px monospace } p { margin: 0; width: 25px }</style><p id="p" style="max-lines: 5; block-ellipsis: auto">a1 a2 a3 a4 a5 a6 a7 a8</p>`);
  assert.deepEqual(one.allById('p').map((p) => lines(p.frag).map(lineText)), [['a1', 'a2', 'a3'], ['a4', 'a5…']]);
});

test("text-overflow of a clipping box truncates its anonymous block children's lines", () => {
  const css = 'overflow: hidden; white-space: nowrap; width: 60px; text-overflow: ellipsis';
  const r = layoutHtml(`${HEAD}<div id="d" style="${css}">${TEXT}<p id="p">${TEXT}</p></div>`);
  const l = lines(r.byId('d'));
  assert.equal(lineText(l[0]), 'aaaa bbb…');
  assert.equal(lineText(l[1]), TEXT); // the <p> itself does not clip
});
