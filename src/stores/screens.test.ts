import { describe, expect, it } from 'vitest';
import type { ListQuery, ResourcePage, ResourceRow } from '../adapters/api';
import { ApiError } from '../adapters/errors';
import { fakeApi } from '../test/fake-api';
import { rootFixture } from '../test/root-fixture';
import { authorizationUrl, safeRedirect } from './oauth2';
import { deptTree } from '../features/system/stores/role-permission';

const session = { uuid: '1', token: 'access-0', refresh: 'refresh-0' };
const pageOf = (rows: ResourceRow[]): ResourcePage => ({ page: 1, limit: rows.length, total: rows.length, rows });

describe('SystemConfigStore (系统配置)', () => {
  const groups = [
    { id: 1, key: 'base', title: '基础配置', chinldern: [{ id: 2, key: 'captcha_state', value: true, chinldern: [] }] },
    { id: 5, key: 'login', title: '登录页配置', chinldern: [{ id: 6, key: 'site_name', value: '企业级后台管理系统' }] },
  ];

  it('lists the top-level groups, keeps their values by key, saves a group with its edited values and reloads the settings', async () => {
    const queries: (ListQuery | undefined)[] = [];
    const saved: unknown[] = [];
    let settingsLoads = 0;
    const { root } = rootFixture(
      fakeApi({
        list: async (_r, query) => (queries.push(query), pageOf(groups)),
        action: async (_r, path, options) => (saved.push([path, options?.method, options?.body]), null),
        settings: async () => (settingsLoads++, {}),
      }),
      session,
    );
    const store = root.createSystemConfigStore();
    await store.load();
    expect(queries).toEqual([{ filters: [{ op: 'isNull', field: 'parent', value: true }], limit: 999 }]);
    expect(store.values).toEqual({ 'base.captcha_state': true, 'login.site_name': '企业级后台管理系统' });
    store.setValue('login.site_name', '游戏平台');
    await expect(store.saveGroup(groups[1]!)).resolves.toBe(true);
    expect(saved).toEqual([['save_content/', 'PUT', [{ id: 6, key: 'site_name', value: '游戏平台' }]]]);
    expect(settingsLoads).toBe(1);
  });

  it('a refused save or removal resolves false (the adapter showed why); a failed list is the failed state', async () => {
    const refuse = async () => {
      throw new ApiError('envelope', '您没有执行该操作的权限。', '/api/system/system_config/', 4000);
    };
    const { root } = rootFixture(fakeApi({ list: refuse, action: refuse, remove: refuse }), session);
    const store = root.createSystemConfigStore();
    await store.load();
    expect(store.failed).toBe(true);
    await expect(store.saveGroup(groups[0]!)).resolves.toBe(false);
    await expect(store.remove(2)).resolves.toBe(false);
    expect(store.saving).toBe(false);
  });
});

describe('RolePermissionStore (权限配置)', () => {
  it('loads the menus and the data-scope departments as a tree, and saves the grants with the role name and key', async () => {
    const updates: unknown[] = [];
    const { root } = rootFixture(
      fakeApi({
        action: async (_r, path) =>
          path === 'role_get_menu/'
            ? [{ id: 1, name: '系统管理', parent: null, menuPermission: [] }, 'junk']
            : [
                { id: 1, name: 'DVAdmin团队', parent: null },
                { id: 3, name: '技术部', parent: 1 },
              ],
        update: async (resource, id, body) => (updates.push([resource, id, body]), { id }),
      }),
      session,
    );
    const store = root.createRolePermissionStore();
    await store.load();
    expect(store.menus.map((m) => m.name)).toEqual(['系统管理']);
    expect(store.depts).toMatchObject([{ id: 1, name: 'DVAdmin团队', children: [{ id: 3, name: '技术部', children: [] }] }]);
    await store.save({ id: 2, name: '普通用户', key: 'public' }, { menu: [1], permission: [5], dataRange: 3, deptIds: [3] });
    await store.save({ id: 2, name: '普通用户', key: 'public' }, { menu: [1], permission: [], dataRange: 4, deptIds: [3] });
    expect(updates).toEqual([
      ['/api/system/role/', 2, { name: '普通用户', key: 'public', menu: [1], permission: [5], data_range: 3, dept: [] }],
      ['/api/system/role/', 2, { name: '普通用户', key: 'public', menu: [1], permission: [], data_range: 4, dept: [3] }],
    ]);
    expect(deptTree([{ id: 9, name: 'orphan', parent: 7 }])).toMatchObject([{ id: 9, children: [] }]);
  });
});

