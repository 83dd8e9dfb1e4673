import { beforeAll, describe, expect, it } from 'vitest';
import { deviceRow, listPage, orderIngestResult, RETENTION_DAYS, retentionResult, trackingCredentials, trackResult } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import type { TestServer } from '../../../testing';
import { type AppCredentials, call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * Cohort retention and devices against a randomized history (fixed seed) sent through the real
 * ingestion APIs: events (register with channels, logins) and paid orders, the later days delivered
 * FIRST (a player's cohort moves earlier when its first day arrives late), some batches twice. Every
 * cohort's players and retained players on day 1, 3, 7, 14, 30, the total and the 1..30 curve are
 * compared with a plain-JS computation from the raw events and orders of this test; the rollups equal
 * a rebuild from scratch; bad input and permissions.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
const GAMES = [1, 2];
const DAY = 86_400_000;
const CHANNELS = ['tap', 'huawei', 'apple'];
let tz = 'Asia/Shanghai';
let today = '';

interface Act {
  game: number;
  player: string;
  time: number;
  kind: 'register' | 'login' | 'order';
  channel?: string;
}
const acts: Act[] = [];

const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The reference: per (game, player) its first active day, channel (earliest register) and active days. */
function players(game: number | null, channel: string | null) {
  const by = new Map<string, { first: string; channel: string; regTime: number; days: Set<string> }>();
  for (const a of acts) {
    if (game !== null && a.game !== game) continue;
    const k = `${a.game}:${a.player}`;
    const d = dayOf(a.time);
    const p = by.get(k) ?? { first: d, channel: '', regTime: Infinity, days: new Set<string>() };
    if (d < p.first) p.first = d;
    p.days.add(d);
    if (a.kind === 'register' && a.time < p.regTime) {
      p.regTime = a.time;
      p.channel = a.channel ?? '';
    }
    by.set(k, p);
  }
  return [...by.values()].filter((p) => channel === null || p.channel === channel);
}

function reference(start: string, end: string, game: number | null, channel: string | null) {
  const ps = players(game, channel).filter((p) => p.first >= start && p.first <= end);
  const rate = (r: number, n: number) => (n > 0 ? Math.round((r / n) * 1e6) / 1e6 : null);
  const cohorts = [];
  for (let d = start; d <= end; d = shift(d, 1)) {
    const mine = ps.filter((p) => p.first === d);
    const retained = Object.fromEntries(RETENTION_DAYS.map((n) => [String(n), mine.filter((p) => p.days.has(shift(d, n))).length]));
    const retention = Object.fromEntries(RETENTION_DAYS.map((n) => [String(n), shift(d, n) > today ? null : rate(retained[String(n)] ?? 0, mine.length)]));
    cohorts.push({ day: d, players: mine.length, retention, retained });
  }
  const curve = Array.from({ length: 30 }, (_, i) => {
    const n = i + 1;
    const known = ps.filter((p) => shift(p.first, n) <= today);
    const r = known.filter((p) => p.days.has(shift(p.first, n))).length;
    return { n, players: known.length, retained: r, retention: rate(r, known.length) };
  });
  return { cohorts, curve, players: ps.length };
}

/** Players 60..69 of a game share the device of players 0..9; logins carry the device too (model changes with the time). */
const deviceOf = (a: Act) => {
  const p = Number(a.player.split('-p')[1]);
  return { device_id: `dev-${a.game}-${p % 60}`, device_model: a.time % 2 === 0 ? 'iPhone 15' : 'iPhone 14', os: 'ios', os_version: '17.1' };
};

const post = (path: string, creds: AppCredentials, body: unknown) => signedPost(srv, path, creds, body);

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s), {}, SERVER_TIMEOUT_MS * 2);
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  const now = Date.now() - 5 * 60_000;
  today = dayOf(now);
  const rand = prng(46);
  for (const game of GAMES) {
    for (let p = 0; p < 70; p++) {
      const player = `g${game}-p${p}`;
      const join = now - Math.floor(rand() * 45 * DAY);
      const channel = CHANNELS[Math.floor(rand() * CHANNELS.length)] as string;
      // Most register first; some never send a register event (unknown channel); some register late.
      if (p % 9 !== 4) acts.push({ game, player, time: p % 11 === 5 ? join + DAY : join, kind: 'register', channel });
      for (let k = 0; k < 45; k++) {
        const t = join + k * DAY + Math.floor(rand() * 3_600_000);
        if (t > now) break;
        if (k === 0 || rand() < 0.5 / Math.sqrt(k)) acts.push({ game, player, time: t, kind: rand() < 0.15 ? 'order' : 'login' });
      }
      // A second register later with another channel: the earliest one wins.
      if (p % 13 === 6) acts.push({ game, player, time: Math.min(now, join + 2 * DAY), kind: 'register', channel: 'wechat' });
    }
  }
  for (const game of GAMES) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    const creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
    // Newest first: late first days move cohorts earlier.
    const mine = acts.filter((a) => a.game === game).sort((a, b) => b.time - a.time);
    const events = mine.filter((a) => a.kind !== 'order').map((a) => ({
      uuid: uuidFrom(rand),
      event: a.kind,
      distinct_id: a.player,
      time: new Date(a.time).toISOString(),
      properties: a.kind === 'register' ? { channel: a.channel ?? '', ...deviceOf(a) } : deviceOf(a),
    }));
    const orders = mine.filter((a) => a.kind === 'order').map((a, i) => ({
      order_id: `R${game}-${i}`, distinct_id: a.player, amount: 600, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status: 'paid', time: new Date(a.time).toISOString(),
    }));
    for (let i = 0; i < events.length; i += 150) {
      const batch = events.slice(i, i + 150);
      for (let round = 0; round < (i % 300 === 0 ? 2 : 1); round++) {
        const t = expectData(await post('/api/embed/track/', creds, { events: batch }), trackResult);
        expect(t.rejected).toEqual([]);
      }
      // Orders interleaved with the events.
      const o = orders.slice((i / 150) * 20, (i / 150 + 1) * 20);
      if (o.length > 0) expect(expectData(await post('/api/ingest/orders/', creds, { orders: o }), orderIngestResult).rejected).toEqual([]);
    }
    const rest = orders.slice((Math.ceil(events.length / 150)) * 20);
    if (rest.length > 0) expect(expectData(await post('/api/ingest/orders/', creds, { orders: rest }), orderIngestResult).rejected).toEqual([]);
  }
  // The player upkeep (migration 057) runs after the ingestion's commits: everything sent is kept now.
  await ctx.playerUpkeep.drain();
}, SERVER_TIMEOUT_MS * 2);

