// In: a word's text, its font spec and direction (one piece of an inline formatting context).
// Out: its shaped glyph runs and advance, memoised per font context (bounded), and the 1/64 px snapped width Blink gives a text fragment.
import type { FontContext, FontSpec, GlyphRun } from '../../text/types.ts';
import { mayHaveRtlScript } from '../../text/bidi.ts';
import { shapingKey } from '../../text/script-runs.ts';

/**
 * The inline size of a piece of shaped text on a line as Blink lays it out: its advance rounded up to 1/64 px
 * (ShapeResult::SnappedWidth, LayoutUnit::FromFloatCeil; NGLineBreaker sets each text item result's inline size to it).
 * Applied per text fragment (the pieces of one text run on one line), not per word. The 1e-4 keeps widths that are
 * already whole 1/64ths (in float noise) where they are.
 */
export function snappedWidth(w: number): number {
  return Math.ceil(w * 64 - 1e-4) / 64;
}

/** A shaped word: its glyph runs and their total advance (px). */
export interface Shaped { runs: GlyphRun[]; width: number }
const EMPTY: Shaped = { runs: [], width: 0 };
const shapeCache = new WeakMap<FontContext, Map<FontSpec, Map<string, Shaped>>>();
const SHAPE_CACHE_MAX = 20000;
let shapeCacheSize = 0;

/**
 * `fonts.shape(text, spec, rtl, scripts)` with its total width, memoised per FontContext, FontSpec object,
 * direction, script runs (FontContext.shape's `scripts`) and text (a plain Map hit is cheaper than the text stage's LRU; bounded at 20,000
 * entries). A left-to-right run without right-to-left characters is shaped as text outside a
 * bidi paragraph (same result, shared cache entries).
 */
export function shapeWord(fonts: FontContext, spec: FontSpec, text: string, rtl?: boolean, scripts?: string): Shaped {
  if (text === '') return EMPTY;
  if (rtl === false && !mayHaveRtlScript(text)) rtl = undefined;
  const dirKey = rtl === undefined ? text : rtl ? `\u0001r${text}` : `\u0001l${text}`;
  const key = shapingKey(dirKey, scripts);
  let bySpec = shapeCache.get(fonts);
  if (!bySpec) { bySpec = new Map(); shapeCache.set(fonts, bySpec); }
  let byText = bySpec.get(spec);
  if (!byText) { byText = new Map(); bySpec.set(spec, byText); }
  let hit = byText.get(key);
  if (!hit) {
    const runs = fonts.shape(text, spec, rtl, scripts);
    let width = 0;
    for (const r of runs) width += r.width;
    hit = { runs, width };
    if (++shapeCacheSize > SHAPE_CACHE_MAX) { bySpec.clear(); shapeCacheSize = 0; byText = new Map(); bySpec.set(spec, byText); }
    byText.set(key, hit);
  }
  return hit;
}
