import { describe, expect, it } from 'vitest';
import type { SearchItem } from './menu';
import { fuzzyScore, fuzzySearch, SearchStore } from './search';

const pool: SearchItem[] = [
  { id: 1, path: '/user', title: '用户管理', fullTitle: '系统管理 / 用户管理' },
  { id: 2, path: '/loginLog', title: '登录日志', fullTitle: '系统管理 / 日志管理 / 登录日志' },
  { id: 3, path: '/game/query', title: '游戏查询', fullTitle: '游戏管理 / 游戏查询' },
];

describe('search (spec §2.4)', () => {
  it('fuzzy: characters in order, case-insensitive; consecutive hits score higher', () => {
    expect(fuzzyScore('gq', '/game/query')).not.toBeNull();
    expect(fuzzyScore('qg', '/game/query')).toBeNull();
    expect(fuzzyScore('LOGIN', '/loginLog')).not.toBeNull();
    expect(fuzzyScore('用户', '系统管理 / 用户管理')!).toBeGreaterThan(fuzzyScore('用理', '系统管理 / 用户管理')!);
  });

  it('matches full titles and paths, best first; an empty query lists the pool', () => {
    expect(fuzzySearch(pool, '日志').map((i) => i.id)).toEqual([2]);
    expect(fuzzySearch(pool, 'query').map((i) => i.id)).toEqual([3]);
    expect(fuzzySearch(pool, '管理').map((i) => i.id)).toEqual([1, 3, 2]);
    expect(fuzzySearch(pool, '').length).toBe(3);
    expect(fuzzySearch(pool, 'zzz')).toEqual([]);
  });

  it('the store opens empty, filters, moves the selection with wrap-around and closes', () => {
    const store = new SearchStore(() => pool);
    store.open();
    expect(store.active).toBe(true);
    store.setQuery('管理');
    expect(store.current?.id).toBe(1);
    store.moveSelection(-1);
    expect(store.current?.id).toBe(2);
    store.close();
    expect(store.active).toBe(false);
    store.open();
    expect(store.query).toBe('');
  });
});