const get = async (path: string, token = sa) => expectData(await call(srv, path, { token }), retentionResult.strict());

describe('retention equals an independent computation from the raw events and orders', () => {
  it('every cohort, day 1/3/7/14/30, the total and the curve, per game, channel and for every game', async () => {
    let checked = 0;
    for (const [start, end] of [[shift(today, -44), today], [shift(today, -20), shift(today, -5)], [today, today]] as Array<[string, string]>) {
      for (const game of [null, ...GAMES]) {
        for (const channel of [null, ...CHANNELS, '']) {
          const q = `start=${start}&end=${end}${game === null ? '' : `&game=${game}`}${channel === null ? '' : `&channel=${channel}`}`;
          const r = await get(`/api/center_users/retention/?${q}`);
          const ref = reference(start, end, game, channel);
          expect(r.cohorts, q).toEqual(ref.cohorts);
          expect(r.curve, q).toEqual(ref.curve);
          expect(r.total.players, q).toBe(ref.players);
          for (const n of RETENTION_DAYS) expect(r.total.retention[String(n) as '1'], q).toBe(ref.curve[n - 1]?.retention);
          expect(r).toMatchObject({ start, end, game, channel, today });
          checked += ref.players;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
    const all = await get(`/api/center_users/retention/?start=${shift(today, -44)}&end=${today}`);
    // A player whose only register says wechat is in channel wechat (the earliest register wins otherwise).
    expect(all.channels).toEqual([...new Set(players(null, null).map((p) => p.channel))].sort());
    expect(all.channels).toContain('wechat');
    // Some real retention in the sample: the test would catch a zero matrix.
    expect(all.total.retained['1']).toBeGreaterThan(10);
    expect(all.cohorts.filter((c) => c.players > 0).length).toBeGreaterThan(30);
  });

  it('the rollups kept at ingestion equal a rebuild from scratch', async () => {
    const snapshot = async () => ({
      c: await ctx.db.query('SELECT game, day::text, distinct_id, channel FROM player_cohorts ORDER BY 1, 3'),
      d: await ctx.db.query('SELECT game, day::text, channel, players FROM cohort_daily WHERE players <> 0 ORDER BY 1, 2, 3'),
      r: await ctx.db.query('SELECT game, day::text, channel, n, retained FROM retention_daily WHERE retained <> 0 ORDER BY 1, 2, 3, 4'),
      g: await ctx.db.query('SELECT game, distinct_id, time, channel, device_id FROM player_registrations ORDER BY 1, 2'),
      v: await ctx.db.query('SELECT device_id, device_model, first_seen, last_seen, accounts FROM player_devices ORDER BY 1'),
      a: await ctx.db.query('SELECT device_id, game, distinct_id, first_seen, last_seen FROM device_accounts ORDER BY 1, 2, 3'),
    });
    const kept = await snapshot();
    expect(kept.g.length).toBeGreaterThan(100);
    await ctx.db.query('SELECT players_rebuild_cohorts()');
    expect(await snapshot()).toEqual(kept);
  });
});

describe('devices', () => {
  it('every device with model (latest), OS, first/last seen and its accounts equals the raw register/login events', async () => {
    const ref = new Map<string, { first: number; last: number; model: string; accounts: Map<string, { first: number; last: number }> }>();
    for (const a of acts.filter((x) => x.kind !== 'order')) {
      const d = deviceOf(a);
      const e = ref.get(d.device_id) ?? { first: a.time, last: a.time, model: d.device_model, accounts: new Map() };
      if (a.time < e.first) e.first = a.time;
      if (a.time >= e.last) {
        e.last = a.time;
        e.model = d.device_model;
      }
      const k = `${a.game}:${a.player}`;
      const acc = e.accounts.get(k) ?? { first: a.time, last: a.time };
      acc.first = Math.min(acc.first, a.time);
      acc.last = Math.max(acc.last, a.time);
      e.accounts.set(k, acc);
      ref.set(d.device_id, e);
    }
    const iso = (ms: number) => new Date(ms).toISOString();
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const p = expectData(await call(srv, `/api/center_users/devices/?limit=100&page=${page}`, { token: sa }), listPage(deviceRow).strict());
      expect(p.total).toBe(ref.size);
      for (const row of p.data) {
        const e = ref.get(row.device_id);
        expect(e, row.device_id).toBeDefined();
        expect([row.device_model, row.os, row.first_seen, row.last_seen, row.accounts], row.device_id).toEqual([e?.model, 'ios', iso(e?.first ?? 0), iso(e?.last ?? 0), e?.accounts.size]);
        expect(row.account_list.map((x) => `${x.game}:${x.distinct_id}`).sort()).toEqual([...(e?.accounts.keys() ?? [])].sort());
        seen.push(row.device_id);
      }
      if (!p.is_next) break;
    }
    expect(seen).toHaveLength(ref.size);
    // Newest first by default; filters.
    const shared = expectData(await call(srv, '/api/center_users/devices/?shared=1&limit=100', { token: sa }), listPage(deviceRow));
    expect(shared.total).toBe([...ref.values()].filter((e) => e.accounts.size >= 2).length);
    expect(shared.total).toBeGreaterThan(10);
    const mine = expectData(await call(srv, '/api/center_users/devices/?distinct_id=g2-p65&game=2', { token: sa }), listPage(deviceRow));
    expect(mine.data.map((d) => d.device_id)).toEqual(['dev-2-5']);
    const byGame = expectData(await call(srv, '/api/center_users/devices/?game=1&limit=100&ordering=-accounts', { token: sa }), listPage(deviceRow));
    expect(byGame.total).toBe(60);
    expect(byGame.data[0]?.accounts).toBe(2);
    const search = expectData(await call(srv, '/api/center_users/devices/?search=DEV-1-1', { token: sa }), listPage(deviceRow));
    expect(search.data.map((d) => d.device_id).sort()).toEqual(['dev-1-1', ...Array.from({ length: 10 }, (_, i) => `dev-1-1${i}`)].sort());
  });

  it('bad list parameters get a clear 4000', async () => {
    for (const [q, msg] of [
      ['limit=100000', 'limit 必须是 1 到 100 的整数'],
      ['page=0', 'page 必须是 1 到 1000000 的整数'],
      ['ordering=id;DROP', 'ordering 只能是'],
      ['shared=yes', 'shared 只能是 1 或 0'],
      ['game=abc', 'game 必须是游戏编号'],
      [`search=${'x'.repeat(300)}`, '最长 128 个字符'],
      ['os=a&os=b', '只能出现一次'],
    ] as const) {
      const res = await call(srv, `/api/center_users/devices/?${q}`, { token: sa });
      expect(res.status, q).toBeLessThan(500);
      expect(res.body.code, q).toBe(4000);
      expect(String(res.body.msg), q).toContain(msg);
    }
  });
});

describe('bad input and permissions', () => {
  it('bad parameters get a clear 4000, never a 5xx', async () => {
    const base = '/api/center_users/retention/';
    const cases: Array<[string, string]> = [
      [`${base}?start=2026-01-01`, 'end 必须是 YYYY-MM-DD'],
      [`${base}?start=2026-02-30&end=2026-03-01`, 'start 不是有效的日期'],
      [`${base}?start=2026-03-02&end=2026-03-01`, 'end 不能早于 start'],
      [`${base}?start=2024-01-01&end=2026-03-01`, '日期范围不能超过 366 天'],
      [`${base}?start=2026-01-01&end=2026-01-02&game=1e400`, 'game 必须是游戏编号'],
      [`${base}?start=2026-01-01&end=2026-01-02&game=-1`, 'game 必须是游戏编号'],
      [`${base}?start=2026-01-01&end=2026-01-02&game=1&game=2`, '参数 game 只能出现一次'],
      [`${base}?start=2026-01-01&end=2026-01-02&channel=${'x'.repeat(200)}`, 'channel 不能超过 128 个字符'],
    ];
    for (const [path, msg] of cases) {
      const res = await call(srv, path, { token: sa });
      expect(res.status, path).toBeLessThan(500);
      expect(res.body.code, path).not.toBe(2000);
      expect(String(res.body.msg), path).toContain(msg);
    }
    const odd = await get(`${base}?start=${today}&end=${today}&channel=${encodeURIComponent("tap' OR '1'='1")}`);
    expect(odd.total.players).toBe(0);
  });

  it('the analyst (test) reads it and lists the games; without the screen\'s buttons, refused; no token, no data', async () => {
    const path = `/api/center_users/retention/?start=${today}&end=${today}`;
    expect((await call(srv, path, { token: testToken })).body.code).toBe(2000);
    expect((await call(srv, path)).body.code).not.toBe(2000);
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path LIKE '/center_users/%')`,
    );
    expectFailure(await call(srv, path, { token: testToken }), 4000, '您没有执行该操作的权限。 (GET: /api/center_users/retention/)');
  });
});
