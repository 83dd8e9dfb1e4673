import {
  ORDER_CURRENCIES,
  ORDER_MAX,
  ORDER_MAX_AMOUNT,
  TRACK_MAX_AGE_DAYS,
  TRACK_MAX_FUTURE_MS,
  toReportMinor,
  type OrderCurrency,
  type OrderIngestResult,
  type TrackRejection,
} from '../../../../contracts/schemas';
import type { Db, Queryable } from '../../../db/db';
import { isRecord } from '../../../is-record';
import { IngestError, openSignedBatch, type IngestApps, type SignedHeaders } from '../../../domain/ingest/signed-batch';

/**
 * Order ingestion (POST /api/ingest/orders/): payment callbacks from game servers, signed like the
 * event ingestion and checked by the same code (server/domain/ingest/signed-batch.ts: the tracking
 * app's key and secret; the game comes from the key). Each callback is
 * checked on its own (rejections with the reason); the valid ones are applied in one transaction with
 * the revenue rollups (migration 044): a paid callback inserts the order unless the game already has
 * that order id, a refund marks a known paid order refunded. An identical repeat changes nothing and is
 * counted in `duplicates`; a repeat with different content is refused, the first kept, and recorded
 * in order_conflicts. No Fastify here (routes/ingest.ts is the HTTP side).
 */

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Longest order id, and longest channel, method and region (columns of migration 044). */
export const ORDER_ID_MAX = 64;
const PLAYER_MAX = 128;
const NAME_MAX = 64;

/** A checked callback. */
export interface OrderCallback {
  order_id: string;
  distinct_id: string;
  amount: number;
  currency: OrderCurrency;
  amount_cny: number;
  channel: string;
  method: string;
  region: string;
  status: 'paid' | 'refunded';
  /** ISO instant (ms precision). */
  time: string;
}

const show = (s: string) => (s.length > 64 ? `${s.slice(0, 64)}…` : s);

function text(raw: Record<string, unknown>, key: string, label: string, max: number): string {
  const v = raw[key];
  if (typeof v !== 'string' || v.trim() === '') throw new Error(`缺少${label} ${key}`);
  if (v.length > max) throw new Error(`${label} ${key} 最长 ${max} 个字符`);
  if (v.includes('\u0000') || LONE_SURROGATE.test(v) || v !== v.trim()) throw new Error(`${label} ${key} 不能包含空字符（\\u0000）、不成对的代理字符或首尾空白`);
  return v;
}

/** Checks one callback; returns it ready to store, or the reason it is refused. */
export function checkOrder(raw: unknown, now: number): OrderCallback | string {
  if (!isRecord(raw)) return '订单应为 JSON 对象';
  try {
    const orderId = text(raw, 'order_id', '订单号', ORDER_ID_MAX);
    const distinctId = text(raw, 'distinct_id', '玩家标识', PLAYER_MAX);
    const { amount, currency, status, time } = raw;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > ORDER_MAX_AMOUNT) {
      return `金额 amount 不合法：应为正整数（最小货币单位，如分），且不超过 ${ORDER_MAX_AMOUNT}`;
    }
    if (typeof currency !== 'string' || !Object.hasOwn(ORDER_CURRENCIES, currency)) {
      return `不支持的币种「${show(String(currency))}」：只接受 ${Object.keys(ORDER_CURRENCIES).join('、')}`;
    }
    const channel = text(raw, 'channel', '渠道', NAME_MAX);
    const method = text(raw, 'method', '支付方式', NAME_MAX);
    const region = text(raw, 'region', '地区', NAME_MAX);
    if (status !== 'paid' && status !== 'refunded') return '状态 status 只能是 paid 或 refunded';
    let ms: number;
    if (typeof time === 'number') ms = Number.isInteger(time) ? time : NaN;
    else if (typeof time === 'string' && ISO_RE.test(time)) ms = Date.parse(time);
    else return '时间 time 不合法：应为带时区的 ISO 8601 字符串或毫秒时间戳';
    if (!Number.isFinite(ms)) return '时间 time 不合法：应为带时区的 ISO 8601 字符串或毫秒时间戳';
    if (ms > now + TRACK_MAX_FUTURE_MS) return '时间 time 超前服务器时间 10 分钟以上';
    if (ms < now - TRACK_MAX_AGE_DAYS * 86_400_000) return `时间 time 早于 ${TRACK_MAX_AGE_DAYS} 天前，不再接收`;
    const cur = currency as OrderCurrency;
    return { order_id: orderId, distinct_id: distinctId, amount, currency: cur, amount_cny: toReportMinor(amount, cur), channel, method, region, status, time: new Date(ms).toISOString() };
  } catch (err) {
    return (err as Error).message;
  }
}

