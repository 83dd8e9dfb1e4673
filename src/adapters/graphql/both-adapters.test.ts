// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/testing';
import { createI18n, translator } from '../../i18n';
import type { ConsoleApi, ListQuery } from '../api';
import { createCookies, memoryCookieJar, type Cookies } from '../cookies';
import { ApiError } from '../errors';
import { recordingCallbacks } from '../../test/fake-callbacks';
import { RestConsoleApi } from '../rest/rest-api';
import { createGraphqlConsoleApi } from './graphql-api';

/**
 * The shared adapter suite: the same cases against both ConsoleApi adapters, on the real reference
 * server (REST directly; GraphQL through the gateway it mounts at POST /graphql). Each adapter's
 * fetch is wrapped to count the refresh exchanges it makes.
 */

const SERVER_TIMEOUT_MS = 60_000;
const t = translator(createI18n('zh-chs'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ captcha: true });
}, SERVER_TIMEOUT_MS);
afterAll(() => server?.close(), SERVER_TIMEOUT_MS);

interface Harness {
  api: ConsoleApi;
  cookies: Cookies;
  callbacks: ReturnType<typeof recordingCallbacks>;
  /** Refresh exchanges this adapter sent (REST: POST token/refresh/; GraphQL: the RefreshToken mutation). */
  refreshes(): number;
  /** Every request this adapter sent. */
  requests(): number;
}

type Kind = 'rest' | 'graphql';

function harness(kind: Kind): Harness {
  const cookies = createCookies(memoryCookieJar());
  const callbacks = recordingCallbacks();
  let refreshes = 0;
  let requests = 0;
  const counting: typeof fetch = async (input, init) => {
    requests += 1;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : '';
    if (url.endsWith('/token/refresh/') || body.includes('mutation RefreshToken')) refreshes += 1;
    return fetch(input, init);
  };
  const options = { serverUrl: server.baseUrl, cookies, t, callbacks, fetch: counting, retry: { count: 3, delayMs: 10 } };
  const api = kind === 'rest' ? new RestConsoleApi(options) : createGraphqlConsoleApi(options);
  return { api, cookies, callbacks, refreshes: () => refreshes, requests: () => requests };
}

/** Signs in through the adapter (captcha solved the way a harness reads the database) and keeps the cookies. */
async function signIn(h: Harness, username = 'superadmin'): Promise<{ access: string; refresh: string }> {
  const challenge = await h.api.captcha();
  if (!challenge.enabled) throw new Error('captcha expected on');
  const answer = await server.captchaAnswer(challenge.key);
  const session = await h.api.login({ username, password: 'admin123456', captcha: answer ?? '', captchaKey: challenge.key });
  // The adapter keeps the session cookies itself.
  expect([h.cookies.get('uuid'), h.cookies.get('token'), h.cookies.get('refresh')]).toEqual([String(session.userId), session.access, session.refresh]);
  return session;
}

function expiredTokenOf(access: string): string {
  const claims = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  return server.signToken({ ...claims, iat: now - 7200, exp: now - 3600, jti: `expired-${Math.random()}` });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof ApiError) return error;
  throw new Error(`expected an ApiError, got ${String(error)}`);
}

