import { describe, expect, it } from 'vitest';
import { ApiError } from '../adapters/errors';
import { SessionTokens } from '../adapters/session';
import { fakeApi } from '../test/fake-api';
import { rootFixture } from '../test/root-fixture';
import { sampleDepts, sampleDictionaries, sampleMenu, sampleUser } from '../test/samples';

const session = { uuid: '1', token: 'access-0', refresh: 'refresh-0' };

/** A fake api for the guard's bootstrap that records the order of calls. */
function bootstrapApi(order: string[], overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    userInfo: async () => (order.push('userInfo'), sampleUser),
    settings: async () => (order.push('settings'), { 'base.captcha_state': true }),
    dictionary: (async () => (order.push('dictionary'), sampleDictionaries)) as never,
    allDept: async () => (order.push('allDept'), sampleDepts),
    webRouter: async () => (order.push('webRouter'), sampleMenu),
    ...overrides,
  });
}

describe('RootStore.bootstrap (route guard, spec §4)', () => {
  it('loads user info, then settings, dictionaries, departments, then the menu', async () => {
    const order: string[] = [];
    const { root, storage } = rootFixture(bootstrapApi(order), session);
    await root.bootstrap();
    expect(order).toEqual(['userInfo', 'settings', 'dictionary', 'allDept', 'webRouter']);
    expect(root.session.userName).toBe('超级管理员');
    expect(root.settings.values).toEqual({ 'base.captcha_state': true });
    expect(root.dictionary.get('button_status_bool')).toHaveLength(2);
    expect(root.departments.list).toEqual(sampleDepts);
    expect(root.menu.loaded).toBe(true);
    expect(storage.menuData.get()).toEqual(sampleMenu);
    expect(root.bootState).toBe('ready');
  });

  it('concurrent callers share one run, and the menu is not fetched again once loaded', async () => {
    const order: string[] = [];
    const { root } = rootFixture(bootstrapApi(order), session);
    await Promise.all([root.bootstrap(), root.bootstrap()]);
    expect(order.filter((c) => c === 'userInfo')).toHaveLength(1);
    root.session.clear();
    await root.bootstrap();
    expect(order.filter((c) => c === 'webRouter')).toHaveLength(1);
    expect(order.filter((c) => c === 'userInfo')).toHaveLength(2);
  });

  it('goes on when settings, dictionaries or departments fail', async () => {
    const order: string[] = [];
    const fail = async () => {
      order.push('fail');
      throw new ApiError('http', '服务器内部错误', 'x', 500);
    };
    const { root } = rootFixture(bootstrapApi(order, { settings: fail, allDept: fail }), session);
    await root.bootstrap();
    expect(order).toEqual(['userInfo', 'fail', 'dictionary', 'fail', 'webRouter']);
    expect(root.bootState).toBe('ready');
  });

  it('stops when the user info cannot be loaded', async () => {
    const order: string[] = [];
    const { root } = rootFixture(
      bootstrapApi(order, {
        userInfo: async () => {
          order.push('userInfo');
          throw new ApiError('network', 'x', 'u');
        },
      }),
      session,
    );
    await root.bootstrap();
    expect(order).toEqual(['userInfo']);
    expect(root.bootState).toBe('failed');
  });

  it('is ready to run again after the session expired during the user info call', async () => {
    const fixture = rootFixture(
      fakeApi({
        userInfo: async () => {
          fixture.storage.cookies.clearSession();
          fixture.root.apiCallbacks().authExpired();
          throw new ApiError('auth', '认证已失效,请重新登录~', '/api/system/user/user_info/');
        },
      }),
      session,
    );
    await fixture.root.bootstrap();
    expect(fixture.root.bootState).toBe('idle');
    expect(fixture.navigations).toEqual(['/login']);
  });
});

describe('RootStore.login', () => {
  it("drops an earlier session's user and menu so the guard loads the new user's", async () => {
    const order: string[] = [];
    const { root, storage } = rootFixture(
      (store) =>
        bootstrapApi(order, {
          login: async () => {
            new SessionTokens(store.cookies).start({ userId: 3, access: 'A3', refresh: 'R3' });
            return { userId: 3, access: 'A3', refresh: 'R3', name: '测试人员' };
          },
        }),
      session,
    );
    await root.bootstrap();
    expect(root.menu.loaded).toBe(true);
    await root.login({ username: 'test', password: 'admin123456' });
    expect(root.session.user).toBeNull();
    expect(root.menu.loaded).toBe(false);
    expect(storage.menuData.get()).toBeNull();
    expect(storage.cookies.get('token')).toBe('A3');
    await root.bootstrap();
    expect(order.filter((c) => c === 'webRouter')).toHaveLength(2);
  });
});

describe('RootStore.logout (spec §4)', () => {
  it('clears the user database, calls the adapter logout (which removes the cookies), clears stores and menuData, goes to /login and reloads', async () => {
    const order: string[] = [];
    const fixture = rootFixture(
      (storage) =>
        bootstrapApi(order, {
          logout: async () => {
            order.push(`logout with uuid ${String(storage.cookies.get('uuid'))}`);
            new SessionTokens(storage.cookies).clear();
          },
        }),
      { ...session, lang: 'en' },
    );
    const { root, storage } = fixture;
    await root.bootstrap();
    await root.localDb.set('database', 'notes', 'mine', { user: true });
    root.tabs.open({ name: 'userInfo', path: '/userInfo', fullPath: '/userInfo', query: {}, params: {}, meta: { auth: true } });
    root.ui.setGray(true);
    await root.logout();
    expect(order.filter((c) => c.startsWith('logout'))).toEqual(['logout with uuid 1']);
    // The user's own database went while the uuid cookie still named it.
    storage.cookies.set('uuid', '1');
    expect(await root.localDb.get('database', 'notes', { user: true, defaultValue: 'gone' })).toBe('gone');
    expect(storage.cookies.get('lang')).toBe('en');
    expect(root.session.user).toBeNull();
    expect(root.menu.items).toEqual([]);
    expect(storage.menuData.get()).toBeNull();
    expect(root.tabs.opened.map((t) => t.name)).toEqual(['index']);
    expect(root.ui.gray).toBe(false);
    expect(fixture.navigations).toEqual(['/login']);
    expect(fixture.reloads()).toBe(1);
  });

  it('still ends the session when the logout call fails', async () => {
    const fixture = rootFixture(
      fakeApi({
        logout: async () => {
          throw new ApiError('network', 'x', 'api/logout/');
        },
      }),
      session,
    );
    await fixture.root.logout();
    expect(fixture.navigations).toEqual(['/login']);
    expect(fixture.reloads()).toBe(1);
  });

  it('an expired session (from the adapter) clears the stores and goes to /login without reloading', async () => {
    const order: string[] = [];
    const fixture = rootFixture(bootstrapApi(order), session);
    await fixture.root.bootstrap();
    fixture.root.apiCallbacks().authExpired();
    expect(fixture.root.session.user).toBeNull();
    expect(fixture.root.menu.loaded).toBe(false);
    expect(fixture.navigations).toEqual(['/login']);
    expect(fixture.reloads()).toBe(0);
  });
});
