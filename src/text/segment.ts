// Shaping of one single-face segment, with font-variant-caps. In: a face, the segment's text, the
// FontSpec and size (px). Out: GlyphRun(s) appended to a list (small caps may split a segment).
import type { Font } from 'fontkit';
import type { FontFace, FontSpec, GlyphRun } from './types.ts';
import { isClusterExtender, shapeRun, type ShapedText } from './shape.ts';

/**
 * Blink's synthetic small caps: lower-case letters as capitals at this fraction of the size, the
 * size rounded to whole px (SimpleFontData::CreateScaledFontData: lroundf(size × 0.7)); checked
 * against Chromium ("Hello AV office", Liberation Serif 16px small-caps → 105.4375 px).
 */
export const SMALL_CAPS_SCALE = 0.7;

/**
 * Shapes one single-face segment, synthesising small caps when the face has no smcp. `rtl`: the
 * run's bidi direction (see RunOptions.rtl); runs are appended in logical order either way.
 */
export function shapeSegment(face: FontFace, text: string, spec: FontSpec, size: number, out: GlyphRun[], rtl?: boolean): void {
  const ls = Number.isFinite(spec.letterSpacing) ? spec.letterSpacing! : 0;
  const ws = Number.isFinite(spec.wordSpacing) ? spec.wordSpacing! : 0;
  if (spec.fontVariantCaps !== 'small-caps') {
    const s = shapeRun(face, text, { size, letterSpacing: ls, wordSpacing: ws, smcp: false, rtl });
    out.push(glyphRun(face, size, s, text));
    return;
  }
  if (hasSmcp(face.font as Font)) {
    const s = shapeRun(face, text, { size, letterSpacing: ls, wordSpacing: ws, smcp: true, rtl });
    out.push(glyphRun(face, size, s, text));
    return;
  }
  // Synthetic small caps (Blink's SmallCapsIterator): lower-case runs → capitals at 0.7 size.
  const smallSize = Math.round(size * SMALL_CAPS_SCALE);
  let i = 0;
  while (i < text.length) {
    const lower = isLowerWithUpper(text.codePointAt(i)!);
    let j = i;
    while (j < text.length) {
      const cp = text.codePointAt(j)!;
      if (isLowerWithUpper(cp) !== lower && !isClusterExtender(cp)) break;
      j += cp > 0xffff ? 2 : 1;
    }
    const part = text.slice(i, j);
    if (lower) {
      const upper = part.toUpperCase();
      const s = shapeRun(face, upper, { size: smallSize, letterSpacing: ls, wordSpacing: ws, smcp: false, rtl });
      const glyphs = upper.length === part.length
        ? s.glyphs.map((g) => ({ ...g, text: remapText(g.text, upper, part, s.glyphs, g) }))
        : s.glyphs.map((g, k) => ({ ...g, text: k === 0 ? part : '' }));
      out.push(glyphRun(face, smallSize, { ...s, glyphs }, part));
    } else {
      const s = shapeRun(face, part, { size, letterSpacing: ls, wordSpacing: ws, smcp: false, rtl });
      out.push(glyphRun(face, size, s, part));
    }
    i = j;
  }
}

/** A GlyphRun of a shaped single-face text (with `missing` only when some character has no glyph). */
function glyphRun(face: FontFace, fontSize: number, s: ShapedText, text: string): GlyphRun {
  return s.missing ? { face, fontSize, glyphs: s.glyphs, width: s.width, text, missing: s.missing } : { face, fontSize, glyphs: s.glyphs, width: s.width, text };
}

const SMCP = new WeakMap<object, boolean>();
function hasSmcp(font: Font): boolean {
  let v = SMCP.get(font);
  if (v === undefined) {
    try {
      v = font.availableFeatures.includes('smcp');
    } catch {
      v = false;
    }
    SMCP.set(font, v);
  }
  return v;
}

function isLowerWithUpper(cp: number): boolean {
  if (cp >= 0x61 && cp <= 0x7a) return true;
  if (cp < 0xc0) return false;
  const s = String.fromCodePoint(cp);
  return s.toUpperCase() !== s && s.toLowerCase() === s;
}

/** Maps a glyph's cluster text in the upper-cased string back to the same span of the source. */
function remapText(t: string, upper: string, source: string, glyphs: readonly { text: string }[], g: { text: string }): string {
  if (t === '') return '';
  let off = 0;
  for (const x of glyphs) {
    if (x === g) break;
    off += x.text.length;
  }
  return upper.slice(off, off + t.length) === t ? source.slice(off, off + t.length) : t;
}
