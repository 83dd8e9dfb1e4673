import { beforeAll, describe, expect, it } from 'vitest';
import { monitorResult, realtimeFrame, realtimeSnapshot, REALTIME_TOPIC, type RealtimeSnapshot } from '../../../../contracts/schemas/dashboard/live';
import { ORDER_CURRENCIES, orderIngestResult, trackingCredentials, trackResult, type OrderCurrency } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import type { TestServer } from '../../../testing';
import { call, expectData, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { openWatched } from '../../../test/socket-watch';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * dashboard/realtime and dashboard/monitor. Events and orders of the last hour go in through
 * the signed ingestion APIs; the realtime figures (REST and socket frame) are compared with a plain-JS
 * computation from the raw rows read back from the database; the frame goes only to subscribed
 * sockets of users holding the permission, at most once per second; the monitor shows this instance
 * with real figures and its slow statements without parameters; /metrics carries the same figures.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
const creds = new Map<number, { app_key: string; secret: string }>();
const MIN = 60_000;
const rand = prng(17);

async function post(path: string, game: number, payload: unknown) {
  const c = creds.get(game);
  if (!c) throw new Error(`no tracking app for game ${game}`);
  return signedPost(srv, path, c, payload);
}
async function events(game: number, list: Array<{ event: string; player: string; ago: number }>) {
  const res = expectData(await post('/api/embed/track/', game, { events: list.map((e) => ({ uuid: uuidFrom(rand), event: e.event, distinct_id: e.player, time: new Date(Date.now() - e.ago).toISOString(), properties: {} })) }), trackResult);
  expect(res.rejected).toEqual([]);
  // The player upkeep (migration 057) runs after the ingestion's commits: drained, so the reads below see it.
  await ctx.playerUpkeep.drain();
}
let orderSeq = 0;
async function orders(game: number, list: Array<{ player: string; amount: number; currency?: OrderCurrency; ago: number; refundAgo?: number }>) {
  const wire = list.map((o) => ({ order_id: `rt-${game}-${++orderSeq}`, distinct_id: o.player, amount: o.amount, currency: o.currency ?? 'CNY', channel: 'tap', method: 'wechat', region: 'CN-GD', status: 'paid', time: new Date(Date.now() - o.ago).toISOString() }));
  expect(expectData(await post('/api/ingest/orders/', game, { orders: wire }), orderIngestResult).rejected).toEqual([]);
  const refunds = list.flatMap((o, i) => (o.refundAgo === undefined ? [] : [{ ...wire[i], status: 'refunded', time: new Date(Date.now() - o.refundAgo).toISOString() }]));
  if (refunds.length > 0) expect(expectData(await post('/api/ingest/orders/', game, { orders: refunds }), orderIngestResult).rejected).toEqual([]);
}

async function trackCredentialsOf(game: number) {
  const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
  return expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
}

/** The reference: every figure from the raw rows, in plain JS, as of `now`. */
async function reference(now: number, tz: string) {
  const ev = await srv.query<{ game: number; distinct_id: string; event: string; time: Date | string }>('SELECT game, distinct_id, event, time FROM tracking_events');
  const od = await srv.query<{ game: number; distinct_id: string; amount: string; currency: OrderCurrency; time: Date | string; refund_time: Date | string | null }>(
    'SELECT game, distinct_id, amount::text, currency, time, refund_time FROM orders',
  );
  const ms = (v: Date | string) => new Date(v).getTime();
  const cny = (amount: number, c: OrderCurrency) => {
    const [num, den] = ORDER_CURRENCIES[c].fen;
    const n = amount * num;
    return Math.floor(n / den) + (2 * (n % den) >= den ? 1 : 0);
  };
  const dayOf = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);
  const today = dayOf(now);
  const recent = (t: number) => t >= now - 5 * MIN && t < now + 10 * MIN;
  const online = new Map<number, Set<string>>();
  const add = (g: number, p: string) => (online.get(g) ?? (online.set(g, new Set()), online.get(g) as Set<string>)).add(p);
  for (const e of ev) if (recent(ms(e.time))) add(e.game, e.distinct_id);
  for (const o of od) if (recent(ms(o.time))) add(o.game, o.distinct_id);
  const minuteNow = Math.floor(now / MIN) * MIN;
  const minutes = [];
  for (let t = minuteNow - 59 * MIN; t <= minuteNow; t += MIN) {
    const inMinute = (x: number) => x >= t && x < t + MIN;
    const paid = od.filter((o) => inMinute(ms(o.time)));
    minutes.push({
      minute: new Date(t).toISOString(),
      logins: ev.filter((e) => e.event === 'login' && inMinute(ms(e.time))).length,
      payments: paid.length,
      amount: paid.reduce((s, o) => s + cny(Number(o.amount), o.currency), 0),
    });
  }
  const revenueOf = (g: number | null) => {
    let r = 0;
    for (const o of od) {
      if (g !== null && o.game !== g) continue;
      if (dayOf(ms(o.time)) === today) r += cny(Number(o.amount), o.currency);
      if (o.refund_time !== null && dayOf(ms(o.refund_time)) === today) r -= cny(Number(o.amount), o.currency);
    }
    return r;
  };
  const top = [...online.entries()].map(([g, s]) => ({ game: g, online: s.size })).sort((a, b) => b.online - a.online || a.game - b.game).slice(0, 5);
  return {
    online: [...online.values()].reduce((s, x) => s + x.size, 0),
    minutes,
    revenue_today: revenueOf(null),
    orders_today: od.filter((o) => dayOf(ms(o.time)) === today).length,
    top: top.map((t) => ({
      ...t,
      logins: ev.filter((e) => e.game === t.game && e.event === 'login' && recent(ms(e.time))).length,
      payments: od.filter((o) => o.game === t.game && recent(ms(o.time))).length,
      revenue_today: revenueOf(t.game),
    })),
  };
}

