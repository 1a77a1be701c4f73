// The text stage's entry point. In: a ResourceLoader and WarningSink per render, then font specs
// and text. Out: a FontContext (matching, metrics, shaping with fallback) and breakOpportunities.
import type { Font } from 'fontkit';
import type { FontFaceRule } from '../css/styled.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { FontContext, FontFace, FontSpec, GlyphRun, ScaledMetrics, TextRendering } from './types.ts';
import { bundledFaces, bundledFamilyFor, defaultFace, DEFAULT_FAMILY, FALLBACK_FAMILIES, fontMetrics, GENERIC_FAMILIES, normaliseFamily, type FaceEntry } from './fonts.ts';
import { fontFaceEntries, type FaceScope } from './fontface.ts';
import { FontFaceSets, keepShape, newCaches, type Caches, type FallbackStep, type FamilySlot, type Resolved } from './font-caches.ts';
import { matchFace, needsSynthesis } from './matching.ts';
import { scaleMetrics } from './metrics.ts';
import { CURSIVE_SCRIPTS, hasSpaceFallback, isClusterExtender, isIgnoredInFontMatching } from './shape.ts';
import { shapeSegment } from './segment.ts';
import { breakOpportunities } from './breaks.ts';
import { commonOnly, openTypeScript } from './ot-language.ts';
import { decodeScriptRuns, scriptRuns, shapingKey, type ScriptRun } from './script-runs.ts';

export { breakOpportunities };
export { autoDecorations, type AutoDecorations } from './metrics.ts';
export { SMALL_CAPS_SCALE } from './segment.ts';
export type * from './types.ts';
export { FontFaceSets };


/** Shared by every context that has no @font-face faces (bundled fonts only: pure results). */
const SHARED: Caches = newCaches();

/** The faces of `synthetic`-variant objects, so identity is stable per (face, flags). */
const VARIANTS = new WeakMap<FontFace, Map<string, FontFace>>();

function withSynthesis(face: FontFace, bold: boolean, oblique: boolean): FontFace {
  if (!bold && !oblique) return face;
  let m = VARIANTS.get(face);
  if (!m) VARIANTS.set(face, (m = new Map()));
  const k = `${bold ? 'b' : ''}${oblique ? 'o' : ''}`;
  let v = m.get(k);
  if (!v) m.set(k, (v = { ...face, synthetic: { bold, oblique } }));
  return v;
}

function inRange(entry: FaceEntry, cp: number): boolean {
  const r = entry.unicodeRange;
  if (r.length === 0) return true;
  for (const [a, b] of r) if (cp >= a && cp <= b) return true;
  return false;
}

/** ASCII coverage bitmaps per parsed font (1 = glyph present). */
const ASCII_COVER = new WeakMap<object, Uint8Array>();
function asciiCover(font: Font): Uint8Array {
  let a = ASCII_COVER.get(font);
  if (!a) {
    a = new Uint8Array(128);
    for (let c = 0x20; c < 0x7f; c++) {
      try {
        a[c] = font.hasGlyphForCodePoint(c) ? 1 : 0;
      } catch { a[c] = 0; }
    }
    ASCII_COVER.set(font, a);
  }
  return a;
}

function hasGlyph(face: FontFace, cp: number): boolean {
  const font = face.font as Font;
  if (cp >= 0x20 && cp < 0x7f) return asciiCover(font)[cp] === 1;
  try {
    return font.hasGlyphForCodePoint(cp);
  } catch {
    return false;
  }
}

function isSpaceLike(cp: number): boolean {
  return cp === 0x20 || cp === 0xa0 || cp === 0x09 || cp === 0x0a || (cp >= 0x2000 && cp <= 0x200b) || cp === 0x3000 || cp === 0xad;
}

function validSpec(spec: FontSpec): void {
  if (!spec || typeof spec !== 'object' || !Array.isArray(spec.fontFamily)) throw new TypeError('FontSpec with a fontFamily array expected');
}

/** Normalised, finite numbers of a spec (odd values clamp rather than crash). */
function sizeOf(spec: FontSpec): number {
  const s = spec.fontSize;
  return Number.isFinite(s) && s > 0 ? s : 0;
}

