// In: declarations of font-variant-numeric, font-variant-ligatures, font-kerning, font-feature-settings,
// font-variation-settings and the font-variant and font shorthands. Out: their computed feature settings strings
// (css-fonts-4 §6, §7), inheritance, and invalid values dropped with a warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStyle } from '../../src/css/properties/index.ts';
import { WarningSink } from '../../src/warnings.ts';
import type { ComputedStyle } from '../../src/css/computed.ts';

const parseDeclarationList = (text: string) => text.split(';').map((t) => t.trim()).filter(Boolean).map((t) => {
  const i = t.indexOf(':');
  return { name: t.slice(0, i).trim(), value: t.slice(i + 1).trim(), important: false };
});

function style(css: string, parent: ComputedStyle | null = null): { s: ComputedStyle; warnings: WarningSink } {
  const warnings = new WarningSink();
  const s = computeStyle(parseDeclarationList(css), { parent, rootFontSize: 16, quirks: false, warnings });
  return { s, warnings };
}

const F = (s: ComputedStyle) => [s.fontVariantNumeric, s.fontVariantLigatures, s.fontKerning, s.fontFeatureSettings, s.fontVariationSettings];

test('values compute to OpenType feature settings in a fixed order', () => {
  assert.deepEqual(F(style('font-variant-numeric: slashed-zero tabular-nums oldstyle-nums').s), ['onum,tnum,zero', '', '', '', '']);
  assert.deepEqual(F(style('font-variant-ligatures: none').s)[1], 'liga=0,clig=0,dlig=0,hlig=0,calt=0');
  assert.deepEqual(F(style('font-variant-ligatures: no-contextual discretionary-ligatures').s)[1], 'dlig,calt=0');
  assert.deepEqual(F(style('font-kerning: none').s)[2], 'kern=0');
  assert.deepEqual(F(style(`font-feature-settings: "liga" 0, "cv03", "ss01" on, "tnum" off, "liga" 1`).s)[3], 'cv03=1,ss01=1,tnum=0,liga=1');
  assert.deepEqual(F(style(`font-variation-settings: "wght" 650, "wdth" 80.5`).s)[4], 'wght=650,wdth=80.5');
  assert.deepEqual(F(style('-webkit-font-feature-settings: "tnum"').s)[3], 'tnum=1');
});

test('invalid values are dropped with a warning; normal resets', () => {
  for (const bad of ['font-variant-numeric: tabular-nums proportional-nums', 'font-variant-numeric: none', 'font-variant-ligatures: none common-ligatures',
    'font-feature-settings: "toolong"', 'font-feature-settings: tnum', 'font-feature-settings: "tnum" -1', 'font-variation-settings: "wght"', 'font-kerning: yes']) {
    const { s, warnings } = style(bad);
    assert.deepEqual(F(s), ['', '', '', '', ''], bad);
    assert.ok(warnings.list.length > 0, bad);
  }
  assert.deepEqual(F(style('font-variant-numeric: tabular-nums; font-variant-numeric: normal').s)[0], '');
});

test('inherited; font-variant sets numeric and ligatures; the font shorthand resets them all', () => {
  const parent = style(`font-variant-numeric: tabular-nums; font-feature-settings: "ss01"; font-variation-settings: "wght" 600; font-kerning: none`).s;
  assert.deepEqual(F(style('', parent).s), ['tnum', '', 'kern=0', 'ss01=1', 'wght=600']);
  assert.deepEqual(F(style('font: 12px serif', parent).s), ['', '', '', '', '']);
  const v = style('font-variant: small-caps tabular-nums no-common-ligatures').s;
  assert.deepEqual([v.fontVariantCaps, v.fontVariantNumeric, v.fontVariantLigatures], ['small-caps', 'tnum', 'liga=0,clig=0']);
  assert.deepEqual(style('font-variant: none').s.fontVariantLigatures, 'liga=0,clig=0,dlig=0,hlig=0,calt=0');
  assert.deepEqual([style('font-variant-position: super').s.fontVariantPosition, style('font-variant: sub slashed-zero').s.fontVariantPosition], ['sups', 'subs']);
  assert.equal(style('font: 12px serif', style('font-variant-position: sub').s).s.fontVariantPosition, '');
});
