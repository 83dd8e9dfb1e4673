import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../db/pglite';
import { appCredentials, KilledServer, sendThroughKills } from '../../../test/process-server';

/**
 * kill -9 of the server while 4 game servers send signed order callbacks and retry every batch not
 * acknowledged: afterwards every acknowledged order is stored once, refunds applied once, and every
 * rollup equals a computation from the orders. Real process, real data folder (PGlite).
 */
describe('order ingestion survives kill -9', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orders-kill-'));
  const server = new KilledServer(dir);
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('0 acknowledged orders lost, 0 counted twice, rollups equal the orders', async () => {
    const creds = await appCredentials((await server.start()).url, 1);

    const BATCHES = 24;
    const SIZE = 200;
    const now = Date.now();
    const order = (b: number, i: number) => ({
      order_id: `k-${b}-${i}`,
      distinct_id: `p${(b * 13 + i) % 400}`,
      amount: 600 * (1 + (i % 7)),
      currency: i % 5 === 0 ? 'USD' : 'CNY',
      channel: ['tap', 'huawei', 'apple'][i % 3] as string,
      method: ['wechat', 'alipay'][i % 2] as string,
      region: ['CN-GD', 'HK'][(b + i) % 2] as string,
      status: 'paid',
      time: new Date(now - (60 + ((b * SIZE + i) % 5000)) * 60_000).toISOString(),
    });
    const sign = (body: string) => createHmac('sha256', creds.secret).update(body).digest('hex');
    // Paid batches, then (from batch 16 on) each batch also refunds 20 orders of a batch 16 earlier.
    const batches = Array.from({ length: BATCHES }, (_, b) => {
      const orders: Array<Record<string, unknown>> = Array.from({ length: SIZE }, (_, i) => order(b, i));
      if (b >= 16) for (let i = 0; i < 20; i++) orders.push({ ...order(b - 16, i), status: 'refunded', time: new Date(now - 30_000).toISOString() });
      const body = JSON.stringify({ orders });
      return { body, signature: sign(body), n: orders.length };
    });
    const { acknowledged, sends } = await sendThroughKills(server, '/api/ingest/orders/', creds.app_key, batches, {
      killAt: [5, 17],
      // A refund needs its order: batch b refunds orders of batch b-16, acknowledged long before (4 clients).
      ready: (b, acked) => b < 16 || acked.has(b - 16),
      acknowledges: (answer, b) => {
        const json = answer as { code: number; data: { accepted: number; rejected: unknown[] } };
        if (json.code === 2000 && json.data.accepted !== batches[b]?.n) throw new Error(`batch ${b}: ${JSON.stringify(json.data.rejected).slice(0, 300)}`);
        return json.code === 2000;
      },
    });
    expect(acknowledged.size).toBe(BATCHES);
    expect(sends).toBeGreaterThan(BATCHES);
    await server.stop();

    const db = await openPglite(join(dir, 'db'));
    try {
      const [n] = await db.query<{ n: number; d: number; r: number }>("SELECT count(*)::int AS n, count(DISTINCT order_id)::int AS d, count(*) FILTER (WHERE status = 'refunded')::int AS r FROM orders");
      expect(n).toEqual({ n: BATCHES * SIZE, d: BATCHES * SIZE, r: (BATCHES - 16) * 20 });
      const tz = 'Asia/Shanghai';
      const daily = await db.query(
        `(SELECT game, day, channel, region, method, gross, refunds, orders, refund_orders, paid_refunded FROM income_daily
          EXCEPT
          SELECT game, day, channel, region, method, sum(g), sum(r), sum(o), sum(ro), sum(pr) FROM (
            SELECT game, (time AT TIME ZONE $1)::date AS day, channel, region, method, amount_cny AS g, 0 AS r, 1 AS o, 0 AS ro, (status = 'refunded')::int AS pr FROM orders
            UNION ALL SELECT game, (refund_time AT TIME ZONE $1)::date, channel, region, method, 0, amount_cny, 0, 1, 0 FROM orders WHERE refund_time IS NOT NULL) x
          GROUP BY 1, 2, 3, 4, 5)`,
        [tz],
      );
      expect(daily).toEqual([]);
      const [rows] = await db.query<{ a: number; b: number }>(
        `SELECT (SELECT count(*)::int FROM income_daily) AS a,
                (SELECT count(*)::int FROM (SELECT DISTINCT game, (time AT TIME ZONE $1)::date, channel, region, method FROM orders
                  UNION SELECT game, (refund_time AT TIME ZONE $1)::date, channel, region, method FROM orders WHERE refund_time IS NOT NULL) u) AS b`,
        [tz],
      );
      expect(rows?.a).toBe(rows?.b);
      const totals = await db.query(
        `SELECT game, channel, region, method, orders, paid_refunded FROM income_totals
         EXCEPT SELECT game, channel, region, method, count(*), count(*) FILTER (WHERE status = 'refunded') FROM orders GROUP BY 1, 2, 3, 4`,
      );
      expect(totals).toEqual([]);
      const [payers] = await db.query<{ a: string; b: string }>(
        `SELECT (SELECT sum(orders)::text FROM income_player_days) AS a, (SELECT count(*)::text FROM orders) AS b`,
      );
      expect(payers?.a).toBe(payers?.b);
    } finally {
      await db.close();
    }
  }, 180_000);
});
