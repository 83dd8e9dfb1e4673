import type { DataChanges } from '../db/changes';

export interface CacheOptions<K> {
  /** Entries kept at most (all are dropped when full). */
  maxEntries?: number;
  /**
   * The database's change versions and the tables a load reads: an entry is used only while the
   * stamp taken before its load is still current, so every write this process makes to those tables
   * (through any code path) drops it at once.
   */
  changes?: DataChanges;
  tables?: readonly string[] | ((key: K) => readonly string[]);
}

/**
 * A small read-through cache of promises: concurrent misses share one load, failed loads are not kept,
 * entries expire after `ttlMs` (so changes made outside this process show up within that time) and,
 * given the database's change versions, as soon as this process writes to what they read.
 */
export class LoadingCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expires: number; stamp: string }>();
  private readonly maxEntries: number;

  constructor(
    /** The loader of `get`; null for a cache used only through `through` (the caller knows how to load). */
    private readonly load: ((key: K) => Promise<V>) | null,
    private readonly ttlMs: number,
    private readonly options: CacheOptions<K> = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  private stampOf(key: K): string {
    const { changes, tables } = this.options;
    if (!changes) return '';
    return changes.stamp(typeof tables === 'function' ? tables(key) : tables);
  }

  get(key: K, now = Date.now()): Promise<V> {
    const load = this.load;
    if (!load) throw new Error('LoadingCache.get without a loader: use through()');
    return this.through(key, () => load(key), now);
  }

  /** The cached value of `key`, or the value `load` gives (kept like any other). */
  through(key: K, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const stamp = this.stampOf(key);
    const hit = this.entries.get(key);
    if (hit && hit.expires > now && hit.stamp === stamp) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs, stamp });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
