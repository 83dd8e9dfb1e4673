import { z } from 'zod';
import { analysisDay } from '../tracking/funnel';
import { trackRejection } from '../tracking/track';

/**
 * Orders and revenue (menus center_income/*). Payment callbacks from game servers come in
 * through POST /api/ingest/orders/ (signed like the event ingestion: the tracking app's key and
 * secret, the game comes from the key); the revenue screens read rollups of those orders.
 *
 * Money is integer minor units everywhere. Every figure is reported in REPORT_CURRENCY minor units
 * (fen): an order's amount is converted once, when it is stored (`amount_cny`), with the fixed rate of
 * ORDER_CURRENCIES, rounded half away from zero, so later figures never move.
 *
 * Definitions (the same server function computes them for every screen):
 * - gross: amount_cny of orders PAID in the range (by `time`, days in the analytics time zone);
 * - refunds: amount_cny of orders REFUNDED in the range (by `refund_time`), whenever they were paid;
 * - revenue = gross − refunds (a day may be negative). orders / refund_orders: the counts of both.
 * - paying_players: distinct (game, player) with an order paid in the range;
 * - active_players: distinct (game, player) with a tracked event in the range, payers included;
 * - arpu = revenue / active_players, arppu = revenue / paying_players (minor units, rounded; 0 without
 *   players); paying_rate = paying_players / active_players (0..1).
 */

export const ORDER_MAX = 1000;
export const ORDER_MAX_BYTES = 1024 * 1024;
/**
 * The largest amount of one order, in its currency's minor units: 10^9 (10 million yuan in fen, 1 billion yen),
 * far above any real in-game purchase, so one forged callback cannot put an absurd figure in every
 * report of its day. Above it the callback is refused with its reason.
 */
export const ORDER_MAX_AMOUNT = 1_000_000_000;
export const REPORT_CURRENCY = 'CNY';

/**
 * Accepted currencies: `digits` of the minor unit, and `fen` = REPORT_CURRENCY minor units per one
 * minor unit of the currency, as a fraction [numerator, denominator] (fixed rates; documented in
 * docs/income.md).
 */
export const ORDER_CURRENCIES = {
  CNY: { digits: 2, fen: [1, 1] },
  USD: { digits: 2, fen: [71, 10] },
  EUR: { digits: 2, fen: [77, 10] },
  HKD: { digits: 2, fen: [91, 100] },
  TWD: { digits: 2, fen: [22, 100] },
  JPY: { digits: 0, fen: [47, 10] },
  KRW: { digits: 0, fen: [52, 100] },
} as const satisfies Record<string, { digits: number; fen: readonly [number, number] }>;
export type OrderCurrency = keyof typeof ORDER_CURRENCIES;
export const ORDER_CURRENCY_CODES = Object.keys(ORDER_CURRENCIES) as OrderCurrency[];