describe.each<Kind>(['rest', 'graphql'])('ConsoleApi over %s', (kind) => {
  it('captcha is on, a challenge comes with a key and a PNG data URL', async () => {
    const h = harness(kind);
    await expect(h.api.captchaStatus()).resolves.toBe(true);
    const challenge = await h.api.captcha();
    expect(challenge).toMatchObject({ enabled: true, key: expect.any(Number) as number, image: expect.stringMatching(/^data:image\/png;base64,/) as string });
  });

  it('signs in with the captcha and reads the session', async () => {
    const h = harness(kind);
    const session = await signIn(h);
    expect(session).toMatchObject({ userId: 1, name: '超级管理员' });
    expect(session.access.split('.')).toHaveLength(3);
    const user = await h.api.userInfo();
    expect(user).toMatchObject({ id: 1, username: 'superadmin', is_superuser: true });
    expect(h.callbacks.notices).toEqual([]);
  });

  it('a wrong password shows the server message and never refreshes (401 on login)', async () => {
    const h = harness(kind);
    const challenge = await h.api.captcha();
    if (!challenge.enabled) throw new Error('captcha expected on');
    const answer = (await server.captchaAnswer(challenge.key)) ?? '';
    const error = await failure(h.api.login({ username: 'superadmin', password: 'wrong-password', captcha: answer, captchaKey: challenge.key }));
    expect(error.message).toBe('账号/密码错误');
    expect(h.callbacks.notices.map((n) => n.text)).toEqual(['账号/密码错误']);
    expect(h.callbacks.expired).toBe(0);
    expect(h.refreshes()).toBe(0);
  });

  it('a wrong captcha shows 图片验证码错误 (4000 on login)', async () => {
    const h = harness(kind);
    const challenge = await h.api.captcha();
    if (!challenge.enabled) throw new Error('captcha expected on');
    const error = await failure(h.api.login({ username: 'superadmin', password: 'admin123456', captcha: 'nope', captchaKey: challenge.key }));
    expect(error).toMatchObject({ code: 4000 });
    expect(h.callbacks.notices[0]).toMatchObject({ severity: 'error', life: 5000 });
  });

  it('20 concurrent requests that all meet a 401 cause exactly one refresh, then all succeed with the new token', async () => {
    const h = harness(kind);
    const { access } = await signIn(h);
    h.cookies.set('token', expiredTokenOf(access));
    const before = h.refreshes();
    const results = await Promise.all(Array.from({ length: 20 }, () => h.api.userInfo()));
    expect(results.every((u) => u.username === 'superadmin')).toBe(true);
    expect(h.refreshes() - before).toBe(1);
    expect(h.cookies.get('token')).not.toBe(access);
    expect(h.callbacks.notices).toEqual([]);
    expect(h.callbacks.expired).toBe(0);
  });

  it('a 401 with a refused refresh clears the cookies, goes to login once and shows 认证已失效,请重新登录~', async () => {
    const h = harness(kind);
    const { access } = await signIn(h);
    h.cookies.set('token', expiredTokenOf(access));
    h.cookies.set('refresh', 'not-a-refresh-token');
    const errors = await Promise.all(Array.from({ length: 5 }, () => failure(h.api.webRouter())));
    expect(errors.every((e) => e.kind === 'auth' && e.message === '认证已失效,请重新登录~')).toBe(true);
    expect(h.refreshes()).toBe(1);
    expect(h.cookies.get('token')).toBeFalsy();
    expect(h.cookies.get('refresh')).toBeFalsy();
    expect(h.callbacks.expired).toBe(1);
    expect(h.callbacks.notices.map((n) => n.text)).toEqual(['认证已失效,请重新登录~']);
  });

  it('a tampered token is refreshed like an expired one', async () => {
    const h = harness(kind);
    const { access } = await signIn(h);
    const [head, body] = access.split('.');
    h.cookies.set('token', `${head}.${body}.${'A'.repeat(43)}`);
    await expect(h.api.settings()).resolves.toMatchObject({ 'base.captcha_state': true });
    await expect(h.api.allDept()).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ parent: null })]));
    expect(h.refreshes()).toBe(1);
  });

  it('refreshToken stores the new access token; logout revokes the refresh token and removes the cookies', async () => {
    const h = harness(kind);
    const { refresh } = await signIn(h);
    const access = await h.api.refreshToken();
    expect(h.cookies.get('token')).toBe(access);
    await h.api.logout();
    expect([h.cookies.get('uuid'), h.cookies.get('token'), h.cookies.get('refresh')]).toEqual([null, null, null]);
    h.cookies.set('refresh', refresh);
    await expect(h.api.refreshToken()).rejects.toBeInstanceOf(ApiError);
  });

  it('message center: send, count unread, list received, open (marks read), newest, update, delete', async () => {
    const h = harness(kind);
    await signIn(h);
    const title = `adapter ${kind} ${Date.now()}`;
    const before = await h.api.messages.unreadCount();
    const sent = await h.api.messages.send({ title, content: '<p>hi</p>', target_type: 0, target_user: [1] });
    expect(sent).toMatchObject({ title, target_type: 0 });
    await expect(h.api.messages.unreadCount()).resolves.toBe(before + 1);
    const received = await h.api.messages.received({ page: 1, limit: 50, isRead: false });
    expect(received.data.find((m) => m.id === sent.id)).toMatchObject({ title, is_read: false });
    await expect(h.api.messages.newest()).resolves.toMatchObject({ title });
    await expect(h.api.messages.open(sent.id)).resolves.toMatchObject({ id: sent.id, title });
    await expect(h.api.messages.unreadCount()).resolves.toBe(before);
    await expect(h.api.messages.update(sent.id, { title: `${title} (edited)`, content: 'x', target_type: 0, target_user: [1] })).resolves.toMatchObject({ title: `${title} (edited)` });
    const mine = await h.api.messages.sent({ page: 1, limit: 50 });
    expect(mine.data.some((m) => m.id === sent.id)).toBe(true);
    await h.api.messages.remove([sent.id]);
    const error = await failure(h.api.messages.open(sent.id));
    expect(h.callbacks.notices.at(-1)?.text).toBe(error.message);
  });

  it('message center: a bad message is refused with the server text', async () => {
    const h = harness(kind);
    await signIn(h);
    const error = await failure(h.api.messages.send({ title: ' ', content: 'x', target_type: 3 }));
    expect(error).toMatchObject({ kind: 'envelope', code: 4000, message: '标题:该字段不能为空。' });
  });

  it('without a token the server says 4000 身份认证信息未提供。 and the error shows for 5 s', async () => {
    const h = harness(kind);
    const error = await failure(h.api.userInfo());
    expect(error).toMatchObject({ kind: 'envelope', code: 4000, message: '身份认证信息未提供。' });
    expect(h.callbacks.notices).toEqual([{ severity: 'error', text: '身份认证信息未提供。', life: 5000 }]);
    expect(h.callbacks.failures[0]).toMatchObject({ message: '身份认证信息未提供。', url: '/api/system/user/user_info/' });
  });

  it('generic resources: paged list with search, create, retrieve, update, extra action, multiple delete', async () => {
    const h = harness(kind);
    await signIn(h);
    const resource = '/api/system/api_white_list/';
    const url = `/api/${kind}-adapter/${Date.now()}/`;
    const created = await h.api.create(resource, { url, method: 0, enable_datasource: true });
    expect(created).toMatchObject({ url, method: 0 });
    const id = created.id as number;
    const page = await h.api.list(resource, { page: 1, limit: 5, search: `${kind}-adapter` });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.rows.some((row) => row.id === id)).toBe(true);
    expect(page.limit).toBe(5);
    await expect(h.api.retrieve(resource, id)).resolves.toMatchObject({ id, url });
    // A write method opened to everyone must say so (open_write).
    await expect(h.api.update(resource, id, { url, method: 1, enable_datasource: false, open_write: true })).resolves.toMatchObject({ id, method: 1, open_write: true });
    const depts = await h.api.action('/api/system/dept/', 'all_dept/');
    expect(Array.isArray(depts) && depts.length > 0).toBe(true);
    await h.api.multipleDelete(resource, [id]);
    const after = await h.api.list(resource, { page: 1, limit: 5, search: `${kind}-adapter` });
    expect(after.rows.some((row) => row.id === id)).toBe(false);
    expect(h.callbacks.notices).toEqual([]);
  });

  it('generic resources: a refused write shows the server message; a page past the end is empty', async () => {
    const h = harness(kind);
    await signIn(h);
    const error = await failure(h.api.create('/api/system/role/', { name: '', key: '' }));
    expect(error.code).toBe(4000);
    expect(h.callbacks.notices.map((n) => n.text)).toEqual([error.message]);
    expect(error.message.length).toBeGreaterThan(0);
    const past = await h.api.list('/api/system/role/', { page: 999, limit: 10 });
    expect(past.rows).toEqual([]);
  });

  // The automation calls on the real server (its queue not worked here: JOBS=off).
  it('automation: crontab refused then saved with its next runs, a schedule run queued, read, cancelled and retried; kinds and workers', async () => {
    const h = harness(kind);
    await signIn(h);
    const kinds = await h.api.automation.taskKinds();
    expect(kinds.map((k) => k.kind)).toContain('diagnostics.probe');
    const bad = await failure(h.api.create('/api/automation/crontab/', { expression: '61 * * * *', timezone: 'Asia/Shanghai' }));
    expect(bad.message).toBe('Crontab 表达式无效：值 61 超出范围 0-59。');
    const crontab = await h.api.create('/api/automation/crontab/', { expression: '15 6 * * *', timezone: 'America/New_York', description: `${kind} adapter` });
    const next = (await h.api.retrieve('/api/automation/crontab/', crontab.id as number)).next_runs as string[];
    expect(next).toHaveLength(5);
    expect(next.every((r) => /T06:15:00-0[45]:00$/.test(r))).toBe(true);
    const schedule = await h.api.create('/api/automation/schedule/', { name: `${kind} adapter ${Date.now()}`, task: 'diagnostics.probe', args: { message: kind }, crontab: crontab.id, enabled: false });
    const runId = await h.api.automation.runSchedule(schedule.id as number);
    await expect(h.api.automation.run(runId)).resolves.toMatchObject({ id: runId, state: 'queued', schedule: schedule.id, args: { message: kind, sleep_ms: 0, fail_attempts: 0 } });
    const page = await h.api.automation.runs({ schedule: schedule.id as number, page: 1, limit: 10 });
    expect(page.data.map((r) => r.id)).toEqual([runId]);
    await expect(h.api.automation.cancelRun(runId)).resolves.toMatchObject({ id: runId, state: 'cancelled' });
    const again = await h.api.automation.retryRun(runId);
    await expect(h.api.automation.run(again)).resolves.toMatchObject({ retry_of: runId, state: 'queued' });
    await h.api.automation.cancelRun(again);
    const refused = await failure(h.api.automation.cancelRun(runId));
    expect(refused.code).toBe(4000);
    const manual = await h.api.automation.runTask('diagnostics.probe', { fail_attempts: 11 }).catch((e: unknown) => e);
    expect(manual).toBeInstanceOf(ApiError);
    expect((await h.api.automation.workers()).lost_after_seconds).toBeGreaterThan(0);
    await h.api.remove('/api/automation/schedule/', schedule.id as number);
    await h.api.remove('/api/automation/crontab/', crontab.id as number);
  });
});

