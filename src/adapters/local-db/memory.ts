import { entryKey, LOCAL_AREAS, userPrefix, type LocalArea, type LocalDb } from './types';

/** A LocalDb kept in memory (tests, stories); values are copied in and out like IndexedDB does. */
export function createMemoryLocalDb(uuid: () => string | null = () => null): LocalDb {
  const areas = new Map<LocalArea, Map<string, unknown>>(LOCAL_AREAS.map((area) => [area, new Map()]));
  const area = (name: LocalArea): Map<string, unknown> => {
    const found = areas.get(name);
    if (!found) throw new Error(`unknown local database area: ${String(name)}`);
    return found;
  };
  return {
    get<T>(name: LocalArea, key: string, opts: { user: boolean; defaultValue: T }): Promise<T> {
      const store = area(name);
      const id = entryKey(key, opts.user, uuid);
      if (!store.has(id)) {
        store.set(id, structuredClone(opts.defaultValue));
        return Promise.resolve(structuredClone(opts.defaultValue));
      }
      return Promise.resolve(structuredClone(store.get(id)) as T);
    },
    set<T>(name: LocalArea, key: string, value: T, opts: { user: boolean }): Promise<void> {
      area(name).set(entryKey(key, opts.user, uuid), structuredClone(value));
      return Promise.resolve();
    },
    remove(name: LocalArea, key: string, opts: { user: boolean }): Promise<void> {
      area(name).delete(entryKey(key, opts.user, uuid));
      return Promise.resolve();
    },
    clearUserDatabase(): Promise<void> {
      const store = area('database');
      const prefix = userPrefix(uuid);
      for (const id of [...store.keys()]) if (id.startsWith(prefix)) store.delete(id);
      return Promise.resolve();
    },
  };
}
