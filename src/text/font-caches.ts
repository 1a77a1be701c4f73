// The memoised results of a font context (family resolution, metrics, shaped text) and the @font-face faces a compiled
// template keeps between its renders. In: results as a render makes them, a rule list. Out: the kept set for it, bytes.
import type { FontFaceRule } from '../css/styled.ts';
import type { ResourceLoader } from '../resources.ts';
import type { WarningSink } from '../warnings.ts';
import type { FaceEntry } from './fonts.ts';
import type { FaceScope } from './fontface.ts';
import type { FontFace, FontSpec, GlyphRun, ScaledMetrics } from './types.ts';

/** A face of a font-family list after resolution: the family's faces (bundled or @font-face). */
export type FamilySlot = readonly FaceEntry[];

/**
 * A step of per-character fallback. `system` steps stand for Chromium's platform fallback
 * (fontconfig): they use the family's regular face and synthesise bold/oblique when the text
 * asks for them (Blink's FallbackOnStandardFontStyle), instead of matching weight and style.
 */
export interface FallbackStep { entries: FamilySlot; system: boolean }

/** Per (family list, weight, style): the fallback steps and the primary face. */
export interface Resolved {
  slots: FallbackStep[];
  primary: FontFace;
  /** The 'unknown-font' message for a list with no available family (emitted when text is shaped). */
  unknown?: string;
  /** Faces tried for a character, in order, memoised per code point. */
  byCp: Map<number, FontFace | null>;
  /**
   * A family listed before the primary face's was passed over for the primary font because no face
   * of it covers U+0020, but its unicode-range faces still serve their own characters first.
   */
  rangedBefore: boolean;
}

/** Memoised results of a font context (resolution per family list, shaped text, metrics). */
export interface Caches {
  resolved: Map<string, Resolved>;
  shapes: Map<string, GlyphRun[]>;
  metrics: Map<string, ScaledMetrics>;
  /**
   * Shaped text per FontSpec object (computed styles and their specs are kept between renders),
   * looked up before `shapes`, whose string keys cost more than the shaping they save; by text,
   * one map per direction argument. `bySpecSize` counts the entries: past `maxShapes`, it starts empty.
   */
  bySpec: WeakMap<FontSpec, SpecShapes>;
  bySpecSize: number;
  /** Most shaped texts kept in `shapes` (and in `bySpec`); past it a map starts empty. */
  maxShapes: number;
  /** Estimated bytes of `shapes` (keys and glyphs), for a compiled template's accounting. */
  shapeBytes: number;
}
export interface SpecShapes { plain: Map<string, GlyphRun[]>; rtl: Map<string, GlyphRun[]> | null; ltr: Map<string, GlyphRun[]> | null }

/** Most shaped texts kept by the process-wide caches and by a document's own. */
export const SHAPES_MAX = 20000;
/** Most shaped texts kept by a compiled template's set of faces (each template holds its own). */
const KEPT_SHAPES_MAX = 8192;

export function newCaches(maxShapes = SHAPES_MAX): Caches {
  return { resolved: new Map(), shapes: new Map(), metrics: new Map(), bySpec: new WeakMap(), bySpecSize: 0, maxShapes, shapeBytes: 0 };
}

/** Keeps `runs` for `key` in `c.shapes` (emptied when full), counting its estimated bytes. */
export function keepShape(c: Caches, key: string, runs: GlyphRun[]): void {
  if (c.shapes.size >= c.maxShapes) {
    c.shapes.clear();
    c.shapeBytes = 0;
  }
  c.shapes.set(key, runs);
  let glyphs = 0;
  for (const r of runs) glyphs += r.glyphs.length;
  // the key's UTF-16 text, the Map entry, each run's object and text, ~40 bytes per shaped glyph object
  c.shapeBytes += key.length * 2 + 64 + runs.length * 96 + glyphs * 40;
}

/** One template's @font-face faces after a render: its entries and the results made with them. */
export interface FaceSet {
  rules: readonly FontFaceRule[];
  scope: FaceScope;
  families: Map<string, FaceEntry[]>;
  caches: Caches;
  resolvedBySpec: WeakMap<FontSpec, Resolved>;
  faceRanges: WeakMap<FontFace, FaceEntry>;
}

/**
 * The @font-face faces of one compiled template, kept between its renders: a render whose cascade hands over the
 * same rule list (collectStyles gives the same array while the sheets and what they load are unchanged) takes the
 * faces already loaded (fontkit fonts and variable instances) and the family resolution, metrics and shaped text made
 * with them, instead of making new faces whose results start empty. Bounded: `max` rule lists (default 2), the oldest
 * out, each with at most 8,192 shaped texts; `bytes` estimates what is held. A set in which a rule was skipped or a
 * face had no usable source is dropped (its 'font-load' warning belongs to each render). The faces load through the
 * scope of the render using them; renders sharing a store must not overlap (a render runs synchronously).
 */
export class FontFaceSets {
  private readonly sets: FaceSet[] = [];

  /** @throws TypeError when `max` is not a positive integer. */
  constructor(private readonly max = 2) {
    if (!Number.isInteger(max) || max <= 0) throw new TypeError(`FontFaceSets max must be a positive integer, got ${max}`);
  }

  /** The kept set for `rules` (the same array object), pointed at this render's loader and sink; undefined when none. */
  take(rules: readonly FontFaceRule[], loader: ResourceLoader, warnings: WarningSink): FaceSet | undefined {
    const i = this.sets.findIndex((s) => s.rules === rules);
    if (i < 0) return undefined;
    const set = this.sets[i]!;
    if (set.scope.failed) {
      this.sets.splice(i, 1);
      return undefined;
    }
    set.scope.loader = loader;
    set.scope.warnings = warnings;
    return set;
  }

  /** Keeps `set` (made by this render for its rules), replacing one for the same rules, the oldest out past `max`. */
  keep(set: FaceSet): void {
    const i = this.sets.findIndex((s) => s.rules === set.rules);
    if (i >= 0) this.sets.splice(i, 1);
    this.sets.push(set);
    if (this.sets.length > this.max) this.sets.shift();
  }

  /** New caches for a set this store will keep (fewer shaped texts than a one-off document's). */
  static caches(): Caches {
    return newCaches(KEPT_SHAPES_MAX);
  }

  /** Estimated bytes held: per set, the font files its faces were parsed from (their parsed fonts stay alive with it), shaped texts, resolutions and metrics. */
  get bytes(): number {
    let n = 0;
    for (const s of this.sets) n += s.scope.bytes + s.caches.shapeBytes + s.caches.resolved.size * 512 + s.caches.metrics.size * 160 + s.caches.bySpecSize * 48;
    return n;
  }
}