function weightOf(spec: FontSpec): number {
  const w = spec.fontWeight;
  return Number.isFinite(w) ? Math.min(1000, Math.max(1, w)) : 400;
}

/**
 * Creates the fonts of one render: the bundled faces (process-wide, parsed once each) plus the
 * document's @font-face faces (addFontFaces). `loader` reads @font-face url() sources (relative
 * to the document; no network, no escape); `warnings` receives 'unknown-font' and 'font-load'.
 * Results (GlyphRun arrays, ScaledMetrics) are cached and shared: callers must not mutate them.
 * `faceSets`: a compiled template's store, whose faces and results later renders with the same rules take over.
 * @throws TypeError when `opts` lacks a loader or a warning sink.
 */
export function createFontContext(opts: { loader: ResourceLoader; warnings: WarningSink; faceSets?: FontFaceSets }): FontContext {
  if (!opts || !opts.loader || !opts.warnings) throw new TypeError('createFontContext needs { loader, warnings }');
  return new Fonts(opts.loader, opts.warnings, opts.faceSets);
}

/** The FontContext of one render (a class: no closures to create per render). */
class Fonts implements FontContext {
  private faceFamilies = new Map<string, FaceEntry[]>();
  private faceCount = 0;
  /**
   * Plain Maps emptied when full (cheaper than an LRU on this hot path). A context without
   * @font-face faces only sees the bundled fonts, so it shares the process-wide ones.
   */
  private caches: Caches = SHARED;
  private readonly specKeys = new WeakMap<FontSpec, string>();
  /** resolve()'s result per FontSpec object with this context's faces (renewed with `caches`). */
  private resolvedBySpec = new WeakMap<FontSpec, Resolved>();
  /** Faces from @font-face rules with a unicode-range: they only serve the code points in range. */
  private faceRanges = new WeakMap<FontFace, FaceEntry>();

  constructor(private readonly loader: ResourceLoader, private readonly warnings: WarningSink, private readonly faceSets?: FontFaceSets) {}

  addFontFaces(rules: readonly FontFaceRule[]): void {
    if (!Array.isArray(rules)) throw new TypeError('addFontFaces expects an array of FontFaceRule');
    const first = this.faceCount === 0;
    const kept = first ? this.faceSets?.take(rules, this.loader, this.warnings) : undefined;
    if (kept) {
      // the faces an earlier render of this template made for the same rules, with what was matched and shaped
      this.faceCount = rules.length;
      this.faceFamilies = kept.families;
      this.caches = kept.caches;
      this.resolvedBySpec = kept.resolvedBySpec;
      this.faceRanges = kept.faceRanges;
      return;
    }
    const scope: FaceScope = { loader: this.loader, warnings: this.warnings, failed: false, bytes: 0 };
    const added = fontFaceEntries(rules, scope, this.faceCount);
    this.faceCount += rules.length;
    if (added.size === 0) return;
    const keep = first && this.faceSets !== undefined;
    if (!first) {
      // a kept set is not changed by a later call: this render's own from now on
      this.faceFamilies = new Map(this.faceFamilies);
      this.faceRanges = new WeakMap();
    }
    for (const [fam, list] of added) this.faceFamilies.set(fam, [...list, ...(this.faceFamilies.get(fam) ?? [])]);
    this.caches = keep ? FontFaceSets.caches() : newCaches(); // this document's fonts: its own caches from now on
    this.resolvedBySpec = new WeakMap();
    if (keep) this.faceSets!.keep({ rules, scope, families: this.faceFamilies, caches: this.caches, resolvedBySpec: this.resolvedBySpec, faceRanges: this.faceRanges });
  }

  /** The caches' object: shared by the contexts without @font-face faces, each document's own once it adds some. */
  get shapingScope(): object {
    return this.caches;
  }

  match(spec: FontSpec): FontFace {
    validSpec(spec);
    return this.resolve(spec).primary;
  }

