import type { DayPlayerMetric, DayPlayerRow } from '../../../../contracts/schemas/reports/day-players';
import type { Db } from '../../../db/db';
import { exact } from '../../../domain/analytics/revenue';
import { readReport } from '../../../domain/analytics/report-read';

/**
 * The players behind a day's figure of 游戏统计 (data_reports/game_stats/players/): new = the cohort of
 * the day (player_cohorts, which cohort_daily counts), active = player_active_days of the day (which
 * active_daily counts), paying = players with an order paid that day (income_player_days, orders > 0).
 * One game or every game; ordered by game, then player; `page` null = every row (export, ≤ `max`).
 */
export async function dayPlayers(
  db: Db,
  q: { day: string; metric: DayPlayerMetric; game?: number | undefined },
  page: { page: number; limit: number } | null,
  max = 100_000,
): Promise<{ total: number; rows: DayPlayerRow[] }> {
  const params: unknown[] = [q.day];
  if (q.game !== undefined) params.push(q.game);
  const gameCond = (alias: string) => (q.game === undefined ? '' : ` AND ${alias}.game = $2`);
  const source =
    q.metric === 'new'
      ? `SELECT c.game, c.distinct_id FROM player_cohorts c WHERE c.day = $1::date${gameCond('c')}`
      : q.metric === 'active'
        ? `SELECT a.game, a.distinct_id FROM player_active_days a WHERE a.day = $1::date${gameCond('a')}`
        : `SELECT p.game, p.distinct_id FROM income_player_days p WHERE p.day = $1::date${gameCond('p')} GROUP BY p.game, p.distinct_id HAVING sum(p.orders) > 0`;
  const limit = page ? page.limit : max;
  const offset = page ? (page.page - 1) * page.limit : 0;
  params.push(limit, offset);
  const rows = await readReport(db, (tx) =>
    tx.query<{ game: number; game_name: string | null; distinct_id: string; registered: string | null; orders: string | null; paid: string | null; total: number }>(
      `SELECT s.game, g.name AS game_name, s.distinct_id, to_char(c.day, 'YYYY-MM-DD') AS registered,
         (SELECT sum(i.orders)::text FROM income_player_days i WHERE i.day = $1::date AND i.game = s.game AND i.distinct_id = s.distinct_id) AS orders,
         (SELECT sum(i.gross)::text FROM income_player_days i WHERE i.day = $1::date AND i.game = s.game AND i.distinct_id = s.distinct_id) AS paid,
         count(*) OVER ()::int AS total
       FROM (${source}) s
       LEFT JOIN games g ON g.id = s.game
       LEFT JOIN player_cohorts c ON c.game = s.game AND c.distinct_id = s.distinct_id
       ORDER BY s.game, s.distinct_id COLLATE "C"
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    '32MB',
  );
  let total = rows[0]?.total;
  if (total === undefined) total = page && page.page > 1 ? (await dayPlayers(db, q, { page: 1, limit: 1 })).total : 0;
  return {
    total,
    rows: rows.map((r) => ({ game: r.game, game_name: r.game_name ?? `#${r.game}`, distinct_id: r.distinct_id, registered: r.registered, orders: exact(r.orders ?? 0), paid: exact(r.paid ?? 0) })),
  };
}
