import { z } from 'zod';
import { analysisDay, intIn } from '../tracking/funnel';
import { httpUrl } from '../game/fields';
import { REPORT_CURRENCY } from '../income';
import { auditInput, auditRow, AUDIT_LABELS } from '../system/common';

/**
 * Advertising (menus advertisement/*): campaigns per game and channel, their daily spend,
 * the clicks of the tracking link and the installs attributed to them.
 *
 * - A campaign runs from start_date to end_date (calendar days in the analytics time zone, both
 *   included) while its status is `active`; its tracking link GET /api/advertisement/click/?campaign=&device=
 *   records a click and answers 302 to its store URL (http(s) only).
 * - An install is a player's first `register` event in a game (its `device_id` property). It is
 *   attributed (last-click model) to the latest click of the same device on a campaign of the same
 *   game at or before the install and no longer than the window before it (default
 *   AD_ATTRIBUTION_WINDOW_DAYS = 7); otherwise it is organic. Any window, any time: a late click or
 *   register event counts at once (server: ad_installs keeps the last click within 30 days, migration 056).
 * - Campaign figures over start..end: spend = sum of the daily spend of those days; clicks = clicks
 *   made on those days; installs = attributed installs made on those days; cpi = spend / installs
 *   (fen, rounded; null without installs); revenue = revenue (server/domain/analytics/revenue.ts:
 *   paid − refunded, CNY fen) in start..end of the players whose install in start..end is attributed
 *   to the campaign; roas = revenue / spend (null without spend).
 *
 * Money is integer CNY fen everywhere.
 */

