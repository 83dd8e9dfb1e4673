import { describe, expect, it } from 'vitest';
import { INDEX_TAB, parseStoredTabs, TabsStore, type Tab } from './tabs';

const tab = (name: string, cache = false): Tab => ({ name, path: `/${name}`, fullPath: `/${name}`, query: {}, params: {}, meta: { title: name, auth: true, cache } });

function withTabs(...names: string[]): TabsStore {
  const tabs = new TabsStore();
  for (const n of names) tabs.open(tab(n));
  return tabs;
}

const names = (tabs: TabsStore) => tabs.opened.map((t) => t.name);

describe('TabsStore close rules (spec §2.4)', () => {
  it('close current: right neighbour, or the left one when it was last; index never closes', () => {
    const tabs = withTabs('a', 'b', 'c');
    tabs.open(tab('b'));
    expect(tabs.close('/b')).toBe('/c');
    expect(tabs.close('/c')).toBe('/a');
    expect(tabs.close('/index')).toBeNull();
    expect(names(tabs)).toEqual(['index', 'a']);
  });

  it('closeLeft / closeRight / closeOthers keep the index tab and focus the target', () => {
    let tabs = withTabs('a', 'b', 'c', 'd');
    expect(tabs.closeLeft('/c')).toBe('/c');
    expect(names(tabs)).toEqual(['index', 'c', 'd']);
    tabs = withTabs('a', 'b', 'c', 'd');
    expect(tabs.closeRight('/b')).toBe('/b');
    expect(names(tabs)).toEqual(['index', 'a', 'b']);
    tabs = withTabs('a', 'b', 'c');
    expect(tabs.closeOthers('/c')).toBeNull(); // already current
    expect(names(tabs)).toEqual(['index', 'c']);
  });

  it('closeAll returns to the index page', () => {
    const tabs = withTabs('a', 'b');
    expect(tabs.closeAll()).toBe('/index');
    expect(tabs.opened).toEqual([INDEX_TAB]);
  });

  it('commands: known ones run on their target, unknown ones are invalid', () => {
    const tabs = withTabs('a', 'b', 'c');
    expect(tabs.command('closeLeft', '/b')).toEqual({ navigate: '/b' });
    expect(names(tabs)).toEqual(['index', 'b', 'c']);
    expect(tabs.command('explode', '/b')).toBe('invalid');
    expect(names(tabs)).toEqual(['index', 'b', 'c']);
  });

  it('refresh and reopen give a page a new generation (its cache is dropped)', () => {
    const tabs = withTabs('a');
    const first = tabs.generation('/a');
    tabs.open(tab('a'));
    expect(tabs.generation('/a')).toBe(first);
    tabs.refresh('/a');
    const refreshed = tabs.generation('/a');
    expect(refreshed).not.toBe(first);
    tabs.close('/a');
    tabs.open(tab('a'));
    expect(tabs.generation('/a')).not.toBe(refreshed);
  });

  it('move reorders but the index tab stays first', () => {
    const tabs = withTabs('a', 'b', 'c');
    tabs.move(3, 1);
    expect(names(tabs)).toEqual(['index', 'c', 'a', 'b']);
    tabs.move(2, 0);
    expect(names(tabs)).toEqual(['index', 'a', 'c', 'b']);
    tabs.move(0, 2);
    expect(names(tabs)).toEqual(['index', 'a', 'c', 'b']);
  });

  it('restore puts saved tabs first in their order, drops unknown routes, keeps tabs opened meanwhile', () => {
    const tabs = withTabs('now');
    tabs.restore([tab('b'), tab('gone'), tab('a'), tab('b')], (t) => t.name !== 'gone');
    expect(names(tabs)).toEqual(['index', 'b', 'a', 'now']);
    expect(tabs.current).toBe('/now');
    expect(tabs.restored).toBe(true);
    expect(tabs.persisted.map((t) => t.name)).toEqual(['b', 'a', 'now']);
  });

  it('parseStoredTabs drops malformed entries', () => {
    expect(parseStoredTabs('nope')).toEqual([]);
    expect(parseStoredTabs([{ name: 'a' }, null, { name: 'b', path: '/b', fullPath: '/b?x=1', query: { x: '1', y: 2 }, meta: { title: 'B', cache: true } }])).toEqual([
      { name: 'b', path: '/b', fullPath: '/b?x=1', query: { x: '1' }, params: {}, meta: { title: 'B', auth: true, cache: true } },
    ]);
  });
});

describe('a page names its own tab (a game detail takes the game name)', () => {
  it('setPageTitle sticks when the route opens the same tab again, is stored, and can be cleared', () => {
    const tabs = new TabsStore();
    const detail: Tab = { name: 'detail', path: '/game/detail', fullPath: '/game/detail?id=3', query: { id: '3' }, params: {}, meta: { title: '游戏详情', auth: true } };
    tabs.open(detail);
    tabs.open({ ...detail, fullPath: '/game/detail?id=4', query: { id: '4' } });
    tabs.setPageTitle('/game/detail?id=3', '星穹远征');
    tabs.open(detail);
    expect(tabs.opened.find((t) => t.fullPath === '/game/detail?id=3')?.meta).toEqual({ title: '游戏详情', pageTitle: '星穹远征', auth: true });
    expect(tabs.opened.find((t) => t.fullPath === '/game/detail?id=4')?.meta.pageTitle).toBeUndefined();
    expect(parseStoredTabs(JSON.parse(JSON.stringify(tabs.opened)))[1]?.meta.pageTitle).toBe('星穹远征');
    tabs.setPageTitle('/game/detail?id=3', '');
    expect(tabs.opened.find((t) => t.fullPath === '/game/detail?id=3')?.meta.pageTitle).toBeUndefined();
    tabs.setPageTitle('/nowhere', 'x');
    expect(tabs.opened).toHaveLength(3);
  });
});