async function expectMatchesReference(snap: RealtimeSnapshot) {
  const r = await reference(Date.parse(snap.at), ctx.config.analyticsTz);
  expect(snap.online).toBe(r.online);
  expect(snap.minutes).toEqual(r.minutes);
  expect(snap.revenue_today).toBe(r.revenue_today);
  expect(snap.orders_today).toBe(r.orders_today);
  expect(snap.top_games.map(({ name: _n, ...g }) => g)).toEqual(r.top);
  const last = snap.minutes.at(-1);
  const prev = snap.minutes.at(-2);
  expect(snap.logins_per_minute).toBe(Math.max(last?.logins ?? 0, prev?.logins ?? 0));
  return r;
}

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s));
beforeAll(async () => {
  for (const game of [1, 2, 3]) creds.set(game, await trackCredentialsOf(game));
  // Game 1: busy now; game 2: a few players now, more 6-50 minutes ago; game 3: only an hour+ ago.
  await events(1, [
    ...Array.from({ length: 12 }, (_, i) => ({ event: 'login', player: `a${i}`, ago: i * 17_000 })),
    ...Array.from({ length: 8 }, (_, i) => ({ event: 'session_start', player: `a${i + 4}`, ago: 30_000 + i * 5_000 })),
    { event: 'login', player: 'a0', ago: 90_000 },
  ]);
  await events(2, [
    ...Array.from({ length: 3 }, (_, i) => ({ event: 'login', player: `b${i}`, ago: 60_000 + i * 30_000 })),
    ...Array.from({ length: 20 }, (_, i) => ({ event: 'login', player: `b${i + 10}`, ago: 6 * MIN + i * 2 * MIN })),
  ]);
  await events(3, [{ event: 'login', player: 'c1', ago: 75 * MIN }]);
  await orders(1, [
    { player: 'a1', amount: 600, ago: 20_000 },
    { player: 'a2', amount: 3000, ago: 3 * MIN },
    { player: 'a9', amount: 999, currency: 'USD', ago: 12 * MIN, refundAgo: 2 * MIN },
  ]);
  // A payer with no event: online through the order alone.
  await orders(2, [{ player: 'payer-only', amount: 12800, ago: 40_000 }, { player: 'b12', amount: 100, ago: 30 * MIN }]);
}, SERVER_TIMEOUT_MS);

describe('GET /api/dashboard/realtime/', () => {
  it('answers the figures of the raw events and orders (independent computation)', async () => {
    const snap = expectData(await call(srv, '/api/dashboard/realtime/', { token: sa }), realtimeSnapshot);
    const r = await expectMatchesReference(snap);
    // The data above makes the figures non-trivial (a test that cannot pass vacuously).
    expect(r.online).toBeGreaterThanOrEqual(15);
    expect(r.minutes.reduce((s, m) => s + m.logins, 0)).toBeGreaterThan(20);
    expect(r.revenue_today).not.toBe(0);
    expect(snap.top_games[0]?.game).toBe(1);
    expect(snap.top_games.find((g) => g.game === 2)?.online).toBe(4);
    expect(snap.minutes).toHaveLength(60);
  });

  it('is refused without the Retrieve button of dashboard/realtime and without a token', async () => {
    expect((await call(srv, '/api/dashboard/realtime/')).body.code).not.toBe(2000);
    await revokeRealtime();
    try {
      const res = await call(srv, '/api/dashboard/realtime/', { token: testToken });
      expect(String(res.body.msg)).toContain('没有执行该操作的权限');
    } finally {
      await restoreRealtime();
    }
    expect((await call(srv, '/api/dashboard/realtime/', { token: testToken })).body.code).toBe(2000);
  });
});

