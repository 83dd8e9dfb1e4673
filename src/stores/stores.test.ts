import { describe, expect, it } from 'vitest';
import { ApiError } from '../adapters/errors';
import { SessionTokens } from '../adapters/session';
import { fakeApi } from '../test/fake-api';
import { rootFixture } from '../test/root-fixture';
import { sampleDepts, sampleDictionaries, sampleMenu } from '../test/samples';
import { toButtonSetting } from './dictionary';
import { INDEX_TAB, TabsStore, type Tab } from './tabs';

const session = { uuid: '1', token: 'access-0', refresh: 'refresh-0' };

describe('SessionStore', () => {
  it('login hands the credentials and the captcha to the adapter, and reads the token the adapter stored', async () => {
    const calls: unknown[] = [];
    const { root } = rootFixture((storage) =>
      fakeApi({
        login: async (credentials) => {
          calls.push(credentials);
          // The adapter is the one writer of the session cookies.
          new SessionTokens(storage.cookies).start({ userId: 7, access: 'A', refresh: 'R' });
          return { userId: 7, access: 'A', refresh: 'R', name: 'n' };
        },
      }),
    );
    expect(root.session.hasToken()).toBe(false);
    await root.session.login({ username: 'superadmin', password: 'admin123456', captcha: { answer: '15', key: 3 } });
    expect(calls).toEqual([{ username: 'superadmin', password: 'admin123456', captcha: '15', captchaKey: 3 }]);
    expect(root.session.hasToken()).toBe(true);
    expect(root.session.signingIn).toBe(false);
  });

  it('a failed login leaves no cookies and ends the loading state', async () => {
    const { root, storage } = rootFixture(
      fakeApi({
        login: async () => {
          throw new ApiError('envelope', '账号/密码错误', 'api/login/', 401);
        },
      }),
    );
    await expect(root.session.login({ username: 'u', password: 'p' })).rejects.toThrow('账号/密码错误');
    expect(storage.cookies.get('token')).toBeNull();
    expect(root.session.signingIn).toBe(false);
  });

  it("treats an absent token and the text 'undefined' as no token", () => {
    expect(rootFixture(fakeApi({})).root.session.hasToken()).toBe(false);
    expect(rootFixture(fakeApi({}), { token: 'undefined' }).root.session.hasToken()).toBe(false);
    expect(rootFixture(fakeApi({}), { token: 'x' }).root.session.hasToken()).toBe(true);
  });
});

describe('DictionaryStore', () => {
  it('converts type 1 to numbers and type 6 to booleans', () => {
    expect(toButtonSetting({ label: '启用', value: '1', type: 1, color: null })).toEqual({ label: '启用', value: 1, color: null });
    expect(toButtonSetting({ label: '是', value: 'true', type: 6, color: null }).value).toBe(true);
    expect(toButtonSetting({ label: '否', value: 'false', type: 6, color: null }).value).toBe(false);
    expect(toButtonSetting({ label: '新增', value: 'Create', type: 0, color: 'success' })).toEqual({ label: '新增', value: 'Create', color: 'success' });
  });

  it('loading all replaces the whole map; loading one key replaces only that key', async () => {
    let round = 0;
    const { root } = rootFixture(
      fakeApi({
        dictionary: (async (key?: string) => {
          if (key === undefined || key === 'all') {
            round += 1;
            return round === 1 ? sampleDictionaries : sampleDictionaries.slice(2);
          }
          return [{ label: '关闭', value: '0', type: 1, color: 'danger' }];
        }) as never,
      }),
    );
    await root.dictionary.loadAll();
    expect([...root.dictionary.data.keys()]).toEqual(['button_status_bool', 'button_status_number', 'system_button']);
    expect(root.dictionary.get('button_status_number').map((e) => e.value)).toEqual([1, 0]);
    await root.dictionary.load('button_status_number');
    expect(root.dictionary.get('button_status_number')).toEqual([{ label: '关闭', value: 0, color: 'danger' }]);
    expect(root.dictionary.get('button_status_bool').map((e) => e.value)).toEqual([true, false]);
    await root.dictionary.loadAll();
    expect([...root.dictionary.data.keys()]).toEqual(['system_button']);
  });
});

