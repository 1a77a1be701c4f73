// Shaping of one run in one face (fontkit OpenType layout). In: a face, a size in px, the text and
// spacing. Out: ShapedGlyph lists in px with each glyph's cluster text; cached process-wide (LRU).
import type { Font, Glyph, GlyphRun as FkGlyphRun } from 'fontkit';
import type { FontFace, ShapedGlyph } from './types.ts';
import { Lru } from './lru.ts';
import { mirrorText } from './bidi.ts';

/** Options of one single-face shaping call. Lengths in px. */
export interface RunOptions {
  size: number;
  letterSpacing: number;
  wordSpacing: number;
  /**
   * OpenType features set on top of the defaults, in precedence order (css-fonts-4 §7.2; later entries win): font-variant-caps'
   * (src/text/segment.ts), then FontSpec.fontFeatures. '' or `tag` (on) / `tag=N` (N = 0: off) entries joined by ','.
   */
  features: string;
  /**
   * The run's direction from its bidi level: true = right-to-left (glyphs come out in visual order,
   * right to left, and mirrored characters are mirrored, UAX #9 L4), false = left-to-right;
   * undefined = the script's own direction, as fontkit detects it (text outside a paragraph).
   */
  rtl?: boolean;
  /** OpenType language system tag (FontSpec.language); undefined: the script's default language system. */
  language?: string;
  /** OpenType script tag for text of Common characters only (its script run's, src/text/index.ts shapeByScript); undefined: fontkit's detection. */
  script?: string;
  /** The text is in a script run of a cursive script (CURSIVE_SCRIPTS): no letter-spacing but on its spaces (spacingUnits). */
  cursive?: boolean;
}

/** A shaped single-face run before it is tied to a face object: glyphs and total advance (px). */
export interface ShapedText {
  glyphs: ShapedGlyph[];
  width: number;
  /** The characters drawn as .notdef (glyph 0) because the face lacks them, once each; absent when none. */
  missing?: string;
}

/** Word-separator characters that receive word-spacing (css-text-3 §8.1). */
const WORD_SEPARATORS = new Set([0x20, 0xa0, 0x1361, 0x10100, 0x10101, 0x1039f, 0x1091f]);

const MARK_RE = /^[\p{M}\u200c\u200d\ufe00-\ufe0f]$/u;
const markCache = new Map<number, boolean>();
/** Whether `cp` continues the previous character's cluster (a combining mark, ZWJ/ZWNJ, a variation selector, an emoji modifier or tag). */
export function isClusterExtender(cp: number): boolean {
  if (cp < 0x300) return false;
  let v = markCache.get(cp);
  if (v === undefined) {
    v = MARK_RE.test(String.fromCodePoint(cp)) || (cp >= 0xe0100 && cp <= 0xe01ef) ||
      (cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0xe0020 && cp <= 0xe007f); // emoji modifiers, tag characters
    if (markCache.size < 4096) markCache.set(cp, v);
  }
  return v;
}

const EXT_PICT = /^\p{Extended_Pictographic}$/u;
const isRegionalIndicator = (cp: number): boolean => cp >= 0x1f1e6 && cp <= 0x1f1ff;

/**
 * The cursive scripts css-text-3 §8.2 names (Arabic, Hanifi Rohingya, Mandaic, Mongolian, N'Ko, Phags Pa, Syriac), to
 * which "UAs should not apply letter-spacing". Chromium 156 leaves unspaced every character of a script run (script-runs.ts)
 * of one of them but the spaces (U+0020, U+00A0, tab, newline: Blink's Character::TreatAsSpace): Arabic letters, Arabic-
 * Indic and European digits, punctuation ('،', '.', ':', '(' ')'), tatweel and thin or ideographic spaces in an Arabic run
 * get none; Latin letters and digits in a Latin run beside them, and a '،' between Latin letters (a run of its own,
 * Arabic), as they are. Measured: test/text/letter-spacing-cursive-chromium.test.ts.
 */
export const CURSIVE_SCRIPTS: ReadonlySet<string> = new Set(['Arabic', 'Hanifi_Rohingya', 'Mandaic', 'Mongolian', 'Nko', 'Phags_Pa', 'Syriac']);
const treatAsSpace = (cp: number): boolean => cp === 0x20 || cp === 0xa0 || cp === 0x09 || cp === 0x0a;

