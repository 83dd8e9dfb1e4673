import { describe, expect, it } from 'vitest';
import { menuItem } from '../test/samples';
import { buildMenu, buildPermissions, buildSearchPool, isPlaceholder, PLACEHOLDER_PATH_PREFIX, sectionOf } from './menu';

const items = [
  menuItem(1, null, '系统管理', { sort: 2 }),
  menuItem(2, 1, '用户管理', { sort: 2, path: '/user', component: 'system/user/index', component_name: 'user', cache: true, menuPermission: ['Create', 'Delete'] }),
  menuItem(3, 1, '菜单管理', { sort: 1, path: '/menu', component: 'system/menu', component_name: 'menu', menuPermission: null }),
  menuItem(4, 1, '日志', { sort: 3, is_catalog: true }),
  menuItem(5, 4, '登录日志', { path: '/loginLog', component: 'system/log/loginLog/index', component_name: 'loginLog' }),
  menuItem(6, null, '游戏管理', { sort: 1, icon: 'gamepad' }),
  menuItem(7, 6, '游戏查询', { path: '/game/query', component: 'game/query', component_name: 'query' }),
  menuItem(8, 6, '游戏详情', { path: '/game/detail', component: 'game/detail', component_name: 'detail', visible: false, menuPermission: ['Retrieve'] }),
  menuItem(9, 6, '官网', { path: 'https://example.com/', is_link: true }),
  menuItem(10, 6, '临时', { path: '', component: '' }),
  menuItem(11, 6, '租户', { path: '/tenant', component: 'plugins/tenant/list', component_name: 'tenant' }),
  menuItem(12, 99, '孤儿', { path: '/orphan', component: 'x/orphan', component_name: 'orphan' }),
  menuItem(13, 12, '孤儿的孩子', { path: '/orphan2', component: 'x/orphan2' }),
];

describe('buildMenu (spec §2.3)', () => {
  const built = buildMenu(items);

  it('builds routes with the menu name as title, auth, the cache flag; plugin components marked', () => {
    expect(built.routeByPath.get('/user')).toEqual({
      id: 2,
      name: 'user',
      path: '/user',
      component: 'system/user/index',
      plugin: false,
      meta: { title: '用户管理', auth: true, cache: true },
      sectionId: 1,
    });
    expect(built.routeByPath.get('/tenant')?.plugin).toBe(true);
    // Hidden items still get routes (opened from lists); links and catalogs do not.
    expect(built.routeByPath.get('/game/detail')?.sectionId).toBe(6);
    expect(built.routeByPath.get('/loginLog')?.sectionId).toBe(1);
    expect([...built.routeByPath.keys()].some((p) => p.includes('example.com'))).toBe(false);
  });

  it('strict tree: items whose parent is missing are dropped with their descendants', () => {
    expect(built.routeByPath.has('/orphan')).toBe(false);
    expect(built.routeByPath.has('/orphan2')).toBe(false);
    expect(JSON.stringify(built.tree)).not.toContain('孤儿');
  });

  it('orders by sort, keeps only visible entries, gives pathless items a placeholder path', () => {
    expect(built.tree.map((e) => e.title)).toEqual(['游戏管理', '系统管理']);
    const system = built.tree[1];
    expect(system?.children.map((e) => e.title)).toEqual(['菜单管理', '用户管理', '日志']);
    const game = built.tree[0];
    expect(game?.children.map((e) => e.title)).toEqual(['游戏查询', '官网', '临时', '租户']);
    const temp = game?.children.find((e) => e.title === '临时');
    expect(temp?.path).toBe(`${PLACEHOLDER_PATH_PREFIX}10`);
    expect(isPlaceholder(temp?.path ?? '')).toBe(true);
    expect(system?.path.startsWith(PLACEHOLDER_PATH_PREFIX)).toBe(true);
    expect(game?.children.find((e) => e.title === '官网')?.path).toBe('https://example.com/');
  });

  it('search pool: visible leaves with titles joined by " / "', () => {
    expect(buildSearchPool(built.tree).map((s) => s.fullTitle)).toEqual([
      '游戏管理 / 游戏查询',
      '游戏管理 / 官网',
      '游戏管理 / 租户',
      '系统管理 / 菜单管理',
      '系统管理 / 用户管理',
      '系统管理 / 日志 / 登录日志',
    ]);
  });

  it('permissions are path:name for every granted button (null = none)', () => {
    expect([...buildPermissions(items)].sort()).toEqual(['/game/detail:Retrieve', '/user:Create', '/user:Delete']);
  });

  it('sectionOf finds the top-level entry holding a path', () => {
    expect(sectionOf(built.tree, '/loginLog')?.title).toBe('系统管理');
    expect(sectionOf(built.tree, '/index')).toBeNull();
  });

  it('builds 2,000 items without quadratic blow-up', () => {
    const many = [menuItem(1, null, 'root')];
    for (let i = 2; i <= 2000; i++) many.push(menuItem(i, 1 + Math.floor((i - 2) / 40), `m${i}`, { path: `/p${i}`, component: `a/p${i}` }));
    const result = buildMenu(many);
    expect(result.routes).toHaveLength(1999);
  });
});
