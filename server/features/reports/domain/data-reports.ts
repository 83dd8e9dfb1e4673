import type { GameStatsQuery, StatsResult, StatsRow, StatsSummary, UserStatsQuery } from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import { CrudError } from '../../../domain/crud/spec';
import type { Cell } from '../../../domain/crud/xlsx';
import { perHead, revenue, type Figures } from '../../../domain/analytics/revenue';
import { checkRange, daysOf, plusDays } from '../../../domain/analytics/day-range';
import { readReport } from '../../../domain/analytics/report-read';
import { accountRetentionCounts, rate, retentionCounts } from '../../../domain/analytics/retention';

/**
 * Data reports: data_reports/game_stats (per game or every game) and
 * data_reports/user_stats (platform accounts), one row per day. Each figure comes from the one function
 * that owns it: new players and d1/d7 from domain/analytics/retention.ts (cohort_daily, retention_daily;
 * accounts: accountRetentionCounts), revenue and paying players from domain/analytics/revenue.ts, active
 * players from the rollups of migration 055 (active_daily, account_active_daily). Definitions:
 * contracts/schemas/reports.
 */

/** The active players per day (rollups of migration 055) and distinct over the range (game_stats: (game, player) pairs; user_stats: accounts). */
async function activeCounts(db: Db, start: string, end: string, scope: { game: number | null } | 'accounts'): Promise<{ days: Map<string, number>; distinct: number }> {
  const params: unknown[] = [start, end];
  let daily: string;
  let distinct: string;
  if (scope === 'accounts') {
    daily = `SELECT 'd' AS kind, to_char(day, 'YYYY-MM-DD') AS day, players::text AS v FROM account_active_daily WHERE day BETWEEN $1::date AND $2::date`;
    // Distinct accounts of the range from the account active-day links (migration 059), as game_stats below.
    distinct = `SELECT 't', '', count(*)::text FROM account_active_links WHERE day BETWEEN $1::date AND $2::date AND (prev_day IS NULL OR prev_day < $1::date)`;
  } else {
    let cond = '';
    if (scope.game !== null) {
      params.push(scope.game);
      cond = ` AND game = $3`;
    }
    daily = `SELECT 'd' AS kind, to_char(day, 'YYYY-MM-DD') AS day, sum(players)::text AS v FROM active_daily WHERE day BETWEEN $1::date AND $2::date${cond} GROUP BY day`;
    // Distinct (game, player) pairs of the range from the active-day links (migration 059): a pair's days in
    // the range whose previous active day is before it, counted over the day index.
    distinct = `SELECT 't', '', count(*)::text FROM player_active_links WHERE day BETWEEN $1::date AND $2::date AND (prev_day IS NULL OR prev_day < $1::date)${cond}`;
  }
  const rows = await readReport(db, (tx) =>
    tx.query<{ kind: 'd' | 't'; day: string; v: string }>(`${daily} UNION ALL ${distinct}`, params),
    '64MB',
  );
  const out = { days: new Map<string, number>(), distinct: 0 };
  for (const r of rows) {
    if (r.kind === 'd') out.days.set(r.day, Number(r.v));
    else out.distinct = Number(r.v);
  }
  return out;
}

interface Cohorts {
  today: string;
  /** Per registration day: new players, retained on day 1 and day 7. */
  days: Map<string, { players: number; d1: number; d7: number }>;
}

const ZERO: Figures = { revenue: 0, gross: 0, refunds: 0, orders: 0, refund_orders: 0, paying_players: 0, active_players: 0 };

