// A bounded least-recently-used cache for the text stage's pure results (shaped words, parsed
// @font-face fonts, scaled metrics). In: keys and values. Out: the value for a key, or undefined.

/**
 * A Map-backed LRU cache holding at most `capacity` entries; the least recently read or written
 * entry is evicted first. get/set are O(1) (a Map keeps insertion order; a hit re-inserts).
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  /** @throws TypeError when `capacity` is not a positive integer. */
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) throw new TypeError(`Lru capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.map.size;
  }

  /** The value for `key` (and marks it most recently used), or undefined. */
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  /** Stores `value`, evicting the least recently used entry past capacity. */
  set(key: K, value: V): void {
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.capacity) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
    }
    this.map.set(key, value);
  }

  clear(): void {
    this.map.clear();
  }
}
