// Tests of shaped text shared across renders for @font-face faces (src/text/shared-runs.ts). In: font contexts
// of successive renders whose rules name different font files under one family. Out: faces, glyphs and widths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Font } from 'fontkit';
import type { FontFaceRule } from '../../src/css/styled.ts';
import type { GlyphRun } from '../../src/text/types.ts';
import { context, spec, FONTS_BASE, FIXTURE_FONTS } from './helpers.ts';

function rule(family: string, file: string): FontFaceRule {
  return { family, sources: [{ kind: 'url', url: file }], weight: [400, 400], style: 'normal', unicodeRange: [] };
}
const ids = (runs: readonly GlyphRun[]): number[] => runs.flatMap((r) => r.glyphs.map((g) => g.id));
const width = (runs: readonly GlyphRun[]): number => runs.reduce((w, r) => w + r.width, 0);

test('two fonts under one family name in two renders do not share shaped text', () => {
  // One FontSpec object for both renders, as kept computed styles give; the text is shaped in each.
  const docFont = spec(['Doc Font', 'serif']);
  const text = 'Quarterly report: Waffle AV';
  const own = (family: string): GlyphRun[] => context().ctx.shape(text, spec(family));
  for (const [file, family] of [['DejaVuSans.ttf', 'DejaVu Sans'], ['LiberationSans-Regular.ttf', 'Liberation Sans'], ['DejaVuSans.ttf', 'DejaVu Sans']] as const) {
    const { ctx, warnings } = context(FONTS_BASE);
    ctx.addFontFaces([rule('Doc Font', file)]);
    const runs = ctx.shape(text, docFont);
    assert.equal(runs.length, 1, file);
    assert.equal(runs[0]!.face, ctx.match(docFont), `${file}: the run is in this render's face`);
    assert.equal((runs[0]!.face.font as Font).familyName, family, file);
    assert.equal(runs[0]!.face.family, 'Doc Font', file);
    assert.deepEqual(ids(runs), ids(own(family)), `${file}: ${family}'s glyphs`);
    assert.equal(width(runs), width(own(family)), `${file}: ${family}'s advances`);
    assert.equal(ctx.measure(text, docFont), width(own(family)), file);
    assert.deepEqual(warnings.list, []);
  }
  assert.notEqual(width(own('DejaVu Sans')), width(own('Liberation Sans')), 'the two fonts differ for this text');
});

test('text that needed a fallback family is shaped again where that family is another font', () => {
  // The icon font lacks Latin letters: "a" comes from the next family, "Extra", whose file differs per render.
  const icons = `data:font/woff;base64,${readFileSync(new URL('fa-regular-400.woff', FIXTURE_FONTS)).toString('base64')}`;
  const s = spec(['Icons', 'Extra', 'serif']);
  for (const [extra, family] of [['DejaVuSansMono.ttf', 'DejaVu Sans Mono'], ['LiberationMono-Regular.ttf', 'Liberation Mono'], [null, 'Liberation Serif']] as const) {
    const { ctx } = context(FONTS_BASE);
    ctx.addFontFaces(extra ? [rule('Icons', icons), rule('Extra', extra)] : [rule('Icons', icons)]);
    const runs = ctx.shape('a\uf004', s);
    assert.equal(runs.length, 2, String(extra));
    assert.equal((runs[0]!.face.font as Font).familyName, family, String(extra));
    assert.equal((runs[1]!.face.font as Font).familyName, 'Font Awesome 5 Free Regular', String(extra));
  }
});

test('a unicode-range face shares text only with the same range', () => {
  // The same file serves Latin letters in one render; in the next its range leaves out "Q", which then comes from the fallback.
  const text = 'Quote';
  const shapeIn = (range: Array<[number, number]>): GlyphRun[] => {
    const { ctx } = context(FONTS_BASE);
    ctx.addFontFaces([{ ...rule('Doc Font', 'DejaVuSans.ttf'), unicodeRange: range }]);
    return ctx.shape(text, spec(['Doc Font', 'serif']));
  };
  const all = shapeIn([[0x20, 0x7e]]);
  assert.deepEqual(all.map((r) => (r.face.font as Font).familyName), ['DejaVu Sans']);
  const noQ = shapeIn([[0x20, 0x50], [0x52, 0x7e]]);
  assert.deepEqual(noQ.map((r) => [(r.face.font as Font).familyName, r.text]), [['Liberation Serif', 'Q'], ['DejaVu Sans', 'uote']]);
});
