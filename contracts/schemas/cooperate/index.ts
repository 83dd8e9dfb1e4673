import { z } from 'zod';
import { incomeRangeQuery, REPORT_CURRENCY } from '../income';

/**
 * Partners (menus cooperate/*): what each partner (co-operator; a game's `partner`) earns.
 *
 * Revenue of a game in a month is the revenue of the income reports (the one server function,
 * server/domain/analytics/revenue.ts): gross of orders paid in the month − refunds made in the month, in
 * CNY fen, months as calendar months in the analytics time zone.
 *
 * Settlement of a (partner, game, month): partner_amount = revenue × rate_bp / 10000, rounded half away
 * from zero (a negative revenue gives a negative amount: the partner owes it back); platform_amount =
 * revenue − partner_amount. rate_bp is the partner's rate in effect that month: the rate with the
 * latest effective_month ≤ the month (none → 0, and the row says `rate_set: false`). A rate takes
 * effect from a month on, so adding one never rewrites the months before it.
 *
 * Locking (confirming) a month of a partner stores its settlement as it is then; afterwards the month
 * is read from that record (later callbacks dated in it do not move it), and a rate taking effect in
 * or before a locked month is refused.
 */

export const SHARE_RATE_MAX_BP = 10_000;

const monthText = (name: string) =>
  z
    .string({ error: `${name} 必须是 YYYY-MM` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: `${name} 必须是 YYYY-MM` })
    .refine((s) => s >= '2000-01' && s <= '2099-12', { error: `${name} 必须在 2000-01 到 2099-12 之间` });
const partnerId = (name: string) =>
  z.coerce
    .number({ error: `${name} 必须是合作方编号` })
    .int({ error: `${name} 必须是合作方编号` })
    .min(1, { error: `${name} 必须是合作方编号` })
    .max(2_147_483_647, { error: `${name} 必须是合作方编号` });

const money = z.number().int();
const count = z.number().int().min(0);

// ---- GET /api/cooperate/reports/?month=YYYY-MM[&partner=<id>]  (and …/reports/export/, same query → xlsx)

export const settlementQuery = z.object({ month: monthText('month'), partner: partnerId('partner').optional() });
export type SettlementQuery = z.infer<typeof settlementQuery>;

export const settlementLine = z.object({
  game: z.number().int(),
  game_name: z.string(),
  gross: money,
  refunds: money,
  revenue: money,
  orders: count,
  refund_orders: count,
  rate_bp: z.number().int().min(0).max(SHARE_RATE_MAX_BP),
  partner_amount: money,
  platform_amount: money,
});
export type SettlementLine = z.infer<typeof settlementLine>;

export const partnerSettlement = z.object({
  partner: z.number().int(),
  partner_name: z.string(),
  month: z.string(),
  rate_bp: z.number().int().min(0).max(SHARE_RATE_MAX_BP),
  /** false: no rate takes effect in or before this month (rate 0 shown). */
  rate_set: z.boolean(),
  locked: z.boolean(),
  /** ISO time and user name of the lock (null when open). */
  locked_at: z.string().nullable(),
  locked_by: z.string().nullable(),
  games: z.array(settlementLine),
  totals: settlementLine.omit({ game: true, game_name: true, rate_bp: true }),
});
export type PartnerSettlement = z.infer<typeof partnerSettlement>;

export const settlementResult = z.object({
  month: z.string(),
  /** The month's first and last day. */
  start: z.string(),
  end: z.string(),
  currency: z.literal(REPORT_CURRENCY),
  partners: z.array(partnerSettlement),
});
export type SettlementResult = z.infer<typeof settlementResult>;

// ---- rates: GET /api/cooperate/reports/rates/?partner=<id>, POST …/reports/rates/ (the Update button)

export const shareRateIn = z.object({
  partner: z.number({ error: 'partner 必须是合作方编号' }).int({ error: 'partner 必须是合作方编号' }).min(1, { error: 'partner 必须是合作方编号' }),
  effective_month: monthText('effective_month'),
  rate_bp: z
    .number({ error: `rate_bp 必须是 0 到 ${SHARE_RATE_MAX_BP} 的整数（万分比）` })
    .int({ error: `rate_bp 必须是 0 到 ${SHARE_RATE_MAX_BP} 的整数（万分比）` })
    .min(0, { error: `rate_bp 必须是 0 到 ${SHARE_RATE_MAX_BP} 的整数（万分比）` })
    .max(SHARE_RATE_MAX_BP, { error: `rate_bp 必须是 0 到 ${SHARE_RATE_MAX_BP} 的整数（万分比）` }),
  note: z.string({ error: 'note 必须是文本' }).max(200, { error: 'note 不能超过 200 个字符' }).optional(),
});
export type ShareRateIn = z.infer<typeof shareRateIn>;

export const shareRate = z.object({
  id: z.number().int(),
  partner: z.number().int(),
  effective_month: z.string(),
  rate_bp: z.number().int().min(0).max(SHARE_RATE_MAX_BP),
  note: z.string(),
  create_datetime: z.string(),
});
export type ShareRate = z.infer<typeof shareRate>;
export const rateQuery = z.object({ partner: partnerId('partner') });
export const rateList = z.array(shareRate);

// ---- lock: POST /api/cooperate/reports/lock/ {partner, month} (the Update button) → the partner's settlement

export const lockIn = z.object({
  partner: z.number({ error: 'partner 必须是合作方编号' }).int({ error: 'partner 必须是合作方编号' }).min(1, { error: 'partner 必须是合作方编号' }),
  month: monthText('month'),
});
export type LockIn = z.infer<typeof lockIn>;

// ---- GET /api/cooperate/overview/?start=&end= : per partner KPIs over a range

export const partnerOverviewQuery = incomeRangeQuery.omit({ game: true });
export type PartnerOverviewQuery = z.infer<typeof partnerOverviewQuery>;

export const partnerKpis = z.object({
  /** null: games without a partner (own games). */
  partner: z.number().int().nullable(),
  partner_name: z.string(),
  status: z.boolean(),
  /** Games of the partner (all of them, whether they had orders or not). */
  games: count,
  /** Distinct (game, player) active (an event or a paid order) in the range in the partner's games. */
  players: count,
  paying_players: count,
  revenue: money,
  gross: money,
  refunds: money,
  /** revenue / total revenue of the range (0 when the total is not positive). */
  share: z.number(),
  /** The rate in effect in the range's last month (null: none set, or own games). */
  rate_bp: z.number().int().min(0).max(SHARE_RATE_MAX_BP).nullable(),
});
export type PartnerKpis = z.infer<typeof partnerKpis>;

export const partnerOverviewResult = z.object({
  start: z.string(),
  end: z.string(),
  currency: z.literal(REPORT_CURRENCY),
  total: z.object({ revenue: money, players: count, games: count }),
  partners: z.array(partnerKpis),
});
export type PartnerOverviewResult = z.infer<typeof partnerOverviewResult>;