describe('both adapters read the same data', () => {
  it('a typed list query (ordering, equals, in, range, isNull, search, ids) gives the same rows over REST and GraphQL', async () => {
    const rest = harness('rest');
    const gql = harness('graphql');
    await signIn(rest);
    await signIn(gql);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const queries: [string, ListQuery][] = [
      ['/api/system/user/', { page: 1, limit: 10, ordering: { field: 'username', direction: 'desc' }, filters: [{ op: 'equals', field: 'is_active', value: true }] }],
      ['/api/system/user/', { page: 1, limit: 10, search: 'admin', filters: [{ op: 'range', field: 'create_datetime', from: '2000-01-01', to: today }] }],
      ['/api/system/dictionary/', { page: 1, limit: 50, ordering: { field: 'sort', direction: 'asc' }, filters: [{ op: 'isNull', field: 'parent', value: true }] }],
      ['/api/system/role/', { page: 1, limit: 10, ids: [1, 2] }],
      ['/api/system/role/', { page: 1, limit: 10, filters: [{ op: 'in', field: 'status', values: [true] }] }],
      ['/api/system/dept/', { filters: [{ op: 'equals', field: 'parent', value: 1 }], limit: 999 }],
    ];
    for (const [resource, query] of queries) {
      const [viaRest, viaGraphql] = await Promise.all([rest.api.list(resource, query), gql.api.list(resource, query)]);
      expect(viaGraphql, `${resource} ${JSON.stringify(query)}`).toEqual(viaRest);
    }
    const users = await rest.api.list('/api/system/user/', queries[0]![1]);
    expect(users.rows.length).toBeGreaterThan(0);
    expect(users.rows.map((row) => row.username)).toEqual([...users.rows.map((row) => String(row.username))].sort().reverse());
    expect((await rest.api.list('/api/system/role/', { ids: [1] })).rows.map((row) => row.id)).toEqual([1]);
    expect((await rest.api.list('/api/system/dictionary/', queries[2]![1])).rows.every((row) => row.parent === null)).toBe(true);
    expect(rest.callbacks.notices).toEqual([]);
    expect(gql.callbacks.notices).toEqual([]);
  });

  it('user info, settings, dictionaries, menus, departments and the dashboard are equal over REST and GraphQL', async () => {
    const rest = harness('rest');
    const gql = harness('graphql');
    await signIn(rest);
    await signIn(gql);
    const read = (api: ConsoleApi) =>
      Promise.all([
        api.userInfo(),
        api.settings(),
        api.dictionary(),
        api.dictionary('button_status_bool'),
        api.webRouter(),
        api.allDept(),
        api.usersTotal(),
        api.usersLoginTotal(),
        api.attachmentTotal(),
        api.loginTrend(),
        api.registeredUsers(),
        api.recentLogins(),
      ]);
    const [viaRest, viaGraphql] = await Promise.all([read(rest.api), read(gql.api)]);
    // Logins of this very test differ by a few seconds: compare the recent logins by shape.
    const recentRest = viaRest.pop();
    const recentGraphql = viaGraphql.pop();
    expect(viaGraphql).toEqual(viaRest);
    expect(Array.isArray(recentRest) && Array.isArray(recentGraphql) && recentGraphql.length === recentRest.length).toBe(true);
    const [user, settings, groups, entries, menus, depts, users, , attachments, logins, registered] = viaRest;
    expect(user).toMatchObject({ username: 'superadmin' });
    expect(settings).toHaveProperty(['login.site_name']);
    expect(groups).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'button_status_bool' })]));
    expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ label: '启用' })]));
    expect(Array.isArray(menus) && menus.length > 0).toBe(true);
    expect(Array.isArray(depts) && depts.length > 0).toBe(true);
    expect(users).toBeGreaterThan(0);
    expect(attachments).toMatchObject({ count: expect.any(Number) as number, occupySpace: expect.stringMatching(/ (Bytes|KB|MB|GB)$/) as string });
    expect(logins).toHaveLength(30);
    expect(registered).toHaveLength(30);
  });
});

