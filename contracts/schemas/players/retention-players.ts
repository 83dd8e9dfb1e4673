import { z } from 'zod';
import { analysisDay, intIn } from '../tracking/funnel';

/**
 * The players behind one cell of the cohort retention matrix (留存分析's drill-down):
 * GET /api/center_users/retention/players/?day=&n=[&game=][&channel=]&page&limit — the players of the
 * cohort `day` (their registration day) retained on day `n` (active on day + n); n = 0 is the whole
 * cohort. Same game and channel filters as the matrix; the total equals the matrix's `retained[n]`
 * (players for n = 0). `…/players/export_data/` gives every such player as xlsx (no paging).
 */

export const retentionPlayersExportQuery = z.object({
  day: analysisDay('day'),
  n: intIn('n', 0, 30),
  game: z.coerce.number({ error: 'game 必须是游戏编号' }).int({ error: 'game 必须是游戏编号' }).min(1, { error: 'game 必须是游戏编号' }).max(2_147_483_647, { error: 'game 必须是游戏编号' }).optional(),
  channel: z.string({ error: 'channel 必须是渠道名' }).max(128, { error: 'channel 不能超过 128 个字符' }).optional(),
});
export type RetentionPlayersExportQuery = z.infer<typeof retentionPlayersExportQuery>;

export const retentionPlayersQuery = retentionPlayersExportQuery.extend({
  page: intIn('page', 1, 1_000_000).default(1),
  limit: intIn('limit', 1, 100).default(20),
});
export type RetentionPlayersQuery = z.infer<typeof retentionPlayersQuery>;

export const retentionPlayerRow = z.object({
  game: z.number().int(),
  game_name: z.string(),
  distinct_id: z.string(),
  /** The registration channel ('' = unknown). */
  channel: z.string(),
  /** Days the player was active from the cohort day through day + n (both counted). */
  active_days: z.number().int().min(1),
});
export type RetentionPlayerRow = z.infer<typeof retentionPlayerRow>;

export const retentionPlayersPage = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().min(0),
  is_next: z.boolean(),
  is_previous: z.boolean(),
  data: z.array(retentionPlayerRow),
});
export type RetentionPlayersPage = z.infer<typeof retentionPlayersPage>;