describe('RemoteSelectSource', () => {
  it('searches by text (nothing for an empty keyword) and reads labels by ids', async () => {
    const queries: ListQuery[] = [];
    const { root } = rootFixture(fakeApi({ list: async (_r, query) => (queries.push(query ?? {}), pageOf([{ id: 1, name: 'a' }])) }), session);
    const source = root.remoteSource('/api/system/user/');
    await expect(source.search('  ')).resolves.toEqual([]);
    await expect(source.search(' ad ')).resolves.toEqual([{ id: 1, name: 'a' }]);
    await expect(source.byIds([])).resolves.toEqual([]);
    await source.byIds(['1', '2']);
    expect(queries).toEqual([{ search: 'ad' }, { ids: ['1', '2'] }]);
  });
});

describe('OAuth2FlowStore', () => {
  const config = { enabled: true as const, provider: 'Stand-in', authorizeUrl: 'https://id.example.test/authorize?tenant=x', clientId: 'console', scope: 'openid' };

  it('offers the provider, keeps a fresh state and the safe redirect, then signs in with the returned code', async () => {
    const logins: unknown[] = [];
    const { root, storage } = rootFixture(
      fakeApi({
        oauth2Config: async () => config,
        oauth2Login: async (input) => (logins.push(input), { userId: 7, access: 'A', refresh: 'R', name: 'n' }),
      }),
      session,
    );
    // What an earlier user left: the sign-in clears it.
    root.tabs.open({ name: 'userInfo', path: '/userInfo', fullPath: '/userInfo', query: {}, params: {}, meta: { auth: true } });
    const flow = root.oauth2;
    await expect(flow.available()).resolves.toBe(true);
    await flow.open({ code: null, state: null, error: null, redirect: '/userInfo' }, 'http://console.test/oauth2');
    expect(flow.phase).toEqual({ kind: 'ready', config });
    const url = new URL(flow.begin('//evil.example/x', 'http://console.test/oauth2') ?? '');
    expect(url.searchParams.get('tenant')).toBe('x');
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    const pending = storage.oauth2.take();
    expect(pending).toEqual({ state, redirect: '/index' });
    storage.oauth2.save({ state, redirect: '/userInfo' });
    await flow.open({ code: 'good', state, error: null, redirect: null }, 'http://console.test/oauth2');
    expect(logins).toEqual([{ code: 'good', redirectUri: 'http://console.test/oauth2' }]);
    expect(flow.phase).toEqual({ kind: 'done', redirect: '/userInfo' });
    expect(root.tabs.opened.map((tab) => tab.name)).toEqual(['index']);
  });

  it('refuses a state it did not send, reports the provider error and a refused exchange; no provider means off', async () => {
    const { root, storage } = rootFixture(
      fakeApi({
        oauth2Config: async () => ({ enabled: false }),
        oauth2Login: async () => {
          throw new ApiError('envelope', '授权码无效或已过期', '/api/oauth2/login/', 400);
        },
      }),
      session,
    );
    const flow = root.oauth2;
    storage.oauth2.save({ state: 's-1', redirect: '/index' });
    await flow.open({ code: 'c', state: 'forged', error: null, redirect: null }, 'http://x/oauth2');
    expect(flow.phase).toEqual({ kind: 'failed', cause: 'state', detail: '' });
    await flow.open({ code: null, state: null, error: 'access_denied', redirect: null }, 'http://x/oauth2');
    expect(flow.phase).toEqual({ kind: 'failed', cause: 'provider', detail: 'access_denied' });
    storage.oauth2.save({ state: 's-2', redirect: '/index' });
    await flow.open({ code: 'c', state: 's-2', error: null, redirect: null }, 'http://x/oauth2');
    expect(flow.phase).toEqual({ kind: 'failed', cause: 'exchange', detail: '授权码无效或已过期' });
    await flow.open({ code: null, state: null, error: null, redirect: null }, 'http://x/oauth2');
    expect(flow.phase).toEqual({ kind: 'off' });
    await expect(flow.available()).resolves.toBe(false);
    expect(flow.begin('/index', 'http://x/oauth2')).toBeNull();
  });

  it('authorizationUrl and safeRedirect', () => {
    const url = new URL(authorizationUrl(config, 'http://c/oauth2', 'st'));
    expect(Object.fromEntries(url.searchParams)).toEqual({ tenant: 'x', response_type: 'code', client_id: 'console', redirect_uri: 'http://c/oauth2', scope: 'openid', state: 'st' });
    expect([safeRedirect('/a', '/i'), safeRedirect('//b', '/i'), safeRedirect('https://c', '/i'), safeRedirect(null, '/i')]).toEqual(['/a', '/i', '/i', '/i']);
  });
});
