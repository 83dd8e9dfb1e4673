import { ORDER_CURRENCY_CODES, ORDER_ORDERINGS, ORDER_STATUSES, type ListPage, type OrderRow } from '../../../../contracts/schemas';
import type { Queryable } from '../../../db/db';
import { Conditions } from '../../../domain/crud/query';
import { CrudError } from '../../../domain/crud/spec';
import type { Cell } from '../../../domain/crud/xlsx';
import { formatDatetime } from '../../../domain/time';
import { checkRange } from '../../../domain/analytics/day-range';
import { exact } from '../../../domain/analytics/revenue';

/**
 * The orders list of center_income/details and its export: filters (contracts/schemas/income:
 * page, limit ≤ 100, game, status, currency, channel, method, region, order_id, distinct_id, search,
 * start/end = paid day in ANALYTICS_TZ, ordering). The total comes from the rollups when the
 * filters are ones they hold (game, channel, method, region, status, paid days): every order is counted
 * once on its paid day in income_daily and once in income_totals; otherwise from the orders.
 */

export const ORDER_PAGE_MAX = 100;
/** Rows per query of an export (keyset pages: memory stays flat). */
const EXPORT_CHUNK = 5000;
const MAX_TEXT = 128;

type Ordering = (typeof ORDER_ORDERINGS)[number];