/** The fields two callbacks of one order must agree on (a refund's time is its own). */
const SAME_FIELDS = ['distinct_id', 'amount', 'currency', 'channel', 'method', 'region'] as const;

/** An order as stored: the callback's fields (the currency as the column holds it) and when it was refunded. */
type StoredOrder = Omit<OrderCallback, 'amount_cny' | 'currency'> & { currency: string; refund_time: string | null };

/** What differs between a callback and the stored order ('' when it is the same order). */
function difference(c: OrderCallback, o: StoredOrder): string {
  const fields: string[] = SAME_FIELDS.filter((f) => String(c[f]) !== String(o[f]));
  if (c.status === 'paid' && Date.parse(c.time) !== Date.parse(o.time)) fields.push('time');
  return fields.join(', ');
}

const PAID_SQL = `
WITH input AS (
  SELECT x.* FROM jsonb_to_recordset($1::jsonb) AS x(game int, order_id text, distinct_id text, amount bigint, currency text, amount_cny bigint, channel text, method text, region text, time timestamptz)
), ins AS (
  INSERT INTO orders (game, order_id, distinct_id, amount, currency, amount_cny, channel, method, region, status, time)
  SELECT game, order_id, distinct_id, amount, currency, amount_cny, channel, method, region, 'paid', time FROM input ORDER BY game, order_id
  ON CONFLICT (game, order_id) DO NOTHING
  RETURNING game, order_id, distinct_id, amount_cny, channel, method, region, (time AT TIME ZONE $2::text)::date AS day
), daily AS (
  INSERT INTO income_daily AS r (game, day, channel, region, method, gross, refunds, orders, refund_orders)
  SELECT game, day, channel, region, method, sum(amount_cny), 0, count(*), 0 FROM ins GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (game, day, channel, region, method) DO UPDATE SET gross = r.gross + excluded.gross, orders = r.orders + excluded.orders
), players AS (
  INSERT INTO income_player_days AS r (game, day, distinct_id, channel, region, method, gross, refunds, orders, refund_orders)
  SELECT game, day, distinct_id, channel, region, method, sum(amount_cny), 0, count(*), 0 FROM ins GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (game, day, distinct_id, channel, region, method) DO UPDATE SET gross = r.gross + excluded.gross, orders = r.orders + excluded.orders
), totals AS (
  INSERT INTO income_totals AS r (game, channel, region, method, orders)
  SELECT game, channel, region, method, count(*) FROM ins GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (game, channel, region, method) DO UPDATE SET orders = r.orders + excluded.orders
), active AS (
  INSERT INTO player_active_days (game, day, distinct_id)
  SELECT DISTINCT game, day, distinct_id FROM ins ORDER BY 2, 1, 3
  ON CONFLICT DO NOTHING
)
SELECT order_id FROM ins`;

const REFUND_SQL = `
WITH input AS (
  SELECT x.* FROM jsonb_to_recordset($1::jsonb) AS x(game int, order_id text, distinct_id text, amount bigint, currency text, channel text, method text, region text, time timestamptz)
), upd AS (
  UPDATE orders o SET status = 'refunded', refund_time = x.time
  FROM input x
  WHERE o.game = x.game AND o.order_id = x.order_id AND o.status = 'paid' AND x.time >= o.time
    AND o.distinct_id = x.distinct_id AND o.amount = x.amount AND o.currency = x.currency AND o.channel = x.channel AND o.method = x.method AND o.region = x.region
  RETURNING o.game, o.order_id, o.distinct_id, o.amount_cny, o.channel, o.method, o.region, (x.time AT TIME ZONE $2::text)::date AS day
), daily AS (
  INSERT INTO income_daily AS r (game, day, channel, region, method, gross, refunds, orders, refund_orders)
  SELECT game, day, channel, region, method, 0, sum(amount_cny), 0, count(*) FROM upd GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (game, day, channel, region, method) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_orders = r.refund_orders + excluded.refund_orders
), players AS (
  INSERT INTO income_player_days AS r (game, day, distinct_id, channel, region, method, gross, refunds, orders, refund_orders)
  SELECT game, day, distinct_id, channel, region, method, 0, sum(amount_cny), 0, count(*) FROM upd GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (game, day, distinct_id, channel, region, method) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_orders = r.refund_orders + excluded.refund_orders
)
SELECT order_id FROM upd`;

