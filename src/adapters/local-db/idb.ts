import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { LOCAL_DB_NAME } from '../../config';
import { createMemoryLocalDb } from './memory';
import { entryKey, userPrefix, type LocalArea, type LocalDb } from './types';

interface ConsoleDbSchema extends DBSchema {
  sys: { key: string; value: unknown };
  database: { key: string; value: unknown };
}

export interface LocalDbOptions {
  /** The uuid cookie of the signed-in user, read at every call. */
  uuid: () => string | null;
  /** Database name; default: template name plus version (spec §3). */
  name?: string;
}

/**
 * The local database on IndexedDB (idb): one object store per area, keys `public.<key>` and
 * `user.<uuid>.<key>`. When IndexedDB cannot be opened (disabled, private mode) it keeps working in
 * memory for this page's life.
 */
export function createLocalDb(opts: LocalDbOptions): LocalDb {
  let opening: Promise<IDBPDatabase<ConsoleDbSchema> | null> | null = null;
  const fallback = createMemoryLocalDb(opts.uuid);
  const open = (): Promise<IDBPDatabase<ConsoleDbSchema> | null> => {
    opening ??= (async () => {
      if (typeof indexedDB === 'undefined') return null;
      try {
        return await openDB<ConsoleDbSchema>(opts.name ?? LOCAL_DB_NAME, 1, {
          upgrade(db) {
            if (!db.objectStoreNames.contains('sys')) db.createObjectStore('sys');
            if (!db.objectStoreNames.contains('database')) db.createObjectStore('database');
          },
        });
      } catch {
        return null;
      }
    })();
    return opening;
  };

  return {
    async get<T>(area: LocalArea, key: string, o: { user: boolean; defaultValue: T }): Promise<T> {
      const db = await open();
      if (!db) return fallback.get(area, key, o);
      const id = entryKey(key, o.user, opts.uuid);
      try {
        const value = await db.get(area, id);
        if (value === undefined) {
          await db.put(area, o.defaultValue, id);
          return o.defaultValue;
        }
        return value as T;
      } catch {
        return o.defaultValue;
      }
    },
    async set<T>(area: LocalArea, key: string, value: T, o: { user: boolean }): Promise<void> {
      const db = await open();
      if (!db) return fallback.set(area, key, value, o);
      await db.put(area, value, entryKey(key, o.user, opts.uuid));
    },
    async remove(area: LocalArea, key: string, o: { user: boolean }): Promise<void> {
      const db = await open();
      if (!db) return fallback.remove(area, key, o);
      await db.delete(area, entryKey(key, o.user, opts.uuid));
    },
    async clearUserDatabase(): Promise<void> {
      const db = await open();
      if (!db) return fallback.clearUserDatabase();
      const prefix = userPrefix(opts.uuid);
      // Keys starting with the prefix: [prefix, prefix + U+FFFF).
      await db.delete('database', IDBKeyRange.bound(prefix, prefix + '\uffff'));
    },
  };
}
