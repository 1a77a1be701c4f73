// @font-face faces (css-fonts-4 §4). In: FontFaceRule objects from the cascade, a ResourceLoader
// and a WarningSink. Out: lazily loaded FaceEntry objects per family, variable fonts instanced at
// the used weight (css-fonts-4 §4.5, as Blink's FontCustomPlatformData); parsed fonts cached by content hash, their instances per font.
import { createHash } from 'node:crypto';
import type { Font } from 'fontkit';
import type { FontFaceRule } from '../css/styled.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { FontFace } from './types.ts';
import { bundledFaceByName, makeFace, parseFont, withMetricOverrides, type FaceEntry } from './fonts.ts';
import { Lru } from './lru.ts';
import { fixWoff2Subsetting } from './woff2-subset.ts';

/** format() hints we can read (fontkit parses TrueType, CFF OpenType, WOFF, WOFF2, collections). */
const SUPPORTED_FORMATS = new Set([
  'truetype', 'opentype', 'woff', 'woff2', 'collection',
  'truetype-variations', 'opentype-variations', 'woff-variations', 'woff2-variations',
]);

/** Parsed @font-face fonts by SHA-1 of their bytes, shared by every render of the process. */
const PARSED = new Lru<string, { font: Font } | { error: string }>(48);
/**
 * SHA-1 of font bytes by the bytes object: a compiled template's loader hands every render the
 * same object for the same file, which is then not hashed again (loaded bytes are never mutated).
 */
const HASHED = new WeakMap<Uint8Array, string>();

/**
 * Parses font bytes, cached by content hash (bounded: 48 fonts). Returns the font and its
 * process-unique key (`font:<sha1>`), or the parse error message.
 */
export function parseCached(data: Uint8Array): { font: Font; key: string } | { error: string } {
  let hash = HASHED.get(data);
  if (hash === undefined) HASHED.set(data, (hash = createHash('sha1').update(data).digest('hex')));
  let hit = PARSED.get(hash);
  if (!hit) {
    try {
      const font = parseFont(data);
      fixWoff2Subsetting(font);
      hit = { font };
    } catch (e) {
      hit = { error: (e as Error).message || String(e) };
    }
    PARSED.set(hash, hit);
  }
  return 'font' in hit ? { font: hit.font, key: `font:${hash.slice(0, 16)}` } : hit;
}

/** Short form of a URL for messages (data: URIs are long). */
function shortUrl(url: string): string {
  return url.startsWith('data:') ? `${url.slice(0, 30)}…` : url.length > 120 ? `${url.slice(0, 117)}…` : url;
}

/** The MIME type of font data sniffed from its first bytes (for messages and format checks). */
function sniff(data: Uint8Array): string | undefined {
  if (data.length < 4) return undefined;
  const tag = String.fromCharCode(data[0], data[1], data[2], data[3]);
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'OTTO') return 'opentype';
  if (tag === 'true' || (data[0] === 0 && data[1] === 1 && data[2] === 0 && data[3] === 0)) return 'truetype';
  if (tag === 'ttcf') return 'collection';
  return undefined;
}

/** A parsed font with the fontkit internals that instancing touches. */
interface VariableFont {
  fvar?: { axis: Array<{ axisTag: string; minValue: number; defaultValue: number; maxValue: number }> };
  directory?: { tables?: Record<string, unknown> };
  variationCoords?: number[] | null;
}

/** The `wght` axis of a variable TrueType font (fvar + gvar + glyf), or undefined. CFF2 fonts are not instanced (fontkit cannot subset them). */
export function weightAxis(font: Font): { min: number; def: number; max: number } | undefined {
  const f = font as unknown as VariableFont;
  try {
    const t = f.directory?.tables;
    if (!t || !t.fvar || !t.gvar || !t.glyf) return undefined;
    const a = f.fvar?.axis.find((x) => x.axisTag.trim() === 'wght');
    return a && a.minValue <= a.maxValue ? { min: a.minValue, def: a.defaultValue, max: a.maxValue } : undefined;
  } catch {
    return undefined;
  }
}

/** fontkit getters that cache per object and depend on the variation coordinates (re-run on an instance). */
const PER_INSTANCE_GETTERS = ['_variationProcessor', '_layoutEngine'];

/** Most derived fonts (instances, override wrappers) kept per parsed font, least recently made first out. */
const DERIVED_PER_FONT = 16;
/**
 * Fonts derived from each parsed font (variable-font instances by coordinates, metric-override
 * wrappers by override values), shared by every render of the process and held as long as the
 * parsed font is: a later render gets the same object, hence fontkit's glyph cache, the PDF
 * writer's widths and its subset cache, all kept per font object.
 */
