/**
 * Text decorations and text shadows for the display-list builder (css-text-decor-3 §2, §3, §4): lines from decorating
 * boxes drawn under/over/through their descendants' text, and the shadows of a glyph run drawn under it.
 * In: a text fragment and the decorating boxes above it; a glyph run and its style. Out: 'line' segments, merged per
 * line box and decorating box; 'glyphs' items of the shadows.
 */
import type { Color, ComputedStyle } from '../css/computed.ts';
import type { TextFragment } from '../layout/fragment.ts';
import type { GlyphRun } from '../text/types.ts';
import type { DisplayItem } from './display-list.ts';
import { decorationThickness, underlineTop } from './build-decor.ts';
import { blurBands, phi } from './pdf-shadow.ts';
import { autoDecorations } from '../text/metrics.ts';

/**
 * The stem width, as a fraction of the font size, taken for a blurred stroke's peak: 0.07 em (regular stems measure
 * 0.08–0.1 em) scored closest to Chromium's print over 0.04–0.14 (50 dpi ink of 1px 1px 1px, 2px 2px 4px and 1px 1px 2px
 * shadows of 24 px Liberation Sans: 0.977–0.978 at 0.06–0.08; the text copy at the peak alpha without bands: 0.924; a peak
 * that keeps the shadow's total ink, 1 / (1 + 0.8 σ / stem): 0.93–0.97).
 */
const STEM_EM = 0.07;

/**
 * The shadows of one glyph run with its pen at (x, y) (css-text-decor-3 §4), in painting order: the last shadow first,
 * so the first is on top, all under the text. Each is the run again, moved by the shadow's offset, in its colour
 * (currentcolor: the style's `color`). A shadow without blur is that copy, as Chromium prints it (vector text). A
 * blurred one, which Chromium prints as an image, is drawn as outline paths (no extractable text): copies whose
 * outlines grow by steps with alphas following the Gaussian's edge profile (σ = blur / 2, the bands of
 * src/paint/pdf-shadow.ts), its core alpha lowered to a blurred stem's peak, erf(stem / (2√2 σ)) for a stem of
 * STEM_EM × the font size. Transparent shadows give nothing. Measured against the alternative, an image of the
 * glyphs' coverage under a true Gaussian blur at 192 dpi: on test/paint/text-shadow-chromium.test.ts's document 0.9388
 * vs 0.9381 of inked pixels within 48 grey levels of Chromium's at 50 dpi, on invoiceplane-invoice 0.9990 vs 0.9997,
 * on now-lms-certificate 0.9776 both; the image's mean grey matches Chromium's exactly, the bands' is up to 2 levels
 * lighter. The bands need no raster.
 */
export function textShadowItems(style: ComputedStyle, run: GlyphRun, x: number, y: number, out: DisplayItem[]): void {
  const shadows = style.textShadow;
  for (let i = shadows.length - 1; i >= 0; i--) {
    const sh = shadows[i]!;
    const c: Color = sh.currentColor === true ? style.color : sh.color;
    if (!(c.a > 0)) continue;
    const sx = x + sh.x, sy = y + sh.y;
    if (!(sh.blur > 0)) { out.push({ kind: 'glyphs', x: sx, y: sy, run, color: c }); continue; }
    const sigma = sh.blur / 2;
    const peak = 2 * phi((STEM_EM * run.fontSize) / (2 * sigma)) - 1; // erf(stem / (2√2 σ)) = 2Φ(stem / 2σ) − 1
    let inner = 0; // the bands that do not grow the outline, merged into one copy: 1 − Π(1 − αᵢ)
    const grown: Array<{ edge: number; alpha: number }> = [];
    for (const b of blurBands(sh.blur, c.a * peak)) {
      if (b.edge <= 0) inner = 1 - (1 - inner) * (1 - b.alpha);
      else grown.push(b);
    }
    // widest band first: each narrower one composites over it
    for (let k = grown.length - 1; k >= 0; k--) out.push({ kind: 'glyphs', x: sx, y: sy, run, color: { ...c, a: grown[k]!.alpha }, grow: grown[k]!.edge });
    if (inner > 0) out.push({ kind: 'glyphs', x: sx, y: sy, run, color: { ...c, a: inner }, grow: 0 });
  }
}

