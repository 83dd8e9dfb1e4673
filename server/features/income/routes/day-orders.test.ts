import { beforeAll, describe, expect, it } from 'vitest';
import { historyResult, orderIngestResult, trackingCredentials } from '../../../../contracts/schemas';
import { dayOrdersPage, type DayOrdersPage } from '../../../../contracts/schemas/income/day-orders';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng } from '../../../test/tracking-reference';

/**
 * 历史收入's drill-down (GET /api/center_income/history/orders/ and its export) on crafted orders sent
 * through the real payment ingestion (CNY, some refunded days later): for every day of the range, for
 * one game and for all, the paid list's count and sum are the day's orders and gross of
 * GET /api/center_income/history/, the refunded list's its refund_orders and refunds, their difference
 * its revenue; the rows are the orders a plain-JS pass over the crafted ones finds; the export; bad
 * input (4000); the Export right.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let analyst: string;
const DAY = 86_400_000;
let tz = 'Asia/Shanghai';
let games: number[] = [];

interface Crafted {
  game: number;
  order_id: string;
  distinct_id: string;
  amount: number;
  time: number;
  refund_time: number | null;
}
const crafted: Crafted[] = [];
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const wire = (o: Crafted, status: 'paid' | 'refunded') => ({
  order_id: o.order_id,
  distinct_id: o.distinct_id,
  amount: o.amount,
  currency: 'CNY',
  channel: 'tap',
  method: 'alipay',
  region: 'CN',
  status,
  time: new Date(status === 'paid' ? o.time : (o.refund_time as number)).toISOString(),
});

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, analyst] } = s));
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  games = (await ctx.db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 2')).map((g) => g.id);
  const now = Date.now() - 5 * 60_000;
  const rand = prng(4242);
  for (const game of games) {
    for (let i = 0; i < 70; i++) {
      const time = now - Math.floor(rand() * 8 * DAY);
      const refunded = rand() < 0.25;
      crafted.push({ game, order_id: `DO${game}-${i}`, distinct_id: `dop${game}-${i % 23}`, amount: [600, 3000, 6800, 99, 1][i % 5] as number, time, refund_time: refunded ? Math.min(now, time + Math.floor(rand() * 3 * DAY)) : null });
    }
  }
  for (const game of games) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    const creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
    const mine = crafted.filter((o) => o.game === game);
    expect(expectData(await signedPost(srv, '/api/ingest/orders/', creds, { orders: mine.map((o) => wire(o, 'paid')) }), orderIngestResult).rejected).toEqual([]);
    const refunds = mine.filter((o) => o.refund_time !== null);
    expect(expectData(await signedPost(srv, '/api/ingest/orders/', creds, { orders: refunds.map((o) => wire(o, 'refunded')) }), orderIngestResult).rejected).toEqual([]);
  }
  await ctx.playerUpkeep.drain();
}, SERVER_TIMEOUT_MS);

const page = async (q: Record<string, string>, token = sa): Promise<DayOrdersPage> =>
  expectData(await call(srv, `/api/center_income/history/orders/?${new URLSearchParams(q)}`, { token }), dayOrdersPage);

async function all(q: Record<string, string>): Promise<DayOrdersPage['data']> {
  const rows: DayOrdersPage['data'] = [];
  for (let p = 1; ; p++) {
    const res = await page({ ...q, page: String(p), limit: '7' });
    rows.push(...res.data);
    if (!res.is_next) return rows;
  }
}

describe('revenue day drill-down', () => {
  it('every day, one game and all: paid = orders and gross, refunded = refund_orders and refunds, revenue = their difference; rows = the crafted orders of that day', async () => {
    const today = dayOf(Date.now());
    const start = shift(today, -8);
    let days = 0;
    for (const game of [...games, null]) {
      const history = expectData(await call(srv, `/api/center_income/history/?start=${start}&end=${today}${game === null ? '' : `&game=${game}`}`, { token: sa }), historyResult);
      for (const d of history.days) {
        const base = { day: d.day, ...(game === null ? {} : { game: String(game) }) };
        const paid = await page({ ...base, kind: 'paid' });
        const refunded = await page({ ...base, kind: 'refunded' });
        expect([paid.total, paid.sum, refunded.total, refunded.sum], `${game} ${d.day}`).toEqual([d.orders, d.gross, d.refund_orders, d.refunds]);
        expect(paid.sum - refunded.sum).toBe(d.revenue);
        expect(paid.figures).toEqual({ revenue: d.revenue, gross: d.gross, refunds: d.refunds, orders: d.orders, refund_orders: d.refund_orders, paying_players: d.paying_players });
        const mine = crafted.filter((o) => game === null || o.game === game);
        const paidRows = await all({ ...base, kind: 'paid' });
        const refundedRows = await all({ ...base, kind: 'refunded' });
        const ours = (rows: DayOrdersPage['data']) => rows.filter((r) => r.order_id.startsWith('DO')).map((r) => r.order_id).sort();
        expect(ours(paidRows)).toEqual(mine.filter((o) => dayOf(o.time) === d.day).map((o) => o.order_id).sort());
        expect(ours(refundedRows)).toEqual(mine.filter((o) => o.refund_time !== null && dayOf(o.refund_time) === d.day).map((o) => o.order_id).sort());
        expect(paidRows.reduce((a, r) => a + r.amount_cny, 0)).toBe(d.gross);
        expect(refundedRows.reduce((a, r) => a + r.amount_cny, 0)).toBe(d.refunds);
        // Newest first.
        const times = paidRows.map((r) => Date.parse(r.time));
        expect(times).toEqual([...times].sort((a, b) => b - a));
        if (game !== null) days += d.orders > 0 ? 1 : 0;
      }
    }
    expect(days).toBeGreaterThan(8);
  });

  it('the export holds the list\'s orders; bad input answers 4000; the Export button is needed for the export only', async () => {
    const day = dayOf(Date.now() - 2 * DAY);
    const q = { day, game: String(games[0]), kind: 'paid' };
    const rows = await all(q);
    const res = await fetch(`${srv.baseUrl}/api/center_income/history/orders/export_data/?${new URLSearchParams(q)}`, { headers: { authorization: `JWT ${analyst}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-rows')).toBe(String(rows.length));
    const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(sheet.slice(1).map((r) => r[1])).toEqual(rows.map((r) => r.order_id));
    const bad: Array<[string, string]> = [
      ['kind=paid', 'day 必须是 YYYY-MM-DD'],
      [`day=${day}&kind=lost`, 'kind 只能是 paid 或 refunded'],
      [`day=${day}&game=0`, 'game 必须是游戏编号'],
      [`day=${day}&limit=0`, 'limit 必须是 1 到 100 的整数'],
      [`day=${day}&day=${day}`, '参数 day 只能出现一次'],
    ];
    for (const [qs, msg] of bad) expectFailure(await call(srv, `/api/center_income/history/orders/?${qs}`, { token: sa }), 4000, msg);
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path = '/center_income/history' AND b.value = 'Export')`,
    );
    expect((await call(srv, `/api/center_income/history/orders/?${new URLSearchParams(q)}`, { token: analyst })).body.code).toBe(2000);
    expectFailure(await call(srv, `/api/center_income/history/orders/export_data/?${new URLSearchParams(q)}`, { token: analyst }), 4000, '您没有执行该操作的权限。 (GET: /api/center_income/history/orders/export_data/)');
    expect((await call(srv, `/api/center_income/history/orders/?${new URLSearchParams(q)}`)).body.code).not.toBe(2000);
  });
});
