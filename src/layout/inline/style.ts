// In: computed styles of the boxes of an inline formatting context, and the FontContext.
// Out: cached FontSpecs, used line-heights and half-leading (CSS 2.1 §10.8.1), inline edges in px.
import type { ComputedStyle, LengthPctAuto } from '../../css/computed.ts';
import { resolveLength } from '../../css/computed.ts';
import type { FontContext, FontSpec, GlyphRun, ScaledMetrics } from '../../text/types.ts';
import { faceMetrics } from '../../text/index.ts';
import { openTypeLanguage } from '../../text/ot-language.ts';

const specCache = new WeakMap<ComputedStyle, FontSpec>();

/** The FontSpec of a computed style (font-family, font-size px, weight, style, caps, OpenType features and variations in css-fonts-4 §7.2's order, letter/word spacing px, text-rendering); cached per style object. */
export function fontSpecOf(style: ComputedStyle): FontSpec {
  let spec = specCache.get(style);
  if (!spec) {
    spec = {
      fontFamily: style.fontFamily,
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      fontStyle: style.fontStyle,
      fontVariantCaps: style.fontVariantCaps,
      fontFeatures: [style.fontVariantNumeric, style.fontVariantLigatures, style.fontVariantPosition, style.fontKerning, style.fontFeatureSettings].filter((f) => f !== '').join(','),
      fontVariationSettings: style.fontVariationSettings,
      letterSpacing: style.letterSpacing,
      wordSpacing: style.wordSpacing,
      textRendering: style.textRendering,
      language: style.locale === '' ? undefined : openTypeLanguage(style.locale),
    };
    specCache.set(style, spec);
  }
  return spec;
}

/** Vertical font metrics of a style as the line box needs them (px). */
export interface InlineMetrics {
  /** Ascent and descent of the primary font at the font size (A and D of §10.8.1). */
  ascent: number;
  descent: number;
  xHeight: number;
  /** Used line-height, px. */
  lineHeight: number;
  /** Half-leading above (added to A) and below (added to D), px; negative when line-height < A + D. */
  leadingTop: number;
  leadingBottom: number;
  fontSize: number;
}

const metricsCache = new WeakMap<ComputedStyle, { fonts: FontContext; m: InlineMetrics }>();

/**
 * The half-leading added above A, as Blink's FontHeight::AddLeading computes it: the half of
 * the leading in LayoutUnits (1/64 px, truncated), floored to a whole px; the rest goes below.
 */
const leadingAbove = (leading: number): number => Math.floor(Math.trunc((leading * 64) / 2) / 64);

/**
 * The used line-height of a style in px (CSS 2.1 §10.8.1): 'normal' → the font's
 * normalLineHeight (ascent + descent + lineGap), a number → number × font-size, a length → px,
 * in Blink's LayoutUnits (1/64 px).
 */
export function usedLineHeight(style: ComputedStyle, m: ScaledMetrics): number {
  const lh = style.lineHeight;
  if (lh === 'normal') return m.normalLineHeight;
  // Blink multiplies the (32-bit float) number by the fixed-point font size (rounded to 1/64 px: 11pt is 939/64, not 938/64) in 32-bit floats and floors the product to
  // 1/64 px (130 of 130 number × size pairs measured in Chromium 156; 1.3 × 15px is 19.5, not 19.484); lengths round to 1/64 px.
  if ('number' in lh) return Math.floor(Math.fround(lh.number * Math.fround(Math.round(style.fontSize * 64) / 64)) * 64) / 64;
  return Math.round(lh.px * 64) / 64;
}

/**
 * Metrics of a style for line box construction (CSS 2.1 §10.8.1): A, D, x-height, the used
 * line-height and the half-leading L = (line-height − (A + D)) / 2 split above and below
 * (the part above floored to a whole px as Blink does, so 16px Liberation Serif puts the
 * baseline 14px below the top of its 18px line, not 14.5px). Cached per style object and FontContext.
 */
export function inlineMetricsOf(style: ComputedStyle, fonts: FontContext): InlineMetrics {
  const hit = metricsCache.get(style);
  if (hit && hit.fonts === fonts) return hit.m;
  const sm = fonts.metrics(fontSpecOf(style));
  const lineHeight = usedLineHeight(style, sm);
  const leading = lineHeight - (sm.ascent + sm.descent);
  const leadingTop = leadingAbove(leading);
  const m: InlineMetrics = {
    ascent: sm.ascent, descent: sm.descent, xHeight: sm.xHeight, lineHeight,
    leadingTop, leadingBottom: leading - leadingTop, fontSize: style.fontSize,
  };
  metricsCache.set(style, { fonts, m });
  return m;
}