/** After REFUND_SQL, in the same transaction: the refunded orders counted on their paid day and in the all-time totals. */
const PAID_REFUNDED_SQL = `
WITH r AS (
  SELECT o.game, (o.time AT TIME ZONE $3::text)::date AS day, o.channel, o.region, o.method FROM orders o WHERE o.game = $1 AND o.order_id = ANY($2::text[])
), d AS (
  UPDATE income_daily x SET paid_refunded = x.paid_refunded + c.n
  FROM (SELECT game, day, channel, region, method, count(*) AS n FROM r GROUP BY 1, 2, 3, 4, 5) c
  WHERE (x.game, x.day, x.channel, x.region, x.method) = (c.game, c.day, c.channel, c.region, c.method)
)
UPDATE income_totals x SET paid_refunded = x.paid_refunded + c.n
FROM (SELECT game, channel, region, method, count(*) AS n FROM r GROUP BY 1, 2, 3, 4) c
WHERE (x.game, x.channel, x.region, x.method) = (c.game, c.channel, c.region, c.method)`;

const RETRYABLE = new Set(['40P01', '40001']);

export interface OrderBatchOutcome extends OrderIngestResult {
  /** Callbacks refused as a repeat with different content (recorded in order_conflicts). */
  conflicts: number;
}

interface Applied {
  applied: number;
  duplicates: number;
  rejected: TrackRejection[];
  conflicts: Conflict[];
}

type Conflict = { index: number; order_id: string; reason: string };

/**
 * Applies checked callbacks (distinct by order id and status) of one game in one transaction, and
 * records the conflicts found in it and those the batch itself held (`batchConflicts`).
 */
async function apply(tx: Queryable, game: number, tz: string, items: Array<{ index: number; c: OrderCallback }>, batchConflicts: Array<Conflict & { c: OrderCallback }>): Promise<Applied> {
  const paid = items.filter((i) => i.c.status === 'paid');
  const refunds = items.filter((i) => i.c.status === 'refunded');
  const inserted = new Set<string>();
  const refunded = new Set<string>();
  if (paid.length > 0) {
    const rows = paid.map(({ c }) => ({ game, order_id: c.order_id, distinct_id: c.distinct_id, amount: c.amount, currency: c.currency, amount_cny: c.amount_cny, channel: c.channel, method: c.method, region: c.region, time: c.time }));
    for (const r of await tx.query<{ order_id: string }>(PAID_SQL, [JSON.stringify(rows), tz])) inserted.add(r.order_id);
  }
  if (refunds.length > 0) {
    const rows = refunds.map(({ c }) => ({ game, order_id: c.order_id, distinct_id: c.distinct_id, amount: c.amount, currency: c.currency, channel: c.channel, method: c.method, region: c.region, time: c.time }));
    for (const r of await tx.query<{ order_id: string }>(REFUND_SQL, [JSON.stringify(rows), tz])) refunded.add(r.order_id);
    if (refunded.size > 0) await tx.query(PAID_REFUNDED_SQL, [game, [...refunded], tz]);
  }
  const out: Applied = { applied: inserted.size + refunded.size, duplicates: 0, rejected: [], conflicts: [] };
  const rest = [...paid.filter((i) => !inserted.has(i.c.order_id)), ...refunds.filter((i) => !refunded.has(i.c.order_id))];
  const stored = rest.length === 0 ? new Map<string, StoredOrder>() : new Map(
    (
      await tx.query<StoredOrder>(
        `SELECT order_id, distinct_id, amount::text AS amount, currency, channel, method, region, status,
                to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time,
                to_char(refund_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS refund_time
         FROM orders WHERE game = $1 AND order_id = ANY($2::text[])`,
        [game, [...new Set(rest.map((i) => i.c.order_id))]],
      )
    ).map((o) => [o.order_id, o]),
  );
  for (const { index, c } of rest) {
    const o = stored.get(c.order_id);
    if (!o) {
      out.rejected.push({ index, reason: `退款的订单「${show(c.order_id)}」不存在` });
      continue;
    }
    const diff = difference(c, o);
    if (diff !== '') {
      const reason = `订单「${show(c.order_id)}」已存在且内容不同（${diff}）：保留首次收到的订单，本次回调已拒绝并记录`;
      out.conflicts.push({ index, order_id: c.order_id, reason });
      continue;
    }
    if (c.status === 'paid') {
      out.duplicates++;
      continue;
    }
    // A refund that did not apply: before the payment, already refunded at the same time (a repeat), or at another time.
    if (o.status === 'paid') {
      out.rejected.push({ index, reason: `订单「${show(c.order_id)}」的退款时间早于支付时间` });
    } else if (o.refund_time !== null && Date.parse(o.refund_time) === Date.parse(c.time)) {
      out.duplicates++;
    } else {
      out.conflicts.push({ index, order_id: c.order_id, reason: `订单「${show(c.order_id)}」已于 ${o.refund_time ?? ''} 退款，本次退款时间不同：已拒绝并记录` });
    }
  }
  if (out.conflicts.length + batchConflicts.length > 0) {
    const byIndex = new Map(items.map((i) => [i.index, i.c]));
    const rows = [...out.conflicts.map((k) => ({ order_id: k.order_id, callback: byIndex.get(k.index), reason: k.reason })), ...batchConflicts.map((k) => ({ order_id: k.order_id, callback: k.c, reason: k.reason }))];
    await tx.query(
      `INSERT INTO order_conflicts (game, order_id, callback, reason)
       SELECT $1, x.order_id, x.callback, x.reason FROM jsonb_to_recordset($2::jsonb) AS x(order_id text, callback jsonb, reason text)`,
      [game, JSON.stringify(rows)],
    );
  }
  out.conflicts.push(...batchConflicts.map(({ index, order_id, reason }) => ({ index, order_id, reason })));
  return out;
}