  metrics(spec: FontSpec): ScaledMetrics {
    validSpec(spec);
    const geometric = spec.textRendering === 'geometricPrecision';
    const key = `${this.specKey(spec)}\u0001${spec.fontSize}${geometric ? '\u0001g' : ''}`;
    let m = this.caches.metrics.get(key);
    if (!m) {
      const face = this.resolve(spec).primary;
      m = scaleMetrics(fontMetrics(face.font as Font), sizeOf(spec), geometric);
      if (this.caches.metrics.size >= 2000) this.caches.metrics.clear();
      this.caches.metrics.set(key, m);
    }
    return m;
  }

  shape(text: string, spec: FontSpec, rtl?: boolean, scripts?: string): GlyphRun[] {
    validSpec(spec);
    if (typeof text !== 'string') throw new TypeError('shape expects a string');
    if (text === '') return [];
    const r = this.resolve(spec);
    // Warn only when text is set in the font: metrics() runs during the cascade, before the
    // document's @font-face rules are known, and must not warn about families they define.
    if (r.unknown) this.warnings.add('unknown-font', r.unknown);
    const c = this.caches;
    let own = c.bySpec.get(spec);
    if (own === undefined) c.bySpec.set(spec, (own = { plain: new Map(), rtl: null, ltr: null }));
    const byText = rtl === undefined ? own.plain : rtl ? (own.rtl ??= new Map()) : (own.ltr ??= new Map());
    const textKey = shapingKey(text, scripts);
    const mine = byText.get(textKey);
    if (mine !== undefined) return mine;
    const size = sizeOf(spec);
    const key = `${this.specKey(spec)}\u0001${size}\u0001${spec.letterSpacing ?? 0}\u0001${spec.wordSpacing ?? 0}\u0001${spec.fontVariantCaps ?? ''}\u0001${spec.fontFeatures ?? ''}\u0001${spec.fontVariationSettings ?? ''}\u0001${spec.language ?? ''}\u0001${rtl === undefined ? '' : rtl ? 'r' : 'l'}\u0001${textKey}`;
    let runs = c.shapes.get(key);
    if (runs === undefined) {
      runs = [];
      const scriptRunList = scripts === undefined ? scriptRuns(text) : decodeScriptRuns(scripts);
      for (const seg of this.segments(r, spec, text)) shapeByScript(seg.face, text, seg.start, seg.end, scriptRunList, spec, size, runs, rtl);
      if (rtl) runs.reverse(); // segments of a right-to-left run go right to left
      keepShape(c, key, runs);
    }
    if (c.bySpecSize >= c.maxShapes) {
      c.bySpec = new WeakMap();
      c.bySpecSize = 0;
    } else {
      byText.set(textKey, runs);
      c.bySpecSize++;
    }
    return runs;
  }

  measure(text: string, spec: FontSpec, rtl?: boolean): number {
    const runs = this.shape(text, spec, rtl);
    let w = 0;
    for (const run of runs) w += run.width;
    return w;
  }

  private serves(face: FontFace, cp: number): boolean {
    const e = this.faceRanges.get(face);
    return (!e || inRange(e, cp)) && hasGlyph(face, cp);
  }

  private familySlot(name: string): FamilySlot | undefined {
    const norm = normaliseFamily(name);
    const own = this.faceFamilies.get(norm);
    if (own) return own;
    const bundled = bundledFamilyFor(norm);
    return bundled ? bundledFaces(bundled) : undefined;
  }

  private specKey(spec: FontSpec): string {
    let k = this.specKeys.get(spec);
    if (k === undefined) {
      k = `${spec.fontFamily.join('\u0002')}\u0001${weightOf(spec)}\u0001${spec.fontStyle}`;
      this.specKeys.set(spec, k);
    }
    return k;
  }

  private pick(slot: FamilySlot, weight: number, style: FontFace['style'], cp: number | undefined): FontFace | undefined {
    let pool = cp === undefined ? slot : slot.filter((e) => inRange(e, cp));
    // The first available font is the first whose unicode-range covers U+0020 (css-fonts-4 §5;
    // Blink's DeterminePrimarySimpleFontData): a family none of whose faces covers it is skipped.
    if (cp === undefined && slot.some((e) => e.unicodeRange.length)) pool = slot.filter((e) => inRange(e, 0x20));
    while (pool.length) {
      const entry = matchFace(pool, weight, style);
      if (!entry) return undefined;
      const face = entry.face(weight);
      if (face) {
        const syn = needsSynthesis(entry, weight, style);
        const v = withSynthesis(face, syn.bold, syn.oblique);
        if (entry.unicodeRange.length) this.faceRanges.set(v, entry);
        return v;
      }
      pool = pool.filter((e) => e !== entry); // failed to load: the next best face
    }
    return undefined;
  }