function assemble(start: string, end: string, game: number | null, cohorts: Cohorts, active: { days: Map<string, number>; distinct: number }, byDay: Map<string, Figures>, total: Figures): StatsResult {
  const known = (day: string, n: number) => plusDays(day, n) <= cohorts.today;
  const sum = { players: 0, d1Players: 0, d1: 0, d7Players: 0, d7: 0 };
  const days: StatsRow[] = daysOf(start, end).map((day) => {
    const c = cohorts.days.get(day) ?? { players: 0, d1: 0, d7: 0 };
    const f = byDay.get(day) ?? ZERO;
    const activePlayers = active.days.get(day) ?? 0;
    sum.players += c.players;
    if (known(day, 1)) {
      sum.d1Players += c.players;
      sum.d1 += c.d1;
    }
    if (known(day, 7)) {
      sum.d7Players += c.players;
      sum.d7 += c.d7;
    }
    return {
      day,
      new_players: c.players,
      active_players: activePlayers,
      paying_players: f.paying_players,
      revenue: f.revenue,
      arpu: perHead(f.revenue, activePlayers),
      d1: known(day, 1) ? rate(c.d1, c.players) : null,
      d7: known(day, 7) ? rate(c.d7, c.players) : null,
      d1_retained: c.d1,
      d7_retained: c.d7,
    };
  });
  const summary: StatsSummary = {
    new_players: sum.players,
    active_players: active.distinct,
    paying_players: total.paying_players,
    revenue: total.revenue,
    gross: total.gross,
    refunds: total.refunds,
    arpu: perHead(total.revenue, active.distinct),
    d1: rate(sum.d1, sum.d1Players),
    d7: rate(sum.d7, sum.d7Players),
    d1_retained: sum.d1,
    d7_retained: sum.d7,
  };
  return { start, end, game, today: cohorts.today, currency: 'CNY', days, total: summary };
}

/** GET /api/data_reports/game_stats/: per day of start..end, one game or every game ((game, player) pairs). */
export async function gameStats(db: Db, tz: string, q: GameStatsQuery): Promise<StatsResult> {
  checkRange(q.start, q.end);
  const game = q.game ?? null;
  if (game !== null && (await db.query('SELECT 1 FROM games WHERE id = $1', [game])).length === 0) throw new CrudError(`游戏:id 为 ${game} 的游戏不存在。`);
  const range = { start: q.start, end: q.end, game };
  const [ret, active, byDay, total] = await Promise.all([
    retentionCounts(db, tz, { start: q.start, end: q.end, ...(game !== null ? { game } : {}) }),
    activeCounts(db, q.start, q.end, { game }),
    revenue(db, range, 'day'),
    revenue(db, range, 'total', { active: false }),
  ]);
  const cohorts: Cohorts = { today: ret.today, days: new Map([...ret.days].map(([day, e]) => [day, { players: e.players, d1: e.retained[1] ?? 0, d7: e.retained[7] ?? 0 }])) };
  return assemble(q.start, q.end, game, cohorts, active, byDay, total.get('') ?? ZERO);
}

/** GET /api/data_reports/user_stats/: per day of start..end, platform accounts (distinct_id across games, once). */
export async function userStats(db: Db, tz: string, q: UserStatsQuery): Promise<StatsResult> {
  checkRange(q.start, q.end);
  const range = { start: q.start, end: q.end, game: null };
  const [ret, active, byDay, total] = await Promise.all([
    accountRetentionCounts(db, tz, q, [1, 7]),
    activeCounts(db, q.start, q.end, 'accounts'),
    revenue(db, range, 'day', { payersBy: 'account' }),
    revenue(db, range, 'total', { active: false, payersBy: 'account' }),
  ]);
  const cohorts: Cohorts = { today: ret.today, days: new Map([...ret.days].map(([day, e]) => [day, { players: e.players, d1: e.retained.get(1) ?? 0, d7: e.retained.get(7) ?? 0 }])) };
  return assemble(q.start, q.end, null, cohorts, active, byDay, total.get('') ?? ZERO);
}

/** The export's header and rows, newest day first as on the screen (amounts in fen as the orders export, rates as percentages, '' while unknown; the summary last). */
export const STATS_EXPORT_HEADER = ['日期', '新增玩家', '活跃玩家', '付费玩家', '收入(分, CNY)', 'ARPU(分, CNY)', '次日留存', '7日留存'];
export function statsSheet(result: StatsResult): Cell[][] {
  const r = (v: number | null) => (v === null ? '' : `${(v * 100).toFixed(2)}%`);
  const rows: Cell[][] = [...result.days].reverse().map((d) => [d.day, d.new_players, d.active_players, d.paying_players, d.revenue, d.arpu, r(d.d1), r(d.d7)]);
  const t = result.total;
  rows.push([`合计 ${result.start} ~ ${result.end}`, t.new_players, t.active_players, t.paying_players, t.revenue, t.arpu, r(t.d1), r(t.d7)]);
  return rows;
}
