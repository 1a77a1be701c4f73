// In: text with characters no available font has (emoji without an emoji font, private-use, unassigned code points)
// in the bundled fonts and web fonts, and letter-spaced grapheme clusters (emoji ZWJ sequences, flags, halfwidth
// katakana sound marks, combining marks).
// Out: widths and glyph positions against Chromium 156 (getBoundingClientRect of a span and page.pdf's content stream,
// print emulation, only the project's fonts as test/fidelity/make-refs.mjs gives them), and the missing-glyph warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FontFaceRule } from '../../src/css/styled.ts';
import { renderPdf } from '../../src/index.ts';
import { words } from '../paint/pdf-helpers.ts';
import { context, spec, near, FIXTURE_FONTS } from './helpers.ts';

const rule = (family: string, url: string, format: string, weight: [number, number] = [400, 400]): FontFaceRule =>
  ({ family, sources: [{ kind: 'url', url, format }], weight, style: 'normal', unicodeRange: [] });

function fixtures() {
  const c = context(FIXTURE_FONTS);
  c.ctx.addFontFaces([
    rule('Cant', 'cantarell-regular.otf', 'opentype'), rule('InterV', 'inter-variable-latin.woff2', 'woff2', [100, 900]),
    rule('OpenS', 'opensans-regular.ttf', 'truetype'),
  ]);
  return c;
}

const MISSING = {
  emoji: '\u{1F44B}', privateUse: '\uE000', planeSixteenPrivateUse: '\u{10FFFD}', unassigned: '\u0378', noncharacter: '\uFFFF',
  tamil: '\u0B95', zwjSequence: '\u{1F468}\u200D\u{1F469}', flag: '\u{1F1E9}\u{1F1EA}', modifierSequence: '\u{1F44B}\u{1F3FD}',
};

/**
 * Chromium 156: width of "a" + X + "b" minus that of "ab" at 100px, in em, for each font (the first available family;
 * 'nonexistent' falls back to the standard font, Liberation Serif). A character no font has is drawn as the primary
 * font's .notdef at that glyph's own advance, one per code point that draws (a ZWJ draws nothing); CJK fallback
 * (Droid Sans Fallback as the primary font) gives its 1 em .notdef.
 */
const NOTDEF_EM: Array<[string, number]> = [
  ['Liberation Serif', 0.77781], ['Liberation Sans', 0.75], ['Liberation Mono', 0.6], ['DejaVu Sans', 0.6], ['DejaVu Serif', 0.60016],
  ['Droid Sans Fallback', 1], ['OpenS', 0.6], ['Cant', 0.5], ['InterV', 0.65625], ['nonexistent', 0.77781],
];

test('a character no font has takes the primary font\'s .notdef advance, as in Chromium 156 (css-fonts-4 §5.4)', () => {
  const { ctx } = fixtures();
  for (const [family, em] of NOTDEF_EM) {
    const s = spec(family, { fontSize: 100 });
    for (const [what, ch] of Object.entries(MISSING)) {
      const glyphs = what === 'zwjSequence' || what === 'flag' || what === 'modifierSequence' ? 2 : 1;
      near(ctx.measure(`a${ch}b`, s) - ctx.measure('ab', s), 100 * em * glyphs, 0.05, `${family} ${what}`);
    }
  }
});

/**
 * Chromium 156: span widths (px) at font-size 100px, letter-spacing 10px. Letter-spacing goes after each grapheme
 * cluster as HarfBuzz forms them: an emoji ZWJ sequence, a flag (a regional-indicator pair), ｶ + ﾞ, a + ZWJ + ❤ are
 * one unit each; three regional indicators are a flag and one more.
 */
