// The text stage's bidi and right-to-left shaping. In: strings, base directions, FontSpecs with the bundled fonts.
// Out: UAX #9 levels and visual order, mirrored characters, Arabic joining forms / lam-alef / marks through fontkit, glyph texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Font } from 'fontkit';
import { bidiControls, hasRtlOrControls, mayHaveRtlScript, mirrorText, paragraphLevels, visualOrder } from '../../src/text/bidi.ts';
import { context, spec } from './helpers.ts';

const levels = (text: string, base: 'ltr' | 'rtl' | 'auto', inserts: Array<{ at: number; text: string }> = []): string =>
  Array.from(paragraphLevels(text, base, inserts).levels).join('');

test('UAX #9 levels: strong letters, European and Arabic numbers, neutrals between them, per paragraph', () => {
  assert.equal(levels('abc אבג', 'ltr'), '0000111');
  assert.equal(levels('abc אבג', 'rtl'), '2221111');
  assert.equal(levels('אבג 123', 'rtl'), '1111222');
  assert.equal(levels('ا ١٢', 'ltr'), '1122'); // AN after AL: level 2 inside the rtl run
  assert.equal(levels('abc.', 'rtl'), '2221'); // the final period takes the paragraph direction (N2)
  // Supplementary characters by their own class (per UTF-16 unit): an emoji is neutral, Adlam is R.
  assert.equal(levels('שלום 😀.', 'rtl'), '11111111');
  assert.equal(levels('abc 𞤀𞤁 def', 'ltr'), '000011110000');
  // 'auto' (unicode-bidi: plaintext): each paragraph from its first strong character; '\n' separates paragraphs.
  const p = paragraphLevels('אב c\nab ג', 'auto', []);
  assert.deepEqual(Array.from(p.base), [1, 1, 1, 1, 1, 0, 0, 0, 0]);
});

test('the controls of unicode-bidi map to embedding levels of the text between them (css-writing-modes-3 §2.4.2)', () => {
  assert.deepEqual(bidiControls('isolate', 'rtl'), { open: '\u2067', close: '\u2069' });
  assert.deepEqual(bidiControls('isolate-override', 'ltr'), { open: '\u2066\u202d', close: '\u202c\u2069' });
  assert.equal(bidiControls('normal', 'rtl'), null);
  const rlo = bidiControls('bidi-override', 'rtl')!;
  // "one two three" with "two" overridden rtl: level 1 inside, 0 outside (the controls take no index).
  assert.equal(levels('one two three', 'ltr', [{ at: 4, text: rlo.open }, { at: 7, text: rlo.close }]), '0000111000000');
  const rli = bidiControls('isolate', 'rtl')!;
  assert.equal(levels('a b c', 'ltr', [{ at: 2, text: rli.open }, { at: 3, text: rli.close }]), '00200');
});

test('visual order (L2) and mirroring (L4)', () => {
  assert.deepEqual(visualOrder([0, 0, 0]), [0, 1, 2]);
  assert.deepEqual(visualOrder([1, 1, 1]), [2, 1, 0]);
  assert.deepEqual(visualOrder([1, 2, 2, 1]), [3, 1, 2, 0]);
  assert.deepEqual(visualOrder([0, 1, 1, 0, 2]), [0, 2, 1, 3, 4]);
  assert.equal(mirrorText('(a) [b] {c} <d> «e» ≤'), ')a( ]b[ }c{ >d< »e« ≥');
  assert.equal(mirrorText('abc'), 'abc');
});

test('which text needs the algorithm, and which may shape differently by direction', () => {
  assert.equal(hasRtlOrControls('Invoice 1,234.56 € — Müller'), false);
  assert.equal(hasRtlOrControls('שלום'), true);
  assert.equal(hasRtlOrControls('١٢٣'), true); // AN
  assert.equal(hasRtlOrControls('a\u2067b'), true);
  assert.equal(hasRtlOrControls('۱۲۳'), false); // Persian digits are EN ...
  assert.equal(mayHaveRtlScript('۱۲۳'), true); // ... but in the Arabic script
  assert.equal(mayHaveRtlScript('abc 123'), false);
});