const DERIVED = new WeakMap<Font, Map<string, Font>>();

/** The font `make()` derives from `font`, made once per (font, key) and kept (DERIVED_PER_FONT per font). */
function derived(font: Font, key: string, make: () => Font): Font {
  let byKey = DERIVED.get(font);
  if (!byKey) DERIVED.set(font, (byKey = new Map()));
  let v = byKey.get(key);
  if (!v) {
    v = make();
    if (byKey.size >= DERIVED_PER_FONT) byKey.delete(byKey.keys().next().value as string);
    byKey.set(key, v);
  }
  return v;
}

/** withMetricOverrides(font, o), made once per font and override values (see DERIVED). */
function overridden(font: Font, o: { ascent?: number; descent?: number; lineGap?: number }): Font {
  return derived(font, `override:${o.ascent},${o.descent},${o.lineGap}`, () => withMetricOverrides(font, o));
}

/**
 * The named-axis instance of a variable font: a fontkit Font sharing the parsed tables (and, for
 * WOFF2, the decoded glyph data) of `font`, whose outlines, advances (HVAR or gvar phantom points)
 * and shaping follow `coords` (one value per fvar axis, user units). fontkit's own getVariation()
 * re-parses the file and cannot read WOFF2, hence an object inheriting from the parsed font with
 * its own glyph cache and layout engine. Subsetting writes the interpolated outlines (woff2-subset.ts).
 */
function instanceOf(font: Font, coords: number[]): Font {
  const v = Object.create(font) as Record<string, unknown>;
  v.variationCoords = coords;
  v._glyphs = {};
  for (const name of PER_INSTANCE_GETTERS) {
    for (let p = Object.getPrototypeOf(font); p; p = Object.getPrototypeOf(p)) {
      const d = Object.getOwnPropertyDescriptor(p, name);
      if (d?.get) {
        const value = d.get.call(v); // fontkit's cached getters define the own property themselves
        if (!Object.prototype.hasOwnProperty.call(v, name)) Object.defineProperty(v, name, { value });
        break;
      }
    }
  }
  if (v.type === 'WOFF2') v._transformedGlyphs = variedWoff2Glyphs(v);
  fixWoff2Subsetting(v as unknown as Font);
  return v as unknown as Font;
}

/** Faces instanced at font-variation-settings, per face and settings string (a handful per document). */
const VARIED = new WeakMap<FontFace, Map<string, FontFace>>();

/**
 * `face` with font-variation-settings applied (css-fonts-4 §7.2): for a variable TrueType font (fvar, gvar, glyf), the
 * instance at the face's own coordinates (its wght instance, else the defaults) with each axis the settings name set to
 * its value clamped to the axis range, as Chromium applies them after font-weight (measured: Inter variable at
 * font-weight 700 with 'wght' 300 draws wght 300). `settings`: `axis=value` joined by ','. Other faces, unknown axes
 * and settings that change nothing give `face` itself. Keeps the face's vertical metrics and synthesis flags.
 */
export function variedFace(face: FontFace, settings: string): FontFace {
  let byKey = VARIED.get(face);
  let v = byKey?.get(settings);
  if (v) return v;
  v = face;
  const font = face.font as Font & VariableFont;
  const t = font.directory?.tables;
  const axes = t?.fvar && t.gvar && t.glyf ? font.fvar?.axis ?? [] : [];
  if (axes.length) {
    const own = new Map(settings.split(',').map((e) => { const i = e.indexOf('='); return [e.slice(0, i), Number(e.slice(i + 1))] as const; }));
    const base = font.variationCoords ?? axes.map((a) => a.defaultValue);
    const coords = axes.map((a, i) => {
      const want = own.get(a.axisTag.trim());
      return want === undefined || !Number.isFinite(want) ? base[i]! : Math.min(a.maxValue, Math.max(a.minValue, want));
    });
    if (coords.some((c, i) => c !== base[i])) {
      let root: Font = font;
      while (Object.prototype.hasOwnProperty.call(root, 'variationCoords') && (root as VariableFont).variationCoords) root = Object.getPrototypeOf(root) as Font;
      try {
        v = { ...face, key: `${face.key}@vary=${coords.join(',')}`, font: derived(root, `vary:${coords.join(',')}`, () => instanceOf(root, coords)) };
      } catch {
        v = face; // an odd variable font: as it is
      }
    }
  }
  if (!byKey) VARIED.set(face, (byKey = new Map()));
  if (byKey.size < 64) byKey.set(settings, v);
  return v;
}

interface GlyfPoint { x: number; y: number; copy(): GlyfPoint }
interface DecodedGlyph { numberOfContours: number; points?: GlyfPoint[]; components?: Array<{ dx: number; dy: number }> }

