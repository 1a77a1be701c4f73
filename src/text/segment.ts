// Shaping of one single-face segment, with font-variant-caps (css-fonts-4 §6.6), the other OpenType features and
// font-variation-settings of its FontSpec (§6, §7). In: a face, the segment's text, the FontSpec and size (px). Out: GlyphRun(s) appended to a list (synthesised caps may split a segment by letter case).
import type { Font } from 'fontkit';
import type { FontFace, FontSpec, FontVariantCaps, GlyphRun } from './types.ts';
import { isClusterExtender, shapeRun, type RunOptions, type ShapedText } from './shape.ts';
import { variedFace } from './fontface.ts';

/**
 * Blink's synthetic small caps: capitals at this fraction of the size, the size rounded to whole
 * px (SimpleFontData::CreateScaledFontData: lroundf(size × 0.7)); checked against Chromium
 * ("Hello AV office", Liberation Serif 16px small-caps → 105.4375 px).
 */
export const SMALL_CAPS_SCALE = 0.7;

/** What a face does for a font-variant-caps value (Blink's OpenTypeCapsSupport::DetermineFontSupport). */
interface CapsPlan {
  /** full: the value's own OpenType features; fallback: small-caps features in their place; none: synthesis (or nothing). */
  support: 'full' | 'fallback' | 'none';
  /** Which letters are drawn as synthesised or fallback small capitals: lower-case ones, both, or upper-case ones. */
  synthesis: 'none' | 'lower' | 'both' | 'upper';
}

/** The OpenType features of each value when the face has them all. */
const FULL: Record<Exclude<FontVariantCaps, 'normal'>, string> = {
  'small-caps': 'smcp', 'all-small-caps': 'smcp,c2sc', 'petite-caps': 'pcap', 'all-petite-caps': 'pcap,c2pc', unicase: 'unic', 'titling-caps': 'titl',
};

/**
 * Shapes one single-face segment under font-variant-caps as Blink does (OpenTypeCapsSupport, SmallCapsIterator,
 * HarfBuzzShaper): the value's OpenType features when the face has them; else petite caps fall back to the face's small
 * caps, unicase to small capitals of upper-case letters; without those, small capitals are synthesised (letters upper-cased
 * at 0.7 of the size), and titling-caps draws normal text. The spec's fontFeatures follow the caps features (css-fonts-4
 * §7.2), and a variable face is instanced at its fontVariationSettings (variedFace). `rtl`: the run's bidi direction (see RunOptions.rtl); `run`: its script run's RunOptions.script and .cursive; runs are
 * appended in logical order either way.
 */
export function shapeSegment(face: FontFace, text: string, spec: FontSpec, size: number, out: GlyphRun[], rtl?: boolean, run: Pick<RunOptions, 'script' | 'cursive'> = {}): void {
  const ls = Number.isFinite(spec.letterSpacing) ? spec.letterSpacing! : 0;
  const ws = Number.isFinite(spec.wordSpacing) ? spec.wordSpacing! : 0;
  const caps = spec.fontVariantCaps ?? 'normal';
  const own = spec.fontFeatures ?? '';
  if (spec.fontVariationSettings) face = variedFace(face, spec.fontVariationSettings);
  const plan = caps === 'normal' ? null : capsPlan(face.font as Font, caps);
  if (plan === null || plan.synthesis === 'none') {
    const features = plan === null ? '' : plan.support === 'full' ? FULL[caps as Exclude<FontVariantCaps, 'normal'>] : fallbackFeatures(caps, false);
    const s = shapeRun(face, text, { size, letterSpacing: ls, wordSpacing: ws, features: joinFeatures(features, own), rtl, language: spec.language, ...run });
    out.push(glyphRun(face, size, s, text));
    return;
  }
  // Split by case (Blink's SmallCapsIterator: characters that change when upper-cased, and the rest; combining marks
  // go with the character before them); each run gets its features, size and case mapping.
  const smallSize = Math.round(size * SMALL_CAPS_SCALE);
  let i = 0;
  while (i < text.length) {
    const lower = changesWhenUppercased(text.codePointAt(i)!);
    let j = i;
    while (j < text.length) {
      const cp = text.codePointAt(j)!;
      if (changesWhenUppercased(cp) !== lower && !isClusterExtender(cp)) break;
      j += cp > 0xffff ? 2 : 1;
    }
    const part = text.slice(i, j);
    const synthetic = plan.support === 'none' && (lower ? plan.synthesis === 'lower' || plan.synthesis === 'both' : plan.synthesis === 'upper' || plan.synthesis === 'both');
    const mapped = caseMapped(part, lower, plan);
    const runSize = synthetic ? smallSize : size;
    const s = shapeRun(face, mapped, { size: runSize, letterSpacing: ls, wordSpacing: ws, features: joinFeatures(plan.support === 'fallback' ? fallbackFeatures(caps, lower) : '', own), rtl, language: spec.language, ...run });
    out.push(glyphRun(face, runSize, mapped === part ? s : { ...s, glyphs: sourceTexts(s, mapped, part) }, part));
    i = j;
  }
}

