import { beforeAll, describe, expect, it } from 'vitest';
import { orderIngestResult, statsResult, trackingCredentials, trackResult, type StatsResult } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { type AppCredentials, call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * Data reports against a randomized history (fixed seed) sent through the real ingestion
 * APIs: 2 games, 80 accounts (most play both games, some one), events and paid orders (some refunded days
 * later), newest first, some batches twice. Every day's new / active / paying players, revenue, ARPU and
 * d1/d7, and the summary row, of both reports are compared with a plain-JS computation from the RAW rows
 * (tracking_events, orders) read back from the database; the 055 rollups equal a rebuild; the export;
 * bad input; permissions.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
const GAMES = [1, 2];
const DAY = 86_400_000;
let tz = 'Asia/Shanghai';
let today = '';

const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const post = (path: string, creds: AppCredentials, body: unknown) => signedPost(srv, path, creds, body);

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s), {}, SERVER_TIMEOUT_MS * 2);
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  const now = Date.now() - 5 * 60_000;
  today = dayOf(now);
  const rand = prng(55);
  const sent: Record<number, { events: object[]; orders: object[]; refunds: object[] }> = { 1: { events: [], orders: [], refunds: [] }, 2: { events: [], orders: [], refunds: [] } };
  let orderNo = 0;
  for (let p = 0; p < 80; p++) {
    const player = `acct-${p}`;
    // Most accounts play both games (joining the second a few days later), some only one.
    const games = p % 5 === 0 ? [1] : p % 7 === 0 ? [2] : [1, 2];
    const join = now - Math.floor(rand() * 35 * DAY);
    for (const [gi, game] of games.entries()) {
      const start = join + gi * Math.floor(rand() * 4) * DAY;
      for (let k = 0; k < 35; k++) {
        const t = start + k * DAY + Math.floor(rand() * 6 * 3_600_000);
        if (t > now) break;
        if (k !== 0 && rand() > 0.6 / Math.sqrt(k)) continue;
        const s = sent[game]!;
        if (k === 0) s.events.push({ uuid: uuidFrom(rand), event: 'register', distinct_id: player, time: new Date(t).toISOString(), properties: { channel: 'tap' } });
        // Some active days are orders only (an order makes a player active too).
        if (rand() < 0.2) {
          const id = `D${game}-${orderNo++}`;
          const amount = 100 + Math.floor(rand() * 50) * 100;
          s.orders.push({ order_id: id, distinct_id: player, amount, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status: 'paid', time: new Date(t).toISOString() });
          const refundAt = t + Math.floor(rand() * 3 * DAY);
          if (rand() < 0.25 && refundAt < now) s.refunds.push({ order_id: id, distinct_id: player, amount, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status: 'refunded', time: new Date(refundAt).toISOString() });
          if (rand() < 0.5) continue;
        }
        s.events.push({ uuid: uuidFrom(rand), event: 'login', distinct_id: player, time: new Date(t).toISOString(), properties: {} });
      }
    }
  }
  for (const game of GAMES) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    const creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
    const s = sent[game]!;
    const newest = <T>(xs: T[]) => [...xs].sort((a, b) => String((b as { time: string }).time).localeCompare(String((a as { time: string }).time)));
    const events = newest(s.events);
    for (let i = 0; i < events.length; i += 120) {
      for (let round = 0; round < (i % 240 === 0 ? 2 : 1); round++) expect(expectData(await post('/api/embed/track/', creds, { events: events.slice(i, i + 120) }), trackResult).rejected).toEqual([]);
    }
    const orders = newest(s.orders);
    for (let i = 0; i < orders.length; i += 50) expect(expectData(await post('/api/ingest/orders/', creds, { orders: orders.slice(i, i + 50) }), orderIngestResult).rejected).toEqual([]);
    if (s.refunds.length > 0) expect(expectData(await post('/api/ingest/orders/', creds, { orders: s.refunds }), orderIngestResult).rejected).toEqual([]);
  }
  // Players' active days (which the report rollups follow) are kept by the upkeep after ingestion.
  await ctx.playerUpkeep.drain();
}, SERVER_TIMEOUT_MS * 2);

