import { z } from 'zod';
import { analysisDay, intIn } from '../tracking/funnel';
import { orderRow, revenueFigures } from './index';

/**
 * The orders behind one day of revenue (历史收入's drill-down): GET /api/center_income/history/orders/
 * ?day=[&game=][&kind=paid|refunded]&page&limit. `paid`: the orders PAID that day (calendar day in
 * ANALYTICS_TZ), whatever became of them since — their number is the day's `orders` and their CNY sum
 * its `gross`; `refunded`: the orders REFUNDED that day, whenever paid — `refund_orders` and `refunds`.
 * The answer also carries the day's figures from the same orders (revenue = gross − refunds), so the
 * list explains the figure. Newest first. `…/orders/export_data/` gives the kind's orders as xlsx.
 */

export const DAY_ORDER_KINDS = ['paid', 'refunded'] as const;
export type DayOrderKind = (typeof DAY_ORDER_KINDS)[number];

export const dayOrdersExportQuery = z.object({
  day: analysisDay('day'),
  game: z.coerce.number({ error: 'game 必须是游戏编号' }).int({ error: 'game 必须是游戏编号' }).min(1, { error: 'game 必须是游戏编号' }).max(2_147_483_647, { error: 'game 必须是游戏编号' }).optional(),
  kind: z.enum(DAY_ORDER_KINDS, { error: 'kind 只能是 paid 或 refunded' }).default('paid'),
});
export type DayOrdersExportQuery = z.infer<typeof dayOrdersExportQuery>;

export const dayOrdersQuery = dayOrdersExportQuery.extend({
  page: intIn('page', 1, 1_000_000).default(1),
  limit: intIn('limit', 1, 100).default(20),
});
export type DayOrdersQuery = z.infer<typeof dayOrdersQuery>;

export const dayOrdersPage = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  /** Orders of the kind that day (paid: the day's `orders`; refunded: its `refund_orders`). */
  total: z.number().int().min(0),
  is_next: z.boolean(),
  is_previous: z.boolean(),
  /** Their CNY sum in fen (paid: the day's `gross`; refunded: its `refunds`). */
  sum: z.number().int(),
  /** The day's figures from the same orders (revenue = gross − refunds; paying_players: distinct (game, player) paid). */
  figures: revenueFigures,
  data: z.array(orderRow),
});
export type DayOrdersPage = z.infer<typeof dayOrdersPage>;