/** Glyph names of a shaped text, left to right. */
function names(text: string, family: string, rtl?: boolean): string[] {
  const { ctx } = context();
  const runs = ctx.shape(text, spec(family), rtl);
  return runs.flatMap((r) => r.glyphs.map((g) => (r.face.font as Font).getGlyph(g.id).name));
}

test('Arabic joining forms, lam-alef and marks through fontkit (DejaVu Sans, the fallback for Arabic under Liberation)', () => {
  // بيت: beh initial, yeh medial, teh final; right to left, so the final form comes first.
  assert.deepEqual(names('بيت', 'DejaVu Sans', true), ['uniFE96', 'uniFEF4', 'uniFE91']);
  // لا: the lam-alef ligature, one glyph carrying both characters.
  const { ctx } = context();
  const la = ctx.shape('لا', spec('DejaVu Sans'), true);
  assert.deepEqual(la.flatMap((r) => r.glyphs.map((g) => g.text)), ['لا']);
  // سلام: seen initial, lam-alef final (FEFC), then mim isolated (alef does not join to the left): the nominal glyph.
  assert.deepEqual(names('سلام', 'DejaVu Sans', true), ['uni0645', 'uniFEFC', 'uniFEB3']);
  // A mark (fathatan) takes no advance, and its text goes to its base (one cluster, as Chromium's ActualText).
  const mark = ctx.shape('اً', spec('DejaVu Sans'), true)[0]!;
  assert.deepEqual(mark.glyphs.map((g) => [g.text, g.advance === 0]), [['', true], ['اً', false]]);
  // An isolated letter keeps the nominal glyph.
  assert.deepEqual(names('د', 'DejaVu Sans', true), ['uni062F']);
  // Under Liberation Sans the Arabic comes from DejaVu Sans, the space from Liberation Sans.
  const mixed = ctx.shape('مرحبا بكم', spec('Liberation Sans'), true);
  assert.deepEqual(mixed.map((r) => [r.face.family, r.text]), [['DejaVu Sans', 'بكم'], ['Liberation Sans', ' '], ['DejaVu Sans', 'مرحبا']]);
});

test('a right-to-left run mirrors brackets; digits and Latin stay left to right in their own runs', () => {
  const { ctx } = context();
  const rtl = ctx.shape('(א)', spec('Liberation Sans'), true)[0]!;
  // Visual order: the ')' glyph of the closing bracket's mirror first … the glyph texts stay the source characters.
  assert.deepEqual(rtl.glyphs.map((g) => g.text), [')', 'א', '(']);
  const font = rtl.face.font as Font;
  assert.deepEqual(rtl.glyphs.map((g) => font.getGlyph(g.id).name), ['parenleft', 'alef', 'parenright']);
  // Arabic-Indic digits shaped left to right (level 2) in their visual order.
  const digits = ctx.shape('١٢٣', spec('DejaVu Sans'), false)[0]!;
  assert.deepEqual(digits.glyphs.map((g) => g.text), ['١', '٢', '٣']);
  // Persian digits too, though fontkit would take the Arabic script's direction without being told.
  assert.deepEqual(ctx.shape('۱۲', spec('DejaVu Sans'), false)[0]!.glyphs.map((g) => g.text), ['۱', '۲']);
  assert.deepEqual(ctx.shape('۱۲', spec('DejaVu Sans'))[0]!.glyphs.map((g) => g.text), ['۲', '۱']);
});

test('shaping does not depend on glyphs fontkit created earlier without code points (its per-id glyph cache)', () => {
  const { ctx } = context();
  const face = ctx.shape('ه', spec('DejaVu Sans'), true)[0]!.face;
  const font = face.font as Font;
  const heh = font.glyphForCodePoint(0x647).id;
  // Poison fontkit's cache the way a bare getGlyph(id) (paint's width lookup) or a substitution can: no code points.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  delete (font as any)._glyphs[heh];
  font.getGlyph(heh);
  // بهه and سه were never shaped in this process before: heh must still join (final form), not stay isolated.
  assert.deepEqual(names('سه', 'DejaVu Sans', true), ['uniFEEA', 'uniFEB3']);
});
