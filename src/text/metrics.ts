// Font metrics as Chromium computes them on Linux. In: a fontkit Font (font units) and a font
// size in px. Out: FontFace metric fields (font units) and ScaledMetrics (px, rounded as Blink does).
import type { Font } from 'fontkit';
import type { FontFace, ScaledMetrics } from './types.ts';
import { advanceSize } from './shape.ts';

/**
 * The metric fields of a FontFace, in font units (descent positive below the baseline); `xHeight`
 * is OS/2 sxHeight when non-zero, 0 when the font has none (then see `xHeightFallback`).
 */
export interface FaceMetrics extends Pick<FontFace,
  'unitsPerEm' | 'ascent' | 'descent' | 'lineGap' | 'xHeight' | 'capHeight' |
  'underlinePosition' | 'underlineThickness' | 'strikeoutPosition' | 'strikeoutThickness'> {
  /** For fonts without an OS/2 x-height: top of the flat 'x' and the overshoot of round letters (o e s c), font units. */
  xHeightFallback?: { ref: number; shoot: number };
  /** Advance of '0' in font units (the `ch` unit). */
  zeroAdvance: number;
}

function num(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function glyphTop(font: Font, cp: number): number | undefined {
  try {
    if (!font.hasGlyphForCodePoint(cp)) return undefined;
    const top = font.glyphForCodePoint(cp).bbox.maxY;
    return Number.isFinite(top) && top > 0 ? top : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the vertical metrics the way Skia's FreeType backend (SkScalerContext_FreeType::
 * generateFontMetrics) feeds Blink's SimpleFontData::PlatformInit on Linux:
 * - ascent/descent/lineGap: OS/2 sTypoAscender/-Descender/-LineGap when fsSelection bit 7
 *   (USE_TYPO_METRICS) is set; otherwise FreeType's face->ascender/descender/height, which are the
 *   hhea values, or (when hhea ascender and descender are both 0) OS/2 typo, or else OS/2 win metrics.
 * - x-height: OS/2 sxHeight when the table has it and it is non-zero; otherwise Skia measures the
 *   hinted 'x' glyph (see `xHeightFallback`).
 * - cap height: OS/2 sCapHeight (version ≥ 2), else the top of 'H'.
 * - underline from `post`; strikeout from OS/2 yStrikeoutPosition/Size (else x-height/2, underline thickness).
 * Never throws: missing tables give sane defaults (0.8 / 0.2 em).
 */
export function readFaceMetrics(font: Font): FaceMetrics {
  const upem = num(font.unitsPerEm, 1000) || 1000;
  const os2 = font['OS/2'];
  const hhea = font.hhea as { ascent?: number; descent?: number; lineGap?: number } | undefined;
  let ascent: number;
  let descent: number;
  let lineGap: number;
  if (os2 && os2.version !== 0xffff && os2.fsSelection?.useTypoMetrics && os2.typoAscender !== undefined) {
    ascent = num(os2.typoAscender, 0);
    descent = -num(os2.typoDescender, 0);
    lineGap = num(os2.typoLineGap, 0);
  } else {
    ascent = num(hhea?.ascent, 0);
    descent = -num(hhea?.descent, 0);
    lineGap = num(hhea?.lineGap, 0);
    if (ascent === 0 && descent === 0 && os2) {
      if (num(os2.typoAscender, 0) !== 0 || num(os2.typoDescender, 0) !== 0) {
        ascent = num(os2.typoAscender, 0);
        descent = -num(os2.typoDescender, 0);
        lineGap = num(os2.typoLineGap, 0);
      } else {
        ascent = num(os2.winAscent, 0);
        descent = num(os2.winDescent, 0);
        lineGap = 0;
      }
    }
  }
  if (ascent === 0 && descent === 0) {
    ascent = 0.8 * upem;
    descent = 0.2 * upem;
  }
  let xHeight = os2 && (os2.version ?? 0) >= 2 ? num(os2.xHeight, 0) : 0;
  let xHeightFallback: FaceMetrics['xHeightFallback'];
  if (xHeight <= 0) {
    xHeight = 0;
    const ref = glyphTop(font, 0x78);
    if (ref !== undefined) {
      const rounds = [0x6f, 0x65, 0x73, 0x63].map((cp) => glyphTop(font, cp)).filter((v): v is number => v !== undefined).sort((a, b) => a - b);
      const shoot = rounds.length ? rounds[rounds.length >> 1] : ref;
      xHeightFallback = { ref, shoot: Math.max(ref, shoot) };
    }
  }
  let capHeight = os2 && (os2.version ?? 0) >= 2 ? num(os2.capHeight, 0) : 0;
  if (capHeight <= 0) capHeight = glyphTop(font, 0x48) ?? ascent;
  const post = font.post as { underlinePosition?: number; underlineThickness?: number } | undefined;
  const underlineThickness = num(post?.underlineThickness, 0) > 0 ? num(post?.underlineThickness, 0) : upem / 14;
  const underlinePosition = num(post?.underlinePosition, -upem / 10);
  const strikeoutThickness = os2 && num(os2.yStrikeoutSize, 0) > 0 ? os2.yStrikeoutSize : underlineThickness;
  const xForStrike = xHeight || xHeightFallback?.ref || upem / 2;
  const strikeoutPosition = os2 && num(os2.yStrikeoutPosition, 0) > 0 ? os2.yStrikeoutPosition : xForStrike / 2;
  let zeroAdvance = upem / 2;
  try {
    if (font.hasGlyphForCodePoint(0x30)) zeroAdvance = font.glyphForCodePoint(0x30).advanceWidth;
  } catch { /* keep the default */ }
  return {
    unitsPerEm: upem, ascent, descent, lineGap, xHeight, capHeight,
    underlinePosition, underlineThickness, strikeoutPosition, strikeoutThickness,
    xHeightFallback, zeroAdvance,
  };
}

/** SkScalarRoundToScalar / lroundf for the values used here: round half up. */
function roundPx(v: number): number {
  return Math.floor(v + 0.5);
}

/**
 * The x-height in px of a font without an OS/2 sxHeight, as Skia gets it from FreeType's light
 * autohinter (fontconfig hintslight in the reference environment): the x-height blue zone's
 * overshoot is fitted to the pixel grid (rounded up from 24/64 px: `(scaled + 40) & ~63` in
 * af_latin_metrics_scale_dim), the vertical scale follows, and the flat top of 'x' lands on
 * a whole pixel. Matches Chromium on DejaVu Sans/Serif at 9–20 px.
 */
function hintedXHeight(fb: { ref: number; shoot: number }, size: number, upem: number): number {
  const scale = size / upem;
  const shoot = fb.shoot * scale;
  const fitted = Math.floor((shoot * 64 + 40) / 64);
  const newScale = shoot > 0 && fitted > 0 && Math.abs(fitted - shoot) < 1 ? scale * (fitted / shoot) : scale;
  return Math.max(1, roundPx(fb.ref * newScale));
}

/**
 * Scales face metrics to `size` px as Blink does (SimpleFontData::PlatformInit and
 * FontMetrics::AscentDescentWithHacks, Linux): ascent and descent are each rounded to whole px
 * (SkScalarRoundToScalar); the line gap is rounded; `normalLineHeight` = ascent + descent +
 * lineGap (FontMetrics::LineSpacing = lroundf(ascent) + lroundf(descent) + lroundf(lineGap)).
 * Checked against Chromium (headless, reference fonts.conf): Liberation Serif and Sans 16px → 18,
 * Liberation Mono 16px → 18 (13 + 5), DejaVu Sans 16px → 19.
 * `geometricPrecision` (text-rendering: geometricPrecision; SVG 2 Painting, rendering hints) is the font as Blink sets it up for that
 * value on Linux: subpixel positioning and no hinting. With subpixel positioning, a descent that rounding brought down
 * is given one px of the ascent ("borrow 1 unit from the ascent", AscentDescentWithHacks; the sum, the normal line
 * height, is unchanged): Liberation Sans 16px ascent 14.48 → 14, descent 3.39 → 3 becomes 13 + 4 (Chromium 156: the
 * baseline 13 px below the top of an 18 px line, 14 px without geometricPrecision). Unhinted, the x-height of a font
 * without an OS/2 sxHeight is its 'x' unscaled by the autohinter (DejaVu Sans 16px: 8.75 px, hinted 9). Otherwise
 * Chromium's print (device scale factor 1) uses neither, and the tiny-font subpixel case (ascent < 3 px) is only
 * for `subpixel_ascent_descent` text and is not applied either.
 * xHeight: OS/2 sxHeight scaled (not rounded), or the hinted 'x' for fonts without one, or
 * ascent × 0.56 as Blink's last resort. Other values are scaled, unrounded. Sizes ≤ 0 give zeros.
 */
export function scaleMetrics(m: FaceMetrics, size: number, geometricPrecision = false): ScaledMetrics {
  const s = size > 0 && Number.isFinite(size) ? size / m.unitsPerEm : 0;
  let ascent = roundPx(m.ascent * s);
  let descent = roundPx(m.descent * s);
  const lineGap = roundPx(m.lineGap * s);
  if (geometricPrecision && descent < m.descent * s && ascent >= 1) {
    descent++;
    ascent--;
  }
  let xHeight: number;
  if (m.xHeight > 0) xHeight = m.xHeight * s;
  else if (m.xHeightFallback && s > 0) xHeight = geometricPrecision ? m.xHeightFallback.ref * s : hintedXHeight(m.xHeightFallback, size, m.unitsPerEm);
  else xHeight = ascent * 0.56;
  return {
    ascent,
    descent,
    lineGap,
    normalLineHeight: ascent + descent + lineGap,
    xHeight,
    capHeight: m.capHeight * s,
    chWidth: s > 0 ? (m.zeroAdvance * advanceSize(size)) / m.unitsPerEm : 0, // like glyph advances (26.6 size)
    underlinePosition: m.underlinePosition * s,
    underlineThickness: m.underlineThickness * s,
    strikeoutPosition: m.strikeoutPosition * s,
    strikeoutThickness: m.strikeoutThickness * s,
  };
}

/** Where Chromium paints `text-decoration-line` with `text-decoration-thickness: auto` (px, y down). */
export interface AutoDecorations {
  /** Painted line thickness: max(1, floor(font-size / 10)). */
  thickness: number;
  /** Top of the underline below the baseline: max(1, ceil(font-size / 20)) (ComputeUnderlineOffsetAuto's gap). */
  underlineTop: number;
  /** Top of the line-through line below the top of the text (baseline − ascent): round(2/3 ascent − (font-size / 10) / 2). */
  lineThroughTop: number;
  /** Top of the overline relative to the top of the text (baseline − ascent): −thickness (it sits just above). */
  overlineTop: number;
}

/**
 * Text decoration geometry as Chromium paints it for `text-decoration-thickness: auto` and
 * `text-underline-position: auto` (Blink's ComputeDecorationThickness: font-size / 10 with a
 * 1 px minimum; ComputeUnderlineOffsetAuto: baseline + max(1, ceil(thickness / 2)); line-through
 * centred at 2/3 of the (rounded) ascent below the text top; overline above the text top).
 * Measured from screenshots of headless Chromium (Liberation Sans/Serif, DejaVu Sans at 10–50 px):
 * the painted rectangles are pixel-snapped, hence the floor/round. `ascent` is ScaledMetrics.ascent.
 */
export function autoDecorations(fontSize: number, ascent: number): AutoDecorations {
  const raw = Math.max(1, (Number.isFinite(fontSize) && fontSize > 0 ? fontSize : 0) / 10);
  const thickness = Math.max(1, Math.floor(raw));
  return {
    thickness,
    underlineTop: Math.max(1, Math.ceil(raw / 2)),
    lineThroughTop: roundPx((2 * ascent) / 3 - raw / 2),
    overlineTop: -thickness,
  };
}
