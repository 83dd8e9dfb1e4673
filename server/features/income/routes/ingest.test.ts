import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MAX, ORDER_MAX_AMOUNT, orderIngestResult, toReportMinor, trackingCredentials } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, login, SERVER_TIMEOUT_MS, suiteServer } from '../../../test/helpers';

/**
 * POST /api/ingest/orders/: signing, batch limits, every per-callback rule, idempotency
 * (identical repeats are duplicates, different ones refused and recorded, the first kept), refunds,
 * and the rollups equal to a computation from the stored orders after all of it.
 */

const sign = (secret: string, body: string | Buffer) => createHmac('sha256', secret).update(body).digest('hex');
const GAME = 3;

let srv: TestServer;
let ctx: AppContext;
let creds: { app_key: string; secret: string };

async function send(body: string | Buffer, headers: Record<string, string> = {}) {
  return call(srv, '/api/ingest/orders/', { method: 'POST', raw: body, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': sign(creds.secret, body), ...headers } });
}
async function orders(list: unknown[]) {
  return expectData(await send(JSON.stringify({ orders: list })), orderIngestResult.strict());
}

const T0 = Date.now() - 3 * 86_400_000;
const order = (id: string, over: Record<string, unknown> = {}) => ({
  order_id: id,
  distinct_id: 'p1',
  amount: 600,
  currency: 'CNY',
  channel: 'tap',
  method: 'alipay',
  region: 'CN-GD',
  status: 'paid',
  time: new Date(T0).toISOString(),
  ...over,
});

suiteServer([], (s) => ({ srv, ctx } = s));
beforeAll(async () => {
  const sa = (await login(srv, 'superadmin', 'admin123456', false)).access;
  const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game: GAME } }), trackingCredentials.partial().passthrough()) as { id: number };
  creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
}, SERVER_TIMEOUT_MS);

