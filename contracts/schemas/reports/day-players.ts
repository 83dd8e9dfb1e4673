import { z } from 'zod';
import { analysisDay, intIn } from '../tracking/funnel';

/**
 * The players behind a figure of one day of 游戏统计 (data_reports/game_stats drill-down):
 * GET /api/data_reports/game_stats/players/?day=&metric=new|active|paying[&game=]&page&limit. new:
 * players whose registration (cohort) day is that day (the row's new_players); active: with any
 * tracked event or paid order that day (active_players); paying: with an order paid that day
 * (paying_players). Players are (game, distinct_id) pairs. `…/players/export_data/`: all as xlsx.
 */

export const DAY_PLAYER_METRICS = ['new', 'active', 'paying'] as const;
export type DayPlayerMetric = (typeof DAY_PLAYER_METRICS)[number];

export const dayPlayersExportQuery = z.object({
  day: analysisDay('day'),
  metric: z.enum(DAY_PLAYER_METRICS, { error: 'metric 只能是 new、active 或 paying' }),
  game: z.coerce.number({ error: 'game 必须是游戏编号' }).int({ error: 'game 必须是游戏编号' }).min(1, { error: 'game 必须是游戏编号' }).max(2_147_483_647, { error: 'game 必须是游戏编号' }).optional(),
});
export type DayPlayersExportQuery = z.infer<typeof dayPlayersExportQuery>;

export const dayPlayersQuery = dayPlayersExportQuery.extend({
  page: intIn('page', 1, 1_000_000).default(1),
  limit: intIn('limit', 1, 100).default(20),
});
export type DayPlayersQuery = z.infer<typeof dayPlayersQuery>;

export const dayPlayerRow = z.object({
  game: z.number().int(),
  game_name: z.string(),
  distinct_id: z.string(),
  /** The player's registration day (YYYY-MM-DD), null when not known yet. */
  registered: z.string().nullable(),
  /** Orders paid that day (CNY fen summed in `paid`). */
  orders: z.number().int().min(0),
  paid: z.number().int(),
});
export type DayPlayerRow = z.infer<typeof dayPlayerRow>;

export const dayPlayersPage = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().min(0),
  is_next: z.boolean(),
  is_previous: z.boolean(),
  data: z.array(dayPlayerRow),
});
export type DayPlayersPage = z.infer<typeof dayPlayersPage>;