export const ORDER_STATUSES = ['paid', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Converts an amount (minor units of `currency`) to REPORT_CURRENCY minor units, half away from zero. */
export function toReportMinor(amount: number, currency: OrderCurrency): number {
  const [num, den] = ORDER_CURRENCIES[currency].fen;
  const n = BigInt(amount) * BigInt(num);
  const d = BigInt(den);
  const q = n / d;
  const r = n % d;
  return Number(r * 2n >= d ? q + 1n : q);
}

// ---- ingestion: POST /api/ingest/orders/ (game servers; no JWT)

/**
 * One callback. `status: 'paid'` records the order (a repeat with the same content changes nothing;
 * a repeat with different content is refused, the first kept, and logged); `status: 'refunded'` for a
 * known order marks it refunded at `time` (a refund of an unknown order is refused). A refund may
 * carry the order's fields again; they must then match.
 */
export const orderIn = z.object({
  order_id: z.string(),
  distinct_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  channel: z.string(),
  method: z.string(),
  region: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** ISO 8601 with a zone, or epoch milliseconds. */
  time: z.union([z.string(), z.number()]),
});
export type OrderIn = z.infer<typeof orderIn>;
export const orderBatch = z.object({ orders: z.array(orderIn) });

/** accepted: callbacks applied now or already applied by an identical earlier delivery (duplicates counts those). */
export const orderIngestResult = z.object({ accepted: z.number().int(), duplicates: z.number().int(), rejected: z.array(trackRejection) });
export type OrderIngestResult = z.infer<typeof orderIngestResult>;

// ---- orders list: GET /api/center_income/details/ (paged like every list; filters below)

export const orderRow = z.object({
  id: z.number().int(),
  order_id: z.string(),
  game: z.number().int(),
  game_name: z.string(),
  distinct_id: z.string(),
  /** In the order's currency, minor units. */
  amount: z.number().int(),
  currency: z.string(),
  /** In REPORT_CURRENCY minor units. */
  amount_cny: z.number().int(),
  channel: z.string(),
  method: z.string(),
  region: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** ISO times. */
  time: z.string(),
  refund_time: z.string().nullable(),
  received_at: z.string(),
});
export type OrderRow = z.infer<typeof orderRow>;

/**
 * Filters of the orders list and its export (GET /api/center_income/details/export/ streams an xlsx
 * of every matching row, newest first; header X-Export-Rows = their number): page, limit (≤ 100),
 * game, status, currency, channel, method, region, order_id, distinct_id, search (order id or
 * player, contains), start / end (YYYY-MM-DD, paid day in the analytics time zone), ordering
 * (time, -time (default), amount_cny, -amount_cny).
 */
export const ORDER_ORDERINGS = ['time', '-time', 'amount_cny', '-amount_cny'] as const;

// ---- revenue reports

const gameParam = z.coerce.number({ error: 'game 必须是游戏编号' }).int({ error: 'game 必须是游戏编号' }).min(1, { error: 'game 必须是游戏编号' }).max(2_147_483_647, { error: 'game 必须是游戏编号' });

/** start..end (both included, at most 366 days), optionally one game (else every game). */
export const incomeRangeQuery = z.object({ start: analysisDay('start'), end: analysisDay('end'), game: gameParam.optional() });
export type IncomeRangeQuery = z.infer<typeof incomeRangeQuery>;

/**
 * Report money: whole minor units. Sums are exact in the database; up to 2^53 (about ¥90 trillion)
 * they are exact here too, beyond that the nearest double (zod's `int()` would refuse it, and a day
 * with an absurd old row would then fail to parse instead of showing its figure).
 */
const money = z.number().refine(Number.isInteger, { error: '应为整数（最小货币单位）' });
const count = z.number().int().min(0);
export const revenueFigures = z.object({ revenue: money, gross: money, refunds: money, orders: count, refund_orders: count, paying_players: count });
export type RevenueFigures = z.infer<typeof revenueFigures>;

/** GET /api/center_income/overview/?game=&start=&end= */
export const overviewResult = revenueFigures.extend({
  start: z.string(),
  end: z.string(),
  game: z.number().int().nullable(),
  currency: z.literal(REPORT_CURRENCY),
  active_players: count,
  arpu: money,
  arppu: money,
  paying_rate: z.number().min(0).max(1),
});
export type OverviewResult = z.infer<typeof overviewResult>;

/** GET /api/center_income/history/?game=&start=&end=[&compare=previous|last_month] */
export const HISTORY_COMPARE = ['previous', 'last_month'] as const;
export const historyQuery = incomeRangeQuery.extend({ compare: z.enum(HISTORY_COMPARE, { error: 'compare 只能是 previous 或 last_month' }).optional() });
export type HistoryQuery = z.infer<typeof historyQuery>;
const historyDays = z.array(revenueFigures.extend({ day: z.string() }));
export const historyResult = z.object({
  start: z.string(),
  end: z.string(),
  game: z.number().int().nullable(),
  /** Every day of the range in order (days without orders: zeros). */
  days: historyDays,
  totals: revenueFigures,
  /** previous: the same number of days just before; last_month: the same days one month earlier (clamped to the month's end). */
  compare: z.object({ kind: z.enum(HISTORY_COMPARE), start: z.string(), end: z.string(), days: historyDays, totals: revenueFigures }).nullable(),
});
export type HistoryResult = z.infer<typeof historyResult>;

/** GET /api/center_income/distribution/?game=&start=&end=&by=game|channel|region|method */
export const DISTRIBUTION_BY = ['game', 'channel', 'region', 'method'] as const;
export const distributionQuery = incomeRangeQuery.extend({ by: z.enum(DISTRIBUTION_BY, { error: 'by 只能是 game、channel、region 或 method' }) });
export const distributionResult = z.object({
  start: z.string(),
  end: z.string(),
  game: z.number().int().nullable(),
  by: z.enum(DISTRIBUTION_BY),
  total: revenueFigures,
  /** Largest revenue first; share = revenue / total revenue (0 when the total is not positive). */
  rows: z.array(revenueFigures.extend({ key: z.string(), label: z.string(), share: z.number() })),
});
export type DistributionResult = z.infer<typeof distributionResult>;

/** GET /api/center_income/rank/?game=&start=&end=&by=game|channel|player[&limit=10] (limit 1..100) */
export const RANK_BY = ['game', 'channel', 'player'] as const;
export const rankQuery = incomeRangeQuery.extend({
  by: z.enum(RANK_BY, { error: 'by 只能是 game、channel 或 player' }),
  limit: z.coerce.number({ error: 'limit 必须是 1 到 100 的整数' }).int({ error: 'limit 必须是 1 到 100 的整数' }).min(1, { error: 'limit 必须是 1 到 100 的整数' }).max(100, { error: 'limit 必须是 1 到 100 的整数' }).optional(),
});
export const rankResult = z.object({
  start: z.string(),
  end: z.string(),
  game: z.number().int().nullable(),
  by: z.enum(RANK_BY),
  /** key: game id, channel, or `<game>:<player>`; label: game name, channel, or the player (with the game name in `game_name`). */
  rows: z.array(revenueFigures.extend({ rank: z.number().int().min(1), key: z.string(), label: z.string(), game_name: z.string().nullable() })),
});
export type RankResult = z.infer<typeof rankResult>;