describe('drill-downs over both adapters', () => {
  it('the players behind a funnel step: the same page over REST and GraphQL, its total the step\'s figure; the export over REST; a bad step refused alike', async () => {
    const rest = harness('rest');
    const gql = harness('graphql');
    await signIn(rest);
    await signIn(gql);
    const funnels = await rest.api.list('/api/embed_configure/funnel_define/', { page: 1, limit: 1 });
    const funnel = Number(funnels.rows[0]?.id);
    expect(funnel).toBeGreaterThan(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() + 8 * 3_600_000 - 29 * 86_400_000).toISOString().slice(0, 10);
    const figure = await rest.api.tracking.funnel({ funnel, start, end: today });
    for (const kind of ['converted', 'dropped'] as const) {
      const query = { funnel, start, end: today, step: 1, kind, page: 1, limit: 5 };
      const [viaRest, viaGraphql] = await Promise.all([rest.api.tracking.funnelPlayers(query), gql.api.tracking.funnelPlayers(query)]);
      expect(viaGraphql).toEqual(viaRest);
      const here = figure.steps[0]?.players ?? 0;
      expect(viaRest.total).toBe(kind === 'converted' ? here : here - (figure.steps[1]?.players ?? 0));
      expect(viaRest.rows.length).toBe(Math.min(5, viaRest.total));
    }
    const file = await gql.api.tracking.exportFunnelPlayers({ funnel, start, end: today, step: 1, kind: 'converted' });
    expect(file.name).toMatch(/^漏斗玩家-.+\.xlsx$/);
    const bad = { funnel, start, end: today, step: 99, kind: 'converted' as const };
    const [r, g] = await Promise.all([failure(rest.api.tracking.funnelPlayers(bad)), failure(gql.api.tracking.funnelPlayers(bad))]);
    expect([g.code, g.message]).toEqual([r.code, r.message]);
    expect(r.message).toContain('step 必须是 1 到 10 的整数');
  });
});

