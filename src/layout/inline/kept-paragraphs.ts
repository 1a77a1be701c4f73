// In: paragraphs collected by items.ts, each under its fonts' shaping scope, text run style, container bidi and text.
// Out: the same paragraph for a later render's identical run: a bounded cache, in two generations, without key strings.
import type { ComputedStyle } from '../../css/computed.ts';

/** Kept values by scope object, run style object, the container's direction and unicode-bidi, and text. */
type KeptByText<V> = WeakMap<object, WeakMap<ComputedStyle, Map<string, Map<string, V>>>>;

/**
 * Kept paragraphs (items.ts's KeptParagraph), found without making a key string (the text's own hash serves), in two
 * generations as src/text/lru.ts keeps its entries: new and read entries go to the young one; when it holds `half`
 * entries it becomes the old one and the previous old one is dropped (at most 2 × `half` entries; the weak maps also
 * let a render's style objects and its fonts' scope go).
 */
export class KeptParagraphs<V> {
  private young: KeptByText<V> = new WeakMap();
  private old: KeptByText<V> = new WeakMap();
  private youngSize = 0;
  constructor(private readonly half: number) {}

  /** The value kept for the run style `run` in a container of style `container` (its direction, unicode-bidi), or undefined. */
  get(scope: object, run: ComputedStyle, container: ComputedStyle, text: string): V | undefined {
    const v = texts(this.young, scope, run, container, false)?.get(text);
    if (v !== undefined) return v;
    const o = texts(this.old, scope, run, container, false)?.get(text);
    if (o !== undefined) this.set(scope, run, container, text, o);
    return o;
  }

  /** Keeps `v` in the young generation (which may then become the old one). */
  set(scope: object, run: ComputedStyle, container: ComputedStyle, text: string, v: V): void {
    const m = texts(this.young, scope, run, container, true)!;
    if (!m.has(text)) this.youngSize++;
    m.set(text, v);
    if (this.youngSize >= this.half) { this.old = this.young; this.young = new WeakMap(); this.youngSize = 0; }
  }
}

/** The map by text of one generation for (scope, run style, container direction and unicode-bidi); made when `make`. */
function texts<V>(g: KeptByText<V>, scope: object, run: ComputedStyle, container: ComputedStyle, make: boolean): Map<string, V> | undefined {
  let byRun = g.get(scope);
  if (!byRun) { if (!make) return undefined; g.set(scope, (byRun = new WeakMap())); }
  let byBidi = byRun.get(run);
  if (!byBidi) { if (!make) return undefined; byRun.set(run, (byBidi = new Map())); }
  const bidi = container.direction === 'ltr' && container.unicodeBidi === 'normal' ? '' : `${container.direction} ${container.unicodeBidi}`;
  let m = byBidi.get(bidi);
  if (!m && make) byBidi.set(bidi, (m = new Map()));
  return m;
}