  private resolve(spec: FontSpec): Resolved {
    let r = this.resolvedBySpec.get(spec);
    if (r) return r;
    const key = this.specKey(spec);
    r = this.caches.resolved.get(key);
    if (r) {
      this.resolvedBySpec.set(spec, r);
      return r;
    }
    const weight = weightOf(spec);
    const style: FontFace['style'] = spec.fontStyle === 'italic' || spec.fontStyle === 'oblique' ? spec.fontStyle : 'normal';
    const slots: FallbackStep[] = [];
    let primary: FontFace | undefined;
    let rangedBefore = false;
    for (const name of spec.fontFamily) {
      if (typeof name !== 'string') continue;
      const slot = this.familySlot(name);
      if (!slot) continue;
      slots.push({ entries: slot, system: false });
      if (!primary) {
        primary = this.pick(slot, weight, style, undefined);
        if (!primary && slot.some((e) => e.unicodeRange.length)) rangedBefore = true;
      }
    }
    let unknown: string | undefined;
    if (!primary) {
      const fams = spec.fontFamily.filter((n) => typeof n === 'string');
      const hadGeneric = fams.some((n) => GENERIC_FAMILIES.has(normaliseFamily(n)));
      if (fams.length && !hadGeneric) unknown = `no font-family of "${fams.join(', ')}" is available; using ${DEFAULT_FAMILY}`;
      primary = this.pick(bundledFaces(DEFAULT_FAMILY) ?? [], weight, style, undefined) ?? defaultFace();
    }
    // Then Chromium's default font (the standard family, Times New Roman → Liberation Serif),
    // matched like a listed family, then the platform fallback fonts in fontconfig's order.
    // Both measured in Chromium with the reference fonts.conf (test/text/shape.test.ts).
    const standard = bundledFaces(DEFAULT_FAMILY);
    if (standard) slots.push({ entries: standard, system: false });
    for (const fam of FALLBACK_FAMILIES) {
      const slot = bundledFaces(fam);
      if (slot) slots.push({ entries: slot, system: true });
    }
    r = { slots, primary, byCp: new Map(), unknown, rangedBefore };
    if (this.caches.resolved.size >= 2000) this.caches.resolved.clear();
    this.caches.resolved.set(key, r);
    this.resolvedBySpec.set(spec, r);
    return r;
  }

  /** The face for a cluster (base code point plus extenders): first family whose face has them all. */
  private faceForCluster(r: Resolved, spec: FontSpec, cps: number[]): FontFace {
    const base = cps[0];
    if (cps.length === 1) {
      const memo = r.byCp.get(base);
      if (memo !== undefined) return memo ?? r.primary;
    }
    // css-fonts-4 §5.4 cluster matching: default-ignorable code points (ZWJ, ZWNJ …) need no
    // glyph of their own, so they never force a fallback face (variation selectors still do).
    // The families are tried in list order (§5.4 step 2), so the primary face answers first only
    // when no family before it has unicode-range faces (Blink's FontFallbackIterator: a range face
    // that does not cover U+0020 is not the primary font, yet serves 'A' when its range has it).
    if (!r.rangedBefore && this.serves(r.primary, base) && cps.every((c) => isIgnoredInFontMatching(c) || this.serves(r.primary, c))) return r.primary;
    const weight = weightOf(spec);
    const style = spec.fontStyle === 'italic' || spec.fontStyle === 'oblique' ? spec.fontStyle : 'normal';
    let baseOnly: FontFace | undefined;
    let found: FontFace | undefined;
    for (const step of r.slots) {
      let face: FontFace | undefined;
      if (step.system) {
        const regular = this.pick(step.entries, 400, 'normal', base);
        face = regular && withSynthesis(regular, weight >= 600, style !== 'normal');
      } else {
        face = this.pick(step.entries, weight, style, base);
      }
      if (!face || !hasGlyph(face, base)) continue;
      if (cps.every((c) => isIgnoredInFontMatching(c) || this.serves(face, c))) {
        found = face;
        break;
      }
      baseOnly ??= face;
    }
    const chosen = found ?? baseOnly;
    if (cps.length === 1 && r.byCp.size < 5000) r.byCp.set(base, chosen ?? null);
    return chosen ?? r.primary;
  }