/**
 * The typographic character units letter-spacing counts in each of `texts` (a run's glyph cluster texts in logical
 * order, contiguous): css-text-3 §8.2 adds it after every typographic character unit (a grapheme cluster, §3.2), and
 * Chromium 156 counts HarfBuzz's grapheme clusters (hb_set_unicode_props' continuations): a code point starts one
 * unless it extends the cluster before it (isClusterExtender: marks, ZWJ, variation selectors, emoji modifiers, tags),
 * is an Extended_Pictographic after a ZWJ (emoji ZWJ sequences), the second of a pair of regional indicators (a flag) or
 * a halfwidth katakana sound mark (U+FF9E, U+FF9F); a default-ignorable one (soft hyphen, ZWSP) and, in a cursive script's run (`cursive`), one that is not a space are units of no spacing. Measured in Chromium (letter-spacing 10px): "x👨‍👩y", "x🇩🇪y",
 * "xｶﾞy" and "xa‍❤y" get it 3 times, "x🇩🇪🇫y" 4 times. Each count sits on the glyph drawn last of its cluster.
 */
function spacingUnits(texts: readonly string[], rtl: boolean, cursive: boolean): number[] {
  const out = new Array<number>(texts.length).fill(0);
  let prev = -1;
  let prevJoined = false; // whether `prev` continued the cluster before it
  let last = -1; // the glyph the open cluster ends on so far, which carries its spacing
  for (let g = 0; g < texts.length; g++) {
    const t = texts[g]!;
    let n = 0;
    let continues = t === ''; // a glyph without text (a mark, a multiple substitution's rest) is part of the cluster before it
    for (let j = 0; j < t.length; ) {
      const cp = t.codePointAt(j)!;
      const joined: boolean = isClusterExtender(cp) || (cp >= 0xff9e && cp <= 0xff9f) ||
        (prev === 0x200d && EXT_PICT.test(String.fromCodePoint(cp))) || (isRegionalIndicator(cp) && isRegionalIndicator(prev) && !prevJoined);
      if (joined && j === 0) continues = true;
      else if (!joined && !isDefaultIgnorable(cp) && (!cursive || treatAsSpace(cp))) n++;
      prev = cp;
      prevJoined = joined;
      j += cp > 0xffff ? 2 : 1;
    }
    // Chromium adds the spacing after a cluster's last glyph (ｶﾞ: both glyphs side by side, then the spacing); right to
    // left, the glyphs go in visual order, so the cluster's first glyph in logical order is its last one drawn.
    if (continues && last >= 0 && !rtl) {
      n += out[last]!;
      out[last] = 0;
    }
    out[g] = n;
    last = g;
  }
  return out;
}

/**
 * Default_Ignorable_Code_Point (DerivedCoreProperties; the set fontkit and HarfBuzz hide): these
 * take no letter-spacing (measured in Chromium: "a\u00ADb" and "a\u200Bb" get it once).
 */
export function isDefaultIgnorable(cp: number): boolean {
  if (cp < 0xad) return false;
  return cp === 0xad || cp === 0x34f || cp === 0x61c || (cp >= 0x115f && cp <= 0x1160) || (cp >= 0x17b4 && cp <= 0x17b5) ||
    (cp >= 0x180b && cp <= 0x180f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) || cp === 0x3164 || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff || cp === 0xffa0 ||
    (cp >= 0xfff0 && cp <= 0xfff8) || (cp >= 0x1bca0 && cp <= 0x1bca3) || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff);
}

/**
 * Whether font matching may ignore `cp` in a cluster (css-fonts-4 §5.4 cluster matching): the
 * default-ignorable code points (ZWJ, ZWNJ, soft hyphen, bidi controls, tags …) draw nothing, so a
 * face need not cover them, except variation selectors (U+180B–180F, FE00–FE0F, E0100–E01EF):
 * for those §5.4 asks to look for a face supporting the sequence before using the base glyph.
 */
export function isIgnoredInFontMatching(cp: number): boolean {
  if (!isDefaultIgnorable(cp)) return false;
  return !((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x180b && cp <= 0x180f) || (cp >= 0xe0100 && cp <= 0xe01ef));
}

/** What fontkit's OpenType engine knew about each output glyph (captured before it cleans up). */
interface Capture { counts: number[] | null }
const CAPTURES = new WeakMap<object, Capture>();

/**
 * Instruments a font's fontkit layout engine once so that, after each layout(), the number of
 * source code points behind every output glyph is known (GlyphInfo.codePoints: ligatures carry all
 * their components, the 2nd+ glyphs of a multiple substitution none). fontkit's Glyph objects are
 * cached per glyph id and cannot tell this. Fonts without an OpenType engine (AAT, kern only)
 * give null and glyphs map 1:1 to code points. Also makes a user's frac feature global (see below).
 */
