import {
  ONLINE_WINDOW_MINUTES,
  REALTIME_MINUTES,
  REALTIME_TOP_GAMES,
  type RealtimeGame,
  type RealtimeMinute,
  type RealtimeSnapshot,
} from '../../../../contracts/schemas/dashboard/live';
import type { Db } from '../../../db/db';
import { exact, revenue } from '../../../domain/analytics/revenue';

/**
 * The realtime figures (dashboard/realtime; definitions in contracts/schemas/dashboard-live.ts): one
 * statement over the raw events and orders of the last hour (both indexed by time first), plus today's
 * revenue from the revenue rollups through `revenue()` — the one revenue function of every report.
 */

const MINUTE = 60_000;
/** Ingestion accepts event and order times up to 10 minutes ahead: they count as "now". */
const AHEAD_MS = 10 * MINUTE;

/** YYYY-MM-DD of an instant in a time zone. */
export function dayIn(tz: string, ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

interface Row {
  kind: 'l' | 'p' | 'o' | 'gl' | 'gp';
  k: string;
  n: string;
  m: string;
}

export async function realtimeSnapshot(db: Db, tz: string, now = Date.now()): Promise<RealtimeSnapshot> {
  const minuteNow = Math.floor(now / MINUTE) * MINUTE;
  const from = minuteNow - (REALTIME_MINUTES - 1) * MINUTE;
  const recent = now - ONLINE_WINDOW_MINUTES * MINUTE;
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = dayIn(tz, now);
  const [rows, byGame] = await Promise.all([
    db.query<Row>(
      `WITH ev AS MATERIALIZED (
         SELECT game, distinct_id, event, time FROM tracking_events WHERE time >= $1::timestamptz AND time < $3::timestamptz),
       od AS MATERIALIZED (
         SELECT game, distinct_id, amount_cny, time FROM orders WHERE time >= $1::timestamptz AND time < $3::timestamptz),
       recent AS (
         SELECT game, distinct_id FROM ev WHERE time >= $2::timestamptz
         UNION SELECT game, distinct_id FROM od WHERE time >= $2::timestamptz)
       SELECT 'l' AS kind, floor(extract(epoch FROM time) / 60)::bigint::text AS k, count(*)::text AS n, '0' AS m
         FROM ev WHERE event = 'login' AND time < $4::timestamptz GROUP BY 2
       UNION ALL
       SELECT 'p', floor(extract(epoch FROM time) / 60)::bigint::text, count(*)::text, sum(amount_cny)::text
         FROM od WHERE time < $4::timestamptz GROUP BY 2
       UNION ALL
       SELECT 'o', game::text, count(*)::text, '0' FROM recent GROUP BY game
       UNION ALL
       SELECT 'gl', game::text, count(*)::text, '0' FROM ev WHERE event = 'login' AND time >= $2::timestamptz GROUP BY game
       UNION ALL
       SELECT 'gp', game::text, count(*)::text, '0' FROM od WHERE time >= $2::timestamptz GROUP BY game`,
      [iso(from), iso(recent), iso(now + AHEAD_MS), iso(minuteNow + MINUTE)],
    ),
    revenue(db, { start: day, end: day, game: null }, 'game', { payers: false }),
  ]);

  const logins = new Map<number, number>();
  const payments = new Map<number, { n: number; amount: number }>();
  const games = new Map<number, { online: number; logins: number; payments: number }>();
  const gameOf = (id: number) => {
    let g = games.get(id);
    if (!g) {
      g = { online: 0, logins: 0, payments: 0 };
      games.set(id, g);
    }
    return g;
  };
  for (const r of rows) {
    if (r.kind === 'l') logins.set(Number(r.k), exact(r.n));
    else if (r.kind === 'p') payments.set(Number(r.k), { n: exact(r.n), amount: exact(r.m) });
    else if (r.kind === 'o') gameOf(Number(r.k)).online = exact(r.n);
    else if (r.kind === 'gl') gameOf(Number(r.k)).logins = exact(r.n);
    else gameOf(Number(r.k)).payments = exact(r.n);
  }
  const minutes: RealtimeMinute[] = [];
  for (let t = from; t <= minuteNow; t += MINUTE) {
    const key = t / MINUTE;
    const p = payments.get(key);
    minutes.push({ minute: iso(t), logins: logins.get(key) ?? 0, payments: p?.n ?? 0, amount: p?.amount ?? 0 });
  }
  let revenueToday = 0;
  let ordersToday = 0;
  for (const f of byGame.values()) {
    revenueToday += f.revenue;
    ordersToday += f.orders;
  }
  let online = 0;
  for (const g of games.values()) online += g.online;
  const top = [...games.entries()]
    .filter(([, g]) => g.online > 0)
    .sort((a, b) => b[1].online - a[1].online || a[0] - b[0])
    .slice(0, REALTIME_TOP_GAMES);
  const names = top.length === 0 ? new Map<number, string>() : new Map(
    (await db.query<{ id: number; name: string }>('SELECT id, name FROM games WHERE id = ANY($1::int[])', [top.map(([id]) => id)])).map((r) => [r.id, r.name]),
  );
  const topGames: RealtimeGame[] = top.map(([id, g]) => ({ game: id, name: names.get(id) ?? `#${id}`, online: g.online, logins: g.logins, payments: g.payments, revenue_today: byGame.get(String(id))?.revenue ?? 0 }));
  const last = minutes[minutes.length - 1];
  const previous = minutes[minutes.length - 2];
  return {
    at: iso(now),
    day,
    timezone: tz,
    currency: 'CNY',
    online,
    // The current minute is partial: the busier of it and the last whole minute, so the figure does not drop to 0 at every minute's start.
    logins_per_minute: Math.max(last?.logins ?? 0, previous?.logins ?? 0),
    payments_per_minute: Math.max(last?.payments ?? 0, previous?.payments ?? 0),
    revenue_today: revenueToday,
    orders_today: ordersToday,
    minutes,
    top_games: topGames,
  };
}
