// A least-recently-used cache bounded by bytes and by entries, for any stage's bounded caches (compiled templates and
// their resources, built inline SVGs). In: keys, values and each value's size in bytes. Out: the value for a key, or undefined.

/** How a ByteLru is bounded. */
export interface ByteLruLimits {
  /** Most bytes held (the sum of the sizes given to `set`). */
  maxBytes: number;
  /** Most entries held. */
  maxEntries: number;
}

/**
 * A Map-backed LRU holding at most `maxEntries` entries whose sizes (bytes, as given to `set`)
 * sum to at most `maxBytes`; the least recently read or written entries are evicted first. A value
 * larger than `maxBytes` is not stored. get/set are O(1) amortised. Counts hits, misses and
 * evictions for tests and benchmarks.
 */
export class ByteLru<K, V> {
  private readonly map = new Map<K, { value: V; bytes: number }>();
  private held = 0;
  hits = 0;
  misses = 0;
  evictions = 0;

  /** @throws TypeError when a limit is not a positive integer. */
  constructor(readonly limits: ByteLruLimits) {
    for (const k of ['maxBytes', 'maxEntries'] as const) {
      if (!Number.isInteger(limits[k]) || limits[k] <= 0) throw new TypeError(`ByteLru ${k} must be a positive integer, got ${limits[k]}`);
    }
  }

  /** Entries held. */
  get size(): number {
    return this.map.size;
  }

  /** Bytes held (sum of the sizes of the entries). */
  get bytes(): number {
    return this.held;
  }

  /** The value for `key` (and marks it most recently used), or undefined. */
  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (e === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  /**
   * Stores `value` as `bytes` bytes (replacing an entry under the same key), then evicts the least
   * recently used entries until both limits hold. Returns false (nothing stored) when `bytes`
   * alone exceeds `maxBytes`.
   */
  set(key: K, value: V, bytes: number): boolean {
    this.delete(key);
    if (!(bytes <= this.limits.maxBytes)) return false;
    this.map.set(key, { value, bytes });
    this.held += bytes;
    while (this.map.size > this.limits.maxEntries || this.held > this.limits.maxBytes) {
      const oldest = this.map.keys().next().value as K;
      this.delete(oldest);
      this.evictions++;
    }
    return true;
  }

  /**
   * Re-weighs an entry already held as `bytes` bytes (a value that grew or shrank since `set`), keeping
   * its place in the recency order, then evicts the least recently used entries until both limits hold.
   * An absent key is not added (false); an entry now over `maxBytes` is removed (false).
   */
  resize(key: K, bytes: number): boolean {
    const e = this.map.get(key);
    if (e === undefined) return false;
    if (!(bytes <= this.limits.maxBytes)) {
      this.delete(key);
      return false;
    }
    this.held += bytes - e.bytes;
    e.bytes = bytes;
    while (this.held > this.limits.maxBytes) {
      const oldest = this.map.keys().next().value as K;
      this.delete(oldest);
      this.evictions++;
    }
    return this.map.has(key);
  }

  /** Removes `key`; true when it was there. */
  delete(key: K): boolean {
    const e = this.map.get(key);
    if (e === undefined) return false;
    this.map.delete(key);
    this.held -= e.bytes;
    return true;
  }

  clear(): void {
    this.map.clear();
    this.held = 0;
  }
}
