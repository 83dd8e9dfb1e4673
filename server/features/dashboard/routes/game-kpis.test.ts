import { beforeAll, describe, expect, it } from 'vitest';
import { gameKpis } from '../../../../contracts/schemas/dashboard/workbench';
import { orderIngestResult, trackingCredentials, trackResult } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import type { TestServer } from '../../../testing';
import { call, expectData, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * The workbench's game KPIs (GET /api/system/datav/game_kpis/). Events and orders go in through the
 * signed ingestion APIs (today and the day before, in the analytics zone); the answer is compared with
 * a plain-JS computation from the raw rows read back; revenue only for a caller who may open 收入概览.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s));

const PATH = '/api/system/datav/game_kpis/';
const rand = prng(64);
const HOUR = 3_600_000;
const creds = new Map<number, { app_key: string; secret: string }>();
let seq = 0;

async function credsOf(game: number) {
  const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
  return expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
}
async function events(game: number, list: Array<{ player: string; ago: number }>) {
  const c = creds.get(game) as { app_key: string; secret: string };
  const res = expectData(
    await signedPost(srv, '/api/embed/track/', c, { events: list.map((e) => ({ uuid: uuidFrom(rand), event: 'login', distinct_id: e.player, time: new Date(Date.now() - e.ago).toISOString(), properties: {} })) }),
    trackResult,
  );
  expect(res.rejected).toEqual([]);
  await ctx.playerUpkeep.drain();
}
async function orders(game: number, list: Array<{ player: string; amount: number; ago: number; refundAgo?: number }>) {
  const c = creds.get(game) as { app_key: string; secret: string };
  const wire = list.map((o) => ({ order_id: `kpi-${game}-${++seq}`, distinct_id: o.player, amount: o.amount, currency: 'CNY', channel: 'tap', method: 'wechat', region: 'CN-GD', status: 'paid', time: new Date(Date.now() - o.ago).toISOString() }));
  expect(expectData(await signedPost(srv, '/api/ingest/orders/', c, { orders: wire }), orderIngestResult).rejected).toEqual([]);
  const refunds = list.flatMap((o, i) => (o.refundAgo === undefined ? [] : [{ ...wire[i], status: 'refunded', time: new Date(Date.now() - o.refundAgo).toISOString() }]));
  if (refunds.length > 0) expect(expectData(await signedPost(srv, '/api/ingest/orders/', c, { orders: refunds }), orderIngestResult).rejected).toEqual([]);
  await ctx.playerUpkeep.drain();
}

/** The reference: every figure from the raw rows, in plain JS, for today in the zone. */
async function reference(tz: string) {
  const dayOf = (t: Date | string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(t));
  const today = dayOf(new Date());
  const ev = await srv.query<{ game: number; distinct_id: string; time: Date }>('SELECT game, distinct_id, time FROM tracking_events');
  const od = await srv.query<{ game: number; distinct_id: string; amount_cny: string; time: Date; refund_time: Date | null }>('SELECT game, distinct_id, amount_cny::text, time, refund_time FROM orders');
  const first = new Map<string, string>();
  const active = new Set<string>();
  const seen = (game: number, p: string, t: Date) => {
    const k = `${game}:${p}`;
    const d = dayOf(t);
    if (!first.has(k) || (first.get(k) as string) > d) first.set(k, d);
    if (d === today) active.add(k);
  };
  for (const e of ev) seen(e.game, e.distinct_id, e.time);
  const perGame = new Map<number, { active: number; fresh: number; revenue: number }>();
  const g = (id: number) => perGame.get(id) ?? (perGame.set(id, { active: 0, fresh: 0, revenue: 0 }).get(id) as { active: number; fresh: number; revenue: number });
  let revenue = 0;
  let count = 0;
  for (const o of od) {
    seen(o.game, o.distinct_id, o.time);
    const amount = Number(o.amount_cny);
    if (dayOf(o.time) === today) {
      revenue += amount;
      count++;
      g(o.game).revenue += amount;
    }
    if (o.refund_time && dayOf(o.refund_time) === today) {
      revenue -= amount;
      g(o.game).revenue -= amount;
    }
  }
  for (const k of active) g(Number(k.split(':')[0])).active++;
  let fresh = 0;
  for (const [k, d] of first) {
    if (d !== today) continue;
    fresh++;
    g(Number(k.split(':')[0])).fresh++;
  }
  return { today, active: active.size, fresh, revenue, orders: count, perGame };
}

