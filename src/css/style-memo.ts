// Computed styles kept between renders of the same style rules (style sharing across renders). In: a parent
// style, a key naming the element's matched declaration lists, a compute function. Out: the same ComputedStyle object.
import type { ComputedStyle } from './computed.ts';
import { WarningSink, type WarningCode } from '../warnings.ts';

type Where = { line?: number; source?: string } | undefined;
type FontMetricsFn = (style: ComputedStyle) => { xHeight: number; chWidth: number };
/** What the memo reads of the cascade's ComputeContext (the rest is passed through to `compute`). */
interface MemoContext { warnings: WarningSink; fontMetrics?: FontMetricsFn }

/** One computed style and what computing it did besides: the warnings it gave and the font metrics it read. */
export interface MemoEntry<X> {
  style: ComputedStyle;
  /** What the cascade keeps beside the style (inherited flags for the children). */
  extra: X;
  warnings: Array<[WarningCode, string, Where]> | null;
  /** fontMetrics calls in order: on the new style ('self') or the parent ('parent'), and what they returned. */
  metrics: Array<{ on: 'self' | 'parent'; xHeight: number; chWidth: number }> | null;
}

/** A sink that passes warnings on and remembers them, for replay when the memo hits in a later render. */
class RecordingSink extends WarningSink {
  readonly records: Array<[WarningCode, string, Where]> = [];
  constructor(private readonly target: WarningSink) { super(); }
  override add(code: WarningCode, message: string, where?: Where): void {
    this.records.push([code, message, where]);
    this.target.add(code, message, where);
  }
}

/** Parent style of elements without one (the root): a key object of its own. */
const NO_PARENT = {};

/**
 * Computed styles by (parent style object, key), kept by a rule index for every render that
 * uses it. The key names everything else the style depends on (the matched declaration lists
 * by process-wide id, presentational hints by content, the cascade's inherited flags); quirks
 * mode is fixed for one rule index, @property registrations for one memo (cascade.ts memoFor),
 * the root font size follows from the root's style (the caller adds it to the key of parentless
 * elements). Styles are never
 * mutated after the cascade, so an element whose parent style object and key equal an earlier
 * one's (in this render: repeated rows and cells; in a later render of the same template: every
 * element whose ancestors kept theirs) gets that object. A hit replays the warnings that
 * computing the style gave, and calls fontMetrics again as the computation did (the fonts'
 * lazy loads and their warnings happen when they would have); if a metric differs (other fonts
 * behind the same rules) the style is computed again. Bounded: past `maxEntries` the memo starts empty (a
 * computed style is ~1 KB; cascade.ts keeps 8 rule indexes, so at most ~32 MB of kept styles in a process).
 */
export class StyleMemo<X> {
  private byParent = new WeakMap<object, Map<string, MemoEntry<X>>>();
  private entries = 0;

  constructor(private readonly maxEntries = 4096) {}

  /**
   * The memoised style for (`parent`, `key`) in the render whose context is `ctx` (replaying its
   * warnings and font metric reads), or null: then call `compute`.
   */
  get(parent: ComputedStyle | null, key: string, ctx: MemoContext): MemoEntry<X> | null {
    const e = this.byParent.get(parent ?? NO_PARENT)?.get(key);
    if (!e) return null;
    if (e.metrics) {
      const fm = ctx.fontMetrics;
      if (!fm) return null;
      for (const m of e.metrics) {
        const got = fm(m.on === 'self' ? e.style : parent!);
        if (got.xHeight !== m.xHeight || got.chWidth !== m.chWidth) return null;
      }
    }
    if (e.warnings) for (const [code, message, where] of e.warnings) ctx.warnings.add(code, message, where);
    return e;
  }

  /**
   * Runs `compute` with a copy of `ctx` that records the warnings and font metric reads (pass it
   * to computeStyle), stores the style and `extra` it returns under (`parent`, `key`) and returns
   * the entry. Not stored when a metric was read on a style of another font than the result's.
   */
  compute<C extends MemoContext>(parent: ComputedStyle | null, key: string, ctx: C, compute: (ctx: C) => { style: ComputedStyle; extra: X }): MemoEntry<X> {
    const sink = new RecordingSink(ctx.warnings);
    const reads: Array<{ obj: ComputedStyle; xHeight: number; chWidth: number }> = [];
    const rec: C = { ...ctx, warnings: sink };
    const fm: FontMetricsFn | undefined = ctx.fontMetrics;
    if (fm) rec.fontMetrics = (s) => { const m = fm(s); reads.push({ obj: s, xHeight: m.xHeight, chWidth: m.chWidth }); return m; };
    const { style, extra } = compute(rec);
    const entry: MemoEntry<X> = { style, extra, warnings: sink.records.length ? sink.records : null, metrics: null };
    let cacheable = true;
    if (reads.length) {
      entry.metrics = [];
      for (const r of reads) {
        // The computation reads the metrics of the style it is making (its font is final by then) or of the parent.
        const on = r.obj === parent ? 'parent' : 'self';
        if (on === 'self' && !sameFont(r.obj, style)) cacheable = false;
        entry.metrics.push({ on, xHeight: r.xHeight, chWidth: r.chWidth });
      }
    }
    if (cacheable) this.set(parent, key, entry);
    return entry;
  }

  private set(parent: ComputedStyle | null, key: string, entry: MemoEntry<X>): void {
    if (this.entries >= this.maxEntries) {
      this.byParent = new WeakMap();
      this.entries = 0;
    }
    const p = parent ?? NO_PARENT;
    let m = this.byParent.get(p);
    if (!m) this.byParent.set(p, (m = new Map()));
    if (!m.has(key)) this.entries++;
    m.set(key, entry);
  }
}

/** Whether two styles select the same font at the same size (what fontMetrics reads). */
function sameFont(a: ComputedStyle, b: ComputedStyle): boolean {
  if (a === b) return true;
  if (a.fontSize !== b.fontSize || a.fontWeight !== b.fontWeight || a.fontStyle !== b.fontStyle || a.fontFamily.length !== b.fontFamily.length) return false;
  for (let i = 0; i < a.fontFamily.length; i++) if (a.fontFamily[i] !== b.fontFamily[i]) return false;
  return true;
}
