// In: hand-built lines with atomic inlines, padded inline boxes and text-indent (fake 0.5em font, 16px: 8px per character).
// Out: text-align right/center/justify use the whole content width (css-text-3 §7.1), and inline-tables in a right-aligned line (T3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, lay, span, style, texts } from './inline/helpers.ts';
import { layoutHtml } from './helpers.ts';
import { px } from '../../src/css/computed.ts';
import type { Fragment, TextFragment } from '../../src/layout/fragment.ts';

test('text-align: right and center count atomic inlines, inline box edges and text-indent', () => {
  const ib = block(style({ display: 'inline-block', width: px(30), height: px(10) }));
  ib.outer = 'inline';
  ib.inlineContent = false;
  ib.children = [];
  const r = lay(block(style({ textAlign: 'right' }), 'ab ', ib), 100);
  const box = r.lines[0].children.find((c) => c.kind === 'box')!;
  assert.equal(box.x + box.width, 100);
  assert.equal(texts(r.lines[0])[0].x, 100 - 30 - 24);
  const padded = lay(block(style({ textAlign: 'center' }), span(style({ paddingLeft: px(10), paddingRight: px(10) }), 'ab')), 100);
  const inl = padded.lines[0].children[0];
  assert.equal(inl.x, (100 - 36) / 2);
  const indented = lay(block(style({ textAlign: 'right', textIndent: px(20) }), 'ab'), 100);
  assert.equal(texts(indented.lines[0])[0].x + texts(indented.lines[0])[0].width, 100);
});

test('an inline-table on a right-aligned line ends at the line end (test_tables_11)', () => {
  const r = layoutHtml(`<style>@page { size: 200px 100px; margin: 0 } body { margin: 0; text-align: right; font-size: 0 }
    table { display: inline-table; width: 110px; border-collapse: collapse; table-layout: fixed } td { border: 10px solid red; width: 40px; height: 30px }</style>
    <table id="t"><tr><td></td><td></td></tr></table>`);
  const t = r.byId('t');
  assert.equal(t.x + t.width, 200);
  assert.ok(t.x < 100);
});

test('inline-flex and inline-grid on right-aligned and centred lines', () => {
  const r = layoutHtml(`<style>@page { size: 300px 100px; margin: 0 } body { margin: 0; font: 10px/10px monospace; text-align: right }</style>
    <div><span id="f" style="display: inline-flex; width: 50px; height: 10px"><span>a</span></span></div>
    <div><span id="g" style="display: inline-grid; grid-template-columns: 20px 20px"><span>a</span><span>b</span></span></div>
    <div style="text-align: center"><span id="c" style="display: inline-flex; width: 40px; height: 10px"></span></div>`);
  assert.equal(r.byId('f').x, 250);
  assert.equal(r.byId('g').x, 260);
  assert.equal(r.byId('c').x, 130);
});

test('text-align: justify-all justifies the last line too', () => {
  const r = layoutHtml(`<style>@page { size: 300px 100px; margin: 0 } body { margin: 0; font: 10px/10px monospace }</style>
    <div style="text-align: justify-all; width: 100px">aa bb</div><div style="text-align: justify; width: 100px">aa bb</div>`);
  const all: TextFragment[] = [];
  const walk = (f: Fragment): void => {
    if (f.kind === 'text') all.push(f);
    if (f.kind === 'box' || f.kind === 'line' || f.kind === 'inline') f.children.forEach(walk);
  };
  r.pages[0].children.forEach(walk);
  assert.equal(all.length, 2);
  assert.ok(Math.abs(all[0].x + all[0].width - 100) < 0.01); // spread over the whole line
  assert.ok(all[1].width < 31); // justify: the last line stays start-aligned
});