let removed: Array<{ role_id: number; button_id: number }> = [];
async function revokeRealtime() {
  removed = await srv.query<{ role_id: number; button_id: number }>(
    `DELETE FROM role_buttons WHERE role_id = 2 AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.component = 'dashboard/realtime') RETURNING role_id, button_id`,
  );
  expect(removed.length).toBeGreaterThan(0);
}
async function restoreRealtime() {
  for (const r of removed) await srv.query('INSERT INTO role_buttons (role_id, button_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [r.role_id, r.button_id]);
}

describe('the dashboard.realtime socket frame', () => {
  const isRealtime = (f: unknown) => realtimeFrame.safeParse(f).success;

  it('is pushed only after subscribing, at most once per second, and follows new events', async () => {
    const ws = await openWatched(`${srv.wsUrl}/api/ws/${sa}/`);
    try {
      await expect(ws.next(isRealtime, 1500)).rejects.toThrow(/no matching frame/);
      ws.ws.send(JSON.stringify({ type: 'subscribe', topic: REALTIME_TOPIC }));
      const first = realtimeFrame.parse(await ws.next(isRealtime, 3000));
      const arrivals: number[] = [Date.now()];
      await expectMatchesReference(first.realtime);
      // A new login now: a later frame counts it.
      const before = first.realtime.minutes.reduce((s, m) => s + m.logins, 0);
      await events(3, [{ event: 'login', player: 'c-new', ago: 0 }]);
      let later = first;
      for (let i = 0; i < 6; i++) {
        later = realtimeFrame.parse(await ws.next(isRealtime, 3000));
        arrivals.push(Date.now());
        if (later.realtime.minutes.reduce((s, m) => s + m.logins, 0) > before) break;
      }
      expect(later.realtime.minutes.reduce((s, m) => s + m.logins, 0)).toBe(before + 1);
      await expectMatchesReference(later.realtime);
      // Never two frames within one period (arrival gaps allow for timer jitter), each with fresh figures.
      for (let i = 1; i < arrivals.length; i++) expect((arrivals[i] ?? 0) - (arrivals[i - 1] ?? 0)).toBeGreaterThanOrEqual(700);
      const times = ws.frames.filter(isRealtime).map((f) => Date.parse(realtimeFrame.parse(f).realtime.at));
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] ?? 0);
      // Unsubscribed: nothing more.
      ws.ws.send(JSON.stringify({ type: 'unsubscribe', topic: REALTIME_TOPIC }));
      await new Promise((r) => setTimeout(r, 300));
      const count = ws.frames.length;
      await new Promise((r) => setTimeout(r, 2200));
      expect(ws.frames.slice(count).filter(isRealtime)).toEqual([]);
    } finally {
      ws.close();
    }
  });

  it('refuses a user without the permission, and drops one who loses it', async () => {
    await revokeRealtime();
    const ws = await openWatched(`${srv.wsUrl}/api/ws/${testToken}/`);
    try {
      ws.ws.send(JSON.stringify({ type: 'subscribe', topic: REALTIME_TOPIC }));
      expect(await ws.next((f) => (f as { type?: string }).type === 'subscribe.refused', 3000)).toMatchObject({ topic: REALTIME_TOPIC });
      await expect(ws.next(isRealtime, 2000)).rejects.toThrow(/no matching frame/);
    } finally {
      ws.close();
      await restoreRealtime();
    }
    // Allowed again: subscribes; then the grant goes and the next permission check drops the socket.
    const ws2 = await openWatched(`${srv.wsUrl}/api/ws/${testToken}/`);
    try {
      ws2.ws.send(JSON.stringify({ type: 'subscribe', topic: REALTIME_TOPIC }));
      await ws2.next(isRealtime, 3000);
      await revokeRealtime();
      const feed = ctx.live.feed as unknown as { lastCheck: number };
      feed.lastCheck = 0;
      await new Promise((r) => setTimeout(r, 1500));
      const count = ws2.frames.length;
      await new Promise((r) => setTimeout(r, 2200));
      expect(ws2.frames.slice(count).filter(isRealtime)).toEqual([]);
    } finally {
      ws2.close();
      await restoreRealtime();
    }
  });

  it('ignores frames that are not a known subscription', async () => {
    const ws = await openWatched(`${srv.wsUrl}/api/ws/${sa}/`);
    try {
      for (const bad of ['not json', '{"type":"subscribe","topic":"secrets"}', '[1,2]', '{"type":"subscribe"}']) ws.ws.send(bad);
      await expect(ws.next(isRealtime, 1500)).rejects.toThrow(/no matching frame/);
      expect(ws.ws.readyState).toBe(ws.ws.OPEN);
    } finally {
      ws.close();
    }
  });
});

