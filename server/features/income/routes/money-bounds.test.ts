import { beforeAll, describe, expect, it } from 'vitest';
import { distributionResult, historyResult, ORDER_MAX_AMOUNT, orderIngestResult, overviewResult, rankResult, toReportMinor, trackingCredentials } from '../../../../contracts/schemas';
import type { TestServer } from '../../../testing';
import { type AppCredentials, call, expectData, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';

/**
 * Money that cannot break the reports: one order is bounded to a believable amount (refused above it
 * with its reason), and a day whose stored rows add up beyond 2^53 minor units (rows written before the
 * bound, or many orders at it) still answers every revenue report instead of an error.
 */

const GAME = 2;
let srv: TestServer;
let sa: string;
let creds: AppCredentials;

suiteServer(['superadmin'], (s) => ({ srv, tokens: [sa] } = s), {}, 180_000);
beforeAll(async () => {
  const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game: GAME } }), trackingCredentials.partial().passthrough()) as { id: number };
  creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
}, SERVER_TIMEOUT_MS);

const time = new Date(Date.now() - 2 * 86_400_000).toISOString();
const order = (id: string, amount: number, currency = 'CNY') => ({ order_id: id, distinct_id: 'whale', amount, currency, channel: 'tap', method: 'alipay', region: 'CN', status: 'paid', time });
const ingest = async (list: unknown[]) => expectData(await signedPost(srv, '/api/ingest/orders/', creds, { orders: list }), orderIngestResult.strict());

describe('money bounds', () => {
  it('one order is at most ORDER_MAX_AMOUNT (10^9 minor units): 10^12 and one over the bound are refused with the bound named, the bound itself is stored', async () => {
    expect(ORDER_MAX_AMOUNT).toBe(1_000_000_000);
    const res = await ingest([order('big-1', 1_000_000_000_000), order('big-2', ORDER_MAX_AMOUNT + 1, 'JPY'), order('max-1', ORDER_MAX_AMOUNT, 'JPY')]);
    expect(res.accepted).toBe(1);
    expect(res.rejected.map((r) => r.index)).toEqual([0, 1]);
    for (const r of res.rejected) expect(r.reason).toBe(`金额 amount 不合法：应为正整数（最小货币单位，如分），且不超过 ${ORDER_MAX_AMOUNT}`);
    const stored = await srv.query<{ order_id: string; amount_cny: string }>('SELECT order_id, amount_cny::text FROM orders WHERE game = $1 ORDER BY order_id', [GAME]);
    expect(stored).toEqual([{ order_id: 'max-1', amount_cny: String(toReportMinor(ORDER_MAX_AMOUNT, 'JPY')) }]);
  });

  it('a day whose rows add up beyond 2^53 minor units still answers overview, history, distribution and rank (sums in numeric, never an error)', async () => {
    const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    // Rows as an old order of 4·10^15 fen per channel would have left them (written before the bound).
    const big = 4_000_000_000_000_000;
    for (const channel of ['a', 'b', 'c']) {
      await srv.query('INSERT INTO income_daily (game, day, channel, region, method, gross, refunds, orders, refund_orders, paid_refunded) VALUES ($1, $2, $3, $4, $5, $6, 0, 1, 0, 0)', [GAME, day, channel, 'CN', 'alipay', String(big)]);
      await srv.query('INSERT INTO income_player_days (game, day, distinct_id, channel, region, method, gross, refunds, orders, refund_orders) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 1, 0)', [GAME, day, `w-${channel}`, channel, 'CN', 'alipay', String(big)]);
    }
    const q = `start=${day}&end=${day}&game=${GAME}`;
    const o = expectData(await call(srv, `/api/center_income/overview/?${q}`, { token: sa }), overviewResult);
    // 1.2·10^16 is beyond 2^53 (9.007·10^15) and a double holds it exactly: the figure is the sum.
    expect(o.gross).toBe(3 * big);
    expect(o.revenue).toBe(3 * big);
    expect(o.orders).toBe(3);
    const h = expectData(await call(srv, `/api/center_income/history/?${q}`, { token: sa }), historyResult);
    expect(h.days.map((d) => d.gross)).toEqual([3 * big]);
    const d = expectData(await call(srv, `/api/center_income/distribution/?${q}&by=channel`, { token: sa }), distributionResult);
    expect(d.rows.map((r) => r.gross).sort()).toEqual([big, big, big]);
    const r = expectData(await call(srv, `/api/center_income/rank/?${q}&by=player&limit=5`, { token: sa }), rankResult);
    expect(r.rows.map((x) => x.gross)).toEqual([big, big, big]);
  });
});
