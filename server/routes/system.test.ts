import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  attachmentTotalResult,
  DATAV_DAYS,
  deptNode,
  dictionaryEntry,
  dictionaryGroup,
  listPage,
  loginTotalResult,
  loginTrend,
  menuItem,
  recentLogin,
  registeredUserTrend,
  settings,
  userInfo,
  usersTotalResult,
} from '../../contracts/schemas';
import { formatBytes } from '../domain/dashboard';
import { shanghaiDay, shanghaiDayStart } from '../domain/time';
import type { AppContext } from '../context';
import type { TestServer } from '../testing';
import { call, expectData, expectFailure, login, SERVER_TIMEOUT_MS, suiteServer } from '../test/helpers';

const TOKEN_NOT_VALID = {
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
};

describe('first-slice system routes', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let superadmin: string;
  let test: string;
  let admin: string;

  suiteServer([], (s) => ({ srv, ctx } = s));
  beforeAll(async () => {
    [superadmin, test, admin] = await Promise.all(['superadmin', 'test', 'admin'].map(async (u) => (await login(srv, u, 'admin123456', false)).access)) as [
      string,
      string,
      string,
    ];
  }, SERVER_TIMEOUT_MS);

  describe('user_info', () => {
    it('answers contract example 39 for superadmin', async () => {
      const res = await call(srv, '/api/system/user/user_info/', { token: superadmin });
      expect(res.body.msg).toBe('获取成功');
      expect(expectData(res, userInfo)).toEqual({
        id: 1,
        username: 'superadmin',
        name: '超级管理员',
        mobile: '13333333333',
        user_type: 0,
        gender: 1,
        email: 'dvadmin@django-vue-admin.com',
        avatar: null,
        dept: 1,
        is_superuser: true,
        role: [1],
        dept_info: { dept_id: 1, dept_name: 'DVAdmin团队' },
        role_info: [{ id: 1, name: '管理员', key: 'admin' }],
      });
    });

    it('answers for test with its own dept and role', async () => {
      expect(expectData(await call(srv, '/api/system/user/user_info/', { token: test }), userInfo)).toMatchObject({
        id: 3,
        username: 'test',
        is_superuser: false,
        dept: 3,
        role: [2],
        dept_info: { dept_id: 3, dept_name: '技术部' },
      });
    });

    it('no token, Bearer, or "JWT" alone: code 4000 身份认证信息未提供。', async () => {
      expectFailure(await call(srv, '/api/system/user/user_info/'), 4000, '身份认证信息未提供。');
      expectFailure(await call(srv, '/api/system/user/user_info/', { headers: { authorization: `Bearer ${superadmin}` } }), 4000, '身份认证信息未提供。');
      expectFailure(await call(srv, '/api/system/user/user_info/', { headers: { authorization: 'JWT' } }), 4000, '身份认证信息未提供。');
    });

    it('garbage, expired, tampered, alg none, other key, refresh token: code 401 token_not_valid (HTTP 200)', async () => {
      const past = Math.floor(Date.now() / 1000) - 5;
      const [h, p] = superadmin.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), user_id: 2 })).toString('base64url');
      const bad = [
        'garbage',
        srv.signToken({ exp: past }),
        `${h}.${forgedPayload}.${superadmin.split('.')[2]}`,
        srv.signToken({}, { alg: 'none' }),
        srv.signToken({}, { alg: 'HS512' }),
        srv.signToken({}, { secret: 'not-the-server-key-123456' }),
        srv.signToken({ token_type: 'refresh' }),
        srv.signToken({ user_id: 'one' }),
      ];
      for (const token of bad) expectFailure(await call(srv, '/api/system/user/user_info/', { token }), 401, TOKEN_NOT_VALID);
    });

    it('a valid token of a user who no longer exists or is disabled: code 401 user_not_found', async () => {
      expectFailure(await call(srv, '/api/system/user/user_info/', { token: srv.signToken({ user_id: 999 }) }), 401, { detail: '用户不存在或已停用', code: 'user_not_found' });
      expect((await call(srv, '/api/system/user/user_info/', { token: admin })).body.code).toBe(2000);
      // The account is cached; a write through the database (any code path) drops it at once.
      await ctx.db.query('UPDATE users SET is_active = false WHERE id = 2');
      try {
        expectFailure(await call(srv, '/api/system/user/user_info/', { token: admin }), 401, { detail: '用户不存在或已停用', code: 'user_not_found' });
      } finally {
        await ctx.db.query('UPDATE users SET is_active = true WHERE id = 2');
      }
      // Disabling ended admin's sessions: enabled again, the old token stays refused; a new sign-in works.
      expect((await call(srv, '/api/system/user/user_info/', { token: admin })).body.code).toBe(401);
      admin = (await login(srv, 'admin', 'admin123456', false)).access;
      expect((await call(srv, '/api/system/user/user_info/', { token: admin })).body.code).toBe(2000);
    });
  });

  describe('web_router', () => {
    const routerPage = listPage(menuItem);

    it('superadmin gets every enabled menu, ordered by sort, with all button values', async () => {
      const res = await call(srv, '/api/system/menu/web_router/', { token: superadmin });
      expect(res.body.msg).toBe('获取成功');
      const page = expectData(res, routerPage);
      expect(page.page).toBe(1);
      expect(page.limit).toBe(1);
      expect(page.total).toBe(page.data.length);
      const sorts = page.data.map((m) => m.sort ?? 0);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
      const byId = new Map(page.data.map((m) => [m.id, m]));
      // The contract's 17 system menus (§8), as listed there.
      expect(byId.get(1)).toMatchObject({ parent: null, name: '系统管理', title: '系统管理', is_catalog: true, path: '', web_path: '', component: '', component_name: '', menuPermission: [] });
      expect(byId.get(2)).toMatchObject({ parent: 1, path: '/menu', component: 'system/menu', component_name: 'menu', menuPermission: ['Retrieve', 'Update', 'Search', 'Create', 'Delete'] });
      expect(byId.get(3)).toMatchObject({ visible: false, path: '/menuButton', menuPermission: ['Update', 'Search', 'Create', 'Delete'] });
      expect(byId.get(6)?.menuPermission).toEqual(['ResetPassword', 'DefaultPassword', 'Retrieve', 'Update', 'Search', 'Create', 'Export', 'Import', 'Delete']);
      expect(byId.get(10)).toMatchObject({ parent: 9, sort: 0, icon: 'desktop', path: '/config', component: 'system/config/index' });
      expect(byId.get(17)).toMatchObject({ parent: 14, path: '/frontendLog', component: 'system/log/frontendLog/index', menuPermission: [] });
      for (let id = 1; id <= 17; id++) expect(byId.has(id), `menu ${id}`).toBe(true);
      // Every game-platform screen of GAME-AREAS.md, component string as listed, under a catalog.
      const components = new Set(page.data.map((m) => m.component));
      for (const c of ['dashboard/workbench', 'dashboard/realtime', 'dashboard/monitor', 'game/android', 'game/query', 'center_income/overview', 'automation/webElement', 'embed_configure/global_event_define']) {
        expect(components.has(c), c).toBe(true);
      }
      const detail = page.data.find((m) => m.component === 'game/detail');
      expect(detail).toMatchObject({ visible: false, path: '/game/detail', component_name: 'detail' });
      expect(byId.get(detail?.parent ?? -1)?.is_catalog).toBe(true);
      // The dashboard area comes first.
      expect(page.data.find((m) => m.parent === null)?.name).toBe('仪表盘');
      for (const m of page.data.filter((x) => !x.is_catalog)) expect(Array.isArray(m.menuPermission), m.name).toBe(true);
    });

    it('test (role public, a read-only analyst) gets the analytics and a few list screens, and no write button', async () => {
      const page = expectData(await call(srv, '/api/system/menu/web_router/', { token: test }), routerPage);
      const leaves = page.data.filter((m) => !m.is_catalog);
      const components = leaves.map((m) => m.component ?? '');
      // The analytics screens, a few list screens, and every screen of the game catalogue, to look at.
      for (const c of ['dashboard/workbench', 'dashboard/realtime', 'center_income/overview', 'center_income/rank', 'data_reports/game_stats', 'data_embed/funnel', 'cooperate/reports', 'center_users/retention']) {
        expect(components, c).toContain(c);
      }
      for (const c of ['common/account', 'common/tag', 'game/android', 'game/code', 'game/detail', 'game/h5', 'game/history', 'game/mini', 'game/query', 'game/soft']) expect(components, c).toContain(c);
      for (const c of ['advertisement/campaign', 'automation/task', 'embed_configure/event_define']) expect(components, c).not.toContain(c);
      // The catalogue: Search and Retrieve only (no export of codes or accounts).
      for (const m of leaves.filter((x) => x.component?.startsWith('game/') || x.component?.startsWith('common/'))) {
        expect([...(m.menuPermission ?? [])].sort(), m.component ?? '').toEqual(m.component === 'game/detail' ? ['Retrieve'] : ['Retrieve', 'Search']);
      }
      expect(page.data.find((m) => m.component === 'game/query')?.menuPermission).toEqual(['Search', 'Retrieve']);
      expect(page.data.find((m) => m.component === 'dashboard/workbench')?.menuPermission).toEqual(['Retrieve']);
      expect(page.data.find((m) => m.component === 'center_income/rank')?.menuPermission).toEqual(['Search', 'Retrieve', 'Export']);
      // Read only: no button that writes, on any screen.
      const pressed = new Set(page.data.flatMap((m) => m.menuPermission ?? []));
      expect([...pressed].filter((b) => !['Search', 'Retrieve', 'Export'].includes(b))).toEqual([]);
      for (const m of leaves) expect(page.data.some((c) => c.id === m.parent), `parent of ${m.name}`).toBe(true);
      expect(page.data.some((m) => m.id === 1)).toBe(false);
    });

    it('admin (role admin) gets most menus but no Delete button and no menu management', async () => {
      const page = expectData(await call(srv, '/api/system/menu/web_router/', { token: admin }), routerPage);
      expect(page.data.some((m) => m.id === 2 || m.id === 3)).toBe(false);
      expect(page.data.find((m) => m.id === 6)?.menuPermission).toEqual(['ResetPassword', 'DefaultPassword', 'Retrieve', 'Update', 'Search', 'Create', 'Export', 'Import']);
      expect(page.data.flatMap((m) => m.menuPermission ?? [])).not.toContain('Delete');
      expect(page.data.some((m) => m.component === 'game/android')).toBe(true);
    });

    it('anonymous: code 4000; bad token: code 401', async () => {
      expectFailure(await call(srv, '/api/system/menu/web_router/'), 4000, '身份认证信息未提供。');
      expectFailure(await call(srv, '/api/system/menu/web_router/', { token: 'garbage' }), 401, TOKEN_NOT_VALID);
    });

    it('the tree is sent brotli- or gzip-compressed as the client accepts, the same JSON as uncompressed', async () => {
      const raw = (encoding: string | null) =>
        new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          const headers: Record<string, string> = { authorization: `JWT ${superadmin}`, 'user-agent': 'vitest' };
          if (encoding !== null) headers['accept-encoding'] = encoding;
          httpGet(`${srv.baseUrl}/api/system/menu/web_router/`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) })).on('error', reject);
          }).on('error', reject);
        });
      const plain = await raw(null);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      const tree = JSON.parse(plain.body.toString('utf8')) as { code: number; msg: string; data: unknown };
      expect(tree.code).toBe(2000);
      expect(routerPage.parse(tree.data).data.length).toBeGreaterThan(10);
      const br = await raw('gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(tree);
      expect(br.body.length).toBeLessThan(plain.body.length / 4);
      const gz = await raw('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(tree);
      // Caches keep one copy per encoding, and per Origin for CORS.
      expect(String(gz.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['Origin', 'Accept-Encoding']));
    });

    it('a disabled menu disappears at once: the cached menus follow the database', async () => {
      expect(expectData(await call(srv, '/api/system/menu/web_router/', { token: superadmin }), routerPage).data.some((m) => m.id === 17)).toBe(true);
      await ctx.db.query('UPDATE menus SET status = false WHERE id = 17');
      try {
        const page = expectData(await call(srv, '/api/system/menu/web_router/', { token: superadmin }), routerPage);
        expect(page.data.some((m) => m.id === 17)).toBe(false);
      } finally {
        await ctx.db.query('UPDATE menus SET status = true WHERE id = 17');
      }
      expect(expectData(await call(srv, '/api/system/menu/web_router/', { token: superadmin }), routerPage).data.some((m) => m.id === 17)).toBe(true);
    });
  });

  describe('init/settings', () => {
    it('answers the 11 keys of the contract, typed, in the contract order; ?key is ignored', async () => {
      const res = await call(srv, '/api/init/settings/?key=login');
      expect(res.body.msg).toBe('success');
      const data = expectData(res, settings);
      expect(Object.keys(data)).toEqual([
        'base.captcha_state',
        'base.single_login',
        'login.site_name',
        'base.default_password',
        'login.site_logo',
        'login.login_background',
        'login.copyright',
        'login.keep_record',
        'login.help_url',
        'login.privacy_url',
        'login.clause_url',
      ]);
      expect(data).toMatchObject({ 'base.captcha_state': false, 'base.single_login': false, 'login.site_name': '企业级后台管理系统', 'login.site_logo': null, 'login.privacy_url': '#' });
    });

    it('leaves out disabled items (the cached settings follow the database at once)', async () => {
      expect(Object.keys(expectData(await call(srv, '/api/init/settings/'), settings))).toContain('login.help_url');
      await ctx.db.query("UPDATE system_config SET status = false WHERE key = 'help_url'");
      try {
        expect(Object.keys(expectData(await call(srv, '/api/init/settings/'), settings))).not.toContain('login.help_url');
      } finally {
        await ctx.db.query("UPDATE system_config SET status = true WHERE key = 'help_url'");
      }
      expect(Object.keys(expectData(await call(srv, '/api/init/settings/'), settings))).toContain('login.help_url');
    });
  });

  describe('init/dictionary', () => {
    it('all: the 8 dictionaries as a list of {id, value, children} with string values', async () => {
      const res = await call(srv, '/api/init/dictionary/?dictionary_key=all&limit=100');
      expect(res.body.msg).toBe('获取成功');
      const page = expectData(res, listPage(dictionaryGroup));
      expect([page.page, page.limit, page.total]).toEqual([1, 1, 1]);
      expect(page.data.map((g) => [g.id, g.value])).toEqual([
        [1, 'button_status_bool'],
        [4, 'system_button'],
        [13, 'button_status_number'],
        [16, 'button_whether_bool'],
        [19, 'button_whether_number'],
        [22, 'user_type'],
        [25, 'config_form_type'],
        [42, 'gender'],
      ]);
      expect(page.data[1]?.children).toHaveLength(8);
      expect(page.data[1]?.children[0]).toEqual({ label: '新增', value: 'Create', type: 0, color: 'success' });
      expect(page.data.find((g) => g.value === 'config_form_type')?.children).toHaveLength(16);
    });

    it('one key: its entries; unknown key and no key: []', async () => {
      const one = expectData(await call(srv, '/api/init/dictionary/?dictionary_key=button_status_bool'), listPage(dictionaryEntry));
      expect(one.data).toEqual([
        { label: '启用', value: 'true', type: 6, color: null },
        { label: '禁用', value: 'false', type: 6, color: null },
      ]);
      expect(expectData(await call(srv, '/api/init/dictionary/?dictionary_key=nope'), listPage(dictionaryEntry)).data).toEqual([]);
      expect((await call(srv, '/api/init/dictionary/')).body).toEqual({ code: 2000, data: { page: 1, limit: 1, total: 1, data: [] }, msg: '获取成功' });
    });

    it('limit caps the list; a bad limit is a 4000 with the field named', async () => {
      expect(expectData(await call(srv, '/api/init/dictionary/?dictionary_key=all&limit=3'), listPage(dictionaryGroup)).data).toHaveLength(3);
      expect(expectData(await call(srv, '/api/init/dictionary/?dictionary_key=config_form_type&limit=2'), listPage(dictionaryEntry)).data).toHaveLength(2);
      const bad = await call(srv, '/api/init/dictionary/?dictionary_key=all&limit=abc');
      expect(bad.body.code).toBe(4000);
      expect(String(bad.body.msg)).toMatch(/^limit:/);
      expect((await call(srv, '/api/init/dictionary/?dictionary_key=all&limit=0')).body.code).toBe(4000);
    });
  });

  describe('dept and dashboard', () => {
    it('all_dept: the three departments ordered by sort (example 43)', async () => {
      const res = await call(srv, '/api/system/dept/all_dept/', { token: test });
      expect(expectData(res, z.array(deptNode))).toEqual([
        { name: 'DVAdmin团队', id: 1, parent: null },
        { name: '技术部', id: 3, parent: 1 },
        { name: '运营部', id: 2, parent: 1 },
      ]);
      expectFailure(await call(srv, '/api/system/dept/all_dept/'), 4000, '身份认证信息未提供。');
    });

    // The real back end's keys (API-CONTRACT §17), each figure against a count of the raw rows.
    it('counts: users_total, login_total, attachments {count, occupy_space}', async () => {
      const raw = async (sql: string) => Number((await ctx.db.query<{ n: number }>(sql))[0]?.n);
      const users = expectData(await call(srv, '/api/system/datav/users_total/', { token: superadmin }), usersTotalResult);
      expect(users).toEqual({ users_total: await raw('SELECT count(*)::int AS n FROM users') });
      expect(users.users_total).toBe(3);
      const logins = expectData(await call(srv, '/api/system/datav/users_login_total/', { token: superadmin }), loginTotalResult);
      expect(logins.login_total).toBe(await raw('SELECT count(*)::int AS n FROM login_log'));
      expect(logins.login_total).toBeGreaterThanOrEqual(33);
      expect(expectData(await call(srv, '/api/system/datav/attachment_total/', { token: superadmin }), attachmentTotalResult)).toEqual({ count: 0, occupy_space: '0 Bytes' });
    });

    it('occupy_space is upstream\'s display text: base 1024, at most 2 decimals', () => {
      expect([0, 39, 1023, 1024, 1536, 1_048_576, 5_368_709_120, 1234567].map(formatBytes)).toEqual(['0 Bytes', '39 Bytes', '1023 Bytes', '1 KB', '1.5 KB', '1 MB', '5 GB', '1.18 MB']);
    });

    /** The 30 Shanghai days ending today, and what each holds by a count of the raw rows. */
    async function expectDaySeries(rows: Array<{ day: string; count: number }>, table: string, column: string): Promise<void> {
      expect(rows).toHaveLength(DATAV_DAYS);
      const days = rows.map((d) => d.day);
      for (let i = 1; i < days.length; i++) expect(Date.parse(days[i] ?? '') - Date.parse(days[i - 1] ?? '')).toBe(86_400_000);
      expect(days.at(-1)).toBe(shanghaiDay(Date.now()));
      const since = new Date(shanghaiDayStart(Date.now(), DATAV_DAYS - 1)).toISOString();
      const stamps = await ctx.db.query<{ at: Date }>(`SELECT ${column} AS at FROM ${table} WHERE ${column} >= $1::timestamptz`, [since]);
      const want = new Map(days.map((d) => [d, 0]));
      for (const s of stamps) want.set(shanghaiDay(s.at), (want.get(shanghaiDay(s.at)) ?? 0) + 1);
      expect(rows).toEqual([...want].map(([day, count]) => ({ day, count })));
    }

    it('login_user: {login_user: 30 consecutive days ending today (Shanghai)}, each day its sign-ins', async () => {
      const data = expectData(await call(srv, '/api/system/datav/login_user/', { token: superadmin }), loginTrend);
      await expectDaySeries(data.login_user, 'login_log', 'create_datetime');
      expect(data.login_user.reduce((n, d) => n + d.count, 0)).toBeGreaterThanOrEqual(33);
    });

    it('registered_user: {registered_user_list: 30 days}, each day the users who joined', async () => {
      const data = expectData(await call(srv, '/api/system/datav/registered_user/', { token: superadmin }), registeredUserTrend);
      await expectDaySeries(data.registered_user_list, 'users', 'date_joined');
      expect(data.registered_user_list.at(-1)?.count).toBe(3);
    });

    it('recent_logins: 10 newest, ours first', async () => {
      const rows = expectData(await call(srv, '/api/system/datav/recent_logins/', { token: superadmin }), z.array(recentLogin));
      expect(rows).toHaveLength(10);
      expect(new Set(rows.slice(0, 4).map((r) => r.username))).toEqual(new Set(['admin', 'superadmin', 'test']));
      expect(rows[0]?.ip).toBe('127.0.0.1');
      const times = rows.map((r) => r.create_datetime);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('datav routes need a token', async () => {
      for (const p of ['users_total', 'users_login_total', 'attachment_total', 'login_user', 'registered_user', 'recent_logins']) {
        expectFailure(await call(srv, `/api/system/datav/${p}/`), 4000, '身份认证信息未提供。');
      }
    });
  });
});