describe('workbench game KPIs', () => {
  beforeAll(async () => {
    for (const game of [1, 2, 3]) creds.set(game, await credsOf(game));
    const n = (k: number, prefix: string) => Array.from({ length: k }, (_, i) => `${prefix}${i}`);
    // Game 1: old players (seen 30 h ago) back today, and new ones; game 2: new players paying; game 3: yesterday only.
    await events(1, n(6, 'old').map((p) => ({ player: p, ago: 30 * HOUR })));
    await events(1, [...n(4, 'old'), ...n(5, 'new')].map((p, i) => ({ player: p, ago: 60_000 + i * 1000 })));
    await events(2, n(3, 'b').map((p, i) => ({ player: p, ago: 90_000 + i * 1000 })));
    await orders(2, [
      { player: 'b0', amount: 64_800, ago: 30_000 },
      { player: 'b1', amount: 12_800, ago: 40_000, refundAgo: 20_000 },
      { player: 'b9', amount: 600, ago: 50_000 },
    ]);
    await orders(1, [{ player: 'old1', amount: 3_000, ago: 45_000 }]);
    await events(3, n(4, 'c').map((p) => ({ player: p, ago: 30 * HOUR })));
    await orders(3, [{ player: 'c0', amount: 99_900, ago: 30 * HOUR }]);
  });

  it('today\'s active players, new players, revenue and top games: the raw rows\' figures', async () => {
    const tz = ctx.config.analyticsTz;
    const ref = await reference(tz);
    const res = expectData(await call(srv, PATH, { token: sa }), gameKpis);
    expect(res).toMatchObject({ day: ref.today, timezone: tz, currency: 'CNY', revenue_allowed: true, top_by: 'revenue' });
    expect(res.active_players).toBe(ref.active);
    expect(res.new_players).toBe(ref.fresh);
    expect(res.revenue).toBe(ref.revenue);
    expect(res.orders).toBe(ref.orders);
    expect(ref.revenue).toBeGreaterThan(0);
    const expectedTop = [...ref.perGame.entries()]
      .filter(([, f]) => f.revenue !== 0 || f.active > 0)
      .sort((a, b) => b[1].revenue - a[1].revenue || b[1].active - a[1].active || a[0] - b[0])
      .map(([game, f]) => ({ game, active_players: f.active, new_players: f.fresh, revenue: f.revenue }));
    expect(res.top_games.map(({ name: _n, ...r }) => r)).toEqual(expectedTop.slice(0, 5));
    // A game that was active only yesterday is not in today's list.
    expect(res.top_games.some((t) => t.game === 3)).toBe(false);
  });

  it('a caller without 收入概览 gets no revenue: null figures, top games by active players', async () => {
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path LIKE '/center_income/%')`,
    );
    expect((await call(srv, '/api/center_income/overview/', { token: testToken })).body.code).toBe(4000);
    const ref = await reference(ctx.config.analyticsTz);
    const res = expectData(await call(srv, PATH, { token: testToken }), gameKpis);
    expect(res).toMatchObject({ revenue_allowed: false, revenue: null, orders: null, top_by: 'active_players', active_players: ref.active, new_players: ref.fresh });
    expect(res.top_games.every((t) => t.revenue === null)).toBe(true);
    const byActive = [...ref.perGame.entries()].filter(([, f]) => f.active > 0).sort((a, b) => b[1].active - a[1].active || a[0] - b[0]).map(([game]) => game);
    expect(res.top_games.map((t) => t.game)).toEqual(byActive);
    expect(JSON.stringify(res)).not.toContain('64800');
    // Without signing in: refused like every workbench call.
    expect((await call(srv, PATH)).body.code).not.toBe(2000);
  });
});