const SPACED: Array<[string, string, number]> = [
  ['Liberation Serif', 'x\u{1F468}\u200D\u{1F469}y', 285.578125],
  ['Liberation Serif', 'x\u{1F1E9}\u{1F1EA}y', 285.578125],
  ['Liberation Serif', 'x\u{1F1E9}\u{1F1EA}\u{1F1EB}y', 373.359375],
  ['Liberation Serif', 'x\uFF76\uFF9Ey', 230],
  ['Liberation Serif', 'x\u{1F44B}\u{1F3FD}y', 285.578125],
  ['DejaVu Sans', 'x\u2764\u200D\u2764y', 315.9375],
  ['DejaVu Sans', 'xa\u200D\u2764y', 293.4375],
  ['DejaVu Sans', 'xq\u0308y', 211.84375],
];

test('letter-spacing is added once per grapheme cluster, as Chromium 156 (css-text-3 §8.2)', () => {
  const { ctx } = context();
  for (const [family, text, width] of SPACED) near(ctx.measure(text, spec(family, { fontSize: 100, letterSpacing: 10 })), width, 0.05, `${family} ${JSON.stringify(text)}`);
});

/** Pen positions (px from the run start, pen + the glyph's offset) of each glyph. */
function positions(text: string, family: string, rtl?: boolean): string[] {
  const { ctx } = context();
  const out: string[] = [];
  let pen = 0;
  for (const run of ctx.shape(text, spec(family, { fontSize: 40, letterSpacing: 30 }), rtl)) {
    for (const g of run.glyphs) { out.push((pen + g.dx).toFixed(2)); pen += g.advance; }
  }
  return out;
}

test('the spacing goes after a cluster\'s last glyph: a combining mark or a sound mark stays by its base (Chromium 156 page.pdf)', () => {
  // Chromium's content stream (font-size 40px, letter-spacing 30px): DejaVu Sans "xq̈y": q at 53.67, the diaeresis
  // at 75.84 (q's advance, no spacing between), y at 109.06; right to left "אָב" (visual: ב, the qamats, א):
  // 0, 54.67, 53.125; Liberation Serif "xｶﾞy": ｶ at 50, ﾞ at 70, y at 120.
  assert.deepEqual(positions('xq\u0308y', 'DejaVu Sans'), ['0.00', '53.67', '75.84', '109.06']);
  assert.deepEqual(positions('\u05D0\u05B8\u05D1', 'DejaVu Sans', true), ['0.00', '54.67', '53.13']);
  assert.deepEqual(positions('x\uFF76\uFF9Ey', 'Liberation Serif'), ['0.00', '50.00', '70.00', '120.00']);
});

test('CSS to PDF: a missing character keeps its place and its text, and is warned about', async () => {
  const html = `<!doctype html><style>@page { size: 400px 200px; margin: 0 } body { margin: 10px; font: 20px 'Liberation Serif' }</style>
<p>Hello \u{1F44B} world \uE000 end</p>`;
  const out = await renderPdf(html, { creationDate: new Date(0) });
  // Chromium 156 (page.pdf, pdftotext -bbox): Hello 7.50, world 59.99, a word of no text 98.74, end 114.16 (pt): each
  // .notdef takes 0.7778 em (15.56 px) of Liberation Serif. Chromium's PDF labels each .notdef with its character
  // (ActualText) except the first distinct character drawn with it (Skia keeps that one in its glyph-to-Unicode map and
  // writes no ToUnicode entry for glyph 0), so pdftotext finds no "👋" there. Ours labels each one, so copying the text
  // gives what the document says (U+E000 too, which poppler prints as an empty word).
  const w = words(out.pdf).map((x) => [x.text, Number(x.xMin.toFixed(2))]);
  assert.deepEqual(w, [['Hello', 7.5], ['\u{1F44B}', 44.58], ['world', 59.99], ['\uE000', 98.74], ['end', 114.16]]);
  const warned = out.warnings.filter((x) => x.code === 'missing-glyph').map((x) => x.message);
  assert.equal(warned.length, 1);
  assert.match(warned[0]!, /U\+1F44B.*U\+E000/);
});