/**
 * fontkit decodes a WOFF2 font's transformed glyf table up front and never applies gvar to those
 * glyphs (only TrueType glyphs read from a glyf table are varied). For an instance, each glyph is
 * copied on first use and its points (simple glyphs) or component offsets (composites) moved by
 * the gvar deltas at the instance's coordinates; the four phantom points that gvar counts after
 * the outline are passed as zeros (advances come from HVAR, which web fonts carry).
 */
function variedWoff2Glyphs(v: Record<string, unknown>): DecodedGlyph[] {
  // The parsed font decodes its transformed glyf table on first use; an instance made before that
  // must not decode it itself (fontkit would apply the instance's gvar with a helper it lacks).
  const font = Object.getPrototypeOf(v) as Record<string, unknown> & { _transformGlyfTable?: () => void };
  const glyf = (font.directory as { tables?: Record<string, { transformed?: boolean } | undefined> } | undefined)?.tables?.glyf;
  if (!Array.isArray(font._transformedGlyphs) && glyf?.transformed && typeof font._transformGlyfTable === 'function') font._transformGlyfTable();
  const base = v._transformedGlyphs as DecodedGlyph[] | undefined;
  if (!Array.isArray(base)) return base as unknown as DecodedGlyph[];
  const processor = v._variationProcessor as { transformPoints(gid: number, pts: GlyfPoint[]): void } | null;
  const done: DecodedGlyph[] = [];
  const vary = (id: number): DecodedGlyph => {
    const g = base[id]!;
    const out: DecodedGlyph = { ...g };
    const pts = g.points?.map((p) => p.copy()) ?? [];
    const sample = pts[0] ?? g.points?.[0];
    if (processor && sample) {
      let moved: GlyfPoint[];
      if (g.numberOfContours >= 0) moved = pts;
      else moved = (out.components = (g.components ?? []).map((c) => ({ ...c }))).map((c) => Object.assign(sample.copy(), { x: c.dx, y: c.dy, endContour: true }));
      const phantom = [0, 1, 2, 3].map(() => Object.assign(sample.copy(), { x: 0, y: 0, endContour: true }));
      const all = [...moved, ...phantom];
      processor.transformPoints(id, all);
      if (g.numberOfContours >= 0) out.points = all.slice(0, moved.length);
      else all.slice(0, moved.length).forEach((p, i) => { out.components![i]!.dx = p.x; out.components![i]!.dy = p.y; });
    }
    return out;
  };
  return new Proxy(base, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && /^\d+$/.test(prop)) {
        const id = Number(prop);
        if (!target[id]) return target[id];
        return (done[id] ??= vary(id));
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * What face entries load through and warn to: the loader and sink of the render using them (a compiled template's
 * kept set of faces is pointed at each of its renders in turn). `failed` becomes true when a rule is skipped or a face
 * has no usable source: its warning belongs to every render, so such a set is not kept.
 */
export interface FaceScope {
  loader: ResourceLoader;
  warnings: WarningSink;
  failed: boolean;
  /** Bytes of the font files loaded through it (whose parsed fonts a kept set holds). */
  bytes: number;
}

class FontFaceEntry implements FaceEntry {
  readonly key: string;
  readonly family: string;
  /** The descriptor's range; for a variable font without a font-weight descriptor (`auto`), its wght axis range once loaded. */
  weight: [number, number];
  readonly style: FontFace['style'];
  readonly unicodeRange: ReadonlyArray<readonly [number, number]>;
  private loaded: FontFace | undefined;
  private done = false;
  private axis: { min: number; def: number; max: number } | undefined;
  /** Instances of a variable font by used weight (a handful per document). */
  private readonly instances = new Map<number, FontFace>();

  constructor(private readonly rule: FontFaceRule, index: number, private readonly scope: FaceScope) {
    this.family = rule.family;
    const lo = clampWeight(rule.weight?.[0] ?? 400);
    const hi = clampWeight(rule.weight?.[1] ?? lo);
    this.weight = lo <= hi ? [lo, hi] : [hi, lo];
    this.style = rule.style === 'italic' || rule.style === 'oblique' ? rule.style : 'normal';
    this.unicodeRange = Array.isArray(rule.unicodeRange) ? rule.unicodeRange : [];
    this.key = `font-face:${index}`;
  }

  /**
   * The face for a desired `weight` (default 400). A variable font with a wght axis is instanced
   * at the weight clamped to the descriptor's range, or to the axis range when the rule has no
   * font-weight (css-fonts-4 `auto`), as Chromium 156 does (measured: Inter variable under
   * `@font-face { font-family: X }` at font-weight 300/700 draws wght 300/700, no synthetic bold;
   * under `font-weight: 400` it draws wght 400 plus synthetic bold at 700).
   */
  face(weight = 400): FontFace | undefined {
    const base = this.load();
    if (!base || !this.axis) return base;
    const [lo, hi] = this.weight;
    const w = Math.min(this.axis.max, Math.max(this.axis.min, Math.min(hi, Math.max(lo, Number.isFinite(weight) ? weight : 400))));
    if (w === this.axis.def) return base;
    let f = this.instances.get(w);
    if (!f) {
      const font = base.font as Font;
      const coords = (font as unknown as VariableFont).fvar!.axis.map((a) => (a.axisTag.trim() === 'wght' ? w : a.defaultValue));
      try {
        f = makeFace(`${base.key}@wght=${w}`, base.family, base.weight, base.style, derived(font, `wght:${coords.join(',')}`, () => instanceOf(font, coords)));
      } catch {
        f = base; // an odd variable font: its default instance
      }
      this.instances.set(w, f);
    }
    return f;
  }

  /** Loads the first usable source (css-fonts-4 §4.3: sources in order, unsupported formats skipped). */
  private load(): FontFace | undefined {
    if (this.done) return this.loaded;
    this.done = true;
    const reasons: string[] = [];
    const weight = this.weight[0] <= 400 && this.weight[1] >= 400 ? 400 : this.weight[0];
    for (const src of this.rule.sources ?? []) {
      if (src.kind === 'local') {
        const entry = bundledFaceByName(src.name);
        const f = entry?.face();
        if (f) {
          const o = this.rule.metricOverrides;
          this.loaded = o ? makeFace(`${f.key}#${this.key}`, this.family, weight, this.style, overridden(f.font as Font, o)) : { ...f, family: this.family, weight, style: this.style };
          return this.loaded;
        }
        reasons.push(`local("${src.name}") is not installed`);
        continue;
      }
      if (src.kind !== 'url') continue;
      const fmt = src.format?.trim().toLowerCase().replace(/^["']|["']$/g, '');
      if (fmt && !SUPPORTED_FORMATS.has(fmt)) continue; // e.g. embedded-opentype, svg: not ours to read
      if (/\.(eot|svgz?)([?#].*)?$/i.test(src.url) && !fmt) continue;
      const res = this.scope.loader.load(src.url);
      if (!res.ok) {
        reasons.push(res.failure.message);
        continue;
      }
      const parsed = parseCached(res.resource.data);
      if ('error' in parsed) {
        reasons.push(`${shortUrl(src.url)} is not a readable font (${sniff(res.resource.data) ?? 'unknown format'}: ${parsed.error})`);
        continue;
      }
      this.scope.bytes += res.resource.data.byteLength;
      const o = this.rule.metricOverrides;
      this.loaded = makeFace(o ? `${parsed.key}#${this.key}` : parsed.key, this.family, weight, this.style, o ? overridden(parsed.font, o) : parsed.font);
      this.axis = weightAxis(parsed.font);
      if (this.axis && this.rule.weightAuto) this.weight = [this.axis.min, this.axis.max];
      return this.loaded;
    }
    const why = reasons.length ? reasons.join('; ') : 'no usable source';
    this.scope.failed = true;
    this.scope.warnings.add('font-load', `@font-face "${this.family}": ${why}`, this.rule.line !== undefined ? { line: this.rule.line } : undefined);
    return undefined;
  }
}

function clampWeight(w: number): number {
  return Number.isFinite(w) ? Math.min(1000, Math.max(1, w)) : 400;
}

/**
 * Turns the document's @font-face rules into face entries grouped by lower-cased family name.
 * Nothing is read yet: each face loads on first use (as browsers fetch only used faces), and a
 * face whose sources all fail warns once ('font-load') and behaves as absent. Within a family,
 * later rules come first so that they win ties in matching (css-fonts-4 §4.1: the last rule with
 * the same descriptors replaces earlier ones).
 */
export function fontFaceEntries(rules: readonly FontFaceRule[], scope: FaceScope, startIndex = 0): Map<string, FaceEntry[]> {
  const out = new Map<string, FaceEntry[]>();
  rules.forEach((rule, i) => {
    if (!rule || typeof rule.family !== 'string' || rule.family.trim() === '') {
      scope.failed = true;
      scope.warnings.add('font-load', '@font-face without a font-family is ignored', rule?.line !== undefined ? { line: rule.line } : undefined);
      return;
    }
    const fam = rule.family.trim().replace(/\s+/g, ' ').toLowerCase();
    const list = out.get(fam) ?? [];
    list.unshift(new FontFaceEntry(rule, startIndex + i, scope));
    out.set(fam, list);
  });
  return out;
}