function captureFor(font: Font): Capture {
  let cap = CAPTURES.get(font);
  if (cap) return cap;
  const c: Capture = { counts: null };
  cap = c;
  CAPTURES.set(font, c);
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const engine = (font as any)._layoutEngine?.engine;
    if (engine && typeof engine.setup === 'function') {
      // fontkit plans frac, numr and dnom as local features, set only around U+2044 FRACTION SLASH, and ignores a
      // user's frac: font-variant-numeric: diagonal-fractions (frac on) applies it to the whole run, as HarfBuzz does.
      const setup = engine.setup as (run: { features?: Record<string, boolean> }) => void;
      engine.setup = function (this: { glyphInfos: Array<{ features: Record<string, boolean> }> }, run: { features?: Record<string, boolean> }) {
        const frac = run.features?.frac === true;
        setup.call(this, run);
        if (frac) for (const g of this.glyphInfos) g.features.frac = true;
      };
    }
    if (engine && typeof engine.cleanup === 'function' && 'glyphInfos' in engine) {
      const cleanup = engine.cleanup as () => void;
      engine.cleanup = function (this: { glyphInfos: Array<{ codePoints: number[] }> | null }) {
        c.counts = this.glyphInfos ? this.glyphInfos.map((g) => g.codePoints.length) : null;
        cleanup.call(this);
      };
    }
  } catch {
    // leave the engine alone: counts stay null and glyphs map 1:1
  }
  return c;
}

/** Code points of `text` with their UTF-16 start indices. */
function codePointsOf(text: string): { cps: number[]; starts: number[] } {
  const cps: number[] = [];
  const starts: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    cps.push(cp);
    starts.push(i);
    i += cp > 0xffff ? 2 : 1;
  }
  return { cps, starts };
}

/**
 * The cluster text of each glyph (logical order) from per-glyph code point counts. When the counts
 * do not add up (an unexpected shaper), falls back to 1:1 and puts any rest on the last glyph.
 */
function clusterTexts(text: string, glyphCount: number, counts: number[] | null): string[] {
  const { cps, starts } = codePointsOf(text);
  const out = new Array<string>(glyphCount);
  let use = counts;
  if (!use || use.length !== glyphCount || use.reduce((a, b) => a + b, 0) !== cps.length) use = null;
  let k = 0;
  for (let g = 0; g < glyphCount; g++) {
    const n = use ? use[g] : (g === glyphCount - 1 ? Math.max(1, cps.length - k) : 1);
    if (n === 0 || k >= cps.length) {
      out[g] = '';
      continue;
    }
    const end = Math.min(cps.length, k + n);
    out[g] = text.slice(starts[k], end < cps.length ? starts[end] : text.length);
    k = end;
  }
  return out;
}

/**
 * Gives each combining mark's text (General_Category M, variation selectors included) to the glyph
 * of its base, the mark glyph keeping '' (glyphs in logical order): a base and its marks extract as
 * one unit, as from Chromium's PDFs, which label each HarfBuzz cluster with one ActualText. Without
 * it a raised Arabic tanween or harakah comes out as a word of its own. ZWJ and ZWNJ are clusters
 * of their own there (Persian 'لوازم‌التحریر' extracts as one word with its ZWNJ in place).
 */
function attachMarks(texts: string[]): string[] {
  let base = -1;
  for (let g = 0; g < texts.length; g++) {
    const t = texts[g];
    if (t === '') continue;
    if (base >= 0 && isAllExtenders(t)) { texts[base] += t; texts[g] = ''; continue; }
    base = g;
  }
  return texts;
}

const MARKS = /^\p{M}+$/u;
const isAllExtenders = (t: string): boolean => t.charCodeAt(0) >= 0x300 && MARKS.test(t);

/** Features browsers turn on by default that fontkit's plans include (css-fonts-4 §7.2 step 1). */
const DEFAULT_FEATURES = Object.freeze({ liga: true, clig: true, calt: true, kern: true });
/** Under letter-spacing (step 4), as Blink does: the optional ligatures and contextual alternates off. */
const SPACED_FEATURES = Object.freeze({ liga: false, clig: false, calt: false, kern: true, dlig: false, hlig: false });
/** The feature sets by letter-spacing flag and features string (a handful per document). */
const FEATURE_SETS = new Map<string, Readonly<Record<string, boolean>>>();