describe('GET /api/dashboard/monitor/ and /metrics', () => {
  it('shows this instance with real figures, its history and slow statements without parameters', async () => {
    const marker = `secret-param-${Date.now()}`;
    // 300 ms: among the ten slowest statements of this server's last hour even on a loaded machine, where
    // the suite's other statements took over 50 ms and pushed a 50 ms sleep out of the list.
    await srv.query('SELECT $1::text AS v, pg_sleep(0.3)', [marker]);
    const before = await ctx.live.monitor.write();
    for (let i = 0; i < 5; i++) await call(srv, '/api/system/user/user_info/', { token: sa });
    await ctx.live.monitor.write();
    const m = expectData(await call(srv, '/api/dashboard/monitor/', { token: sa }), monitorResult);
    const self = m.instances.find((i) => i.instance === m.self);
    expect(self).toBeDefined();
    if (!self) return;
    expect(self.status).toBe('online');
    expect(self.current.requests_total).toBeGreaterThan(5);
    expect(self.history.length).toBeGreaterThanOrEqual(2);
    // The five calls are in the samples written after `before`: the explicit write, or a timed one (every
    // MONITOR_SAMPLE_SECONDS) that may fall between the calls or after the explicit write.
    const since = self.history.filter((h) => Date.parse(h.at) > Date.parse(before.at));
    expect(since.length).toBeGreaterThanOrEqual(1);
    expect(since.reduce((n, h) => n + h.requests, 0)).toBeGreaterThanOrEqual(5);
    expect(self.current.rss_bytes).toBeGreaterThan(10_000_000);
    expect(self.current.db.kind).toBe(ctx.db.kind);
    const sleepy = self.slow_queries.find((q) => q.sql.includes('pg_sleep'));
    expect(sleepy?.ms).toBeGreaterThanOrEqual(290);
    expect(JSON.stringify(self.slow_queries)).not.toContain(marker);
    // The table has this instance's samples (what other instances read).
    const rows = await srv.query<{ n: number }>('SELECT count(*)::int AS n FROM monitor_samples WHERE instance = $1', [m.self]);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
  });

  it('shows another instance from its samples, and as lost when it stopped writing', async () => {
    const figures = { ...ctx.live.monitor.peek(), requests_total: 77 };
    const write = (instance: string, agoMs: number) =>
      srv.query('INSERT INTO monitor_samples (instance, at, host, pid, started, figures) VALUES ($1, $2, $3, $4, $5, $6::jsonb)', [instance, new Date(Date.now() - agoMs).toISOString(), 'other-host', 4242, new Date(Date.now() - 3_600_000).toISOString(), JSON.stringify(figures)]);
    await write('other-live', 2000);
    await write('other-gone', 120_000);
    const m = expectData(await call(srv, '/api/dashboard/monitor/', { token: sa }), monitorResult);
    expect(m.instances[0]?.instance).toBe(m.self);
    expect(m.instances.find((i) => i.instance === 'other-live')).toMatchObject({ status: 'online', host: 'other-host', pid: 4242 });
    expect(m.instances.find((i) => i.instance === 'other-live')?.current.requests_total).toBe(77);
    expect(m.instances.find((i) => i.instance === 'other-gone')?.status).toBe('lost');
  });

  it('is refused to a user without the monitor screen', async () => {
    const removedRows = await srv.query<{ role_id: number; button_id: number }>(
      `DELETE FROM role_buttons WHERE role_id = 2 AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.component = 'dashboard/monitor') RETURNING role_id, button_id`,
    );
    try {
      expect(String((await call(srv, '/api/dashboard/monitor/', { token: testToken })).body.msg)).toContain('没有执行该操作的权限');
    } finally {
      for (const r of removedRows) await srv.query('INSERT INTO role_buttons (role_id, button_id) VALUES ($1, $2)', [r.role_id, r.button_id]);
    }
  });

  it('/metrics carries the monitor figures', async () => {
    await ctx.live.monitor.write();
    const text = await (await fetch(`${srv.baseUrl}/metrics`, { headers: { authorization: `JWT ${sa}` } })).text();
    for (const name of ['console_http_request_rate', 'console_http_error_rate', 'console_http_latency_milliseconds{quantile="0.99"', 'console_db_pool_connections{state="waiting"', 'console_db_query_p95_milliseconds', 'console_realtime_subscribers', 'console_cpu_share']) {
      expect(text).toContain(name);
    }
    const slowest = /console_db_slowest_query_milliseconds\{rank="1"[^}]*\} ([\d.]+)/.exec(text);
    expect(Number(slowest?.[1])).toBeGreaterThan(0);
  });
});
