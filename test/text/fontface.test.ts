// Tests of @font-face loading. In: rules with relative files and data: URIs (TTF, WOFF, WOFF2), local(),
// format() hints, descriptors, unicode-range, bad sources. Out: assertions on matched faces, widths, warnings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Font } from 'fontkit';
import type { FontFaceRule } from '../../src/css/styled.ts';
import { context, spec, near, FONTS_BASE, FIXTURE_FONTS } from './helpers.ts';

function rule(family: string, sources: FontFaceRule['sources'], extra: Partial<FontFaceRule> = {}): FontFaceRule {
  return { family, sources, weight: [400, 400], style: 'normal', unicodeRange: [], ...extra };
}
const url = (u: string, format?: string): FontFaceRule['sources'][number] => (format ? { kind: 'url', url: u, format } : { kind: 'url', url: u });
const dataUri = (file: URL, mime: string) => `data:${mime};base64,${readFileSync(file).toString('base64')}`;

test('a relative TTF loads through the document folder and shadows nothing else', () => {
  const { ctx, warnings } = context(FONTS_BASE);
  ctx.addFontFaces([rule('Body Font', [url('DejaVuSans.ttf', 'truetype')])]);
  const face = ctx.match(spec(['Body Font', 'serif']));
  assert.equal((face.font as Font).familyName, 'DejaVu Sans');
  assert.equal(face.family, 'Body Font');
  assert.match(face.key, /^font:[0-9a-f]{16}$/);
  assert.equal(ctx.metrics(spec('body font')).normalLineHeight, 19);
  near(ctx.measure('Hello', spec('Body Font')), 40.5625, 1 / 64, 'same width as DejaVu Sans');
  assert.equal(ctx.match(spec('serif')).family, 'Liberation Serif');
  assert.deepEqual(warnings.list, []);
});

test('WOFF2 and WOFF from data: URIs and files (fontkit decodes them)', () => {
  const { ctx, warnings } = context(FIXTURE_FONTS);
  ctx.addFontFaces([
    rule('Icons2', [url(dataUri(new URL('fa-regular-400.woff2', FIXTURE_FONTS), 'font/woff2'), 'woff2')]),
    rule('Icons1', [url('fa-regular-400.woff', 'woff')]),
  ]);
  for (const fam of ['Icons2', 'Icons1']) {
    const runs = ctx.shape('\uf004', spec(fam));
    assert.equal(runs.length, 1, fam);
    assert.equal((runs[0].face.font as Font).familyName, 'Font Awesome 5 Free Regular', fam);
    assert.notEqual(runs[0].glyphs[0].id, 0, fam);
    near(runs[0].width, 16, 1e-9, `${fam}: advance 512 of 512 units at 16px`);
    assert.equal(runs[0].glyphs[0].text, '\uf004');
  }
  // Latin text is not in the icon font: per-character fallback goes to Chromium's default font
  // (Liberation Serif, matched by weight) before the platform fallback (measured in Chromium).
  assert.equal(ctx.shape('a', spec('Icons1'))[0].face.family, 'Liberation Serif');
  assert.equal(ctx.shape('â', spec('Icons1', { fontWeight: 700 }))[0].face.key, 'bundled:LiberationSerif-Bold');
  assert.equal(ctx.shape('\u0370', spec('Icons1'))[0].face.family, 'DejaVu Sans');
  assert.deepEqual(warnings.list, []);
});

test('a TTF from a data: URI; parsed fonts are shared across renders by content hash', () => {
  const src = url(dataUri(new URL('DejaVuSansMono.ttf', FONTS_BASE), 'font/ttf'));
  const a = context();
  a.ctx.addFontFaces([rule('Code', [src])]);
  const b = context();
  b.ctx.addFontFaces([rule('Other Name', [src])]);
  const fa = a.ctx.match(spec('Code'));
  const fb = b.ctx.match(spec('Other Name'));
  assert.equal(fa.font, fb.font);
  assert.equal(fa.key, fb.key);
  assert.equal((fa.font as Font).familyName, 'DejaVu Sans Mono');
});

test('sources are tried in order; unsupported formats are skipped; a later good source loads silently', () => {
  const { ctx, warnings } = context(FONTS_BASE);
  ctx.addFontFaces([rule('Stack', [
    url('font.eot?#iefix', 'embedded-opentype'),
    url('font.svg#x', 'svg'),
    url('missing.woff2', 'woff2'),
    url('DejaVuSerif.ttf', 'truetype'),
  ])]);
  assert.equal((ctx.match(spec('Stack')).font as Font).familyName, 'DejaVu Serif');
  assert.deepEqual(warnings.list, []);
});