export const AD_ATTRIBUTION_WINDOW_DAYS = 7;
export const AD_WINDOW_MAX_DAYS = 30;
export const AD_MAX_AMOUNT = 1_000_000_000_000;
export const AD_PAGE_MAX = 100;
export const CAMPAIGN_STATUSES = ['active', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const AD_MATCHES = ['last_click', 'organic'] as const;
export type AdMatch = (typeof AD_MATCHES)[number];

/** A device id as the SDK sends it (the register event's `device_id`). */
export const DEVICE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const CHANNEL = /^[A-Za-z0-9_.-]{1,64}$/;

const money = z.number().int();
const count = z.number().int().min(0);
const amountIn = (name: string) =>
  z
    .number({ error: `${name}:必须是整数（单位：分）。` })
    .int({ error: `${name}:必须是整数（单位：分），不能有小数。` })
    .min(0, { error: `${name}:不能为负数。` })
    .max(AD_MAX_AMOUNT, { error: `${name}:超出上限。` });
const id = (name: string) =>
  z.coerce
    .number({ error: `${name} 必须是编号` })
    .int({ error: `${name} 必须是编号` })
    .min(1, { error: `${name} 必须是编号` })
    .max(2_147_483_647, { error: `${name} 必须是编号` });

// ---- advertisement/campaign (resource: GET/POST /api/advertisement/campaign/, GET/PUT/DELETE {id}/, export_data/)

export const campaignRow = z.object({
  ...auditRow,
  game: z.number().int(),
  game_name: z.string(),
  channel: z.string(),
  name: z.string(),
  budget: money,
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  store_url: z.string(),
  /** Whether the tracking link records clicks today (status active and today within the period). */
  running: z.boolean(),
});
export type CampaignRow = z.infer<typeof campaignRow>;

const endNotBeforeStart = (v: { start_date?: string; end_date?: string }) => !v.start_date || !v.end_date || v.end_date >= v.start_date;

const campaignFields = {
  game: z.number({ error: '游戏:该字段是必填项。' }).int().positive({ error: '游戏:该字段是必填项。' }),
  channel: z.string({ error: '渠道:该字段是必填项。' }).trim().regex(CHANNEL, { error: '渠道:只能是 1 到 64 个字母、数字或 _ . - 字符。' }),
  name: z.string({ error: '计划名称:该字段是必填项。' }).trim().min(1, { error: '计划名称:该字段是必填项。' }).max(64, { error: '计划名称:长度不能超过 64 个字符。' }),
  budget: amountIn('预算'),
  start_date: analysisDay('开始日期'),
  end_date: analysisDay('结束日期'),
  status: z.enum(CAMPAIGN_STATUSES, { error: '状态:只能是 active、paused 或 ended。' }),
  store_url: httpUrl(500),
};

/** POST /api/advertisement/campaign/ */
export const campaignInput = z
  .object({ ...campaignFields, status: campaignFields.status.optional(), ...auditInput })
  .refine(endNotBeforeStart, { message: '结束日期:不能早于开始日期。', path: ['end_date'] });
export type CampaignInput = z.infer<typeof campaignInput>;

/** PUT /api/advertisement/campaign/{id}/ (the game is fixed once clicks may exist). */
export const campaignUpdateInput = z
  .object({
    channel: campaignFields.channel.optional(),
    name: campaignFields.name.optional(),
    budget: campaignFields.budget.optional(),
    start_date: campaignFields.start_date.optional(),
    end_date: campaignFields.end_date.optional(),
    status: campaignFields.status.optional(),
    store_url: campaignFields.store_url.optional(),
    ...auditInput,
  })
  .refine(endNotBeforeStart, { message: '结束日期:不能早于开始日期。', path: ['end_date'] });

export const CAMPAIGN_LABELS: Record<string, string> = {
  ...AUDIT_LABELS,
  game: '游戏',
  channel: '渠道',
  name: '计划名称',
  budget: '预算',
  start_date: '开始日期',
  end_date: '结束日期',
  status: '状态',
  store_url: '商店地址',
};

// ---- daily spend: GET /api/advertisement/campaign/{id}/spend/, PUT (JSON) and POST …/spend/import/ (xlsx)

export const spendDayIn = z.object({ day: analysisDay('日期'), amount: amountIn('花费') });
/** PUT body: the days to write (a day already entered is replaced; amount 0 keeps a zero day). */
export const spendInput = z.object({
  days: z
    .array(spendDayIn, { error: 'days 必须是数组' })
    .min(1, { error: 'days 至少要有一天' })
    .max(366, { error: 'days 最多 366 天' })
    .refine((ds) => new Set(ds.map((d) => d.day)).size === ds.length, { error: '日期:同一天只能出现一次。' }),
});
export type SpendInput = z.infer<typeof spendInput>;

export const spendDay = z.object({ day: z.string(), amount: money });
export const spendResult = z.object({ campaign: z.number().int(), currency: z.literal(REPORT_CURRENCY), total: money, days: z.array(spendDay) });
export type SpendResult = z.infer<typeof spendResult>;

/** The xlsx import's columns: 日期 (YYYY-MM-DD) and 花费（元） (yuan with at most 2 decimals, converted to fen exactly). */
export const SPEND_SHEET_HEADER = ['日期', '花费（元）'] as const;

// ---- GET /api/advertisement/campaign/performance/?start&end[&game][&window]

const windowParam = z.coerce
  .number({ error: `window 必须是 1 到 ${AD_WINDOW_MAX_DAYS} 的整数（天）` })
  .int({ error: `window 必须是 1 到 ${AD_WINDOW_MAX_DAYS} 的整数（天）` })
  .min(1, { error: `window 必须是 1 到 ${AD_WINDOW_MAX_DAYS} 的整数（天）` })
  .max(AD_WINDOW_MAX_DAYS, { error: `window 必须是 1 到 ${AD_WINDOW_MAX_DAYS} 的整数（天）` });

export const performanceQuery = z.object({
  start: analysisDay('start'),
  end: analysisDay('end'),
  game: id('game').optional(),
  campaign: id('campaign').optional(),
  window: windowParam.optional(),
});
export type PerformanceQuery = z.infer<typeof performanceQuery>;

export const campaignFigures = z.object({
  spend: money,
  clicks: count,
  installs: count,
  cpi: money.nullable(),
  revenue: money,
  /** revenue / spend, 4 decimals; null without spend. */
  roas: z.number().nullable(),
});
export type CampaignFigures = z.infer<typeof campaignFigures>;

export const campaignPerformance = campaignFigures.extend({
  campaign: z.number().int(),
  name: z.string(),
  game: z.number().int(),
  game_name: z.string(),
  channel: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  budget: money,
  start_date: z.string(),
  end_date: z.string(),
  running: z.boolean(),
});
export type CampaignPerformance = z.infer<typeof campaignPerformance>;

export const performanceDay = z.object({ day: z.string(), spend: money, clicks: count, installs: count });

export const performanceResult = z.object({
  start: z.string(),
  end: z.string(),
  game: z.number().int().nullable(),
  window_days: z.number().int(),
  currency: z.literal(REPORT_CURRENCY),
  campaigns: z.array(campaignPerformance),
  totals: campaignFigures.extend({ organic_installs: count }),
  days: z.array(performanceDay),
});
export type PerformanceResult = z.infer<typeof performanceResult>;

// ---- GET /api/advertisement/attribution/?start&end[&game][&campaign][&channel][&match][&device][&window][&page][&limit]

export const attributionQuery = z.object({
  start: analysisDay('start'),
  end: analysisDay('end'),
  game: id('game').optional(),
  campaign: id('campaign').optional(),
  channel: z.string().regex(CHANNEL, { error: 'channel 只能是 1 到 64 个字母、数字或 _ . - 字符' }).optional(),
  match: z.enum(AD_MATCHES, { error: 'match 只能是 last_click 或 organic' }).optional(),
  device: z.string().regex(DEVICE_ID, { error: 'device 只能是 1 到 128 个字母、数字或 _ . : - 字符' }).optional(),
  window: windowParam.optional(),
  page: z.coerce.number({ error: 'page 必须是正整数' }).int({ error: 'page 必须是正整数' }).min(1, { error: 'page 必须是正整数' }).max(100_000, { error: 'page 过大' }).optional(),
  limit: z.coerce
    .number({ error: `limit 必须是 1 到 ${AD_PAGE_MAX} 的整数` })
    .int({ error: `limit 必须是 1 到 ${AD_PAGE_MAX} 的整数` })
    .min(1, { error: `limit 必须是 1 到 ${AD_PAGE_MAX} 的整数` })
    .max(AD_PAGE_MAX, { error: `limit 必须是 1 到 ${AD_PAGE_MAX} 的整数` })
    .optional(),
});
export type AttributionQuery = z.infer<typeof attributionQuery>;

export const attributionRow = z.object({
  game: z.number().int(),
  game_name: z.string(),
  distinct_id: z.string(),
  device_id: z.string(),
  /** ISO times. */
  install_time: z.string(),
  /** The campaign's channel when attributed, else the channel the register event named ('' if none). */
  channel: z.string(),
  campaign: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  click_time: z.string().nullable(),
  match: z.enum(AD_MATCHES),
});
export type AttributionRow = z.infer<typeof attributionRow>;

export const attributionResult = z.object({
  start: z.string(),
  end: z.string(),
  window_days: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  total: count,
  summary: z.object({ installs: count, attributed: count, organic: count }),
  rows: z.array(attributionRow),
});
export type AttributionResult = z.infer<typeof attributionResult>;

// ---- GET /api/advertisement/campaign/installs/?campaign&start&end[&game][&window]&page&limit (+ …/installs/export_data/)

/**
 * The drill-down of a campaign's installs figure (广告计划): the installs of start..end attributed to the
 * campaign, with the figure's own parameters (game, window) — read from the same definition as the
 * figure (server attribution.ts `installsSql`), so `total` equals the campaign's `installs` in
 * GET …/campaign/performance/ for the same query. Newest first. The export gives every row as xlsx.
 */
export const campaignInstallsExportQuery = z.object({
  campaign: id('campaign'),
  start: analysisDay('start'),
  end: analysisDay('end'),
  game: id('game').optional(),
  window: windowParam.optional(),
});
export type CampaignInstallsExportQuery = z.infer<typeof campaignInstallsExportQuery>;

export const campaignInstallsQuery = campaignInstallsExportQuery.extend({
  page: intIn('page', 1, 1_000_000).default(1),
  limit: intIn('limit', 1, AD_PAGE_MAX).default(20),
});
export type CampaignInstallsQuery = z.infer<typeof campaignInstallsQuery>;

export const campaignInstallsPage = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  /** The campaign's installs figure for the same query. */
  total: count,
  is_next: z.boolean(),
  is_previous: z.boolean(),
  window_days: z.number().int(),
  data: z.array(attributionRow),
});
export type CampaignInstallsPage = z.infer<typeof campaignInstallsPage>;

