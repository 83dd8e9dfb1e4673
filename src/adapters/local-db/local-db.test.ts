import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { LOCAL_DB_NAME } from '../../config';
import { createLocalDb, createMemoryLocalDb, GHOST_UUID, type LocalDb } from './index';

let counter = 0;
const uniqueName = () => `local-db-test-${++counter}-${Math.random().toString(36).slice(2)}`;

function suite(label: string, build: (uuid: () => string | null) => LocalDb) {
  describe(label, () => {
    it('returns and stores the default when a value is missing', async () => {
      const db = build(() => 'u1');
      expect(await db.get('sys', 'theme', { user: true, defaultValue: 'd2' })).toBe('d2');
      await db.set('sys', 'theme', 'violet', { user: true });
      expect(await db.get('sys', 'theme', { user: true, defaultValue: 'd2' })).toBe('violet');
      await db.remove('sys', 'theme', { user: true });
      expect(await db.get('sys', 'theme', { user: true, defaultValue: 'd2' })).toBe('d2');
    });

    it('keeps per-user data apart by the uuid cookie and shares public data', async () => {
      let uuid: string | null = 'alice';
      const db = build(() => uuid);
      await db.set('sys', 'color', '#ff4500', { user: true });
      await db.set('sys', 'motd', 'hello', { user: false });
      uuid = 'bob';
      expect(await db.get('sys', 'color', { user: true, defaultValue: '#409EFF' })).toBe('#409EFF');
      expect(await db.get('sys', 'motd', { user: false, defaultValue: '' })).toBe('hello');
      uuid = 'alice';
      expect(await db.get('sys', 'color', { user: true, defaultValue: '#409EFF' })).toBe('#ff4500');
    });

    it('uses ghost-uuid without a uuid cookie', async () => {
      let uuid: string | null = null;
      const db = build(() => uuid);
      await db.set('database', 'k', 1, { user: true });
      uuid = GHOST_UUID;
      expect(await db.get('database', 'k', { user: true, defaultValue: 0 })).toBe(1);
    });

    it('keeps the two areas apart', async () => {
      const db = build(() => 'u');
      await db.set('sys', 'k', 'in-sys', { user: true });
      expect(await db.get('database', 'k', { user: true, defaultValue: 'none' })).toBe('none');
    });

    it('clearUserDatabase removes only the current user\'s database area', async () => {
      let uuid = 'a';
      const db = build(() => uuid);
      await db.set('database', 'x', 1, { user: true });
      await db.set('database', 'p', 2, { user: false });
      await db.set('sys', 'x', 3, { user: true });
      uuid = 'b';
      await db.set('database', 'x', 4, { user: true });
      uuid = 'a';
      await db.clearUserDatabase();
      expect(await db.get('database', 'x', { user: true, defaultValue: 0 })).toBe(0);
      expect(await db.get('database', 'p', { user: false, defaultValue: 0 })).toBe(2);
      expect(await db.get('sys', 'x', { user: true, defaultValue: 0 })).toBe(3);
      uuid = 'b';
      expect(await db.get('database', 'x', { user: true, defaultValue: 0 })).toBe(4);
    });

    it('stores copies, not live objects', async () => {
      const db = build(() => 'u');
      const value = { tabs: ['/index'] };
      await db.set('sys', 'obj', value, { user: true });
      value.tabs.push('/other');
      expect(await db.get('sys', 'obj', { user: true, defaultValue: { tabs: [] as string[] } })).toEqual({ tabs: ['/index'] });
    });
  });
}

suite('memory local db', (uuid) => createMemoryLocalDb(uuid));
suite('IndexedDB local db', (uuid) => createLocalDb({ uuid, name: uniqueName() }));

describe('IndexedDB layout', () => {
  it('is named from the template name and version, with the two areas as object stores', async () => {
    const db = createLocalDb({ uuid: () => 'u9' });
    await db.set('sys', 'theme', 'star', { user: true });
    expect(LOCAL_DB_NAME).toBe('d2admin-2.1.3');
    const raw = await openDB(LOCAL_DB_NAME);
    expect([...raw.objectStoreNames].sort()).toEqual(['database', 'sys']);
    expect(await raw.get('sys', 'user.u9.theme')).toBe('star');
    raw.close();
  });

  it('survives a new instance (persisted, not in memory)', async () => {
    const name = uniqueName();
    await createLocalDb({ uuid: () => 'p', name }).set('sys', 'size', 'mini', { user: true });
    expect(await createLocalDb({ uuid: () => 'p', name }).get('sys', 'size', { user: true, defaultValue: 'default' })).toBe('mini');
  });
});