test('unreadable faces warn once (font-load) and the list moves on', () => {
  const { ctx, warnings } = context(FONTS_BASE);
  ctx.addFontFaces([
    rule('Net', [url('https://example.com/font.woff2', 'woff2')], { line: 7 }),
    rule('Escape', [url('../package.json')]),
    rule('Garbage', [url('data:font/ttf;base64,AAEAAAALAIAAAwAwT1MvMg==')]),
    rule('Nothing', []),
  ]);
  assert.equal(ctx.match(spec(['Net', 'Escape', 'Garbage', 'Nothing', 'monospace'])).family, 'Liberation Mono');
  ctx.match(spec(['Net', 'monospace']));
  const codes = warnings.list.map((w) => w.code);
  assert.deepEqual(codes, ['font-load', 'font-load', 'font-load', 'font-load']);
  assert.match(warnings.list[0].message, /Net.*not fetched/);
  assert.equal(warnings.list[0].line, 7);
  assert.match(warnings.list[1].message, /outside the document's folder/);
  assert.match(warnings.list[2].message, /not a readable font/);
});

test('local() matches a bundled face by full or PostScript name', () => {
  const { ctx, warnings } = context();
  ctx.addFontFaces([
    rule('Loc', [{ kind: 'local', name: 'Liberation Sans Bold' }]),
    rule('Loc2', [{ kind: 'local', name: 'Not Installed' }, { kind: 'local', name: 'DejaVuSerif-Italic' }]),
  ]);
  const f = ctx.match(spec('Loc'));
  assert.equal(f.key, 'bundled:LiberationSans-Bold');
  assert.equal(f.family, 'Loc');
  assert.equal(ctx.match(spec('Loc2')).key, 'bundled:DejaVuSerif-Italic');
  assert.deepEqual(warnings.list, []);
});

test('weight and style descriptors select faces; missing bold/italic is synthesised', () => {
  const { ctx } = context(FONTS_BASE);
  ctx.addFontFaces([
    rule('Fam', [url('DejaVuSans.ttf')], { weight: [400, 400] }),
    rule('Fam', [url('DejaVuSans-Bold.ttf')], { weight: [600, 800] }),
    rule('Thin', [url('DejaVuSerif.ttf')], { weight: [100, 300] }),
  ]);
  const m = (family: string, fontWeight: number, fontStyle: 'normal' | 'italic' = 'normal') => ctx.match(spec(family, { fontWeight, fontStyle }));
  assert.equal((m('Fam', 400).font as Font).postscriptName, 'DejaVuSans');
  assert.equal((m('Fam', 700).font as Font).postscriptName, 'DejaVuSans-Bold');
  assert.equal((m('Fam', 900).font as Font).postscriptName, 'DejaVuSans-Bold');
  assert.equal((m('Fam', 500).font as Font).postscriptName, 'DejaVuSans');
  assert.equal(m('Fam', 700).synthetic, undefined);
  assert.deepEqual(m('Fam', 400, 'italic').synthetic, { bold: false, oblique: true });
  assert.deepEqual(m('Thin', 700, 'italic').synthetic, { bold: true, oblique: true });
  assert.equal(m('Thin', 700, 'italic').key, m('Thin', 300).key);   // same file, same key for paint
  assert.equal(m('Thin', 700, 'italic'), m('Thin', 800, 'italic')); // stable variant objects
});

test('unicode-range splits a family across faces; @font-face shadows a bundled family name', () => {
  const { ctx } = context(FONTS_BASE);
  ctx.addFontFaces([
    rule('Mixed', [url('DejaVuSans.ttf')], { unicodeRange: [[0, 0x7f]] }),
    rule('Mixed', [url('DejaVuSerif.ttf')], { unicodeRange: [[0x2070, 0x207f]] }),
    rule('Arial', [url('DejaVuSansMono.ttf')]),
  ]);
  const runs = ctx.shape('x\u2070y', spec('Mixed'));
  assert.deepEqual(runs.map((r) => [(r.face.font as Font).familyName, r.text]), [['DejaVu Sans', 'x'], ['DejaVu Serif', '\u2070'], ['DejaVu Sans', 'y']]);
  assert.equal((ctx.match(spec('Mixed')).font as Font).familyName, 'DejaVu Sans');
  assert.equal((ctx.match(spec('Arial')).font as Font).familyName, 'DejaVu Sans Mono');
});

test('a CFF-flavoured OpenType font (OTF): metrics and widths as Chromium', () => {
  const { ctx, warnings } = context(FIXTURE_FONTS);
  ctx.addFontFaces([rule('Barlow Condensed', [url('barlowcondensed-regular.otf', 'opentype')])]);
  const face = ctx.match(spec('Barlow Condensed'));
  assert.equal((face.font as Font).familyName, 'Barlow Condensed');
  // USE_TYPO_METRICS is set: typo 1000/-200/0 per 1000 em. Chromium: 16px → line height 19, baseline 16.
  const m = ctx.metrics(spec('Barlow Condensed'));
  assert.equal(m.normalLineHeight, 19);
  assert.equal(m.ascent, 16);
  near(ctx.measure('Hello World', spec('Barlow Condensed')), 58.109375, 1 / 64, 'Chromium "Hello World"');
  near(ctx.measure('office fluffy', spec('Barlow Condensed')), 60.484375, 1 / 64, 'Chromium, with ffi and fl ligatures');
  assert.deepEqual(ctx.shape('office', spec('Barlow Condensed'))[0].glyphs.map((g) => g.text), ['o', 'ffi', 'c', 'e']);
  // The font has smcp: small-caps uses it (Chromium 68.84375).
  near(ctx.measure('Hello World', spec('Barlow Condensed', { fontVariantCaps: 'small-caps' })), 68.84375, 1 / 64, 'smcp');
  assert.deepEqual(warnings.list, []);
});

test('WOFF2 fonts subset with their outlines (fontkit alone writes empty glyphs for WOFF2)', async () => {
  const fontkit = await import('fontkit');
  const { ctx } = context(FIXTURE_FONTS);
  ctx.addFontFaces([rule('Icons', [url('fa-regular-400.woff2', 'woff2')])]);
  const font = ctx.match(spec('Icons')).font as Font;
  const heart = font.glyphForCodePoint(0xf004);
  const subset = font.createSubset();
  const id = subset.includeGlyph(heart.id);
  const back = fontkit.create(subset.encode()) as Font;
  const copy = back.getGlyph(id);
  assert.equal(copy.path.toSVG(), heart.path.toSVG());
  assert.equal(copy.advanceWidth, heart.advanceWidth);
  assert.ok(copy.path.commands.length > 10);
});

test('encodeSimpleGlyph writes a valid glyf entry', async () => {
  const { encodeSimpleGlyph } = await import('../../src/text/woff2-subset.ts');
  const bytes = encodeSimpleGlyph([[{ x: 0, y: 0, onCurve: true }, { x: 100, y: 0, onCurve: true }, { x: 50, y: 80, onCurve: false }]]);
  const v = new DataView(bytes.buffer);
  assert.equal(v.getInt16(0), 1);            // one contour
  assert.deepEqual([v.getInt16(2), v.getInt16(4), v.getInt16(6), v.getInt16(8)], [0, 0, 100, 80]);
  assert.equal(v.getUint16(10), 2);          // last point index
  assert.equal(bytes.length % 4, 0);
  assert.equal(encodeSimpleGlyph([]).length, 0);
});

test('a family whose unicode-range misses U+0020 is not the primary font but still serves its range', () => {
  const { ctx } = context(FIXTURE_FONTS);
  ctx.addFontFaces([rule('Icons', [url('fa-regular-400.woff', 'woff')], { unicodeRange: [[0xf000, 0xf8ff]] })]);
  const s = spec(['Icons', 'sans-serif']);
  assert.equal(ctx.match(s).family, 'Liberation Sans');
  assert.equal(ctx.metrics(s).normalLineHeight, 18);
  const runs = ctx.shape('a\uf004', s);
  assert.deepEqual(runs.map((r) => r.face.family), ['Liberation Sans', 'Icons']);
});

test('a font spec shaped before its @font-face rules arrive is shaped with the web font after (resolution per spec object renewed)', () => {
  const { ctx } = context(FONTS_BASE);
  const s = spec(['Body Font', 'serif']);
  assert.equal((ctx.shape('Hello', s)[0]!.face.font as Font).familyName, 'Liberation Serif');
  ctx.addFontFaces([rule('Body Font', [url('DejaVuSans.ttf', 'truetype')])]);
  assert.equal((ctx.shape('Hello', s)[0]!.face.font as Font).familyName, 'DejaVu Sans');
  assert.equal((ctx.shape('Hello!', s)[0]!.face.font as Font).familyName, 'DejaVu Sans');
});