interface Raw {
  /** key (game:player or player) → active days */
  active: Map<string, Set<string>>;
  /** day → key → paid orders */
  paying: Map<string, Set<string>>;
  /** day → revenue (paid by paid day − refunds by refund day), and the range's gross/refunds */
  revenue: Map<string, { gross: number; refunds: number }>;
}

/** The reference, straight from the raw tables (no rollup): tracking_events and orders. */
async function raw(game: number | null, accounts: boolean): Promise<Raw> {
  const key = (g: number, p: string) => (accounts ? p : `${g}:${p}`);
  const out: Raw = { active: new Map(), paying: new Map(), revenue: new Map() };
  const activeOn = (k: string, day: string) => {
    const s = out.active.get(k) ?? new Set<string>();
    s.add(day);
    out.active.set(k, s);
  };
  const events = await ctx.db.query<{ game: number; distinct_id: string; t: string }>(`SELECT game, distinct_id, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS t FROM tracking_events`);
  const orders = await ctx.db.query<{ game: number; distinct_id: string; amount_cny: string; t: string; r: string | null }>(
    `SELECT game, distinct_id, amount_cny::text, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS t, to_char(refund_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS r FROM orders`,
  );
  for (const e of events) if (game === null || e.game === game) activeOn(key(e.game, e.distinct_id), dayOf(Date.parse(e.t)));
  for (const o of orders) {
    if (game !== null && o.game !== game) continue;
    const paid = dayOf(Date.parse(o.t));
    activeOn(key(o.game, o.distinct_id), paid);
    const s = out.paying.get(paid) ?? new Set<string>();
    s.add(key(o.game, o.distinct_id));
    out.paying.set(paid, s);
    const v = out.revenue.get(paid) ?? { gross: 0, refunds: 0 };
    v.gross += Number(o.amount_cny);
    out.revenue.set(paid, v);
    if (o.r !== null) {
      const rd = dayOf(Date.parse(o.r));
      const w = out.revenue.get(rd) ?? { gross: 0, refunds: 0 };
      w.refunds += Number(o.amount_cny);
      out.revenue.set(rd, w);
    }
  }
  return out;
}

const perHead = (amount: number, people: number) => (people === 0 ? 0 : Math.sign(amount) * Math.round(Math.abs(amount) / people) || 0);
const rate = (r: number, n: number) => (n > 0 ? Math.round((r / n) * 1e6) / 1e6 : null);

function reference(r: Raw, start: string, end: string) {
  const first = new Map([...r.active].map(([k, days]) => [k, [...days].sort()[0]!]));
  const days = [];
  const sum = { n: 0, p1: 0, r1: 0, p7: 0, r7: 0, gross: 0, refunds: 0 };
  const activeRange = new Set<string>();
  const payingRange = new Set<string>();
  for (let d = start; d <= end; d = shift(d, 1)) {
    const fresh = [...first].filter(([, f]) => f === d).map(([k]) => k);
    const r1 = fresh.filter((k) => r.active.get(k)?.has(shift(d, 1))).length;
    const r7 = fresh.filter((k) => r.active.get(k)?.has(shift(d, 7))).length;
    const active = [...r.active].filter(([, s]) => s.has(d)).map(([k]) => k);
    active.forEach((k) => activeRange.add(k));
    const paying = r.paying.get(d) ?? new Set<string>();
    paying.forEach((k) => payingRange.add(k));
    const money = r.revenue.get(d) ?? { gross: 0, refunds: 0 };
    const revenue = money.gross - money.refunds;
    sum.n += fresh.length;
    sum.gross += money.gross;
    sum.refunds += money.refunds;
    if (shift(d, 1) <= today) {
      sum.p1 += fresh.length;
      sum.r1 += r1;
    }
    if (shift(d, 7) <= today) {
      sum.p7 += fresh.length;
      sum.r7 += r7;
    }
    days.push({
      day: d,
      new_players: fresh.length,
      active_players: active.length,
      paying_players: paying.size,
      revenue,
      arpu: perHead(revenue, active.length),
      d1: shift(d, 1) <= today ? rate(r1, fresh.length) : null,
      d7: shift(d, 7) <= today ? rate(r7, fresh.length) : null,
      d1_retained: r1,
      d7_retained: r7,
    });
  }
  const revenue = sum.gross - sum.refunds;
  return {
    days,
    total: {
      new_players: sum.n,
      active_players: activeRange.size,
      paying_players: payingRange.size,
      revenue,
      gross: sum.gross,
      refunds: sum.refunds,
      arpu: perHead(revenue, activeRange.size),
      d1: rate(sum.r1, sum.p1),
      d7: rate(sum.r7, sum.p7),
      d1_retained: sum.r1,
      d7_retained: sum.r7,
    },
  };
}