describe('retention drill-down over both adapters', () => {
  it('the players behind a retention cell: the same page over REST and GraphQL, its total the cell\'s figure; a bad n refused alike', async () => {
    const rest = harness('rest');
    const gql = harness('graphql');
    await signIn(rest);
    await signIn(gql);
    const day = new Date(Date.now() + 8 * 3_600_000 - 3 * 86_400_000).toISOString().slice(0, 10);
    const matrix = await rest.api.players.retention({ start: day, end: day });
    for (const n of [0, 1]) {
      const query = { day, n, page: 1, limit: 5 };
      const [viaRest, viaGraphql] = await Promise.all([rest.api.players.retentionPlayers(query), gql.api.players.retentionPlayers(query)]);
      expect(viaGraphql).toEqual(viaRest);
      expect(viaRest.total).toBe(n === 0 ? matrix.cohorts[0]?.players : matrix.cohorts[0]?.retained['1']);
    }
    const bad = { day, n: 31 };
    const [r, g] = await Promise.all([failure(rest.api.players.retentionPlayers(bad)), failure(gql.api.players.retentionPlayers(bad))]);
    expect([g.code, g.message]).toEqual([r.code, r.message]);
    expect(r.message).toContain('n 必须是 0 到 30 的整数');
  });
});

describe('revenue day drill-down over both adapters', () => {
  it('the orders behind a day: the same page over REST and GraphQL, count and sum the day\'s orders and gross; a bad kind refused alike', async () => {
    const rest = harness('rest');
    const gql = harness('graphql');
    await signIn(rest);
    await signIn(gql);
    const day = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const history = await rest.api.income.history({ start: day, end: day });
    const query = { day, kind: 'paid' as const, page: 1, limit: 5 };
    const [viaRest, viaGraphql] = await Promise.all([rest.api.income.dayOrders(query), gql.api.income.dayOrders(query)]);
    expect(viaGraphql).toEqual(viaRest);
    expect([viaRest.total, viaRest.sum]).toEqual([history.days[0]?.orders, history.days[0]?.gross]);
    const file = await gql.api.income.exportDayOrders({ day, kind: 'refunded' });
    expect(file.name).toMatch(/^收入日订单-.+\.xlsx$/);
    const bad = { day, kind: 'lost' as unknown as 'paid' };
    const [r, g] = await Promise.all([failure(rest.api.income.dayOrders(bad)), failure(gql.api.income.dayOrders(bad))]);
    expect([g.code, g.message]).toEqual([r.code, r.message]);
    expect(r.message).toContain('kind 只能是 paid 或 refunded');
  });
});

