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

  /** `max`: the most entries `set` keeps per render (the oldest go first); unbounded by default. */
  constructor(private readonly max = Infinity) {}

  /** The map of `render`'s values, made on first use. */
  of(render: FontContext): Map<K, V> {
    let m = this.byRender.get(render);
    if (!m) this.byRender.set(render, (m = new Map()));
    return m;
  }

  /** Keeps `value` for `key` in `render`'s map, first dropping its oldest entry when it holds `max` already. */
  set(render: FontContext, key: K, value: V): void {
    const m = this.of(render);
    if (m.size >= this.max && !m.has(key)) m.delete(m.keys().next().value as K);
    m.set(key, value);
  }
}
