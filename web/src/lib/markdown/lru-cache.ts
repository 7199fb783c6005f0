export interface LruLimits<K, V> {
  /** At most this many entries. */
  maxEntries: number;
  /** At most this much in all, as `sizeOf` measures it (characters, for the Markdown caches). */
  maxSize?: number;
  /** An entry's share of `maxSize`; 0 when not given. */
  sizeOf?: (value: V, key: K) => number;
}

/**
 * A map that forgets its least recently used entries once it holds more than `maxEntries` of them or
 * more than `maxSize` in all. Reading an entry makes it the most recent. A Map keeps insertion order,
 * so deleting and setting again moves a key to the end and the first key is always the oldest.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private total = 0;
  private readonly maxEntries: number;
  private readonly maxSize: number;
  private readonly sizeOf: (value: V, key: K) => number;

  constructor(limits: LruLimits<K, V>) {
    this.maxEntries = Math.max(0, limits.maxEntries);
    this.maxSize = limits.maxSize ?? Infinity;
    this.sizeOf = limits.sizeOf ?? (() => 0);
  }

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Whether `key` is held, without making it more recent. */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value, key);
    // An entry bigger than the whole budget would only empty the cache and then go itself.
    if (size > this.maxSize || this.maxEntries === 0) return;
    this.entries.set(key, { value, size });
    this.total += size;
    while (this.entries.size > this.maxEntries || this.total > this.maxSize)
      this.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): boolean {
    const hit = this.entries.get(key);
    if (!hit) return false;
    this.entries.delete(key);
    this.total -= hit.size;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** How many entries are held. */
  get size(): number {
    return this.entries.size;
  }

  /** The sum of the held entries' sizes. */
  get totalSize(): number {
    return this.total;
  }

  /** Keys from the least to the most recently used. */
  keys(): K[] {
    return [...this.entries.keys()];
  }
}
