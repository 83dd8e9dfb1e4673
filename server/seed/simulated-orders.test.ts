import { describe, expect, it } from 'vitest';
import { distributionResult, historyResult, overviewResult, rankResult } from '../../contracts/schemas';
import type { TestServer } from '../testing';
import { call, expectData, SERVER_TIMEOUT_MS, suiteServer } from '../test/helpers';
import { ordersOfEvents } from './simulated-orders';
import { gameEvents } from './simulator';

/**
 * The simulator's payment callbacks: deterministic, one order per pay event, a few refunds
 * never in the future; and the first-start sample (SAMPLE_EVENTS=on) stores them through the real API,
 * where every revenue screen agrees with SQL over the raw orders (simulator data).
 */
describe('simulated orders', () => {
  it('one order per pay event, with the player\'s channel; refunds after their payment and not in the future', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    const events = gameEvents(2, { players: 300, days: 20, seed: 15 }, now);
    const a = ordersOfEvents(events, now - 60_000);
    expect(ordersOfEvents(events, now - 60_000)).toEqual(a);
    const pays = events.filter((e) => e.event === 'pay');
    expect(a.paid.map((o) => o.order_id)).toEqual(pays.map((e) => e.properties.order_id));
    expect(new Set(a.paid.map((o) => o.order_id)).size).toBe(a.paid.length);
    expect(a.refunds.length).toBeGreaterThan(0);
    expect(a.refunds.length).toBeLessThan(a.paid.length / 8);
    const paidAt = new Map(a.paid.map((o) => [o.order_id, Date.parse(o.time)]));
    for (const r of a.refunds) {
      expect(Date.parse(r.time)).toBeGreaterThan(paidAt.get(r.order_id) ?? Infinity);
      expect(Date.parse(r.time)).toBeLessThanOrEqual(now - 60_000);
    }
    const login = new Map(events.filter((e) => e.event === 'login').map((e) => [e.distinct_id, e.properties.channel]));
    for (const o of a.paid.slice(0, 50)) expect(o.channel).toBe(login.get(o.distinct_id));
  });
});

describe('first-start sample sends orders through the API; the screens agree with the raw orders', () => {
  let srv: TestServer;
  let token: string;
  suiteServer(['superadmin'], (s) => ({ srv, tokens: [token] } = s), { env: { SAMPLE_EVENTS: 'on' } }, SERVER_TIMEOUT_MS * 2);

  it('every pay event has its order; revenue of 14 days from SQL over orders = overview = history = distribution = rank', async () => {
    const [counts] = await srv.query<{ pays: number; orders: number; refunded: number }>(
      `SELECT (SELECT count(*)::int FROM tracking_events WHERE event = 'pay') AS pays, (SELECT count(*)::int FROM orders) AS orders,
              (SELECT count(*)::int FROM orders WHERE status = 'refunded') AS refunded`,
    );
    expect(counts?.orders).toBe(counts?.pays);
    expect(counts?.orders).toBeGreaterThan(50);
    expect(counts?.refunded).toBeGreaterThan(0);
    const [{ today } = { today: '' }] = await srv.query<{ today: string }>(`SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS today`);
    const [{ start } = { start: '' }] = await srv.query<{ start: string }>(`SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date - 15, 'YYYY-MM-DD') AS start`);
    const [raw] = await srv.query<{ gross: string; refunds: string; payers: number }>(
      `SELECT (SELECT coalesce(sum(amount_cny), 0)::text FROM orders WHERE (time AT TIME ZONE 'Asia/Shanghai')::date BETWEEN $1::date AND $2::date) AS gross,
              (SELECT coalesce(sum(amount_cny), 0)::text FROM orders WHERE (refund_time AT TIME ZONE 'Asia/Shanghai')::date BETWEEN $1::date AND $2::date) AS refunds,
              (SELECT count(DISTINCT (game, distinct_id))::int FROM orders WHERE (time AT TIME ZONE 'Asia/Shanghai')::date BETWEEN $1::date AND $2::date) AS payers`,
      [start, today],
    );
    const revenue = Number(raw?.gross) - Number(raw?.refunds);
    expect(Number(raw?.refunds)).toBeGreaterThan(0);
    const q = `start=${start}&end=${today}`;
    const o = expectData(await call(srv, `/api/center_income/overview/?${q}`, { token }), overviewResult);
    expect([o.revenue, o.gross, o.refunds, o.paying_players]).toEqual([revenue, Number(raw?.gross), Number(raw?.refunds), raw?.payers]);
    const h = expectData(await call(srv, `/api/center_income/history/?${q}&compare=previous`, { token }), historyResult);
    expect(h.totals.revenue).toBe(revenue);
    expect(h.days.reduce((s, d) => s + d.revenue, 0)).toBe(revenue);
    for (const by of ['game', 'channel', 'region', 'method']) {
      const d = expectData(await call(srv, `/api/center_income/distribution/?${q}&by=${by}`, { token }), distributionResult);
      expect(d.rows.reduce((s, r) => s + r.revenue, 0), by).toBe(revenue);
    }
    const r = expectData(await call(srv, `/api/center_income/rank/?${q}&by=game&limit=100`, { token }), rankResult);
    expect(r.rows.reduce((s, x) => s + x.revenue, 0)).toBe(revenue);
  });
});
