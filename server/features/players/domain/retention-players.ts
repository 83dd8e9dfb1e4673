import type { RetentionPlayerRow } from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import { readReport } from '../../../domain/analytics/report-read';

/**
 * The players behind a retention cell (center_users/retention/players/): the players of cohort `day`
 * (player_cohorts, the rows the matrix's rollups count) — for one game or all, one channel or all —
 * active on day + n (player_active_days, the same rule the rollups were kept by); n = 0: the whole
 * cohort. Ordered by game, then player (C order); `page` null = every row (export, bounded by `max`).
 */
export async function retentionPlayers(
  db: Db,
  q: { day: string; n: number; game?: number | undefined; channel?: string | undefined },
  page: { page: number; limit: number } | null,
  max = 100_000,
): Promise<{ total: number; rows: RetentionPlayerRow[] }> {
  const params: unknown[] = [q.day, q.n];
  let cond = '';
  if (q.game !== undefined) {
    params.push(q.game);
    cond += ` AND c.game = $${params.length}`;
  }
  if (q.channel !== undefined) {
    params.push(q.channel);
    cond += ` AND c.channel = $${params.length}`;
  }
  const limit = page ? page.limit : max;
  const offset = page ? (page.page - 1) * page.limit : 0;
  params.push(limit, offset);
  const rows = await readReport(db, (tx) =>
    tx.query<{ game: number; game_name: string | null; distinct_id: string; channel: string; active_days: number; total: number }>(
      `SELECT c.game, g.name AS game_name, c.distinct_id, c.channel,
         (SELECT count(*)::int FROM player_active_days a WHERE a.game = c.game AND a.distinct_id = c.distinct_id AND a.day BETWEEN c.day AND c.day + $2::int) AS active_days,
         count(*) OVER ()::int AS total
       FROM player_cohorts c LEFT JOIN games g ON g.id = c.game
       WHERE c.day = $1::date${cond}
         AND ($2::int = 0 OR EXISTS (SELECT 1 FROM player_active_days a WHERE a.day = c.day + $2::int AND a.game = c.game AND a.distinct_id = c.distinct_id))
       ORDER BY c.game, c.distinct_id COLLATE "C"
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    '16MB',
  );
  let total = rows[0]?.total;
  if (total === undefined) total = page && page.page > 1 ? (await retentionPlayers(db, q, { page: 1, limit: 1 })).total : 0;
  return { total, rows: rows.map((r) => ({ game: r.game, game_name: r.game_name ?? `#${r.game}`, distinct_id: r.distinct_id, channel: r.channel, active_days: r.active_days })) };
}
