import type { OrderRow, RevenueFigures } from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import { exact } from '../../../domain/analytics/revenue';
import { readReport } from '../../../domain/analytics/report-read';
import { ORDER_SELECT, toRow, type DbOrder } from './orders';

/**
 * The orders behind a day of revenue (center_income/history/orders/): those PAID on the calendar day
 * (ANALYTICS_TZ; kind paid) or REFUNDED on it (kind refunded), for one game or all, newest first (by
 * the time of the kind), with the day's figures read from the same orders in the same snapshot: gross
 * = CNY sum of those paid, refunds = of those refunded, revenue = gross − refunds (the definitions of
 * contracts/schemas/income, which the rollups keep). `page` null = every row (export, bounded by `max`).
 */
export async function dayOrders(
  db: Db,
  tz: string,
  q: { day: string; game?: number | undefined; kind: 'paid' | 'refunded' },
  page: { page: number; limit: number } | null,
  max = 100_000,
): Promise<{ total: number; sum: number; figures: RevenueFigures; rows: OrderRow[] }> {
  const params: unknown[] = [q.day, tz];
  let gameCond = '';
  if (q.game !== undefined) {
    params.push(q.game);
    gameCond = ` AND o.game = $${params.length}`;
  }
  const inDay = (col: string) => `${col} >= ($1::date::timestamp AT TIME ZONE $2::text) AND ${col} < (($1::date + 1)::timestamp AT TIME ZONE $2::text)`;
  const col = q.kind === 'paid' ? 'o.time' : 'o.refund_time';
  const limit = page ? page.limit : max;
  const offset = page ? (page.page - 1) * page.limit : 0;
  const listParams = [...params, limit, offset];
  const [figures, rows] = await readReport(db, async (tx) => {
    const [f] = await tx.query<{ gross: string | null; orders: string; payers: string; refunds: string | null; refund_orders: string }>(
      `SELECT
         (SELECT sum(amount_cny)::text FROM orders o WHERE ${inDay('o.time')}${gameCond}) AS gross,
         (SELECT count(*)::text FROM orders o WHERE ${inDay('o.time')}${gameCond}) AS orders,
         (SELECT count(*)::text FROM (SELECT DISTINCT o.game, o.distinct_id FROM orders o WHERE ${inDay('o.time')}${gameCond}) p) AS payers,
         (SELECT sum(amount_cny)::text FROM orders o WHERE o.refund_time IS NOT NULL AND ${inDay('o.refund_time')}${gameCond}) AS refunds,
         (SELECT count(*)::text FROM orders o WHERE o.refund_time IS NOT NULL AND ${inDay('o.refund_time')}${gameCond}) AS refund_orders`,
      params,
    );
    const list = await tx.query<DbOrder>(
      `${ORDER_SELECT} FROM orders o LEFT JOIN games g ON g.id = o.game
       WHERE ${col} IS NOT NULL AND ${inDay(col)}${gameCond}
       ORDER BY ${col} DESC, o.id DESC LIMIT $${listParams.length - 1} OFFSET $${listParams.length}`,
      listParams,
    );
    return [f, list] as const;
  });
  const gross = exact(figures?.gross ?? 0);
  const refunds = exact(figures?.refunds ?? 0);
  const out: RevenueFigures = {
    revenue: gross - refunds,
    gross,
    refunds,
    orders: exact(figures?.orders ?? 0),
    refund_orders: exact(figures?.refund_orders ?? 0),
    paying_players: exact(figures?.payers ?? 0),
  };
  return {
    total: q.kind === 'paid' ? out.orders : out.refund_orders,
    sum: q.kind === 'paid' ? out.gross : out.refunds,
    figures: out,
    rows: rows.map(toRow),
  };
}