/**
 * The fontkit features of a run, in css-fonts-4 §7.2's order: the defaults, optional ligatures off under letter-spacing,
 * then `features` (font-variant-*, font-kerning, font-feature-settings), later settings winning. fontkit takes on/off
 * only: a value N > 1 (an alternate's index) turns the feature on and picks its first alternate.
 */
function featuresOf(spaced: boolean, features: string): Readonly<Record<string, boolean>> {
  if (features === '') return spaced ? SPACED_FEATURES : DEFAULT_FEATURES;
  const key = `${spaced ? 1 : 0}${features}`;
  let f = FEATURE_SETS.get(key);
  if (!f) {
    const o: Record<string, boolean> = { ...(spaced ? SPACED_FEATURES : DEFAULT_FEATURES) };
    for (const entry of features.split(',')) {
      const eq = entry.indexOf('=');
      if (eq < 0) o[entry] = true;
      else o[entry.slice(0, eq)] = entry.slice(eq + 1) !== '0';
    }
    f = Object.freeze(o);
    if (FEATURE_SETS.size >= 1024) FEATURE_SETS.clear();
    FEATURE_SETS.set(key, f);
  }
  return f;
}

/**
 * The font size Chromium's advances correspond to: the CSS size floored to 1/64 px (FreeType is
 * given the size in 26.6 fixed point). Measured in Chromium with a 135-character line: 13.333px
 * (10pt) → 853/64, 14.67px → 938/64, 18.6667px (14pt) → 1194/64, 15.7px → 1004/64; integral
 * sizes are unchanged. (Sizes that are exact multiples of 1/64 but not of 1/4 px come out 1/64
 * smaller still in Chromium; not modelled.)
 */
export function advanceSize(size: number): number {
  return Math.floor(size * 64 + 1e-7) / 64;
}

/** Process-wide cache of shaped single-face runs, keyed by face key, size, spacing, features, text. */
const RUN_CACHE = new Lru<string, ShapedText>(20000);

/**
 * Shapes `text` in one face at `opts.size` px with fontkit (OpenType GSUB/GPOS, else the kern
 * table), with the default features browsers apply (ccmp, locl, rlig, mark, mkmk, calt, clig,
 * liga, kern; not dlig). As Blink does, a non-zero letter-spacing turns the optional ligatures
 * off (liga, clig, calt). Advances are `xAdvance × size / unitsPerEm`, then letter-spacing is
 * added after every typographic character unit (spacingUnits: HarfBuzz's grapheme clusters) and
 * word-spacing after each word separator (U+0020, U+00A0 …) (css-text-3 §8.1, §8.2).
 * Each glyph carries its cluster's source text (ligature "fi" → "fi"; a multiple substitution's
 * 2nd+ glyphs → ''). Results are shared and cached: do not mutate them. Never throws: a font
 * that fails to shape gives one .notdef-free empty run of width 0.
 */
export function shapeRun(face: FontFace, text: string, opts: RunOptions): ShapedText {
  const key = `${face.key}\u0001${opts.size}\u0001${opts.letterSpacing}\u0001${opts.wordSpacing}\u0001${opts.features}${opts.rtl === undefined ? '' : opts.rtl ? 'r' : 'l'}\u0001${opts.language ?? ''}\u0001${opts.script ?? ''}${opts.cursive ? '\u0001c' : ''}\u0001${text}`;
  const hit = RUN_CACHE.get(key);
  if (hit) return hit;
  const result = shapeUncached(face, text, opts);
  RUN_CACHE.set(key, result);
  return result;
}

