// A bounded least-recently-used cache for the text stage's pure results (shaped words, parsed
// @font-face fonts, break opportunities). In: keys and values. Out: the value for a key, or undefined.

/**
 * A Map-backed cache of at most `capacity` entries that keeps the recently used ones, in two
 * generations (as a segmented LRU): new and read entries go to the young map; when it holds half
 * the capacity it becomes the old map and the previous old map is dropped. An entry read or
 * written since the last such turn is kept; one read from the old map moves to the young one.
 * A hit in the young map costs one lookup (an exact LRU re-inserts every hit: that delete + set
 * dominated shaping from cache).
 */
export class Lru<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  /** @throws TypeError when `capacity` is not a positive integer. */
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) throw new TypeError(`Lru capacity must be a positive integer, got ${capacity}`);
    this.half = Math.max(1, Math.floor(capacity / 2));
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  /** The value for `key` (and marks it recently used), or undefined. */
  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o === undefined) return undefined;
    this.old.delete(key);
    this.addYoung(key, o);
    return o;
  }

  /** Stores `value` as recently used; the oldest generation goes when the young one is full. */
  set(key: K, value: V): void {
    if (this.young.has(key)) { this.young.set(key, value); return; }
    this.old.delete(key);
    this.addYoung(key, value);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }

  private addYoung(key: K, value: V): void {
    this.young.set(key, value);
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
  }
}