// ---- GET /api/advertisement/click/?campaign=<id>&device=<id> (open, rate-limited) → 302 Location: store URL

export const clickQuery = z.object({
  campaign: id('campaign'),
  device: z.string({ error: 'device 不能为空' }).regex(DEVICE_ID, { error: 'device 只能是 1 到 128 个字母、数字或 _ . : - 字符' }),
});
export type ClickQuery = z.infer<typeof clickQuery>;

// ---- POST /api/advertisement/campaign/{id}/clicks/ (Update): click logs an ad network reports (server to server)

export const AD_CLICK_BATCH_MAX = 1000;
export const clickLogIn = z.object({
  device: z.string({ error: 'device 不能为空' }).regex(DEVICE_ID, { error: 'device 只能是 1 到 128 个字母、数字或 _ . : - 字符' }),
  /** ISO time with offset, not in the future, its day within the campaign's period. */
  time: z.iso.datetime({ offset: true, error: 'time 必须是带时区的 ISO 时间' }),
});
export const clickBatchInput = z.object({
  clicks: z.array(clickLogIn, { error: 'clicks 必须是数组' }).min(1, { error: 'clicks 至少要有一条' }).max(AD_CLICK_BATCH_MAX, { error: `clicks 每次最多 ${AD_CLICK_BATCH_MAX} 条` }),
});
export type ClickBatchInput = z.infer<typeof clickBatchInput>;
export const clickBatchResult = z.object({ accepted: count, rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })) });
export type ClickBatchResult = z.infer<typeof clickBatchResult>;