function shapeUncached(face: FontFace, text: string, opts: RunOptions): ShapedText {
  if (text === '') return { glyphs: [], width: 0 };
  const font = face.font as Font;
  const scale = advanceSize(opts.size) / (face.unitsPerEm || 1000);
  const ls = opts.letterSpacing;
  const feats = featuresOf(ls !== 0, opts.features);
  const cap = captureFor(font);
  let run: FkGlyphRun;
  try {
    cap.counts = null;
    const glyphs = glyphsFor(font, opts.rtl ? mirrorText(text) : text);
    if (opts.rtl === undefined && opts.language === undefined) run = font.layout(glyphs, { ...feats });
    // A script given for Common characters (RunOptions.script) must not turn their direction: outside a bidi paragraph they are left to right.
    else run = font.layout(glyphs, { ...feats }, opts.script, opts.language, opts.rtl === undefined ? (opts.script === undefined ? undefined : 'ltr') : opts.rtl ? 'rtl' : 'ltr');
  } catch {
    return { glyphs: [], width: 0 };
  }
  const n = run.glyphs.length;
  const varied = Array.isArray((font as { variationCoords?: unknown }).variationCoords);
  let texts = attachMarks(clusterTexts(text, n, cap.counts));
  const rtl = run.direction === 'rtl';
  let units = ls !== 0 ? spacingUnits(texts, rtl, opts.cursive === true) : null;
  if (rtl) {
    texts = texts.reverse();
    units = units && units.reverse();
    // fontkit reverses the glyphs of a right-to-left run only in its OpenType/AAT engines: a font
    // with neither (no GSUB, GPOS or morx) comes back in logical order.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    if (!(font as any)._layoutEngine?.engine) { run.glyphs.reverse(); run.positions.reverse(); }
  }
  const glyphs: ShapedGlyph[] = new Array(n);
  let width = 0;
  let spaceId = -1;
  let missing = '';
  for (let i = 0; i < n; i++) {
    const pos = run.positions[i];
    const t = texts[i];
    const c0 = t.length === 1 ? t.charCodeAt(0) : 0x20;
    if (c0 < 0x20 || c0 === 0x7f) {
      // Control characters (tab, newline … when layout passes them through) are invisible and
      // take no advance: layout gives tabs their tab-stop width (css-text-3 §4.2).
      if (spaceId < 0) spaceId = safeSpaceId(font);
      glyphs[i] = { id: spaceId, advance: 0, dx: 0, dy: 0, text: t };
      continue;
    }
    if (t !== '' && allDefaultIgnorable(t)) {
      // Hidden, as HarfBuzz and fontkit's hideDefaultIgnorables do: the space glyph at zero
      // advance. fontkit's own pass reads the code points of its cached Glyph for the id (.notdef's
      // are whatever first created it), so a bidi isolate could keep .notdef's advance.
      if (spaceId < 0) spaceId = safeSpaceId(font);
      const advance = units ? units[i]! * ls : 0; // a ZWJ that ends its cluster carries the cluster's spacing
      glyphs[i] = { id: spaceId, advance, dx: 0, dy: 0, text: t };
      width += advance;
      continue;
    }
    // A variable font's advance (HVAR) in whole font units, as HarfBuzz's hmtx rounds the variation delta.
    const aw = varied ? run.glyphs[i].advanceWidth : 0;
    let advance = (varied ? pos.xAdvance + Math.round(aw) - aw : pos.xAdvance) * scale;
    if (units) advance += units[i]! * ls;
    if (t !== '' && opts.wordSpacing !== 0) {
      for (let j = 0; j < t.length; ) {
        const cp = t.codePointAt(j)!;
        if (WORD_SEPARATORS.has(cp)) advance += opts.wordSpacing;
        j += cp > 0xffff ? 2 : 1;
      }
    }
    let id = run.glyphs[i].id;
    if (id === 0 && t !== '') {
      const fallback = spaceFallback(font, t, scale * (face.unitsPerEm || 1000));
      if (fallback) {
        id = fallback.id;
        advance += fallback.advance - pos.xAdvance * scale;
      } else missing = addMissing(missing, t);
    }
    glyphs[i] = { id, advance, dx: pos.xOffset * scale, dy: pos.yOffset * scale, text: t };
    width += advance;
  }
  markClusters(glyphs, texts, rtl);
  return missing ? { glyphs, width, missing } : { glyphs, width };
}

/**
 * Sets `joinNext` on each glyph whose cluster goes on with the next glyph (visual order). A cluster is a glyph
 * with text and the glyphs with '' that follow it in logical order (its marks, the rest of a multiple
 * substitution); a right-to-left run is reversed, as HarfBuzz returns it, so there they precede it.
 */
function markClusters(glyphs: ShapedGlyph[], texts: readonly string[], rtl: boolean): void {
  for (let i = 0; i + 1 < glyphs.length; i++) {
    if (rtl ? texts[i] === '' : texts[i + 1] === '') glyphs[i]!.joinNext = true;
  }
}

/** Whether every code point of `text` is default-ignorable. */
function allDefaultIgnorable(text: string): boolean {
  for (let j = 0; j < text.length; ) {
    const cp = text.codePointAt(j)!;
    if (!isDefaultIgnorable(cp)) return false;
    j += cp > 0xffff ? 2 : 1;
  }
  return true;
}