describe('order ingestion', () => {
  it('refuses unsigned, wrongly signed, malformed and oversized batches with the envelope and nothing stored', async () => {
    const body = JSON.stringify({ orders: [order('sig-1')] });
    expectFailure(await send(body, { 'x-app-key': '' }), 401, '缺少 X-App-Key 请求头', 401);
    expectFailure(await send(body, { 'x-app-key': 'nope' }), 401, 'App Key 不存在或已停用', 401);
    expectFailure(await send(body, { 'x-signature': '' }), 401, '缺少 X-Signature 请求头', 401);
    expectFailure(await send(body, { 'x-signature': sign('wrong', body) }), 401, '签名不正确：X-Signature 应为请求体原文的 HMAC-SHA256（十六进制）', 401);
    expectFailure(await send('{"orders": [NaN]}'), 400, '请求体不是合法的 JSON', 400);
    expectFailure(await send('{"events": []}'), 400, '请求体应为 {"orders": [...]}', 400);
    expectFailure(await send('{"orders": []}'), 400, 'orders 不能为空', 400);
    const many = JSON.stringify({ orders: Array.from({ length: ORDER_MAX + 1 }, (_, i) => order(`m${i}`)) });
    expectFailure(await send(many), 413, `一批最多 ${ORDER_MAX} 个订单，本批 ${ORDER_MAX + 1} 个`, 413);
    const huge = JSON.stringify({ orders: [order('x', { region: 'x'.repeat(1024 * 1024) })] });
    expectFailure(await send(huge), 413, '请求体过大（上限 1 MB）', 413);
    expect(await srv.query('SELECT 1 FROM orders')).toEqual([]);
  });

  it('refuses each bad callback with its reason and stores the good ones of the same batch', async () => {
    const now = Date.now();
    const bad: Array<[Record<string, unknown>, string]> = [
      [order('b1', { amount: 12.5 }), '金额 amount 不合法'],
      [order('b2', { amount: -600 }), '金额 amount 不合法'],
      [order('b3', { amount: 0 }), '金额 amount 不合法'],
      [order('b4', { amount: '600' }), '金额 amount 不合法'],
      [order('b5', { amount: ORDER_MAX_AMOUNT + 1 }), '金额 amount 不合法'],
      [order('b6', { currency: 'XBT' }), '不支持的币种「XBT」'],
      [order('b7', { currency: 'cny' }), '不支持的币种'],
      [order('b8', { status: 'chargeback' }), '状态 status 只能是 paid 或 refunded'],
      [order('b9', { time: 'yesterday' }), '时间 time 不合法'],
      [order('b10', { time: now + 3_600_000 }), '超前服务器时间'],
      [order('b11', { time: now - 400 * 86_400_000 }), '早于 366 天前'],
      [order('b12', { time: 1.5 }), '时间 time 不合法'],
      [order('', {}), '缺少订单号 order_id'],
      [order('x'.repeat(65)), '订单号 order_id 最长 64 个字符'],
      [order('b13', { distinct_id: 'a\u0000b' }), '玩家标识 distinct_id 不能包含空字符'],
      [order('b14', { distinct_id: 'p'.repeat(129) }), '玩家标识 distinct_id 最长 128 个字符'],
      [order('b15', { channel: undefined }), '缺少渠道 channel'],
      [order('b16', { method: 7 }), '缺少支付方式 method'],
      [order('b17', { region: 'r'.repeat(65) }), '地区 region 最长 64 个字符'],
      [order('b18', { status: 'refunded' }), '退款的订单「b18」不存在'],
    ];
    const good = order("o-1'; DROP TABLE orders; --", { amount: 1999, currency: 'USD' });
    // 1e400 is Infinity once parsed: refused like any amount that is not a positive integer.
    const raw = JSON.stringify({ orders: [...bad.map(([o]) => o), good] }).replace('"amount":-600', '"amount":1e400');
    const res = expectData(await send(raw), orderIngestResult.strict());
    expect(res.accepted).toBe(1);
    expect(res.duplicates).toBe(0);
    expect(res.rejected.map((r) => r.index)).toEqual(bad.map((_, i) => i));
    res.rejected.forEach((r, i) => expect(r.reason, JSON.stringify(bad[i]?.[0]).slice(0, 80)).toContain(bad[i]?.[1]));
    const rows = await srv.query<{ order_id: string; amount: string; currency: string; amount_cny: string; status: string }>('SELECT order_id, amount::text, currency, amount_cny::text, status FROM orders');
    expect(rows).toEqual([{ order_id: good.order_id, amount: '1999', currency: 'USD', amount_cny: String(toReportMinor(1999, 'USD')), status: 'paid' }]);
    expect(toReportMinor(1999, 'USD')).toBe(14193); // 1999 × 7.1 = 14192.9 → 14193
  });

  it('an identical repeat is a duplicate; a different one is refused, recorded, and the first kept', async () => {
    const first = await orders([order('r-1', { amount: 3000 }), order('r-2', { amount: 600, distinct_id: 'p2' })]);
    expect(first).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    const again = await orders([order('r-1', { amount: 3000 }), order('r-2', { amount: 600, distinct_id: 'p2' })]);
    expect(again).toEqual({ accepted: 2, duplicates: 2, rejected: [] });
    // The same time written another way (epoch ms) is the same content.
    expect(await orders([order('r-1', { amount: 3000, time: T0 })])).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    const changed = await orders([order('r-1', { amount: 3001 }), order('r-2', { amount: 600, distinct_id: 'p2', channel: 'huawei' })]);
    expect(changed.accepted).toBe(0);
    expect(changed.rejected.map((r) => r.index)).toEqual([0, 1]);
    expect(changed.rejected[0]?.reason).toBe('订单「r-1」已存在且内容不同（amount）：保留首次收到的订单，本次回调已拒绝并记录');
    expect(changed.rejected[1]?.reason).toContain('（channel）');
    const kept = await srv.query<{ amount: string; channel: string }>("SELECT amount::text, channel FROM orders WHERE order_id IN ('r-1', 'r-2') ORDER BY order_id");
    expect(kept).toEqual([{ amount: '3000', channel: 'tap' }, { amount: '600', channel: 'tap' }]);
    const conflicts = await srv.query<{ order_id: string; callback: { amount: number } }>("SELECT order_id, callback FROM order_conflicts WHERE order_id IN ('r-1', 'r-2') ORDER BY id");
    expect(conflicts.map((c) => c.order_id)).toEqual(['r-1', 'r-2']);
    expect(conflicts[0]?.callback.amount).toBe(3001);
    // Within one batch: the first of an order id wins, an identical repeat is a duplicate, a different one refused.
    const inBatch = await orders([order('r-3'), order('r-3'), order('r-3', { amount: 601 })]);
    expect(inBatch.accepted).toBe(2);
    expect(inBatch.duplicates).toBe(1);
    expect(inBatch.rejected).toEqual([{ index: 2, reason: '订单「r-3」与本批第 0 个回调内容不同：保留第一个，本次已拒绝并记录' }]);
  });

  it('a refund marks a known order refunded once; repeats are duplicates; wrong ones refused', async () => {
    const refundAt = new Date(T0 + 86_400_000).toISOString();
    // Paid and refunded in the same batch: the payment first.
    const res = await orders([order('f-1', { status: 'refunded', time: refundAt, amount: 6800 }), order('f-1', { amount: 6800 })]);
    expect(res).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    const [row] = await srv.query<{ status: string; refund_time: Date; time: Date }>("SELECT status, refund_time, time FROM orders WHERE order_id = 'f-1'");
    expect(row?.status).toBe('refunded');
    expect(new Date(row?.refund_time ?? 0).toISOString()).toBe(refundAt);
    expect(new Date(row?.time ?? 0).getTime()).toBe(T0);
    expect(await orders([order('f-1', { status: 'refunded', time: refundAt, amount: 6800 })])).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    // The payment callback again, after the refund: still the same order, nothing changes.
    expect(await orders([order('f-1', { amount: 6800 })])).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    const other = await orders([order('f-1', { status: 'refunded', time: new Date(T0 + 2 * 86_400_000).toISOString(), amount: 6800 })]);
    expect(other.rejected[0]?.reason).toContain('已于');
    const mismatch = await orders([order('r-2', { status: 'refunded', time: refundAt, amount: 999, distinct_id: 'p2' })]);
    expect(mismatch.rejected[0]?.reason).toContain('内容不同（amount）');
    const early = await orders([order('r-2', { status: 'refunded', time: new Date(T0 - 60_000).toISOString(), distinct_id: 'p2' })]);
    expect(early.rejected).toEqual([{ index: 0, reason: '订单「r-2」的退款时间早于支付时间' }]);
    expect((await srv.query<{ status: string }>("SELECT status FROM orders WHERE order_id = 'r-2'"))[0]?.status).toBe('paid');
  });

  it('the rollups equal a computation from the stored orders', async () => {
    const tz = ctx.config.analyticsTz;
    const fromOrders = await srv.query(
      `SELECT game, day, channel, region, method, sum(gross)::text AS gross, sum(refunds)::text AS refunds, sum(orders)::int AS orders, sum(refund_orders)::int AS refund_orders FROM (
         SELECT game, (time AT TIME ZONE $1)::date AS day, channel, region, method, amount_cny AS gross, 0 AS refunds, 1 AS orders, 0 AS refund_orders FROM orders
         UNION ALL SELECT game, (refund_time AT TIME ZONE $1)::date, channel, region, method, 0, amount_cny, 0, 1 FROM orders WHERE refund_time IS NOT NULL) o
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      [tz],
    );
    const rollup = await srv.query('SELECT game, day, channel, region, method, gross::text, refunds::text, orders, refund_orders FROM income_daily ORDER BY 1, 2, 3, 4, 5');
    expect(rollup).toEqual(fromOrders);
    expect(rollup.length).toBeGreaterThan(1);
    // The list's counts: refunded orders on their paid day, and the all-time totals.
    const refundedByPaidDay = await srv.query(
      `SELECT game, (time AT TIME ZONE $1)::date AS day, channel, region, method, count(*) FILTER (WHERE status = 'refunded')::int AS n FROM orders GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      [tz],
    );
    expect(await srv.query('SELECT game, day, channel, region, method, paid_refunded AS n FROM income_daily WHERE orders > 0 ORDER BY 1, 2, 3, 4, 5')).toEqual(refundedByPaidDay);
    expect(await srv.query('SELECT game, channel, region, method, orders::int, paid_refunded::int FROM income_totals ORDER BY 1, 2, 3, 4')).toEqual(
      await srv.query(`SELECT game, channel, region, method, count(*)::int AS orders, count(*) FILTER (WHERE status = 'refunded')::int AS paid_refunded FROM orders GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
    );
    const payers = await srv.query<{ n: number }>('SELECT count(DISTINCT distinct_id)::int AS n FROM income_player_days WHERE orders > 0');
    expect(payers[0]?.n).toBe(2);
    const active = await srv.query<{ distinct_id: string }>('SELECT DISTINCT distinct_id FROM player_active_days ORDER BY 1');
    expect(active.map((a) => a.distinct_id)).toEqual(['p1', 'p2']);
  });
});
