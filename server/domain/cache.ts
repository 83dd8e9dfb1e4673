/**
 * A small read-through cache of promises: concurrent misses share one load, failed loads are not kept,
 * entries expire after `ttlMs` (so changes made outside this process show up within that time) and
 * can be dropped at once by the code that changes the data.
 */
export class LoadingCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = this.load(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
