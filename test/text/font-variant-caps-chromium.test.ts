// In: "Hello AV office 123, Ab!" at 16px under each font-variant-caps value in Liberation Sans, DejaVu Sans and
// Liberation Serif (no caps features: small capitals synthesised) and in the web font Barlow Condensed (smcp and c2sc,
// no pcap, c2pc, unic or titl: petite caps fall back to small caps, unicase to small caps of its capitals).
// Out: widths against Chromium 156 (getBoundingClientRect of a span, print emulation, fonts as test/fidelity/make-refs.mjs)
// and the runs behind them (size, case, source text kept for copy and paste), as Blink's OpenTypeCapsSupport decides.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FontVariantCaps } from '../../src/text/types.ts';
import type { FontFaceRule } from '../../src/css/styled.ts';
import { context, spec, near, FIXTURE_FONTS } from './helpers.ts';

const TEXT = 'Hello AV office 123, Ab!';
const CAPS: FontVariantCaps[] = ['normal', 'small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'titling-caps'];

/** Chromium 156: the span's width (px) per family, in the order of CAPS. */
const CHROMIUM: Record<string, number[]> = {
  'Liberation Sans': [165.75, 169.78125, 140.421875, 169.78125, 140.421875, 136.375, 165.75],
  'DejaVu Sans': [188.8125, 180.4375, 147.25, 180.4375, 147.25, 155.609375, 188.8125],
  'Liberation Serif': [160.4375, 164.78125, 136.203125, 164.78125, 136.203125, 131.875, 160.4375],
  'Barlow Condensed': [115.109375, 124.828125, 124.78125, 124.828125, 124.78125, 115.0625, 115.109375],
};

function barlow() {
  const c = context(FIXTURE_FONTS);
  const rule: FontFaceRule = { family: 'Barlow Condensed', sources: [{ kind: 'url', url: 'barlowcondensed-regular.otf', format: 'opentype' }], weight: [400, 400], style: 'normal', unicodeRange: [] };
  c.ctx.addFontFaces([rule]);
  return c;
}

test('every font-variant-caps value measures as in Chromium 156, bundled fonts (synthesised) and a web font (OpenType)', () => {
  const { ctx, warnings } = barlow();
  for (const [family, widths] of Object.entries(CHROMIUM)) {
    CAPS.forEach((caps, i) => near(ctx.measure(TEXT, spec(family, { fontVariantCaps: caps })), widths[i], 1 / 64, `${family} ${caps}`));
  }
  assert.deepEqual(warnings.list, []);
});

/** The runs of TEXT: [font size, the glyphs' source text] each. */
function runs(family: string, caps: FontVariantCaps): Array<[number, string]> {
  const { ctx } = barlow();
  return ctx.shape(TEXT, spec(family, { fontVariantCaps: caps })).map((r) => [r.fontSize, r.glyphs.map((g) => g.text).join('')]);
}

test('synthesised caps: which letters shrink to 0.7 of the size (11 px at 16 px), as Blink splits them', () => {
  // small-caps and petite-caps: lower-case letters as capitals at 11 px.
  const small: Array<[number, string]> = [[16, 'H'], [11, 'ello'], [16, ' AV '], [11, 'office'], [16, ' 123, A'], [11, 'b'], [16, '!']];
  assert.deepEqual(runs('Liberation Sans', 'small-caps'), small);
  assert.deepEqual(runs('Liberation Sans', 'petite-caps'), small);
  // all-small-caps and all-petite-caps: everything at 11 px, spaces, digits and punctuation too.
  const all = runs('Liberation Sans', 'all-small-caps');
  assert.ok(all.every(([size]) => size === 11), JSON.stringify(all));
  assert.equal(all.map(([, t]) => t).join(''), TEXT);
  assert.deepEqual(runs('Liberation Sans', 'all-petite-caps'), all);
  // unicase: what does not change when upper-cased (capitals, digits, spaces) at 11 px, lower-case letters as they are.
  assert.deepEqual(runs('Liberation Sans', 'unicase'), [[11, 'H'], [16, 'ello'], [11, ' AV '], [16, 'office'], [11, ' 123, A'], [16, 'b'], [11, '!']]);
  // titling-caps without titl: normal text.
  assert.deepEqual(runs('Liberation Sans', 'titling-caps'), [[16, TEXT]]);
  // The glyphs are capitals (upper-cased before shaping) but keep their source text.
  const { ctx } = context();
  const g = ctx.shape('ab', spec('Liberation Sans', { fontVariantCaps: 'small-caps' }))[0].glyphs;
  const G = ctx.shape('AB', spec('Liberation Sans'))[0].glyphs;
  assert.deepEqual(g.map((x) => x.id), G.map((x) => x.id));
  assert.deepEqual(g.map((x) => x.text), ['a', 'b']);
});

test('a web font with smcp and c2sc: caps by OpenType features, one run at the full size', () => {
  for (const caps of CAPS) {
    const r = runs('Barlow Condensed', caps);
    assert.equal(r.length, caps === 'unicase' ? 7 : 1, caps);
    assert.ok(r.every(([size]) => size === 16), caps);
    assert.equal(r.map(([, t]) => t).join(''), TEXT, caps);
  }
});
