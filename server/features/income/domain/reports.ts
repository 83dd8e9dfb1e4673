import type { DistributionResult, HistoryResult, IncomeRangeQuery, OverviewResult, RankResult, RevenueFigures } from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import { checkRange, daysOf } from '../../../domain/analytics/day-range';
import { perHead, revenue, zeroFigures as zero, type Figures } from '../../../domain/analytics/revenue';

/**
 * The revenue reports (menus center_income/*): overview, history, distribution and rank, each from the
 * one revenue function (server/domain/analytics/revenue.ts) that every figure of revenue comes from.
 */

const figuresOnly = (f: Figures): RevenueFigures => ({ revenue: f.revenue, gross: f.gross, refunds: f.refunds, orders: f.orders, refund_orders: f.refund_orders, paying_players: f.paying_players });

export async function overview(db: Db, q: IncomeRangeQuery): Promise<OverviewResult> {
  const game = q.game ?? null;
  const f = (await revenue(db, { start: q.start, end: q.end, game }, 'total')).get('') ?? zero();
  return {
    start: q.start,
    end: q.end,
    game,
    currency: 'CNY',
    ...figuresOnly(f),
    active_players: f.active_players,
    arpu: perHead(f.revenue, f.active_players),
    arppu: perHead(f.revenue, f.paying_players),
    paying_rate: f.active_players === 0 ? 0 : Math.round((f.paying_players / f.active_players) * 1e6) / 1e6,
  };
}

const DAY = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The same day one month earlier, clamped to that month's last day (03-31 → 02-28). */
export function monthEarlier(d: string): string {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const py = m === 1 ? y - 1 : y;
  const pm = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(py, pm, 0)).getUTCDate();
  return `${py}-${String(pm).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

async function series(db: Db, start: string, end: string, game: number | null): Promise<{ days: HistoryResult['days']; totals: RevenueFigures }> {
  // Both reads at once: on PostgreSQL they run on two connections in parallel (one at a time on PGlite).
  const [byDay, total] = await Promise.all([revenue(db, { start, end, game }, 'day'), revenue(db, { start, end, game }, 'total', { active: false })]);
  const days = daysOf(start, end).map((day) => ({ day, ...figuresOnly(byDay.get(day) ?? zero()) }));
  return { days, totals: figuresOnly(total.get('') ?? zero()) };
}

export async function history(db: Db, q: IncomeRangeQuery & { compare?: 'previous' | 'last_month' }): Promise<HistoryResult> {
  const game = q.game ?? null;
  checkRange(q.start, q.end);
  let compare: HistoryResult['compare'] = null;
  let other: Promise<Awaited<ReturnType<typeof series>>> | null = null;
  let cs = '';
  let ce = '';
  if (q.compare) {
    if (q.compare === 'previous') {
      const n = (dayMs(q.end) - dayMs(q.start)) / DAY + 1;
      cs = dayOf(dayMs(q.start) - n * DAY);
      ce = dayOf(dayMs(q.start) - DAY);
    } else {
      cs = monthEarlier(q.start);
      ce = monthEarlier(q.end);
    }
    other = series(db, cs, ce, game);
  }
  const [main, prior] = await Promise.all([series(db, q.start, q.end, game), other]);
  if (q.compare && prior) compare = { kind: q.compare, start: cs, end: ce, ...prior };
  return { start: q.start, end: q.end, game, days: main.days, totals: main.totals, compare };
}

async function gameNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; name: string }>('SELECT id, name FROM games WHERE id = ANY($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Largest revenue first, then key. */
const byRevenue = (a: [string, Figures], b: [string, Figures]) => b[1].revenue - a[1].revenue || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export async function distribution(db: Db, q: IncomeRangeQuery & { by: DistributionResult['by'] }): Promise<DistributionResult> {
  const game = q.game ?? null;
  const range = { start: q.start, end: q.end, game };
  const [byKey, totals] = await Promise.all([revenue(db, range, q.by), revenue(db, range, 'total', { active: false })]);
  const groups = [...byKey.entries()].sort(byRevenue);
  const total = totals.get('') ?? zero();
  const names = q.by === 'game' ? await gameNames(db, groups.map(([k]) => Number(k))) : new Map<number, string>();
  return {
    start: q.start,
    end: q.end,
    game,
    by: q.by,
    total: figuresOnly(total),
    rows: groups.map(([key, f]) => ({
      key,
      label: q.by === 'game' ? (names.get(Number(key)) ?? `#${key}`) : key,
      ...figuresOnly(f),
      share: total.revenue > 0 ? Math.round((f.revenue / total.revenue) * 1e6) / 1e6 : 0,
    })),
  };
}

export async function rank(db: Db, q: IncomeRangeQuery & { by: RankResult['by']; limit?: number }): Promise<RankResult> {
  const game = q.game ?? null;
  const limit = q.limit ?? 10;
  const range = { start: q.start, end: q.end, game };
  const groups = [...(await revenue(db, range, q.by, { limit })).entries()].sort(byRevenue).slice(0, limit);
  const gameOf = (key: string) => Number(q.by === 'player' ? key.slice(0, key.indexOf(':')) : key);
  const names = q.by === 'channel' ? new Map<number, string>() : await gameNames(db, [...new Set(groups.map(([k]) => gameOf(k)))]);
  const nameOf = (key: string) => names.get(gameOf(key)) ?? `#${gameOf(key)}`;
  return {
    start: q.start,
    end: q.end,
    game,
    by: q.by,
    rows: groups.map(([key, f], i) => ({
      rank: i + 1,
      key,
      label: q.by === 'game' ? nameOf(key) : q.by === 'player' ? key.slice(key.indexOf(':') + 1) : key,
      game_name: q.by === 'player' ? nameOf(key) : null,
      ...figuresOnly(f),
    })),
  };
}
