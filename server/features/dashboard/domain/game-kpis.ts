import { GAME_KPI_TOP, type GameKpiGame, type GameKpis } from '../../../../contracts/schemas/dashboard/workbench';
import type { Db } from '../../../db/db';
import { exact, revenue } from '../../../domain/analytics/revenue';
import { dayIn } from './realtime';

/**
 * The workbench's game KPIs (widget `game_kpis`): today in the analytics time zone, from the rollups
 * every report reads — revenue and active players per game through `revenue()` (the one revenue
 * function, income_daily + player_active_links), new players from cohort_daily (first active day per
 * game). Revenue is left out (null) for a caller who may not see it. Definitions:
 * contracts/schemas/dashboard/workbench.ts.
 */
export async function gameKpis(db: Db, tz: string, opts: { revenue: boolean }, now = Date.now()): Promise<GameKpis> {
  const day = dayIn(tz, now);
  const [byGame, cohorts] = await Promise.all([
    revenue(db, { start: day, end: day, game: null }, 'game', { active: true, payers: false }),
    db.query<{ game: number; n: string }>('SELECT game, sum(players)::text AS n FROM cohort_daily WHERE day = $1::date GROUP BY game', [day]),
  ]);
  const games = new Map<number, { active: number; fresh: number; revenue: number; orders: number }>();
  const of = (id: number) => {
    let g = games.get(id);
    if (!g) {
      g = { active: 0, fresh: 0, revenue: 0, orders: 0 };
      games.set(id, g);
    }
    return g;
  };
  for (const [k, f] of byGame) {
    const g = of(Number(k));
    g.active = f.active_players;
    g.revenue = f.revenue;
    g.orders = f.orders;
  }
  for (const r of cohorts) of(Number(r.game)).fresh = exact(r.n);
  let active = 0;
  let fresh = 0;
  let money = 0;
  let orders = 0;
  for (const g of games.values()) {
    active += g.active;
    fresh += g.fresh;
    money += g.revenue;
    orders += g.orders;
  }
  const topBy = opts.revenue ? 'revenue' : 'active_players';
  const top = [...games.entries()]
    .filter(([, g]) => (opts.revenue ? g.revenue !== 0 || g.active > 0 : g.active > 0))
    .sort((a, b) => (opts.revenue ? b[1].revenue - a[1].revenue : 0) || b[1].active - a[1].active || a[0] - b[0])
    .slice(0, GAME_KPI_TOP);
  const names =
    top.length === 0
      ? new Map<number, string>()
      : new Map((await db.query<{ id: number; name: string }>('SELECT id, name FROM games WHERE id = ANY($1::int[])', [top.map(([id]) => id)])).map((r) => [Number(r.id), r.name]));
  const topGames: GameKpiGame[] = top.map(([id, g]) => ({ game: id, name: names.get(id) ?? `#${id}`, active_players: g.active, new_players: g.fresh, revenue: opts.revenue ? g.revenue : null }));
  return {
    day,
    timezone: tz,
    at: new Date(now).toISOString(),
    currency: 'CNY',
    active_players: active,
    new_players: fresh,
    revenue_allowed: opts.revenue,
    revenue: opts.revenue ? money : null,
    orders: opts.revenue ? orders : null,
    top_by: topBy,
    top_games: topGames,
  };
}