  /** Splits `text` into [face, start, end) segments by per-character fallback. */
  private segments(r: Resolved, spec: FontSpec, text: string): Array<{ face: FontFace; start: number; end: number }> {
    const primaryAscii = asciiCover(r.primary.font as Font);
    let simple = !this.faceRanges.has(r.primary) && !r.rangedBefore;
    for (let i = 0; simple && i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x7f || (c >= 0x20 && primaryAscii[c] !== 1)) {
        simple = false;
        break;
      }
    }
    if (simple) return [{ face: r.primary, start: 0, end: text.length }];
    const out: Array<{ face: FontFace; start: number; end: number }> = [];
    let i = 0;
    while (i < text.length) {
      const start = i;
      const cps: number[] = [];
      const first = text.codePointAt(i)!;
      cps.push(first);
      i += first > 0xffff ? 2 : 1;
      while (i < text.length) {
        const cp = text.codePointAt(i)!;
        if (!isClusterExtender(cp)) break;
        cps.push(cp);
        i += cp > 0xffff ? 2 : 1;
      }
      const prev = out[out.length - 1];
      let face: FontFace;
      if (first < 0x20 || hasSpaceFallback(first) || (isSpaceLike(first) && this.serves(r.primary, first))) {
        // White space comes from the primary font when it has it (Blink shapes the whole text with
        // the primary font first and only re-shapes what it lacks; measured: "✈ ✈" in serif has a
        // Liberation Serif space), and so do the spaces HarfBuzz draws with the font's own space
        // glyph when the font lacks them (shape.ts spaceFallback: U+2008 in Liberation Mono).
        face = r.primary;
      } else if (isSpaceLike(first) && prev && this.serves(prev.face, first)) {
        // Else a space stays with the run it is in when that face has it.
        face = prev.face;
      } else if (isIgnoredInFontMatching(first) && cps.every(isIgnoredInFontMatching)) {
        // A cluster of default-ignorables only (a ZWNJ after a space, a lone ZWJ) is invisible:
        // it stays with the run it is in instead of pulling in a face that has a glyph for it.
        face = prev ? prev.face : r.primary;
      } else {
        face = this.faceForCluster(r, spec, cps);
      }
      if (prev && prev.face === face) prev.end = i;
      else out.push({ face, start, end: i });
    }
    return out;
  }
}

/**
 * Shapes the font segment [start, end) of `text` one script run at a time (`runs`: the text's script runs), as Blink
 * does (RunSegmenter splits by script run, then by font; HarfBuzzShaper shapes each part apart, in its run's script):
 * nothing is kerned or ligated across a run's edge, and a part of Common characters only is shaped in its run's
 * script (openTypeScript), so that the language system's lookups reach it: a space between Hangul syllables that font
 * fallback takes from a Latin slice of Noto Sans KR is still KOR's wider one (280 units, not 224), and a middle dot
 * between Hangul syllables, a run of its own (its Script_Extensions lack Hangul), is the default one, not KOR's narrow
 * one (Chromium 156). Other parts get fontkit's own detection: their first character's script, which is their run's.
 * A run of a cursive script takes no letter-spacing but on its spaces (shape.ts CURSIVE_SCRIPTS).
 */