const get = async (path: string, token = sa): Promise<StatsResult> => expectData(await call(srv, path, { token }), statsResult.strict());
const RANGES = (): Array<[string, string]> => [
  [shift(today, -40), today],
  [shift(today, -20), shift(today, -6)],
  [today, today],
];

describe('the data reports equal an independent computation from the raw events and orders', () => {
  it('game_stats: every day and the summary, each game and every game', async () => {
    let checked = 0;
    for (const game of [null, ...GAMES]) {
      const ref = await raw(game, false);
      for (const [start, end] of RANGES()) {
        const q = `start=${start}&end=${end}${game === null ? '' : `&game=${game}`}`;
        const r = await get(`/api/data_reports/game_stats/?${q}`);
        const want = reference(ref, start, end);
        expect(r.days, q).toEqual(want.days);
        expect(r.total, q).toEqual(want.total);
        expect(r).toMatchObject({ start, end, game, today, currency: 'CNY' });
        checked += want.total.new_players;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('user_stats: accounts counted once across games', async () => {
    const ref = await raw(null, true);
    for (const [start, end] of RANGES()) {
      const r = await get(`/api/data_reports/user_stats/?start=${start}&end=${end}`);
      const want = reference(ref, start, end);
      expect(r.days, start).toEqual(want.days);
      expect(r.total, start).toEqual(want.total);
      expect(r.game).toBeNull();
    }
    // The data exercise what the reports claim: accounts in two games, refunds, real d1/d7.
    const all = await get(`/api/data_reports/user_stats/?start=${shift(today, -40)}&end=${today}`);
    const games = await get(`/api/data_reports/game_stats/?start=${shift(today, -40)}&end=${today}`);
    expect(all.total.new_players).toBe(80);
    expect(games.total.new_players).toBeGreaterThan(all.total.new_players + 40);
    expect(all.total.refunds).toBeGreaterThan(0);
    expect(all.total.d1_retained).toBeGreaterThan(5);
    expect(all.total.d7_retained).toBeGreaterThan(0);
    expect(games.total.revenue).toBe(all.total.revenue);
  });

  it('the rollups kept at ingestion equal a rebuild from scratch', async () => {
    const snapshot = async () => ({
      a: await ctx.db.query('SELECT game, day::text, players FROM active_daily ORDER BY 1, 2'),
      d: await ctx.db.query('SELECT day::text, distinct_id FROM account_active_days ORDER BY 1, 2'),
      n: await ctx.db.query('SELECT day::text, players FROM account_active_daily ORDER BY 1'),
    });
    const kept = await snapshot();
    expect(kept.a.length).toBeGreaterThan(40);
    await ctx.db.query('SELECT data_reports_rebuild()');
    expect(await snapshot()).toEqual(kept);
  });

  it('exports the same rows as xlsx', async () => {
    const start = shift(today, -10);
    const res = await fetch(`${srv.baseUrl}/api/data_reports/user_stats/export/?start=${start}&end=${today}`, { headers: { authorization: `JWT ${testToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('x-export-rows')).toBe('12');
    const rows = readXlsx(Buffer.from(await res.arrayBuffer()));
    const r = await get(`/api/data_reports/user_stats/?start=${start}&end=${today}`);
    expect(rows[0]).toEqual(['日期', '新增玩家', '活跃玩家', '付费玩家', '收入(分, CNY)', 'ARPU(分, CNY)', '次日留存', '7日留存']);
    const pct = (v: number | null) => (v === null ? '' : `${(v * 100).toFixed(2)}%`);
    // readXlsx leaves out empty trailing cells: compare without them.
    const trim = (a: string[]) => {
      while (a.at(-1) === '') a.pop();
      return a;
    };
    const strip = (row: unknown[] | undefined) => trim((row ?? []).map((c) => (c === undefined || c === null ? '' : String(c))));
    expect(strip(rows[1])).toEqual([today, ...[r.days.at(-1)!].flatMap((d) => [d.new_players, d.active_players, d.paying_players, d.revenue, d.arpu].map(String))]);
    const oldest = r.days[0]!;
    expect(strip(rows[11])).toEqual(trim([oldest.day, ...[oldest.new_players, oldest.active_players, oldest.paying_players, oldest.revenue, oldest.arpu].map(String), pct(oldest.d1), pct(oldest.d7)]));
    expect(oldest.d1).not.toBeNull();
    expect(strip(rows[12])).toEqual(trim([`合计 ${start} ~ ${today}`, ...[r.total.new_players, r.total.active_players, r.total.paying_players, r.total.revenue, r.total.arpu].map(String), pct(r.total.d1), pct(r.total.d7)]));
    const g = await fetch(`${srv.baseUrl}/api/data_reports/game_stats/export/?start=${start}&end=${today}&game=2`, { headers: { authorization: `JWT ${testToken}` } });
    expect(decodeURIComponent(g.headers.get('content-disposition') ?? '')).toContain(`游戏统计-${start}_${today}-2.xlsx`);
  });
});

describe('bad input and permissions', () => {
  it('bad parameters get a clear 4000, never a 5xx', async () => {
    for (const base of ['/api/data_reports/game_stats/', '/api/data_reports/user_stats/', '/api/data_reports/game_stats/export/']) {
      const cases: Array<[string, string]> = [
        [`${base}?start=2026-01-01`, 'end 必须是 YYYY-MM-DD'],
        [`${base}?start=2026-02-30&end=2026-03-01`, 'start 不是有效的日期'],
        [`${base}?start=2026-03-02&end=2026-03-01`, 'end 不能早于 start'],
        [`${base}?start=2024-01-01&end=2026-03-01`, '日期范围不能超过 366 天'],
        [`${base}?start=2026-01-01&end=2026-01-02&limit=100000`, '不支持的参数 limit'],
        [`${base}?start=2026-01-01&start=2026-01-02&end=2026-01-03`, '参数 start 只能出现一次'],
      ];
      if (base.includes('game_stats')) {
        cases.push([`${base}?start=2026-01-01&end=2026-01-02&game=1e400`, 'game 必须是游戏编号'], [`${base}?start=2026-01-01&end=2026-01-02&game=999999`, '游戏:id 为 999999 的游戏不存在'], [`${base}?start=2026-01-01&end=2026-01-02&game=-1`, 'game 必须是游戏编号']);
      } else if (base.includes('user_stats')) {
        cases.push([`${base}?start=2026-01-01&end=2026-01-02&game=1`, '不支持的参数 game']);
      }
      for (const [path, msg] of cases) {
        const res = await call(srv, path, { token: sa });
        expect(res.status, path).toBeLessThan(500);
        expect(res.body.code, path).toBe(4000);
        expect(String(res.body.msg), path).toContain(msg);
      }
    }
  });

  it('the analyst (test) reads both; without the screens\' buttons, refused; no token, no data', async () => {
    const paths = [`/api/data_reports/game_stats/?start=${today}&end=${today}`, `/api/data_reports/user_stats/?start=${today}&end=${today}`];
    for (const path of paths) {
      expect((await call(srv, path, { token: testToken })).body.code, path).toBe(2000);
      expect((await call(srv, path)).body.code, path).not.toBe(2000);
    }
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path LIKE '/data_reports/%')`,
    );
    for (const [path, api] of [
      [paths[0]!, 'GET: /api/data_reports/game_stats/'],
      [paths[1]!, 'GET: /api/data_reports/user_stats/'],
      [`/api/data_reports/user_stats/export/?start=${today}&end=${today}`, 'GET: /api/data_reports/user_stats/export/'],
    ] as const) {
      const res = await call(srv, path, { token: testToken });
      expectFailure(res, 4000, `您没有执行该操作的权限。 (${api})`);
    }
  });
});
