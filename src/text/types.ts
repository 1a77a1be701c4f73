/**
 * The text stage's contract with layout and paint. In: text plus font properties.
 * Out: fonts (parsed once per process), shaped glyph runs in px, font metrics in px,
 * and UAX #14 line-break opportunities.
 */
import type { FontFaceRule } from '../css/styled.ts';

/** font-variant-caps (css-fonts-4 §6.6). */
export type FontVariantCaps = 'normal' | 'small-caps' | 'all-small-caps' | 'petite-caps' | 'all-petite-caps' | 'unicase' | 'titling-caps';

/** The subset of computed style that text shaping reads. */
export interface FontSpec {
  fontFamily: readonly string[];
  fontSize: number;          // px
  fontWeight: number;        // 1–1000
  fontStyle: 'normal' | 'italic' | 'oblique';
  fontVariantCaps?: FontVariantCaps;
  /**
   * OpenType feature settings of font-variant-numeric, -ligatures and -position, font-kerning and font-feature-settings
   * (css-fonts-4 §6, §7.1), in that order, later entries winning: `tag` (on) or `tag=N` joined by ',' ('tnum,liga=0').
   */
  fontFeatures?: string;
  /** The content language's OpenType language system tag ('KOR', 'FAR'; src/text/ot-language.ts): the font's lookups for that language apply. Absent: the script's default language system. */
  language?: string;
  /** font-variation-settings (css-fonts-4 §7.2): `axis=value` joined by ',' ('wght=700'); '' or absent for normal. */
  fontVariationSettings?: string;
  letterSpacing?: number;    // px, added after every character (css-text-3 §8.2)
  wordSpacing?: number;      // px, added to every word-separator character (U+0020, U+00A0 …)
  /**
   * text-rendering (SVG 2 Painting, rendering hints); 'geometricPrecision' sets the font up as Blink does on Linux
   * (subpixel positioning, no hinting), which changes its rounded ascent/descent and hinted x-height (scaleMetrics).
   */
  textRendering?: TextRendering;
}

/** The keywords of text-rendering, as CSS spells them. */
export type TextRendering = 'auto' | 'optimizeSpeed' | 'optimizeLegibility' | 'geometricPrecision';

/**
 * A parsed font face. `key` is unique per face in the process (paint uses it to embed each face
 * once per PDF). `font` is the fontkit Font object (typed loosely: fontkit ships no types).
 * Metrics are in font units; divide by `unitsPerEm` and multiply by the font size for px.
 */
export interface FontFace {
  key: string;
  family: string;
  weight: number;
  style: 'normal' | 'italic' | 'oblique';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  font: any;
  unitsPerEm: number;
  /** hhea ascender/descender/lineGap, or OS/2 typo metrics when USE_TYPO_METRICS is set, or win metrics as Chromium picks them on Linux. descent is positive (below the baseline). */
  ascent: number;
  descent: number;
  lineGap: number;
  xHeight: number;
  capHeight: number;
  underlinePosition: number;  // negative: below the baseline
  underlineThickness: number;
  strikeoutPosition: number;  // positive: above the baseline
  strikeoutThickness: number;
  /**
   * Present when this face stands in for a missing bold and/or italic face of its family (font
   * synthesis, css-fonts-4 §5.6): paint should fake bold (Skia emboldens outlines by size/24 at
   * ≤ 9 px down to size/32 at ≥ 36 px, i.e. a stroke of about that width) and/or oblique (Skia's
   * fake italic: skew x by -1/4, ≈ 14°). Same `key` as the real face (same font file).
   */
  synthetic?: { bold: boolean; oblique: boolean };
}

/** Font metrics scaled to a font size, in px. `normalLineHeight` = ascent + descent + lineGap (CSS 2.1 §10.8.1 'normal'). */
export interface ScaledMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  normalLineHeight: number;
  xHeight: number;
  capHeight: number;
  chWidth: number;            // advance of "0"
  underlinePosition: number;
  underlineThickness: number;
  strikeoutPosition: number;
  strikeoutThickness: number;
}

/** One shaped glyph. Advances and offsets in px, already including letter- and word-spacing. */
export interface ShapedGlyph {
  id: number;                 // glyph id in `face`
  advance: number;            // px
  dx: number;                 // px, GPOS x offset
  dy: number;                 // px, GPOS y offset (positive = up)
  /** The source text of this glyph's cluster ('' for the 2nd+ glyph of a cluster): ToUnicode and text extraction use it. */
  text: string;
  /**
   * True when the next glyph of the run (visual order) belongs to this glyph's cluster (a base and its marks, a
   * multiple substitution): the PDF labels the cluster's glyphs with one ActualText. Absent otherwise.
   */
  joinNext?: true;
}

/** A run of glyphs in one face and size; `width` is the sum of advances in px. */
export interface GlyphRun {
  face: FontFace;
  fontSize: number;           // px
  glyphs: ShapedGlyph[];
  width: number;
  /** The source text the run covers. */
  text: string;
  /** Characters of `text` that no font had a glyph for, drawn as .notdef (an empty box); absent when none. */
  missing?: string;
}

/** A UAX #14 break opportunity before `position` (a UTF-16 index into the text). */
export interface BreakOpportunity { position: number; required: boolean }

/**
 * The fonts available to one render: the bundled faces (shared by the process) plus the
 * document's @font-face faces. Created per render by `createFontContext`.
 */
export interface FontContext {
  /** Adds the document's @font-face rules; unreadable sources warn ('font-load') and are skipped. */
  addFontFaces(rules: readonly FontFaceRule[]): void;
  /**
   * CSS font matching (css-fonts-4 §5.2): the first family in the list that exists, then the
   * face closest in style and weight. Generic and alias mapping as in the reference fonts.conf.
   * A list with no available family gives Liberation Serif (and one 'unknown-font' warning).
   */
  match(spec: FontSpec): FontFace;
  /** Metrics of the primary font (the matched face) at `spec.fontSize`. */
  metrics(spec: FontSpec): ScaledMetrics;
  /**
   * Shapes `text` (kerning and ligatures on, as browsers do) into runs, splitting where a
   * character is missing from the primary face and comes from a fallback face (per-character
   * fallback: other families of the list, then DejaVu Sans). Results are cached per (spec, text).
   * `rtl`: the text is one bidi level run (UAX #9) of that direction: true gives the runs and
   * their glyphs in visual order, right to left first, with mirrored characters mirrored (L4);
   * false shapes left to right; undefined lets each script take its own direction.
   * `scripts`: the script runs `text` is part of in its paragraph (script-runs.ts encodeScriptRuns); undefined: the
   * text's own (scriptRuns). Each run is shaped apart, a part of Common characters only in its run's script.
   */
  shape(text: string, spec: FontSpec, rtl?: boolean, scripts?: string): GlyphRun[];
  /** Total advance of `text` in px: the sum of `shape(text, spec, rtl)` widths. */
  measure(text: string, spec: FontSpec, rtl?: boolean): number;
  /**
   * The same object for every context with the same faces (the bundled fonts only: one object in the process; a
   * document's @font-face faces: the context's own): text shaped in two contexts of one scope comes out the same, so
   * a later stage may keep what it made of shaped text between renders under it. Absent: nothing may be kept.
   */
  readonly shapingScope?: object;
}