function shapeByScript(face: FontFace, text: string, start: number, end: number, runs: readonly ScriptRun[], spec: FontSpec, size: number, out: GlyphRun[], rtl?: boolean): void {
  let from = 0;
  for (const run of runs) {
    const a = Math.max(from, start);
    const b = Math.min(run.end, end);
    from = run.end;
    if (a >= b) continue;
    const part = text.slice(a, b);
    shapeSegment(face, part, spec, size, out, rtl, { script: commonOnly(part) ? openTypeScript(run.script) : undefined, cursive: CURSIVE_SCRIPTS.has(run.script) });
    if (from >= end) break;
  }
}

/**
 * Metrics of any face (e.g. a fallback face of a GlyphRun, `run.face`) at `size` px, rounded as
 * for the primary font (see scaleMetrics; `textRendering` the style's). Layout needs them when fallback glyphs take part in a
 * line box (CSS 2.1 §10.8.1: the inline box's content area comes from the fonts used).
 */
export function faceMetrics(face: FontFace, size: number, textRendering?: TextRendering): ScaledMetrics {
  if (!face || !face.font) throw new TypeError('faceMetrics expects a FontFace');
  return scaleMetrics(fontMetrics(face.font as Font), Number.isFinite(size) && size > 0 ? size : 0, textRendering === 'geometricPrecision');
}

/**
 * The advance adjustment (px, usually negative: kerning) that shaping `left + right` as one text
 * applies at their junction, i.e. width(a + b) − width(a) − width(b) for the last character of
 * `left` and the first of `right` (whole clusters). Chromium shapes whole runs, so pairs across
 * a space are kerned: Liberation Sans/Serif kern "A ", " A", "T ", " T", "L ", "P ", "V ", "W ",
 * "Y " (e.g. −113/2048 em each; measured in Chromium: "A A" at 1000px = 667 × 2 + 277.84 − 2 × 55.2).
 * Layout that shapes word by word adds this where pieces meet. Cached through `fonts.measure`.
 */
export function junctionKern(fonts: FontContext, spec: FontSpec, left: string, right: string): number {
  if (!left || !right) return 0;
  const a = lastCluster(left);
  const b = firstCluster(right);
  return fonts.measure(a + b, spec) - fonts.measure(a, spec) - fonts.measure(b, spec);
}

function lastCluster(text: string): string {
  let i = text.length;
  while (i > 0) {
    const lo = text.charCodeAt(i - 1);
    const start = lo >= 0xdc00 && lo <= 0xdfff && i >= 2 ? i - 2 : i - 1;
    if (!isClusterExtender(text.codePointAt(start)!) || start === 0) return text.slice(start);
    i = start;
  }
  return text;
}

function firstCluster(text: string): string {
  const first = text.codePointAt(0)!;
  let i = first > 0xffff ? 2 : 1;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    if (!isClusterExtender(cp)) break;
    i += cp > 0xffff ? 2 : 1;
  }
  return text.slice(0, i);
}

/** The families preloadFontSteps parses, regular and bold: Liberation Serif/Sans/Mono and DejaVu Sans. */
const PRELOADED_FAMILIES = ['serif', 'sans-serif', 'monospace', 'DejaVu Sans'];

/**
 * Warms the process-wide state a first render would otherwise pay for (≈ 0.3–0.6 s on a busy
 * machine: fontkit's Unicode tables, GSUB/GPOS of the common faces, linebreak's tries), one step
 * per family (its regular and bold faces parsed and a sample shaped; the last step also finds the
 * line breaks and script runs of a sample), so a caller can serve work between steps. Every step never throws.
 */
export function preloadFontSteps(): Array<() => void> {
  return PRELOADED_FAMILIES.map((family, i) => () => {
    try {
      const ctx = createFontContext({ loader: { load: () => ({ ok: false }) } as unknown as ResourceLoader, warnings: { add() {} } as unknown as WarningSink });
      for (const fontWeight of [400, 700]) {
        const spec: FontSpec = { fontFamily: [family], fontSize: 16, fontWeight, fontStyle: 'normal' };
        ctx.metrics(spec);
        ctx.measure('Invoice total: 1,234.56 €', spec);
      }
      if (i === PRELOADED_FAMILIES.length - 1) { breakOpportunities('Warm-up: “text” stage.'); scriptRuns('Warm-up · 준비'); }
    } catch {
      // a broken font installation shows up on the first real render instead
    }
  });
}