describe('game statistics drill-down over both adapters', () => {
  it('the players behind a day of 游戏统计: the same page over REST and GraphQL, its total the day\'s figure; a bad metric refused alike', async () => {
    const rest = harness('rest');
    const gql = harness('graphql');
    await signIn(rest);
    await signIn(gql);
    const day = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const report = await rest.api.reports.stats('game_stats', { start: day, end: day });
    for (const metric of ['new', 'active', 'paying'] as const) {
      const query = { day, metric, page: 1, limit: 5 };
      const [viaRest, viaGraphql] = await Promise.all([rest.api.reports.dayPlayers(query), gql.api.reports.dayPlayers(query)]);
      expect(viaGraphql).toEqual(viaRest);
      expect(viaRest.total).toBe({ new: report.days[0]?.new_players, active: report.days[0]?.active_players, paying: report.days[0]?.paying_players }[metric]);
    }
    const bad = { day, metric: 'gone' as unknown as 'new' };
    const [r, g] = await Promise.all([failure(rest.api.reports.dayPlayers(bad)), failure(gql.api.reports.dayPlayers(bad))]);
    expect([g.code, g.message]).toEqual([r.code, r.message]);
  });
});

describe('campaign installs drill-down over both adapters', () => {
  it("the installs behind a campaign's installs figure: the same page over REST and GraphQL, its total the figure; the export; a bad window refused alike", async () => {
    const rest = harness('rest');
    const gql = harness('graphql');
    await signIn(rest);
    await signIn(gql);
    const end = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() + 8 * 3_600_000 - 29 * 86_400_000).toISOString().slice(0, 10);
    // A campaign of the range (without clicks: its figure is 0) besides any the seed holds.
    await rest.api.create('/api/advertisement/campaign/', { game: 1, channel: 'tiktok', name: 'both-adapters', budget: 100_000, start_date: start, end_date: end, status: 'active', store_url: 'https://store.example/both' });
    const perf = await rest.api.advertising.performance({ start, end });
    expect(perf.campaigns.length).toBeGreaterThan(0);
    for (const c of perf.campaigns.slice(0, 3)) {
      const query = { campaign: c.campaign, start, end, page: 1, limit: 5 };
      const [viaRest, viaGraphql] = await Promise.all([rest.api.advertising.campaignInstalls(query), gql.api.advertising.campaignInstalls(query)]);
      expect(viaGraphql).toEqual(viaRest);
      expect(viaRest.total).toBe(c.installs);
      expect(viaRest.data.length).toBe(Math.min(5, c.installs));
    }
    const campaign = perf.campaigns[0]?.campaign ?? 1;
    const file = await gql.api.advertising.exportCampaignInstalls({ campaign, start, end });
    expect(file.name).toMatch(/^广告计划激活-.+\.xlsx$/);
    const bad = { campaign, start, end, window: 31 };
    const [r, g] = await Promise.all([failure(rest.api.advertising.campaignInstalls(bad)), failure(gql.api.advertising.campaignInstalls(bad))]);
    expect([g.code, g.message]).toEqual([r.code, r.message]);
    expect(r.message).toContain('window 必须是 1 到 30 的整数（天）');
  });
});

