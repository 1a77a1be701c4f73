// In: declarations of the line-truncation properties. Out: their computed values (css-overflow-3 §3, css-overflow-4 §4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStyle } from '../../src/css/properties/index.ts';
import { WarningSink } from '../../src/warnings.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';

function cs(css: string, parent: ComputedStyle | null = null): { s: ComputedStyle; warnings: WarningSink } {
  const warnings = new WarningSink();
  const decls = css.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const i = d.indexOf(':');
    return { name: d.slice(0, i).trim(), value: d.slice(i + 1).trim(), important: false };
  });
  return { s: computeStyle(decls, { parent, rootFontSize: 16, quirks: false, warnings }), warnings };
}

test('line-clamp expands to max-lines, block-ellipsis and continue', () => {
  assert.deepEqual([cs('line-clamp: 3').s.maxLines, cs('line-clamp: 3').s.blockEllipsis, cs('line-clamp: 3').s.continue], [3, 'auto', 'discard']);
  const s = cs('line-clamp: 2 "(…)"').s;
  assert.equal(s.maxLines, 2);
  assert.deepEqual(s.blockEllipsis, { text: '(…)' });
  const none = cs('max-lines: 1; continue: discard; block-ellipsis: "x"; line-clamp: none').s;
  assert.deepEqual([none.maxLines, none.blockEllipsis, none.continue], ['none', 'none', 'auto']);
  const bad = cs('line-clamp: 0');
  assert.equal(bad.s.maxLines, 'none');
  assert.equal(bad.warnings.list.length, 1);
});

test('block-ellipsis inherits; text-overflow, max-lines and continue do not', () => {
  const p = cs('block-ellipsis: "…"; text-overflow: ellipsis; max-lines: 2; continue: discard').s;
  const c = cs('', p).s;
  assert.deepEqual(c.blockEllipsis, { text: '…' });
  assert.deepEqual([c.textOverflow, c.maxLines, c.continue], ['clip', 'none', 'auto']);
  assert.deepEqual(cs('text-overflow: "--"').s.textOverflow, { text: '--' });
  assert.equal(cs('text-overflow: clip ellipsis').s.textOverflow, 'ellipsis');
});

test('-webkit-line-clamp applies with display: -webkit-box and -webkit-box-orient: vertical only', () => {
  const s = cs('display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden').s;
  assert.equal(s.display, 'block');
  assert.equal(s.maxLines, 3);
  assert.equal(s.blockEllipsis, 'auto');
  const inl = cs('display: -webkit-inline-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2').s;
  assert.equal(inl.display, 'inline-block');
  const horiz = cs('display: -webkit-box; -webkit-line-clamp: 3').s;
  assert.deepEqual([horiz.display, horiz.maxLines], ['flex', 'none']);
  const block = cs('display: block; -webkit-box-orient: vertical; -webkit-line-clamp: 3').s;
  assert.deepEqual([block.display, block.maxLines], ['block', 'none']);
  const w = cs('display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3');
  assert.equal(w.warnings.list.length, 0);
});