describe('DepartmentsStore and MenuStore', () => {
  it('builds the department tree from the flat list', async () => {
    const { root } = rootFixture(fakeApi({ allDept: async () => sampleDepts }));
    await root.departments.load();
    expect(root.departments.tree).toEqual([
      {
        id: 1,
        name: 'DVAdmin团队',
        parent: null,
        children: [
          { id: 3, name: '技术部', parent: 1, children: [] },
          { id: 2, name: '运营部', parent: 1, children: [] },
        ],
      },
    ]);
  });

  it('keeps the raw web_router list and menuData; top level is visible, parentless, by sort', async () => {
    const { root, storage } = rootFixture(fakeApi({ webRouter: async () => sampleMenu }));
    await root.menu.load();
    expect(root.menu.items).toEqual(sampleMenu);
    expect(storage.menuData.get()).toEqual(sampleMenu);
    expect(root.menu.topLevel.map((m) => m.title)).toEqual(['系统管理', '游戏管理']);
    expect(root.menu.childrenOf(1).map((m) => m.title)).toEqual(['菜单管理', '常规配置']);
    root.menu.clear();
    expect(storage.menuData.get()).toBeNull();
    expect(root.menu.loaded).toBe(false);
  });

  it('the side menu follows the section of the current page, also for a hidden page (菜单按钮)', async () => {
    const hidden = sampleMenu.find((m) => !m.visible && m.path && m.component);
    if (!hidden) throw new Error('the sample menu needs a hidden page');
    const { root } = rootFixture(fakeApi({ webRouter: async () => sampleMenu }));
    await root.menu.load();
    const section = root.menu.sections.find((entry) => entry.id === root.menu.routeFor(hidden.path ?? '')?.sectionId);
    expect(section).toBeDefined();
    // Another section was chosen in the header before: the hidden page still shows its own.
    const other = root.menu.sections.find((entry) => entry.id !== section?.id);
    if (!other) throw new Error('the sample menu needs a second section');
    root.menu.selectSection(other.id);
    expect(root.menu.sectionFor(hidden.path ?? '')?.title).toBe('系统管理');
    expect(root.menu.asideEntries(hidden.path ?? '').map((e) => e.title)).toEqual(['菜单管理', '常规配置']);
    // A path of no menu shows the chosen section (one without children shows itself).
    expect(root.menu.asideEntries('/somewhere-else').map((e) => e.title)).toEqual(['游戏管理']);
    expect(root.menu.sectionFor('/no/such/page')).toBeNull();
  });

  it('a failed menu load is marked failed and rethrown', async () => {
    const { root } = rootFixture(
      fakeApi({
        webRouter: async () => {
          throw new ApiError('envelope', 'x', 'u', 4000);
        },
      }),
    );
    await expect(root.menu.load()).rejects.toBeInstanceOf(ApiError);
    expect(root.menu.state).toBe('failed');
  });
});

describe('TabsStore', () => {
  const tab = (name: string): Tab => ({ name, path: `/${name}`, fullPath: `/${name}`, query: {}, params: {}, meta: { title: name, auth: true } });

  it('starts with only the index tab 控制台 at /index, which cannot be closed', () => {
    const tabs = new TabsStore();
    expect(tabs.opened).toEqual([INDEX_TAB]);
    expect(tabs.opened[0]).toMatchObject({ name: 'index', fullPath: '/index', meta: { titleKey: 'route.index' } });
    expect(tabs.close('/index')).toBeNull();
    expect(tabs.opened).toHaveLength(1);
  });

  it('closing the current tab moves to its right neighbour, or the left one when it was last', () => {
    const tabs = new TabsStore();
    tabs.open(tab('a'));
    tabs.open(tab('b'));
    tabs.open(tab('c'));
    tabs.open(tab('a'));
    expect(tabs.opened.map((t) => t.name)).toEqual(['index', 'a', 'b', 'c']);
    expect(tabs.close('/a')).toBe('/b');
    expect(tabs.current).toBe('/b');
    tabs.open(tab('c'));
    expect(tabs.close('/c')).toBe('/b');
    expect(tabs.close('/index')).toBeNull();
    tabs.open(tab('d'));
    expect(tabs.close('/b')).toBeNull();
    tabs.reset();
    expect(tabs.opened).toEqual([INDEX_TAB]);
    expect(tabs.current).toBe('/index');
  });
});