describe('GraphQL adapter specifics', () => {
  it('sends resource JSON calls through the gateway and file transfers over REST', async () => {
    const paths: string[] = [];
    const h = harness('graphql');
    await signIn(h);
    const seen: typeof fetch = (input, init) => {
      paths.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname);
      return fetch(input, init);
    };
    const api = createGraphqlConsoleApi({ serverUrl: server.baseUrl, cookies: h.cookies, t, callbacks: h.callbacks, fetch: seen });
    await api.list('/api/system/api_white_list/', { page: 1, limit: 5 });
    await api.exportData('/api/system/api_white_list/', {});
    expect(paths).toEqual(['/graphql', '/api/system/api_white_list/export_data/']);
  });

  it('a list travels as typed arguments of resourceList, never as a query string', async () => {
    const bodies: string[] = [];
    const h = harness('graphql');
    await signIn(h);
    const seen: typeof fetch = (input, init) => {
      if (typeof init?.body === 'string') bodies.push(init.body);
      return fetch(input, init);
    };
    const api = createGraphqlConsoleApi({ serverUrl: server.baseUrl, cookies: h.cookies, t, callbacks: h.callbacks, fetch: seen });
    await api.list('/api/system/user/', { page: 2, limit: 5, ordering: { field: 'username', direction: 'desc' }, filters: [{ op: 'equals', field: 'is_active', value: true }] });
    const sent = JSON.parse(bodies[0] ?? '{}') as { query: string; variables: unknown };
    expect(sent.query).toContain('resourceList(resource: $resource, query: $query)');
    expect(sent.variables).toEqual({
      resource: 'api/system/user/',
      query: { page: 2, limit: 5, ordering: { field: 'username', direction: 'DESC' }, filters: [{ field: 'is_active', op: 'EQUALS', value: true }] },
    });
    expect(bodies[0]).not.toContain('?');
  });

  it('a gateway that cannot be reached is a network failure with the spec message', async () => {
    const callbacks = recordingCallbacks();
    const api = createGraphqlConsoleApi({ serverUrl: 'http://127.0.0.1:9', cookies: createCookies(memoryCookieJar()), t, callbacks });
    const error = await failure(api.settings());
    expect(error.kind).toBe('network');
    expect(callbacks.notices[0]?.text).toBe('网络连接失败，请检查服务器地址');
  });
});
