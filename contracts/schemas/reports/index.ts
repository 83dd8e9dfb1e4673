import { z } from 'zod';
import { analysisDay } from '../tracking/funnel';

/**
 * Data reports (menus data_reports/game_stats and data_reports/user_stats): one row per
 * calendar day (ANALYTICS_TZ) of start..end (≤ 366 days), plus the range's summary row.
 *
 * game_stats: per game (or every game: players are (game, distinct_id) pairs, summed over games);
 * user_stats: platform-wide, players are ACCOUNTS (distinct_id across every game, counted once).
 * - new_players: players whose registration (cohort) day is that day (first day with any tracked event
 *   or paid order; game_stats: in that game, from cohort_daily; user_stats: in any game);
 * - active_players: players with any tracked event or paid order that day;
 * - paying_players: players with a paid order that day;
 * - revenue: paid minus refunded that day (refunds by refund day), CNY fen, from the revenue function;
 * - arpu: revenue / active_players, fen, rounded half away from zero (0 without active players);
 * - retention d1 / d7 of the day's new players: retained / new players, 6 decimals; null while
 *   day + N has not begun or without new players (a player is retained on day N if active on
 *   registration day + N).
 * The summary: new players and revenue summed; active and paying players distinct over the range;
 * ARPU = revenue / distinct active players; d1/d7 weighted over the days whose day N has begun.
 */

export const REPORT_MAX_DAYS = 366;

const gameParam = z.coerce.number({ error: 'game 必须是游戏编号' }).int({ error: 'game 必须是游戏编号' }).min(1, { error: 'game 必须是游戏编号' }).max(2_147_483_647, { error: 'game 必须是游戏编号' });

/** GET /api/data_reports/game_stats/?start=&end=[&game=] (no game = every game). Unknown parameters are refused. */
export const gameStatsQuery = z.strictObject(
  {
    start: analysisDay('start'),
    end: analysisDay('end'),
    game: gameParam.optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `不支持的参数 ${iss.keys.join('、').slice(0, 64)}` : undefined) },
);
export type GameStatsQuery = z.infer<typeof gameStatsQuery>;

/** GET /api/data_reports/user_stats/?start=&end=. Unknown parameters are refused. */
export const userStatsQuery = z.strictObject(
  {
    start: analysisDay('start'),
    end: analysisDay('end'),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `不支持的参数 ${iss.keys.join('、').slice(0, 64)}` : undefined) },
);
export type UserStatsQuery = z.infer<typeof userStatsQuery>;

const count = z.number().int().min(0);
const rate = z.number().min(0).max(1).nullable();

export const statsRow = z.object({
  /** YYYY-MM-DD. */
  day: z.string(),
  new_players: count,
  active_players: count,
  paying_players: count,
  /** CNY fen, refunds subtracted (may be negative). */
  revenue: z.number().int(),
  arpu: z.number().int(),
  d1: rate,
  d7: rate,
  /** The numerators of d1 and d7. */
  d1_retained: count,
  d7_retained: count,
});
export type StatsRow = z.infer<typeof statsRow>;

export const statsSummary = statsRow.omit({ day: true }).extend({
  /** Gross paid and refunds of the range (revenue = gross − refunds), CNY fen. */
  gross: z.number().int(),
  refunds: z.number().int(),
});
export type StatsSummary = z.infer<typeof statsSummary>;

export const statsResult = z.object({
  start: z.string(),
  end: z.string(),
  /** game_stats: the game asked for (null = every game); user_stats: always null. */
  game: z.number().int().nullable(),
  /** Today in ANALYTICS_TZ (day N of a day's new players is known once day + N ≤ today). */
  today: z.string(),
  currency: z.literal('CNY'),
  /** Every day of the range, oldest first. */
  days: z.array(statsRow),
  total: statsSummary,
});
export type StatsResult = z.infer<typeof statsResult>;