/** `seen` plus the characters of `text` that draw something (not default-ignorable), each once. */
function addMissing(seen: string, text: string): string {
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!isDefaultIgnorable(cp) && !seen.includes(ch)) seen += ch;
  }
  return seen;
}

const isVariationSelector = (cp: number): boolean => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);

/**
 * fontkit's glyphs for `text` (cmap, variation sequences) each carrying its own code points.
 * fontkit caches one Glyph object per glyph id with the code points it was first created with
 * (by a cmap lookup, a GSUB substitution or a bare getGlyph(id)), and its shapers read those: a
 * heh first created without U+0647 no longer joins (Arabic shaping then depends on what the process
 * rendered before). Glyphs whose cached code points differ are replaced by views with the right ones.
 */
function glyphsFor(font: Font, text: string): Glyph[] {
  const glyphs = font.glyphsForString(text);
  let k = 0;
  const cps: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    cps.push(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  for (let i = 0; i < glyphs.length; i++) {
    while (k < cps.length && isVariationSelector(cps[k])) k++; // fontkit drops a VS that follows nothing or another VS
    if (k >= cps.length) break;
    const want = k + 1 < cps.length && isVariationSelector(cps[k + 1]) ? [cps[k], cps[k + 1]] : [cps[k]];
    k += want.length;
    const g = glyphs[i];
    const have = g.codePoints;
    if (have.length !== want.length || have.some((c, j) => c !== want[j])) {
      glyphs[i] = Object.create(g, { codePoints: { value: want, writable: true, enumerable: true } }) as Glyph;
    }
  }
  return glyphs;
}

/**
 * The width rule of HarfBuzz's space fallback for a space character (hb-unicode.hh space_fallback_type,
 * the GC=Zs characters a font may lack): a number n is 1/n em (U+205F: 4/18 em); 'figure' the width of a digit, 'punctuation'
 * that of '.' (else ','), 'narrow' half the font's space. Chromium 156 (its HarfBuzz) falls back for these;
 * U+3000 is not among them there (measured: a font without it takes a fallback font's ideographic space).
 */
const SPACE_FALLBACK = new Map<number, number | 'figure' | 'punctuation' | 'narrow'>([
  [0x2000, 2], [0x2001, 1], [0x2002, 2], [0x2003, 1], [0x2004, 3], [0x2005, 4], [0x2006, 6], [0x2007, 'figure'],
  [0x2008, 'punctuation'], [0x2009, 5], [0x200a, 16], [0x202f, 'narrow'], [0x205f, 18 / 4],
]);

/** Whether a font lacking `cp` still draws it, as its space glyph at a width of its own (HarfBuzz's space fallback). */
export function hasSpaceFallback(cp: number): boolean {
  return SPACE_FALLBACK.has(cp);
}

/**
 * A space character `t` the font has no glyph for, drawn as HarfBuzz does (hb-ot-shape-normalize.cc: the
 * U+0020 glyph; hb-ot-shape-fallback.cc _hb_ot_shape_fallback_spaces: the advance by SPACE_FALLBACK), at
 * `em` px per em. Undefined when `t` is not such a character or the font has no space either.
 */
function spaceFallback(font: Font, t: string, em: number): { id: number; advance: number } | undefined {
  const rule = t.length === 1 ? SPACE_FALLBACK.get(t.charCodeAt(0)) : undefined;
  if (rule === undefined) return undefined;
  const px = (cp: number): number | undefined => {
    if (!font.hasGlyphForCodePoint(cp)) return undefined;
    return (font.glyphForCodePoint(cp).advanceWidth * em) / (font.unitsPerEm || 1000);
  };
  const id = safeSpaceId(font);
  if (id === 0) return undefined;
  let advance: number | undefined;
  if (typeof rule === 'number') advance = em / rule;
  else if (rule === 'narrow') advance = (px(0x20) ?? 0) / 2;
  else if (rule === 'punctuation') advance = px(0x2e) ?? px(0x2c);
  else for (let d = 0x30; d <= 0x39 && advance === undefined; d++) advance = px(d);
  return advance === undefined ? undefined : { id, advance };
}

function safeSpaceId(font: Font): number {
  try {
    return font.glyphForCodePoint(0x20).id;
  } catch {
    return 0;
  }
}

/** Empties the process-wide run cache (tests and benchmarks). */
export function clearShapeCache(): void {
  RUN_CACHE.clear();
}
