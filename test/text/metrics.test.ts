// Tests of font metrics. In: FontSpecs at several sizes. Out: assertions against values measured in
// headless Chromium with the reference fonts.conf (line height, baseline, x-height, decoration metrics).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, spec, near } from './helpers.ts';

test('Liberation Serif 16px: ascent 14, descent 3, line gap 1 → normal line height 18', () => {
  const m = context().ctx.metrics(spec('serif'));
  assert.equal(m.ascent, 14);
  assert.equal(m.descent, 3);
  assert.equal(m.lineGap, 1);
  assert.equal(m.normalLineHeight, 18);
  near(m.xHeight, 7.34375, 1e-9, 'x-height (OS/2 sxHeight 940/2048 × 16)');
  near(m.chWidth, 8, 1e-9, "advance of '0'");
});

test('normal line heights and baselines match Chromium across fonts and sizes', () => {
  const { ctx } = context();
  // [family, size, line height, ascent (baseline from the top of a normal-line-height line)] from Chromium 1xx headless.
  const expected: Array<[string, number, number, number]> = [
    ['Liberation Serif', 16, 18, 14], ['Liberation Serif', 13, 16, 12], ['Liberation Serif', 12, 15, 11], ['Liberation Serif', 10, 11, 9],
    ['Liberation Serif', 14, 16, 12], ['Liberation Serif', 11, 12, 10], ['Liberation Serif', 20, 23, 18], ['Liberation Serif', 9, 10, 8],
    ['Liberation Sans', 16, 18, 14], ['Liberation Sans', 13, 15, 12], ['Liberation Sans', 14, 16, 13], ['Liberation Sans', 20, 23, 18],
    ['Liberation Mono', 16, 18, 13], ['Liberation Mono', 12, 14, 10], ['Liberation Mono', 20, 23, 17],
    ['DejaVu Sans', 16, 19, 15], ['DejaVu Sans', 12, 14, 11], ['DejaVu Sans', 11, 13, 10], ['DejaVu Sans', 20, 24, 19],
    ['DejaVu Serif', 16, 19, 15], ['DejaVu Sans Mono', 10, 11, 9],
  ];
  for (const [family, fontSize, lh, asc] of expected) {
    const m = ctx.metrics(spec(family, { fontSize }));
    assert.equal(m.normalLineHeight, lh, `${family} ${fontSize}px line height`);
    // Chromium puts the baseline at ascent + floor(half-leading); half-leading here is 0 or ½.
    assert.equal(m.ascent + Math.floor(m.lineGap / 2), asc, `${family} ${fontSize}px baseline`);
    assert.equal(m.ascent + m.descent + m.lineGap, m.normalLineHeight);
  }
});

test('x-height: OS/2 sxHeight scaled, or the hinted x of DejaVu (no sxHeight) as Chromium gets it', () => {
  const { ctx } = context();
  // Chromium: 6.859375 after flooring to its 1/64 px layout unit.
  near(ctx.metrics(spec('Liberation Sans', { fontSize: 13 })).xHeight, 6.859375, 1 / 64, 'Liberation Sans 13px');
  const dejavu: Array<[string, number, number]> = [
    ['DejaVu Sans', 16, 9], ['DejaVu Sans', 13, 7], ['DejaVu Sans', 12, 7], ['DejaVu Sans', 10, 6], ['DejaVu Sans', 14, 8],
    ['DejaVu Sans', 11, 6], ['DejaVu Sans', 20, 11], ['DejaVu Sans', 9, 5],
    ['DejaVu Serif', 16, 9], ['DejaVu Serif', 10, 5], ['DejaVu Serif', 14, 8], ['DejaVu Serif', 9, 5],
  ];
  for (const [family, fontSize, ex] of dejavu) assert.equal(ctx.metrics(spec(family, { fontSize })).xHeight, ex, `${family} ${fontSize}px`);
});

test('bold and italic faces have their own metrics; decoration metrics are scaled', () => {
  const { ctx } = context();
  const m = ctx.metrics(spec('serif', { fontWeight: 700, fontSize: 20 }));
  assert.equal(m.normalLineHeight, 23);
  near(m.underlinePosition, -28 / 2048 * 20, 1e-9, 'underline position');
  near(m.underlineThickness, 195 / 2048 * 20, 1e-9, 'underline thickness');
  near(m.strikeoutPosition, 530 / 2048 * 20, 1e-9, 'strikeout position');
  assert.ok(m.capHeight > m.xHeight && m.capHeight < m.ascent);
});

test('metrics of a zero or odd size are zeros, not NaN', () => {
  const m = context().ctx.metrics(spec('serif', { fontSize: 0 }));
  assert.equal(m.normalLineHeight, 0);
  for (const v of Object.values(m)) assert.ok(Number.isFinite(v));
});

test('faceMetrics gives a fallback face its own metrics (DejaVu Sans inside Liberation Serif text)', async () => {
  const { faceMetrics } = await import('../../src/text/index.ts');
  const { ctx } = context();
  const runs = ctx.shape('a✈', spec('serif', { fontSize: 20 }));
  const m = faceMetrics(runs[1].face, runs[1].fontSize);
  assert.equal(runs[1].face.family, 'DejaVu Sans');
  assert.equal(m.normalLineHeight, 24);
  assert.equal(m.ascent, 19);
  assert.deepEqual(faceMetrics(runs[0].face, 20), ctx.metrics(spec('serif', { fontSize: 20 })));
});

test('auto text decorations where Chromium paints them (measured from screenshots)', async () => {
  const { autoDecorations } = await import('../../src/text/index.ts');
  const { ctx } = context();
  const cases: Array<[string, number, number, number, number]> = [
    // family, size, thickness rows, underline top − baseline, line-through top − text top
    ['Liberation Sans', 10, 1, 1, 6], ['Liberation Sans', 12, 1, 1, 7], ['Liberation Sans', 13, 1, 1, 7],
    ['Liberation Sans', 16, 1, 1, 9], ['Liberation Sans', 20, 2, 1, 11], ['Liberation Sans', 33, 3, 2, 18],
    ['Liberation Sans', 50, 5, 3, 28], ['DejaVu Sans', 16, 1, 1, 9], ['DejaVu Sans', 20, 2, 1, 12], ['DejaVu Sans', 50, 5, 3, 28],
  ];
  for (const [family, fontSize, thickness, under, through] of cases) {
    const m = ctx.metrics(spec(family, { fontSize }));
    const d = autoDecorations(fontSize, m.ascent);
    assert.equal(d.thickness, thickness, `${family} ${fontSize} thickness`);
    assert.equal(d.underlineTop, under, `${family} ${fontSize} underline`);
    assert.equal(d.lineThroughTop, through, `${family} ${fontSize} line-through`);
    assert.equal(d.overlineTop, -thickness);
  }
});