describe('DashboardStore', () => {
  it('keeps what answered and null for what failed', async () => {
    const { root } = rootFixture(
      fakeApi({
        usersTotal: async () => 3,
        usersLoginTotal: async () => 12,
        attachmentTotal: async () => {
          throw new ApiError('http', '请求地址出错', 'x', 404);
        },
        loginTrend: async () => [
          { day: '2026-11-20', count: 2 },
          { day: '2026-11-21', count: 5 },
        ],
        registeredUsers: async () => {
          throw new ApiError('envelope', '统计服务暂不可用', 'x', 4000);
        },
        recentLogins: async () => {
          throw new ApiError('http', '请求地址出错', 'x', 404);
        },
      }),
    );
    await root.dashboard.load();
    expect([root.dashboard.usersTotal, root.dashboard.loginsTotal, root.dashboard.attachmentsTotal, root.dashboard.attachmentsSpace]).toEqual([3, 12, null, null]);
    expect(root.dashboard.logins7d).toBe(7);
    expect(root.dashboard.newUsers).toBeNull();
    expect(root.dashboard.recent).toBeNull();
    expect(root.dashboard.state).toBe('ready');
  });

  it('30 days from the server: the chart and its sum take the last 7, new users sum all 30', async () => {
    const days = Array.from({ length: 30 }, (_, i) => ({ day: `2026-10-${String(i + 1).padStart(2, '0')}`, count: i + 1 }));
    const { root } = rootFixture(
      fakeApi({
        usersTotal: async () => 3,
        usersLoginTotal: async () => 465,
        attachmentTotal: async () => ({ count: 2, occupySpace: '39 Bytes' }),
        loginTrend: async () => days,
        registeredUsers: async () => days.map((d) => ({ ...d, count: d.day.endsWith('30') ? 2 : 0 })),
        recentLogins: async () => [],
      }),
    );
    await root.dashboard.load();
    expect(root.dashboard.trend).toEqual(days.slice(23));
    // 24 + 25 + ... + 30
    expect(root.dashboard.logins7d).toBe(189);
    expect(root.dashboard.newUsers).toBe(2);
    expect([root.dashboard.attachmentsTotal, root.dashboard.attachmentsSpace]).toEqual([2, '39 Bytes']);
  });

  it("'today' is the server's day, the last day of its chart, not the browser clock; unknown without the chart", async () => {
    const trend = [
      { day: '2026-11-21', count: 2 },
      { day: '2026-11-22', count: 5 },
    ];
    let fail = false;
    const { root } = rootFixture(
      fakeApi({
        usersTotal: async () => 3,
        usersLoginTotal: async () => 12,
        attachmentTotal: async () => ({ count: 1, occupySpace: '1 Bytes' }),
        loginTrend: async () => {
          if (fail) throw new ApiError('http', '请求地址出错', 'x', 404);
          return trend;
        },
        registeredUsers: async () => [],
        recentLogins: async () => [],
      }),
    );
    // The fixture's clock says 2026-11-21; the server is already in the 22nd (Asia/Shanghai).
    expect(root.dashboard.today).toBeNull();
    await root.dashboard.load();
    expect(root.dashboard.today).toBe('2026-11-22');
    fail = true;
    await root.dashboard.load();
    expect(root.dashboard.today).toBeNull();
  });
});

describe('LogStore and LocaleStore', () => {
  it('logs adapter failures with time, type and who/where: url = the page, the API address in the message', () => {
    const { root } = rootFixture(fakeApi({}), session);
    root.apiCallbacks().logFailure({ message: '服务器内部错误', url: '/api/a/', severity: 'error' });
    root.apiCallbacks().logFailure({ message: '没有找到', url: '/api/b/', severity: 'info' });
    const page = 'http://console.test/user?status=1&q=a%20b';
    expect(root.log.entries).toEqual([
      { message: '服务器内部错误 — /api/a/', type: 'danger', time: '2026-11-21 09:05:07', meta: { user: '', uuid: '1', token: 'access-0', url: page } },
      { message: '没有找到 — /api/b/', type: 'info', time: '2026-11-21 09:05:07', meta: { user: '', uuid: '1', token: 'access-0', url: page } },
    ]);
    expect(root.log.errorCount).toBe(1);
  });

  it('keeps the language in a cookie, zh-chs by default, en for an unknown value (spec §4 fallback)', () => {
    const { root, storage } = rootFixture(fakeApi({}));
    expect(root.locale.language).toBe('zh-chs');
    root.locale.setLanguage('en');
    expect(storage.cookies.get('lang')).toBe('en');
    expect(rootFixture(fakeApi({}), { lang: 'en' }).root.locale.language).toBe('en');
    expect(rootFixture(fakeApi({}), { lang: 'fr' }).root.locale.language).toBe('en');
  });
});
