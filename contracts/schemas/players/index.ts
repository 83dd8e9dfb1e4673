import { z } from 'zod';
import { analysisDay } from '../tracking/funnel';

/**
 * Players (menus center_users/* and data_reports/*).
 *
 * Definitions (one server function each, domain/players):
 * - a player is a (game, distinct_id) pair; its registration (cohort) day is the first calendar day
 *   (ANALYTICS_TZ) with any tracked event or paid order; its channel is the `channel` of its earliest
 *   `register` event ('' = unknown);
 * - a player is RETAINED ON DAY N if active (any tracked event or paid order) on the calendar day
 *   registration day + N; retention(N) of a cohort = retained(N) / players, 6 decimals; null while that
 *   day has not begun yet (registration day + N after today) or when the cohort has no players.
 */

/** The retention days of the matrix (keys of `retention`), and the longest day the curve shows. */
export const RETENTION_DAYS = [1, 3, 7, 14, 30] as const;
export const RETENTION_CURVE_DAYS = 30;

const gameParam = z.coerce.number({ error: 'game 必须是游戏编号' }).int({ error: 'game 必须是游戏编号' }).min(1, { error: 'game 必须是游戏编号' }).max(2_147_483_647, { error: 'game 必须是游戏编号' });

/** GET /api/center_users/retention/?game=<id>&start=&end=[&channel=] (cohort days start..end, ≤ 366 days; no game = every game). */
export const retentionQuery = z.object({
  start: analysisDay('start'),
  end: analysisDay('end'),
  game: gameParam.optional(),
  channel: z.string({ error: 'channel 必须是渠道名' }).max(128, { error: 'channel 不能超过 128 个字符' }).optional(),
});
export type RetentionQuery = z.infer<typeof retentionQuery>;

const count = z.number().int().min(0);
const rate = z.number().min(0).max(1).nullable();
const byDay = <T extends z.ZodType>(v: T) => z.object({ '1': v, '3': v, '7': v, '14': v, '30': v });

export const retentionCohort = z.object({
  /** Registration day, YYYY-MM-DD. */
  day: z.string(),
  players: count,
  retention: byDay(rate),
  /** Players retained on day N (the numerators). */
  retained: byDay(count),
});
export type RetentionCohort = z.infer<typeof retentionCohort>;

export const retentionCurvePoint = z.object({
  n: z.number().int().min(1).max(RETENTION_CURVE_DAYS),
  /** Players of the cohorts whose day N has begun (the denominator), and those retained. */
  players: count,
  retained: count,
  retention: rate,
});

export const retentionResult = z.object({
  start: z.string(),
  end: z.string(),
  game: z.number().int().nullable(),
  channel: z.string().nullable(),
  /** Today in the analytics time zone: day N of a cohort is known once registration day + N ≤ today. */
  today: z.string(),
  /** Every day of the range in order (days without new players: players 0, retention null). */
  cohorts: z.array(retentionCohort),
  /** All cohorts of the range together (weighted: players of cohorts whose day N has begun). */
  total: z.object({ players: count, retention: byDay(rate), retained: byDay(count) }),
  /** The same for every day 1..30: the retention curve. */
  curve: z.array(retentionCurvePoint),
  /** Channels with new players in the range (the filter's choices; '' = unknown). */
  channels: z.array(z.string()),
});
export type RetentionResult = z.infer<typeof retentionResult>;

// ---- devices: GET /api/center_users/devices/ (paged like every list)

/**
 * A device seen on register/login events (their `device_id` property): the latest model and OS,
 * first and last seen (ISO times), how many accounts (game, player) used it and the first 10 of them.
 * Filters: page, limit (≤ 100), search (device id or model, contains), os, game (devices with an account
 * in it), distinct_id (a player's devices), shared=1 (2 or more accounts), ordering (-last_seen (default),
 * last_seen, -first_seen, first_seen, -accounts, accounts).
 */
export const DEVICE_ORDERINGS = ['-last_seen', 'last_seen', '-first_seen', 'first_seen', '-accounts', 'accounts'] as const;
export const deviceAccount = z.object({ game: z.number().int(), game_name: z.string(), distinct_id: z.string(), first_seen: z.string(), last_seen: z.string() });
export const deviceRow = z.object({
  id: z.number().int(),
  device_id: z.string(),
  device_model: z.string(),
  os: z.string(),
  os_version: z.string(),
  first_seen: z.string(),
  last_seen: z.string(),
  accounts: z.number().int().min(0),
  account_list: z.array(deviceAccount),
});
export type DeviceRow = z.infer<typeof deviceRow>;

// ---- center_users accounts+game_users
export * from './accounts';
export * from './retention-players';
