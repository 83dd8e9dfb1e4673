import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_WORKBENCH, myLogin, WORKBENCH_MAX_WIDGETS, workbenchLayout, workbenchShortcut, type WorkbenchWidget } from '../../../../contracts/schemas/dashboard/workbench';
import { VISITS_KEPT } from '../domain/workbench';
import { startTestServer, type TestServer } from '../../../testing';
import { call, expectData, login, SERVER_TIMEOUT_MS } from '../../../test/helpers';

const LAYOUT = '/api/system/workbench/layout/';
const widget = (over: Partial<WorkbenchWidget> = {}): WorkbenchWidget => ({ i: 'w1', kind: 'welcome', x: 0, y: 0, w: 6, h: 3, ...over });

describe('workbench routes', () => {
  let srv: TestServer;
  let admin: string;
  let test: string;
  let testId: number;

  beforeAll(async () => {
    srv = await startTestServer({ captcha: false });
    admin = (await login(srv, 'superadmin', 'admin123456', false)).access;
    const t = await login(srv, 'test', 'admin123456', false);
    test = t.access;
    testId = t.userId;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  });

  const stored = async (userId: number) => srv.query<{ widgets: unknown }>('SELECT widgets FROM workbench_layouts WHERE user_id = $1', [userId]);

  it('answers the default layout until one is saved; a saved one is the caller\'s own', async () => {
    const first = expectData(await call(srv, LAYOUT, { token: test }), workbenchLayout);
    expect(first).toEqual({ widgets: DEFAULT_WORKBENCH, saved: false, update_datetime: null });

    const mine = [widget({ i: 'hello', x: 2, w: 5 }), widget({ i: 't1', kind: 'trend', x: 0, y: 3, w: 12, h: 4 }), widget({ i: 't2', kind: 'trend', x: 0, y: 7, w: 3, h: 3 })];
    const saved = expectData(await call(srv, LAYOUT, { method: 'PUT', token: test, body: { widgets: mine } }), workbenchLayout);
    expect(saved.saved).toBe(true);
    expect(saved.widgets).toEqual(mine);
    expect(expectData(await call(srv, LAYOUT, { token: test }), workbenchLayout).widgets).toEqual(mine);
    // Another user still sees the default: layouts are per user.
    expect(expectData(await call(srv, LAYOUT, { token: admin }), workbenchLayout)).toMatchObject({ saved: false, widgets: DEFAULT_WORKBENCH });
    // An empty workbench is a layout too.
    expect(expectData(await call(srv, LAYOUT, { method: 'PUT', token: admin, body: { widgets: [] } }), workbenchLayout)).toMatchObject({ saved: true, widgets: [] });
    expect(expectData(await call(srv, LAYOUT, { token: test }), workbenchLayout).widgets).toEqual(mine);
  });

  it('refuses a bad layout whole, with a clear message, and keeps the stored one', async () => {
    const before = await stored(testId);
    const bad: Array<[unknown, RegExp]> = [
      [{ widgets: [widget({ kind: 'weather' as never })] }, /未知的小组件类型/],
      [{ widgets: [widget({ x: 1.5 })] }, /小组件/],
      [{ widgets: [widget({ x: -1 })] }, /不能小于 0/],
      [{ widgets: [widget({ x: 8, w: 6 })] }, /超出网格宽度/],
      [{ widgets: [widget({ y: 46, h: 3 })] }, /超出网格高度/],
      [{ widgets: [widget({ w: 2 })] }, /尺寸应在/],
      [{ widgets: [widget(), widget({ i: 'w2', y: 3 })] }, /只能放置一个/],
      [{ widgets: [widget(), widget({ kind: 'trend', y: 3, w: 6, h: 4 })] }, /标识重复/],
      [{ widgets: Array.from({ length: WORKBENCH_MAX_WIDGETS + 1 }, (_, n) => widget({ i: `t${n}`, kind: 'trend', y: 0, w: 3, h: 3 })) }, /最多放置 24 个/],
      [{ widgets: [{ ...widget(), extra: 1 }] }, /小组件/],
      [{ widgets: [widget({ i: 'a b' })] }, /小组件标识只能包含/],
      [{ widgets: 'all' }, /小组件/],
      [{}, /小组件:该字段是必填项/],
      [[1], /请求数据格式不正确/],
    ];
    for (const [body, msg] of bad) {
      const res = await call(srv, LAYOUT, { method: 'PUT', token: test, body });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(4000);
      expect(res.body.data).toBeNull();
      expect(String(res.body.msg)).toMatch(msg);
    }
    expect(await stored(testId)).toEqual(before);
  });

  it('DELETE goes back to the default', async () => {
    const reset = expectData(await call(srv, LAYOUT, { method: 'DELETE', token: test }), workbenchLayout);
    expect(reset).toEqual({ widgets: DEFAULT_WORKBENCH, saved: false, update_datetime: null });
    expect(await stored(testId)).toEqual([]);
  });

  it('counts page opens per user and answers the most opened first', async () => {
    const visit = (token: string, path: string) => call(srv, '/api/system/workbench/visit/', { method: 'POST', token, body: { path } });
    for (const path of ['/game/query', '/system/user', '/game/query', '/index', '/game/query', '/system/user']) expectData(await visit(test, path), z.null());
    expectData(await visit(admin, '/index'), z.null());
    const top = expectData(await call(srv, '/api/system/workbench/shortcuts/', { token: test }), z.array(workbenchShortcut));
    expect(top.map((s) => [s.path, s.visits])).toEqual([['/game/query', 3], ['/system/user', 2], ['/index', 1]]);
    const adminTop = expectData(await call(srv, '/api/system/workbench/shortcuts/', { token: admin }), z.array(workbenchShortcut));
    expect(adminTop.map((s) => [s.path, s.visits])).toEqual([['/index', 1]]);
    for (const path of ['game/query', '/a?b=1', '/x'.repeat(101), 12]) {
      const res = await visit(test, path as string);
      expect(res.body.code).toBe(4000);
    }
    // Page opens are not staff operations: nothing in the operation log.
    const logged = await srv.query("SELECT id FROM operation_log WHERE request_path LIKE '%/workbench/visit/%'");
    expect(logged).toEqual([]);
  });

  it(`keeps at most ${VISITS_KEPT} distinct pages per user`, async () => {
    await srv.query(
      `INSERT INTO workbench_visits (user_id, path, visits, last_visit) SELECT $1, '/p/' || n, 1, now() - interval '1 day' - n * interval '1 second' FROM generate_series(1, ${VISITS_KEPT}) n`,
      [testId],
    );
    await call(srv, '/api/system/workbench/visit/', { method: 'POST', token: test, body: { path: '/game/query' } });
    const [count] = await srv.query<{ n: number }>('SELECT count(*)::int AS n FROM workbench_visits WHERE user_id = $1', [testId]);
    expect(count?.n).toBe(VISITS_KEPT);
    const gone = await srv.query('SELECT path FROM workbench_visits WHERE user_id = $1 AND path = $2', [testId, `/p/${VISITS_KEPT}`]);
    expect(gone).toEqual([]);
  });

  it('my_logins answers only the caller\'s own sign-ins', async () => {
    const mine = expectData(await call(srv, '/api/system/workbench/my_logins/', { token: test }), z.array(myLogin));
    const [own] = await srv.query<{ n: number }>('SELECT count(*)::int AS n FROM login_log WHERE creator = $1', [testId]);
    expect(mine.length).toBe(Math.min(own?.n ?? 0, 8));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => !('username' in row))).toBe(true);
  });

  it('every call needs a sign-in', async () => {
    for (const [method, path] of [['GET', LAYOUT], ['PUT', LAYOUT], ['DELETE', LAYOUT], ['POST', '/api/system/workbench/visit/'], ['GET', '/api/system/workbench/shortcuts/']] as const) {
      const res = await call(srv, path, { method, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.body).toMatchObject({ code: 4000, data: null, msg: '身份认证信息未提供。' });
    }
  });
});