/** Caps features, then the spec's own (font-variant-*, font-kerning, font-feature-settings: css-fonts-4 §7.2 steps 5–6). */
const joinFeatures = (caps: string, own: string): string => (caps === '' ? own : own === '' ? caps : `${caps},${own}`);

/** Blink's OpenTypeCapsSupport::DetermineFontSupport for a face lacking some of a value's features. */
function capsPlan(font: Font, caps: Exclude<FontVariantCaps, 'normal'>): CapsPlan {
  const has = (tag: string): boolean => featuresOfFont(font).has(tag);
  switch (caps) {
    case 'small-caps':
      return has('smcp') ? { support: 'full', synthesis: 'none' } : { support: 'none', synthesis: 'lower' };
    case 'all-small-caps':
      return has('smcp') && has('c2sc') ? { support: 'full', synthesis: 'none' } : { support: 'none', synthesis: 'both' };
    case 'petite-caps':
      if (has('pcap')) return { support: 'full', synthesis: 'none' };
      return has('smcp') ? { support: 'fallback', synthesis: 'none' } : { support: 'none', synthesis: 'lower' };
    case 'all-petite-caps':
      if (has('pcap') && has('c2pc')) return { support: 'full', synthesis: 'none' };
      return has('smcp') && has('c2sc') ? { support: 'fallback', synthesis: 'none' } : { support: 'none', synthesis: 'both' };
    case 'unicase':
      if (has('unic')) return { support: 'full', synthesis: 'none' };
      return { support: has('smcp') ? 'fallback' : 'none', synthesis: 'upper' };
    case 'titling-caps':
      // No titl: drawn as normal text, nothing synthesised.
      return has('titl') ? { support: 'full', synthesis: 'none' } : { support: 'none', synthesis: 'none' };
  }
}

/**
 * The features used in a face that falls back (Blink's OpenTypeCapsSupport::FontFeatureToUse): all-petite-caps takes
 * all-small-caps', petite-caps small-caps', unicase small-caps' for the characters that do not change when upper-cased
 * (its upper-case letters, lower-cased first); anything else none.
 */
function fallbackFeatures(caps: FontVariantCaps, lowerRun: boolean): string {
  if (caps === 'all-petite-caps') return FULL['all-small-caps'];
  if (caps === 'petite-caps' || (caps === 'unicase' && !lowerRun)) return FULL['small-caps'];
  return '';
}

/**
 * A run's text as shaped (Blink's OpenTypeCapsSupport::NeedsCaseChange): lower-case letters upper-cased where small
 * capitals are synthesised from them; upper-case letters lower-cased where the face's small caps stand in for unicase.
 */
function caseMapped(part: string, lower: boolean, plan: CapsPlan): string {
  if (lower) return plan.support !== 'fallback' && (plan.synthesis === 'lower' || plan.synthesis === 'both') ? part.toUpperCase() : part;
  return plan.support === 'fallback' && (plan.synthesis === 'both' || plan.synthesis === 'upper') ? part.toLowerCase() : part;
}

/** A GlyphRun of a shaped single-face text (with `missing` only when some character has no glyph). */
function glyphRun(face: FontFace, fontSize: number, s: ShapedText, text: string): GlyphRun {
  return s.missing ? { face, fontSize, glyphs: s.glyphs, width: s.width, text, missing: s.missing } : { face, fontSize, glyphs: s.glyphs, width: s.width, text };
}

const FEATURES = new WeakMap<object, Set<string>>();
/** The OpenType features a face offers (GSUB and GPOS, all scripts), cached per font. */
function featuresOfFont(font: Font): Set<string> {
  let v = FEATURES.get(font);
  if (v === undefined) {
    try {
      v = new Set(font.availableFeatures);
    } catch {
      v = new Set();
    }
    FEATURES.set(font, v);
  }
  return v;
}

/** Unicode's Changes_When_Uppercased, as Blink's SmallCapsIterator splits runs (its upper-case mapping differs). */
function changesWhenUppercased(cp: number): boolean {
  if (cp >= 0x61 && cp <= 0x7a) return true;
  if (cp < 0xb5) return false;
  const s = String.fromCodePoint(cp);
  return s.toUpperCase() !== s;
}

/** The glyphs of a case-mapped run with their cluster texts mapped back to the source (the whole source on the first glyph when the lengths differ). */
function sourceTexts(s: ShapedText, mapped: string, source: string): ShapedText['glyphs'] {
  if (mapped.length !== source.length) return s.glyphs.map((g, k) => ({ ...g, text: k === 0 ? source : '' }));
  let off = 0;
  return s.glyphs.map((g) => {
    const t = g.text;
    const at = off;
    off += t.length;
    return t !== '' && mapped.slice(at, at + t.length) === t ? { ...g, text: source.slice(at, at + t.length) } : g;
  });
}
