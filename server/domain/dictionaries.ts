import type { Db } from '../db/db';
import type { DictionaryEntry, DictionaryGroup } from '../../contracts/schemas';
import { LoadingCache } from './cache';

/** Enabled dictionaries and their enabled entries, cached until this process writes to the database (30 s for other writers). */
export class DictionaryStore {
  private readonly cache: LoadingCache<'all', DictionaryGroup[]>;

  constructor(
    private readonly db: Db,
    ttlMs = 30_000,
  ) {
    this.cache = new LoadingCache(() => this.load(), ttlMs, { changes: db.changes });
  }

  all(): Promise<DictionaryGroup[]> {
    return this.cache.get('all');
  }

  /** Entries of one dictionary; [] for an unknown key. */
  async entries(key: string): Promise<DictionaryEntry[]> {
    return (await this.all()).find((g) => g.value === key)?.children ?? [];
  }

  private async load(): Promise<DictionaryGroup[]> {
    const rows = await this.db.query<{
      id: number;
      key: string;
      label: string | null;
      value: string | null;
      type: number | null;
      color: string | null;
    }>(
      `SELECT g.id, g.value AS key, e.label, e.value, e.type, e.color
       FROM dictionaries g LEFT JOIN dictionaries e ON e.parent = g.id AND e.status
       WHERE g.parent IS NULL AND g.status AND g.value IS NOT NULL
       ORDER BY g.sort, g.id, e.sort, e.id`,
    );
    const groups: DictionaryGroup[] = [];
    for (const r of rows) {
      let g = groups[groups.length - 1];
      if (!g || g.id !== r.id) {
        g = { id: r.id, value: r.key, children: [] };
        groups.push(g);
      }
      if (r.type !== null) g.children.push({ label: r.label ?? '', value: r.value ?? '', type: r.type, color: r.color });
    }
    return groups;
  }
}
