import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventDefineRow, funnelDefineRow, listPage, operationLogRow, trackingAppRow, trackingCredentials, trackResult } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { MISSING_KEY } from '../../../domain/ingest/signed-batch';
import { startTestServerWithContext, type TestServer } from '../../../testing';
import { call, expectData, expectFailure, suiteServer } from '../../../test/helpers';

const sign = (secret: string, body: string | Buffer) => createHmac('sha256', secret).update(body).digest('hex');

/** One signed batch to the ingestion (raw body as given). */
async function track(srv: TestServer, creds: { app_key: string; secret: string }, body: string | Buffer, headers: Record<string, string> = {}) {
  return call(srv, '/api/embed/track/', {
    method: 'POST',
    raw: body,
    headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': sign(creds.secret, body), ...headers },
  });
}

const ev = (event: string, props: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  event,
  distinct_id: 'p1',
  time: new Date(Date.now() - 60_000).toISOString(),
  properties: props,
  ...over,
});

describe('tracking: configuration, ingestion and its bad input', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  let test: string;
  let appId: number;
  let creds: { app_key: string; secret: string };
  const GAME = 2;

  suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, test] } = s));

  describe('tracking apps', () => {
    it('create generates a key and a sealed secret, shown masked; one app per game', async () => {
      const row = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game: GAME, description: 'SDK 接入' } }), trackingAppRow.strict());
      appId = row.id;
      expect(row).toMatchObject({ game: GAME, enabled: true, events_7d: 0, last_event_time: null });
      expect(row.secret_mask).toMatch(/^••••[0-9a-f]{4}$/);
      const stored = (await ctx.db.query<{ secret: string }>('SELECT secret FROM tracking_apps WHERE id = $1', [appId]))[0]?.secret ?? '';
      expect(stored).toMatch(/^v1\./);
      const dup = await call(srv, '/api/embed_configure/game/', { token: sa, body: { game: GAME } });
      expect(dup.body.code).toBe(4000);
      expect(dup.body.msg).toContain(`「${row.game_name}」`);
      const unknown = await call(srv, '/api/embed_configure/game/', { token: sa, body: { game: 999999 } });
      expect(unknown.body.code).toBe(4000);
      const list = expectData(await call(srv, `/api/embed_configure/game/?search=${row.app_key}`, { token: sa }), listPage(trackingAppRow));
      expect(list.data.map((r) => r.id)).toEqual([appId]);
    });

    it('regenerate answers the only copy of the secret, replaces both, and the log keeps it masked; needs Update', async () => {
      const first = expectData(await call(srv, `/api/embed_configure/game/${appId}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
      creds = expectData(await call(srv, `/api/embed_configure/game/${appId}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
      expect(creds.app_key).not.toBe(first.app_key);
      expect(creds.secret).toMatch(/^[0-9a-f]{64}$/);
      const row = expectData(await call(srv, `/api/embed_configure/game/${appId}/`, { token: sa }), trackingAppRow);
      expect(row.secret_mask).toBe(`••••${creds.secret.slice(-4)}`);
      expect(JSON.stringify(row)).not.toContain(creds.secret);
      // The first pair stopped working at once.
      const old = await track(srv, first, JSON.stringify({ events: [ev('login')] }));
      expectFailure(old, 401, 'App Key 不存在或已停用', 401);
      const logs = expectData(await call(srv, '/api/system/operation_log/?limit=50&ordering=-id', { token: sa }), listPage(operationLogRow));
      const entry = logs.data.find((l) => l.request_path === `/api/embed_configure/game/${appId}/regenerate/`);
      expect(entry?.json_result).toContain('"secret":"******"');
      expect(JSON.stringify(logs.data)).not.toContain(creds.secret);
      const refused = await call(srv, `/api/embed_configure/game/${appId}/regenerate/`, { token: test, method: 'POST' });
      expect(refused.body.code).toBe(4000);
      expect(String(refused.body.msg)).toContain('没有执行该操作的权限');
    });
  });

  describe('event and funnel definitions', () => {
    it('globals are seeded; a game may define its own; identifiers and properties are checked', async () => {
      const globals = expectData(await call(srv, '/api/embed_configure/global_event_define/?limit=50', { token: sa }), listPage(eventDefineRow.strict()));
      expect(globals.data.map((g) => g.event).sort()).toEqual(['level_up', 'login', 'pay', 'register', 'session_end', 'session_start']);
      const pay = globals.data.find((g) => g.event === 'pay');
      expect(pay?.properties).toEqual([
        { name: 'amount', type: 'number', required: true },
        { name: 'currency', type: 'string', required: true },
        { name: 'order_id', type: 'string', required: false },
      ]);
      const created = expectData(
        await call(srv, '/api/embed_configure/event_define/', {
          token: sa,
          body: { game: GAME, event: 'quest_done', name: '完成任务', properties: [{ name: 'quest', type: 'string', required: true }, { name: 'stars', type: 'number', required: false }, { name: 'at', type: 'datetime', required: false }, { name: 'first', type: 'boolean', required: false }] },
        }),
        eventDefineRow.strict(),
      );
      expect(created).toMatchObject({ game: GAME, event: 'quest_done', in_use: false });
      for (const [body, part] of [
        [{ game: GAME, event: 'Bad-Name', name: 'x' }, '事件标识'],
        [{ game: GAME, event: 'quest_done', name: 'again' }, '已定义事件「quest_done」'],
        [{ game: GAME, event: 'ok_one', name: 'x', properties: [{ name: 'a', type: 'string', required: true }, { name: 'a', type: 'number', required: false }] }, '属性名不能重复'],
        [{ game: GAME, event: 'ok_two', name: 'x', properties: [{ name: 'x; DROP TABLE users', type: 'string', required: true }] }, '属性'],
        [{ game: GAME, event: 'ok_three', name: 'x', properties: [{ name: 'a', type: 'money', required: true }] }, '属性'],
      ] as const) {
        const res = await call(srv, '/api/embed_configure/event_define/', { token: sa, body });
        expect(res.body.code, JSON.stringify(body)).toBe(4000);
        expect(String(res.body.msg)).toContain(part);
      }
    });

    it('funnels: 2..10 steps of events defined for the game, window 1 minute .. 30 days', async () => {
      const f = expectData(
        await call(srv, '/api/embed_configure/funnel_define/', { token: sa, body: { game: GAME, name: '任务漏斗', steps: [{ event: 'login' }, { event: 'quest_done', filters: [{ property: 'stars', op: 'gte', value: 2 }] }], window_seconds: 3600 } }),
        funnelDefineRow.strict(),
      );
      expect(f.steps).toHaveLength(2);
      for (const [body, part] of [
        [{ game: GAME, name: 'x', steps: [{ event: 'login' }], window_seconds: 3600 }, '至少 2 步'],
        [{ game: GAME, name: 'x', steps: [{ event: 'login' }, { event: 'nope' }], window_seconds: 3600 }, '没有定义事件 「nope」'],
        [{ game: GAME, name: 'x', steps: [{ event: 'login' }, { event: 'pay' }], window_seconds: 30 }, '至少 1 分钟'],
        [{ game: GAME, name: 'x', steps: [{ event: 'login' }, { event: 'pay' }], window_seconds: 2_592_001 }, '最长 30 天'],
        [{ game: 3, name: 'x', steps: [{ event: 'login' }, { event: 'quest_done' }], window_seconds: 3600 }, '没有定义事件'],
      ] as const) {
        const res = await call(srv, '/api/embed_configure/funnel_define/', { token: sa, body });
        expect(res.body.code, JSON.stringify(body)).toBe(4000);
        expect(String(res.body.msg)).toContain(part);
      }
    });
  });

  describe('ingestion', () => {
    it('stores a valid batch, answers accepted/duplicates/rejected; a retried batch is never counted twice', async () => {
      const events = [ev('login', { channel: 'tap' }), ev('pay', { amount: 600, currency: 'CNY', order_id: 'o-1' }), ev('quest_done', { quest: 'q1', stars: 3, at: '2026-11-24T10:00:00+08:00', first: true })];
      const body = JSON.stringify({ events });
      const r1 = expectData(await track(srv, creds, body), trackResult.strict());
      expect(r1).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
      const r2 = expectData(await track(srv, creds, body), trackResult.strict());
      expect(r2).toEqual({ accepted: 3, duplicates: 3, rejected: [] });
      const stored = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_events WHERE uuid = ANY($1::uuid[])', [events.map((e) => e.uuid)]);
      expect(stored[0]?.n).toBe(3);
      const row = expectData(await call(srv, `/api/embed_configure/game/${appId}/`, { token: sa }), trackingAppRow);
      expect(row.events_7d).toBe(3);
      expect(row.last_event_time).not.toBeNull();
      // An event in use can be disabled, not deleted.
      const globals = expectData(await call(srv, '/api/embed_configure/global_event_define/?event=login', { token: sa }), listPage(eventDefineRow));
      const login = globals.data.find((g) => g.event === 'login');
      expect(login?.in_use).toBe(true);
      expectFailure(await call(srv, `/api/embed_configure/global_event_define/${login?.id}/`, { token: sa, method: 'DELETE' }), 4000, '事件已有数据，不能删除，只能停用');
      const quest = expectData(await call(srv, '/api/embed_configure/event_define/?event=quest_done', { token: sa }), listPage(eventDefineRow)).data[0];
      expectFailure(await call(srv, `/api/embed_configure/event_define/${quest?.id}/`, { token: sa, method: 'DELETE' }), 4000, '事件已有数据，不能删除，只能停用');
      const off = expectData(await call(srv, `/api/embed_configure/event_define/${quest?.id}/`, { token: sa, method: 'PATCH', body: { enabled: false } }), eventDefineRow);
      expect(off.enabled).toBe(false);
      const refused = expectData(await track(srv, creds, JSON.stringify({ events: [ev('quest_done', { quest: 'q2' })] })), trackResult);
      expect(refused).toEqual({ accepted: 0, duplicates: 0, rejected: [{ index: 0, reason: '事件「quest_done」已停用' }] });
      expectData(await call(srv, `/api/embed_configure/event_define/${quest?.id}/`, { token: sa, method: 'PATCH', body: { enabled: true } }), eventDefineRow);
    });

    it('event-level problems are listed by index while the valid events of the batch are stored', async () => {
      const good = ev('login');
      const dupOf = ev('login');
      const events: unknown[] = [
        good, // 0 ok
        ev('unknown_event'), // 1
        ev('pay', { currency: 'CNY' }), // 2 missing amount
        ev('pay', { amount: '600', currency: 'CNY' }), // 3 wrong type
        ev('login', {}, { time: new Date(Date.now() + 3_600_000).toISOString() }), // 4 future
        ev('login', {}, { time: '1970-01-01T00:00:00Z' }), // 5 absurdly old
        ev('login', { 'x; DROP TABLE tracking_events; --': 1 }), // 6 property name like SQL
        dupOf, // 7 ok
        { ...dupOf }, // 8 duplicate uuid in the batch
        ev('login', {}, { uuid: 'not-a-uuid' }), // 9
        ev('login', {}, { distinct_id: '' }), // 10
        ev('login', {}, { time: 'yesterday' }), // 11
        'not an object', // 12
        ev('login', { nested: { a: 1 } }), // 13
        ev("login'; DELETE FROM tracking_events; --"), // 14 event like SQL
        ev('login', { channel: 'a\u0000b' }), // 15 NUL
        ev('login', {}, { time: Date.now() - 5_000 }), // 16 epoch ms ok
      ];
      const res = expectData(await track(srv, creds, JSON.stringify({ events })), trackResult.strict());
      expect(res.accepted).toBe(3);
      expect(res.duplicates).toBe(0);
      const reasons = Object.fromEntries(res.rejected.map((r) => [r.index, r.reason]));
      expect(Object.keys(reasons).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15]);
      expect(reasons[1]).toBe('未定义的事件「unknown_event」');
      expect(reasons[2]).toBe('缺少必填属性「amount」');
      expect(reasons[3]).toBe('属性「amount」应为 number 类型');
      expect(reasons[4]).toBe('时间 time 超前服务器时间 10 分钟以上');
      expect(reasons[5]).toContain('早于 366 天前');
      expect(reasons[6]).toContain('属性名「x; DROP TABLE tracking_events; --」不合法');
      expect(reasons[8]).toBe('uuid 与本批第 7 个事件重复');
      expect(reasons[9]).toContain('uuid 不合法');
      expect(reasons[10]).toContain('distinct_id');
      expect(reasons[11]).toContain('时间 time 不合法');
      expect(reasons[12]).toBe('事件应为 JSON 对象');
      expect(reasons[13]).toContain('只能是字符串、数字、布尔值或 null');
      expect(reasons[14]).toContain('不合法');
      expect(reasons[15]).toContain('空字符');
      const n = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_events');
      expect(n[0]?.n).toBe(6);
    });

    it('batch-level problems: the envelope with a 4xx, nothing stored, never a 5xx', async () => {
      const body = JSON.stringify({ events: [ev('login')] });
      const before = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_events'))[0]?.n;
      expectFailure(await call(srv, '/api/embed/track/', { method: 'POST', raw: body, headers: { 'content-type': 'application/json' } }), 401, MISSING_KEY, 401);
      expectFailure(await track(srv, { app_key: 'no-such-key', secret: 'x' }, body), 401, 'App Key 不存在或已停用', 401);
      const wrong = await track(srv, creds, body, { 'x-signature': sign('another secret', body) });
      expect(wrong.status).toBe(401);
      expect(wrong.body.msg).toContain('签名不正确');
      // Signed over a re-serialised body instead of the bytes sent: refused.
      const spaced = JSON.stringify({ events: [ev('login')] }, null, 2);
      const resigned = await track(srv, creds, spaced, { 'x-signature': sign(creds.secret, JSON.stringify(JSON.parse(spaced))) });
      expect(resigned.status).toBe(401);
      expectFailure(await track(srv, creds, '{"events": [', {}), 400, '请求体不是合法的 JSON', 400);
      expectFailure(await track(srv, creds, '[]'), 400, '请求体应为 {"events": [...]}', 400);
      expectFailure(await track(srv, creds, '{"events": []}'), 400, 'events 不能为空', 400);
      const many = JSON.stringify({ events: Array.from({ length: 1001 }, () => ev('login')) });
      expectFailure(await track(srv, creds, many), 413, '一批最多 1000 个事件，本批 1001 个', 413);
      const huge = JSON.stringify({ events: [ev('login', { channel: 'x'.repeat(1024) })], pad: 'y'.repeat(1024 * 1024) });
      expectFailure(await track(srv, creds, huge), 413, '请求体过大（上限 1 MB）', 413);
      // Another content type is fine: the bytes are what is signed.
      const plain = await track(srv, creds, body, { 'content-type': 'text/plain' });
      expect(plain.body.code).toBe(2000);
      const noType = JSON.stringify({ events: [ev('login')] });
      const untyped = await call(srv, '/api/embed/track/', { method: 'POST', raw: Buffer.from(noType), headers: { 'x-app-key': creds.app_key, 'x-signature': sign(creds.secret, noType) } });
      expect(untyped.body.code).toBe(2000);
      // A disabled app is refused like an unknown one.
      expectData(await call(srv, `/api/embed_configure/game/${appId}/`, { token: sa, method: 'PATCH', body: { enabled: false } }), trackingAppRow);
      expectFailure(await track(srv, creds, JSON.stringify({ events: [ev('login')] })), 401, 'App Key 不存在或已停用', 401);
      expectData(await call(srv, `/api/embed_configure/game/${appId}/`, { token: sa, method: 'PATCH', body: { enabled: true } }), trackingAppRow);
      const after = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_events'))[0]?.n;
      expect(after).toBe((before ?? 0) + 2);
      // The SDK's calls are not staff operations: no operation-log rows.
      const logged = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM operation_log WHERE request_path = '/api/embed/track/'");
      expect(logged[0]?.n).toBe(0);
    });

    it('H5 games on any origin may send batches (CORS without credentials); the console API keeps its allow-list', async () => {
      const pre = await fetch(`${srv.baseUrl}/api/embed/track/`, {
        method: 'OPTIONS',
        headers: { origin: 'https://h5.partner.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-app-key,x-signature' },
      });
      expect(pre.status).toBe(200);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(pre.headers.get('access-control-allow-headers')).toContain('x-signature');
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      const body = JSON.stringify({ events: [ev('login')] });
      const res = await fetch(`${srv.baseUrl}/api/embed/track/`, { method: 'POST', headers: { origin: 'https://h5.partner.example', 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': sign(creds.secret, body) }, body });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const other = await fetch(`${srv.baseUrl}/api/embed_configure/game/`, { method: 'OPTIONS', headers: { origin: 'https://h5.partner.example', 'access-control-request-method': 'GET' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('awkward text (quotes, backslashes, braces, commas, NULL, spaces, emoji) is stored exactly as sent', async () => {
      const awkward = ['a "quoted" \\back\\slash\\', '{braces},commas', 'NULL', '', '  spaced  ', 'é 中文 😀', '\\"', 'new\nline\ttab'];
      const events = awkward.map((s, i) => ev('login', { channel: s, n: i, ok: i % 2 === 0, none: null }, { distinct_id: s === '' ? 'x' : s }));
      expect(expectData(await track(srv, creds, JSON.stringify({ events })), trackResult.strict())).toEqual({ accepted: awkward.length, duplicates: 0, rejected: [] });
      const rows = await ctx.db.query<{ uuid: string; distinct_id: string; properties: unknown; time: Date }>(
        'SELECT uuid::text, distinct_id, properties, time FROM tracking_events WHERE uuid = ANY($1::uuid[])',
        [events.map((e) => e.uuid)],
      );
      const byUuid = new Map(rows.map((r) => [r.uuid, r]));
      for (const e of events) {
        const r = byUuid.get(e.uuid);
        expect(r?.distinct_id).toBe(e.distinct_id);
        expect(r?.properties).toEqual(e.properties);
        expect(r?.time.toISOString()).toBe(e.time);
      }
    });

    it('rollups equal the raw events after all of the above', async () => {
      const diff = await ctx.db.query(`
        SELECT game, event, hour, events, last_time FROM tracking_hourly
        EXCEPT SELECT game, event, date_trunc('hour', time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), max(time) FROM tracking_events GROUP BY 1, 2, 3`);
      expect(diff).toEqual([]);
      const daily = await ctx.db.query(`
        SELECT game, event, day, events, players FROM tracking_daily
        EXCEPT SELECT game, event, (time AT TIME ZONE 'Asia/Shanghai')::date, count(*), count(DISTINCT distinct_id) FROM tracking_events GROUP BY 1, 2, 3`);
      expect(daily).toEqual([]);
      const ids = await ctx.db.query<{ a: number; b: number }>('SELECT (SELECT count(*)::int FROM tracking_events) AS a, (SELECT count(*)::int FROM tracking_event_ids) AS b');
      expect(ids[0]?.a).toBe(ids[0]?.b);
    });
  });
});

describe('sample events on a test server (SAMPLE_EVENTS=on)', () => {
  it('plays the first-start sample through the ingestion API: apps, events, rollups', async () => {
    const { srv, ctx } = await startTestServerWithContext({ captcha: false, env: { SAMPLE_EVENTS: 'on' } });
    try {
      const apps = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_apps');
      expect(apps[0]?.n).toBe(3);
      const events = await ctx.db.query<{ n: number; h: number }>('SELECT (SELECT count(*)::int FROM tracking_events) AS n, (SELECT sum(events)::int FROM tracking_hourly) AS h');
      expect(events[0]?.n).toBeGreaterThan(5000);
      expect(events[0]?.h).toBe(events[0]?.n);
    } finally {
      await srv.close();
    }
  }, 120_000);
});