/** A box whose text-decoration-line propagates to the text inside it (its colour and style are used). */
export interface Decorator { style: ComputedStyle }

/** One decoration line being built: `pos` says when it paints (under/over lines before the text, line-through after). */
export interface DecorationSegment { deco: Decorator; pos: 'under' | 'over' | 'through'; item: Extract<DisplayItem, { kind: 'line' }> }

/**
 * Adds (or extends) the decoration segments of one text fragment: for each decorating box and
 * each of its lines, a line from the fragment's left to right edge, as Chromium 156 prints them (css-text-decor-4 §2-4;
 * Blink's ComputeDecorationThickness, ComputeUnderlineOffsetAuto and the line-through and overline offsets, measured in
 * test/paint/underline-auto-chromium, underline-thickness-chromium and decoration-lines-chromium): one thickness for all
 * lines of a box (auto font-size / 10, a length rounded to whole px, from-font the font's floored, at least 1 px); the
 * underline max(1, ceil(thickness / 2)) below the baseline, or text-underline-offset from it; the overline just above
 * the text top, the line-through 2/3 of the ascent below it. The fonts' own underline and strikeout positions and
 * thicknesses are not used. Segments of the same decorating box and kind at the same y are merged into one.
 */
export function addDecorations(f: TextFragment, decos: readonly Decorator[], segs: DecorationSegment[]): void {
  if (decos.length === 0 || f.runs.length === 0 || f.width <= 0) return;
  const run = f.runs[0];
  const face = run.face;
  const k = run.fontSize / (face.unitsPerEm || 1000);
  const x1 = f.x, x2 = f.x + f.width;
  // The text top: the baseline less the rounded ascent of the style's primary font (line-box.ts placeBox).
  const textTop = f.y;
  const ascent = f.baseline - textTop;
  const dec = autoDecorations(run.fontSize, ascent);
  for (const d of decos) {
    const s = d.style;
    const lines = s.textDecorationLine;
    const add = (pos: DecorationSegment['pos'], y: number, thickness: number): void => {
      const t = Math.max(1, thickness);
      const prev = segs.find((g) => g.deco === d && g.pos === pos && Math.abs(g.item.y - y) < 0.01);
      if (prev) { prev.item.x1 = Math.min(prev.item.x1, x1); prev.item.x2 = Math.max(prev.item.x2, x2); return; }
      segs.push({ deco: d, pos, item: { kind: 'line', x1, x2, y, thickness: t, color: s.textDecorationColor, style: s.textDecorationStyle } });
    };
    // Blink's ComputeDecorationThickness, one thickness for every line: auto font-size / 10 (painted floored), a length
    // or percentage rounded to whole px, from-font the font's underline thickness floored, at least 1 px.
    const th = s.textDecorationThickness;
    const auto = th === undefined || th === 'auto';
    const t = auto ? dec.thickness : th === 'from-font' ? Math.max(1, Math.floor(face.underlineThickness * k)) : Math.round(decorationThickness(s, 1));
    const raw = auto ? Math.max(1, run.fontSize / 10) : t;
    if (lines.underline) {
      // ComputeUnderlineOffsetAuto: the baseline plus a gap of max(1, ceil(thickness / 2)), whatever the thickness (the
      // font's underline position serves only text-underline-position: from-font, which Quire does not support).
      add('under', underlineTop(s, f.baseline, f.baseline + Math.max(1, Math.ceil(raw / 2))) + t / 2, t);
    }
    // The overline just above the text top, the line-through 2/3 of the ascent below it (pixel-snapped).
    if (lines.overline) add('over', textTop - t + t / 2, t);
    if (lines.lineThrough) add('through', textTop + Math.floor((2 * ascent) / 3 - raw / 2 + 0.5) + t / 2, t);
  }
}
