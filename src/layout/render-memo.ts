// In: the render a value belongs to (its FontContext, made once per render) and a key made during that render (a box).
// Out: the value memoised for that render, in a plain Map that lives exactly as long as the render's FontContext does.
import type { FontContext } from '../text/types.ts';

/**
 * A memo of values per box for one render. A module-level WeakMap keyed by the boxes themselves
 * (thousands of short-lived keys per render) makes every garbage collection walk its ephemeron
 * table; here the only weak key is the render's FontContext, and each render's entries are one
 * strong Map reachable from it, dropped with it. Values must not depend on anything but the key
 * and the render (box trees are immutable during a render).
 */
export class RenderMemo<K extends object, V> {
  private readonly byRender = new WeakMap<FontContext, Map<K, V>>();
  /** A bounded memo's previous generation per render (entries read from it move back to the current one). */
  private readonly older = new WeakMap<FontContext, Map<K, V>>();

  /**
   * `max`: the most entries get/set keep per render, in two generations as src/text/lru.ts keeps its entries (O(1), no
   * order kept per entry): when the current one holds `max` / 2 it becomes the previous one, the one before is dropped.
   * Unbounded by default.
   */
  constructor(private readonly max = Infinity) {}

  /** The map of `render`'s values (a bounded memo's current generation), made on first use. */
  of(render: FontContext): Map<K, V> {
    let m = this.byRender.get(render);
    if (!m) this.byRender.set(render, (m = new Map()));
    return m;
  }

  /** The value kept for `key` in `render`, from either generation. */
  get(render: FontContext, key: K): V | undefined {
    const v = this.of(render).get(key);
    if (v !== undefined) return v;
    const o = this.older.get(render)?.get(key);
    if (o !== undefined) this.set(render, key, o);
    return o;
  }

  /** Keeps `value` for `key` in `render`'s current generation (which may then become the previous one). */
  set(render: FontContext, key: K, value: V): void {
    let m = this.of(render);
    if (m.size >= this.max / 2 && !m.has(key)) {
      this.older.set(render, m);
      this.byRender.set(render, (m = new Map()));
    }
    m.set(key, value);
  }
}