export interface OrderQuery {
  page: number;
  limit: number;
  ordering: Ordering;
  game?: number;
  status?: (typeof ORDER_STATUSES)[number];
  currency?: string;
  channel?: string;
  method?: string;
  region?: string;
  order_id?: string;
  distinct_id?: string;
  search?: string;
  start?: string;
  end?: string;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
function validDay(s: string): boolean {
  if (!DAY_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function one(q: Record<string, unknown>, key: string): string | undefined {
  const v = q[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new CrudError(`参数 ${key} 只能出现一次`);
  return v;
}

function intParam(q: Record<string, unknown>, key: string, min: number, max: number, message: string): number | undefined {
  const v = one(q, key);
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,10}$/.test(v)) throw new CrudError(message);
  const n = Number(v);
  if (n < min || n > max) throw new CrudError(message);
  return n;
}

function textParam(q: Record<string, unknown>, key: string, label: string): string | undefined {
  const v = one(q, key);
  if (v === undefined || v === '') return undefined;
  if (v.length > MAX_TEXT) throw new CrudError(`${label}最长 ${MAX_TEXT} 个字符`);
  if (v.includes('\u0000')) throw new CrudError(`${label}不能包含空字符`);
  return v;
}

/** The list's query string, checked: the first problem → code 4000. */
export function parseOrderQuery(q: Record<string, unknown>): OrderQuery {
  const out: OrderQuery = {
    page: intParam(q, 'page', 1, 1_000_000, 'page 必须是 1 到 1000000 的整数') ?? 1,
    limit: intParam(q, 'limit', 1, ORDER_PAGE_MAX, `limit 必须是 1 到 ${ORDER_PAGE_MAX} 的整数`) ?? 10,
    ordering: '-time',
  };
  const game = intParam(q, 'game', 1, 2_147_483_647, 'game 必须是游戏编号');
  if (game !== undefined) out.game = game;
  const status = one(q, 'status');
  if (status !== undefined && status !== '') {
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) throw new CrudError('status 只能是 paid 或 refunded');
    out.status = status as OrderQuery['status'];
  }
  const currency = one(q, 'currency');
  if (currency !== undefined && currency !== '') {
    if (!(ORDER_CURRENCY_CODES as readonly string[]).includes(currency)) throw new CrudError(`currency 只能是 ${ORDER_CURRENCY_CODES.join('、')}`);
    out.currency = currency;
  }
  const labels: Array<[keyof OrderQuery & string, string]> = [
    ['channel', '渠道 channel '],
    ['method', '支付方式 method '],
    ['region', '地区 region '],
    ['order_id', '订单号 order_id '],
    ['distinct_id', '玩家 distinct_id '],
    ['search', '搜索内容 search '],
  ];
  for (const [key, label] of labels) {
    const v = textParam(q, key, label);
    if (v !== undefined) (out as unknown as Record<string, string>)[key] = v;
  }
  for (const key of ['start', 'end'] as const) {
    const v = one(q, key);
    if (v === undefined || v === '') continue;
    if (!validDay(v)) throw new CrudError(`${key} 必须是有效的日期 YYYY-MM-DD`);
    out[key] = v;
  }
  if (out.start !== undefined && out.end !== undefined) checkRange(out.start, out.end);
  const ordering = one(q, 'ordering');
  if (ordering !== undefined && ordering !== '') {
    if (!(ORDER_ORDERINGS as readonly string[]).includes(ordering)) throw new CrudError(`ordering 只能是 ${ORDER_ORDERINGS.join('、')}`);
    out.ordering = ordering as Ordering;
  }
  return out;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(q: OrderQuery, tz: string): Conditions {
  const c = new Conditions();
  if (q.game !== undefined) c.add('o.game = ?', q.game);
  if (q.status !== undefined) c.add('o.status = ?', q.status);
  if (q.currency !== undefined) c.add('o.currency = ?', q.currency);
  if (q.channel !== undefined) c.add('o.channel = ?', q.channel);
  if (q.method !== undefined) c.add('o.method = ?', q.method);
  if (q.region !== undefined) c.add('o.region = ?', q.region);
  if (q.order_id !== undefined) c.add('o.order_id = ?', q.order_id);
  if (q.distinct_id !== undefined) c.add('o.distinct_id = ?', q.distinct_id);
  if (q.search !== undefined) {
    const like = `%${escapeLike(q.search.toLowerCase())}%`;
    c.add(`(lower(o.order_id) LIKE ? ESCAPE '\\' OR lower(o.distinct_id) LIKE ? ESCAPE '\\')`, like, like);
  }
  if (q.start !== undefined) c.add('o.time >= (?::date::timestamp AT TIME ZONE ?::text)', q.start, tz);
  if (q.end !== undefined) c.add('o.time < ((?::date + 1)::timestamp AT TIME ZONE ?::text)', q.end, tz);
  return c;
}

/** Whether the daily rollup can count the matching orders (filters only on what it holds). */
function countableByRollup(q: OrderQuery): boolean {
  return q.currency === undefined && q.order_id === undefined && q.distinct_id === undefined && q.search === undefined;
}

export async function countOrders(db: Queryable, q: OrderQuery, tz: string): Promise<number> {
  if (countableByRollup(q)) {
    // Every order is counted once on its paid day (income_daily) and once in income_totals; a refunded
    // one also in paid_refunded there.
    const c = new Conditions();
    if (q.game !== undefined) c.add('game = ?', q.game);
    if (q.channel !== undefined) c.add('channel = ?', q.channel);
    if (q.method !== undefined) c.add('method = ?', q.method);
    if (q.region !== undefined) c.add('region = ?', q.region);
    if (q.start !== undefined) c.add('day >= ?::date', q.start);
    if (q.end !== undefined) c.add('day <= ?::date', q.end);
    const n = q.status === 'refunded' ? 'paid_refunded' : q.status === 'paid' ? 'orders - paid_refunded' : 'orders';
    const table = q.start === undefined && q.end === undefined ? 'income_totals' : 'income_daily';
    const [row] = await db.query<{ n: string | null }>(`SELECT sum(${n})::text AS n FROM ${table} ${c.where()}`, c.params);
    return exact(row?.n ?? 0);
  }
  const c = conditions(q, tz);
  const [row] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM orders o ${c.where()}`, c.params);
  return exact(row?.n ?? 0);
}

export interface DbOrder {
  id: string;
  order_id: string;
  game: number;
  game_name: string | null;
  distinct_id: string;
  amount: string;
  currency: string;
  amount_cny: string;
  channel: string;
  method: string;
  region: string;
  status: 'paid' | 'refunded';
  time: string;
  refund_time: string | null;
  received_at: string;
  /** The keyset value of the ordering column (exports). */
  sort_key: string;
}

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const ORDER_SELECT = `SELECT o.id::text AS id, o.order_id, o.game, g.name AS game_name, o.distinct_id, o.amount::text AS amount, o.currency, o.amount_cny::text AS amount_cny,
  o.channel, o.method, o.region, o.status, ${iso('o.time')} AS time, ${iso('o.refund_time')} AS refund_time, ${iso('o.received_at')} AS received_at`;

const ORDER_SQL: Record<Ordering, { col: string; dir: 'ASC' | 'DESC' }> = {
  time: { col: 'o.time', dir: 'ASC' },
  '-time': { col: 'o.time', dir: 'DESC' },
  amount_cny: { col: 'o.amount_cny', dir: 'ASC' },
  '-amount_cny': { col: 'o.amount_cny', dir: 'DESC' },
};

export function toRow(r: DbOrder): OrderRow {
  return {
    id: exact(r.id),
    order_id: r.order_id,
    game: r.game,
    game_name: r.game_name ?? `#${r.game}`,
    distinct_id: r.distinct_id,
    amount: exact(r.amount),
    currency: r.currency,
    amount_cny: exact(r.amount_cny),
    channel: r.channel,
    method: r.method,
    region: r.region,
    status: r.status,
    time: r.time,
    refund_time: r.refund_time,
    received_at: r.received_at,
  };
}

export async function listOrders(db: Queryable, q: OrderQuery, tz: string): Promise<ListPage<OrderRow>> {
  const c = conditions(q, tz);
  const { col, dir } = ORDER_SQL[q.ordering];
  const offset = (q.page - 1) * q.limit;
  const params = [...c.params, q.limit, offset];
  const [rows, total] = [
    await db.query<DbOrder>(
      `${ORDER_SELECT} FROM orders o LEFT JOIN games g ON g.id = o.game ${c.where()} ORDER BY ${col} ${dir}, o.id ${dir} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    await countOrders(db, q, tz),
  ];
  return { page: q.page, limit: q.limit, total, is_next: offset + rows.length < total, is_previous: q.page > 1, data: rows.map(toRow) };
}

export const ORDER_EXPORT_HEADER = ['编号', '订单号', '游戏', '玩家', '金额(原币种最小单位)', '币种', '金额(分, CNY)', '渠道', '支付方式', '地区', '状态', '支付时间(北京时间)', '退款时间(北京时间)', '接收时间(北京时间)'];

/**
 * Every matching order in the list's order, as sheet rows, in keyset pages of EXPORT_CHUNK (each page
 * continues after the last row of the previous: no OFFSET, no result held in memory).
 */
export async function* exportOrderRows(db: Queryable, q: OrderQuery, tz: string): AsyncGenerator<Cell[][]> {
  const { col, dir } = ORDER_SQL[q.ordering];
  const keyExpr = col === 'o.time' ? `to_char(o.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : 'o.amount_cny::text';
  const keyCast = col === 'o.time' ? 'timestamptz' : 'bigint';
  const cmp = dir === 'DESC' ? '<' : '>';
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const c = conditions(q, tz);
    if (after) c.add(`(${col}, o.id) ${cmp} (?::${keyCast}, ?::bigint)`, after.key, after.id);
    const params = [...c.params, EXPORT_CHUNK];
    const rows: DbOrder[] = await db.query<DbOrder>(
      `${ORDER_SELECT}, ${keyExpr} AS sort_key FROM orders o LEFT JOIN games g ON g.id = o.game ${c.where()} ORDER BY ${col} ${dir}, o.id ${dir} LIMIT $${params.length}`,
      params,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => {
      const o = toRow(r);
      return [o.id, o.order_id, o.game_name, o.distinct_id, o.amount, o.currency, o.amount_cny, o.channel, o.method, o.region, o.status === 'paid' ? '已支付' : '已退款', formatDatetime(o.time), o.refund_time === null ? null : formatDatetime(o.refund_time), formatDatetime(o.received_at)];
    });
    const last = rows[rows.length - 1] as DbOrder;
    after = { key: last.sort_key, id: last.id };
    if (rows.length < EXPORT_CHUNK) return;
  }
}