/** Stores checked callbacks: one transaction (retried when PostgreSQL reports a deadlock). */
export async function storeOrders(db: Db, game: number, tz: string, items: Array<{ index: number; c: OrderCallback }>, batchConflicts: Array<Conflict & { c: OrderCallback }> = []): Promise<Applied> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => apply(tx, game, tz, items, batchConflicts));
    } catch (err) {
      if (attempt < 5 && RETRYABLE.has((err as { code?: string }).code ?? '')) continue;
      throw err;
    }
  }
}

/** The identity of a callback's content, to tell an identical repeat within a batch from a different one. */
const contentKey = (c: OrderCallback) => JSON.stringify([c.distinct_id, c.amount, c.currency, c.channel, c.method, c.region, c.time]);

/**
 * One signed batch of callbacks: the app by key, the signature over the raw body, the body's shape,
 * each callback checked, the valid ones stored. Batch-level problems throw IngestError (401/400/413).
 */
export async function ingestOrders(
  db: Db,
  apps: IngestApps,
  tz: string,
  headers: SignedHeaders,
  raw: Buffer,
  now = Date.now(),
): Promise<OrderBatchOutcome> {
  const { app, items: orders } = await openSignedBatch(apps, headers, raw, 'orders');
  if (orders.length > ORDER_MAX) throw new IngestError(413, `一批最多 ${ORDER_MAX} 个订单，本批 ${orders.length} 个`);
  const rejected: TrackRejection[] = [];
  const items: Array<{ index: number; c: OrderCallback }> = [];
  // Within the batch: the first callback of an order id and status is applied; an identical repeat is a duplicate.
  const seen = new Map<string, { index: number; key: string }>();
  let batchDuplicates = 0;
  const batchConflicts: Array<Conflict & { c: OrderCallback }> = [];
  orders.forEach((o, index) => {
    const c = checkOrder(o, now);
    if (typeof c === 'string') {
      rejected.push({ index, reason: c });
      return;
    }
    const id = `${c.status}\u0000${c.order_id}`;
    const first = seen.get(id);
    if (first === undefined) {
      seen.set(id, { index, key: contentKey(c) });
      items.push({ index, c });
    } else if (first.key === contentKey(c)) {
      batchDuplicates++;
    } else {
      batchConflicts.push({ index, order_id: c.order_id, c, reason: `订单「${show(c.order_id)}」与本批第 ${first.index} 个回调内容不同：保留第一个，本次已拒绝并记录` });
    }
  });
  // One transaction: the orders, their rollups and every conflict of the batch, or nothing.
  const applied = items.length > 0 ? await storeOrders(db, app.game, tz, items, batchConflicts) : { applied: 0, duplicates: 0, rejected: [], conflicts: [] };
  const conflicts = applied.conflicts;
  const allRejected = [...rejected, ...applied.rejected, ...conflicts.map((k) => ({ index: k.index, reason: k.reason }))].sort((a, b) => a.index - b.index);
  const duplicates = applied.duplicates + batchDuplicates;
  return { accepted: applied.applied + duplicates, duplicates, rejected: allRejected, conflicts: conflicts.length };
}