/**
 * For line-height: normal, the extents (px, relative to the baseline, top negative) that the
 * fallback fonts used by `runs` add to their inline box (Blink's
 * NGInlineBoxState::AccumulateUsedFonts): each other face's rounded ascent and descent with the
 * half-leading of its own normal line height (its line gap, split as `leadingAbove` does).
 * Returns null when every run is in the style's primary face or line-height is not normal.
 */
export function fallbackExtents(style: ComputedStyle, runs: readonly GlyphRun[], fonts: FontContext): { top: number; bottom: number } | null {
  if (style.lineHeight !== 'normal' || runs.length === 0) return null;
  let primary: string | undefined;
  let out: { top: number; bottom: number } | null = null;
  for (const r of runs) {
    primary ??= fonts.match(fontSpecOf(style)).key;
    if (r.face.key === primary || !r.face.font) continue;
    const m = faceMetrics(r.face, r.fontSize, style.textRendering);
    const above = leadingAbove(m.lineGap);
    const top = -(m.ascent + above), bottom = m.descent + m.lineGap - above;
    if (!out) out = { top, bottom };
    else { out.top = Math.min(out.top, top); out.bottom = Math.max(out.bottom, bottom); }
  }
  return out;
}

const autoZero = (v: LengthPctAuto, basis: number): number => (v === 'auto' ? 0 : resolveLength(v, basis));

/** Horizontal edges of an inline box (margins `auto` → 0; percentages of `basis`, the containing block width), px. */
export interface InlineEdges {
  marginLeft: number; marginRight: number;
  borderLeft: number; borderRight: number;
  paddingLeft: number; paddingRight: number;
  borderTop: number; borderBottom: number;
  paddingTop: number; paddingBottom: number;
  marginTop: number; marginBottom: number;
}

/** Used margins, borders and padding of an inline box (CSS 2.1 §10.3.1, §10.6.1), px. */
export function inlineEdgesOf(style: ComputedStyle, basis: number): InlineEdges {
  return {
    marginLeft: autoZero(style.marginLeft, basis), marginRight: autoZero(style.marginRight, basis),
    marginTop: autoZero(style.marginTop, basis), marginBottom: autoZero(style.marginBottom, basis),
    borderLeft: style.borderLeft.width, borderRight: style.borderRight.width,
    borderTop: style.borderTop.width, borderBottom: style.borderBottom.width,
    paddingLeft: resolveLength(style.paddingLeft, basis), paddingRight: resolveLength(style.paddingRight, basis),
    paddingTop: resolveLength(style.paddingTop, basis), paddingBottom: resolveLength(style.paddingBottom, basis),
  };
}

/** Whether white space is collapsible under this white-space value (css-text-3 §3). */
export const collapsesSpaces = (ws: ComputedStyle['whiteSpace']): boolean =>
  ws === 'normal' || ws === 'nowrap' || ws === 'pre-line';
/** Whether soft wrap opportunities exist under this white-space value (css-text-3 §3). */
export const wrapsLines = (ws: ComputedStyle['whiteSpace']): boolean => ws !== 'nowrap' && ws !== 'pre';
/** Whether segment breaks (newlines) are preserved as forced breaks. */
export const preservesNewlines = (ws: ComputedStyle['whiteSpace']): boolean =>
  ws === 'pre' || ws === 'pre-wrap' || ws === 'pre-line' || ws === 'break-spaces';

/**
 * The edges of one piece of an inline box split by a block-level box (CSS 2.1 §9.2.1.1,
 * InlineBox.split): only the 'first' piece keeps the start edge, only the 'last' the end edge.
 */
export function splitEdges(e: InlineEdges, split: 'first' | 'middle' | 'last' | undefined): InlineEdges {
  if (!split) return e;
  const out = { ...e };
  if (split !== 'first') { out.marginLeft = 0; out.borderLeft = 0; out.paddingLeft = 0; }
  if (split !== 'last') { out.marginRight = 0; out.borderRight = 0; out.paddingRight = 0; }
  return out;
}
