import { SESSION_BUCKETS, type SessionsResult } from '../../../contracts/schemas/embed/sessions';
import type { Db } from '../../db/db';
import { analysisSettings, dayRange, round6 } from './analysis-common';

/**
 * Session analysis (issue 15, data_embed/sessions) over the raw events.
 *
 * A session belongs to one game and one player. Their events in time order (ties by uuid) start a new
 * session at the first event, at a `session_start`, after a `session_end`, or after a gap of 30
 * minutes or more; the session is its events up to the next start. Length = last − first event time.
 * A session counts on the day (analytics time zone) of its first event when that lies in the range.
 * Events from 30 minutes before the range tell whether the first events of the range continue an
 * earlier session (then it is not counted); sessions are followed up to 6 hours past the range's end.
 *
 * One statement: two window functions over the same order (lag, then a running count of starts),
 * one GROUP BY per session, then GROUPING SETS for the totals, the days and the games in one pass.
 */

export const SESSION_GAP_SECONDS = 30 * 60;
/** How far after the range a session that started in it is followed. */
export const SESSION_FOLLOW_MS = 6 * 3_600_000;

interface AggRow {
  g_day: number;
  g_game: number;
  day: string | null;
  game: number | null;
  sessions: number;
  players: number;
  events: number;
  avg: number | null;
  median: number | null;
  [bucket: string]: unknown;
}

export function sessionsSql(lo: string, hi: string, tz: string, game: number | null): { sql: string; params: unknown[] } {
  const from = new Date(Date.parse(lo) - SESSION_GAP_SECONDS * 1000).toISOString();
  const to = new Date(Date.parse(hi) + SESSION_FOLLOW_MS).toISOString();
  const params: unknown[] = [from, to, lo, hi, tz];
  let gameCond = '';
  if (game !== null) {
    params.push(game);
    gameCond = ` AND e.game = $${params.length}`;
  }
  const buckets = SESSION_BUCKETS.map(([a, b], i) => `count(*) FILTER (WHERE len >= ${a}${b === null ? '' : ` AND len < ${b}`})::int AS b${i}`).join(', ');
  const sql = `WITH ev AS (
      SELECT e.game, e.distinct_id AS d, e.time, e.uuid,
        CASE WHEN lag(e.time) OVER w IS NULL OR e.event = 'session_start' OR lag(e.event) OVER w = 'session_end'
               OR e.time - lag(e.time) OVER w >= interval '${SESSION_GAP_SECONDS} seconds' THEN 1 ELSE 0 END AS starts
      FROM tracking_events e
      WHERE e.time >= $1::timestamptz AND e.time < $2::timestamptz${gameCond}
      WINDOW w AS (PARTITION BY e.game, e.distinct_id ORDER BY e.time, e.uuid)
    ), numbered AS (
      SELECT game, d, time, sum(starts) OVER (PARTITION BY game, d ORDER BY time, uuid ROWS UNBOUNDED PRECEDING) AS sn FROM ev
    ), sess AS (
      SELECT game, d, min(time) AS s, max(time) AS l, count(*) AS n FROM numbered GROUP BY game, d, sn
    ), kept AS (
      SELECT game, d, extract(epoch FROM l - s)::float8 AS len, n, to_char(s AT TIME ZONE $5, 'YYYY-MM-DD') AS day
      FROM sess WHERE s >= $3::timestamptz AND s < $4::timestamptz
    )
    SELECT GROUPING(day)::int AS g_day, GROUPING(game)::int AS g_game, day, game,
      count(*)::int AS sessions, count(DISTINCT d)::int AS players, coalesce(sum(n), 0)::float8 AS events,
      avg(len)::float8 AS avg, percentile_cont(0.5) WITHIN GROUP (ORDER BY len) AS median, ${buckets}
    FROM kept
    GROUP BY GROUPING SETS ((), (day), (game))`;
  return { sql, params };
}

/** Sessions over the calendar days start..end in time zone `tz`, of one game or of all. */
export async function analyzeSessions(db: Db, start: string, end: string, tz: string, game: number | null = null): Promise<SessionsResult> {
  const range = await dayRange(db, start, end, tz);
  const { sql, params } = sessionsSql(range.lo, range.hi, tz, game);
  const rows = await db.transaction(async (tx) => {
    await analysisSettings(tx, '256MB');
    return tx.query<AggRow>(sql, params);
  });
  const total = rows.find((r) => r.g_day === 1 && r.g_game === 1);
  const byDay = new Map(rows.filter((r) => r.g_day === 0 && r.day !== null).map((r) => [r.day as string, r]));
  const byGame = rows.filter((r) => r.g_game === 0 && r.game !== null);
  const ids = byGame.map((r) => Number(r.game));
  const names = new Map(
    ids.length === 0 ? [] : (await db.query<{ id: number; name: string }>('SELECT id, name FROM games WHERE id = ANY($1::int[])', [ids])).map((g) => [g.id, g.name]),
  );
  const fig = (r: AggRow | undefined) => ({
    sessions: Number(r?.sessions ?? 0),
    avg_seconds: r?.avg === null || r?.avg === undefined ? 0 : round6(Number(r.avg)),
    median_seconds: r?.median === null || r?.median === undefined ? 0 : round6(Number(r.median)),
  });
  const perSession = (r: AggRow | undefined) => (r && Number(r.sessions) > 0 ? round6(Number(r.events) / Number(r.sessions)) : 0);
  return {
    start,
    end,
    game,
    ...fig(total),
    players: byGame.reduce((n, r) => n + Number(r.players), 0),
    events_per_session: perSession(total),
    histogram: SESSION_BUCKETS.map(([from, to], i) => ({ from_seconds: from, to_seconds: to, sessions: Number(total?.[`b${i}`] ?? 0) })),
    days: range.days.map((day) => {
      const r = byDay.get(day);
      return { day, ...fig(r), events_per_session: perSession(r) };
    }),
    games: byGame
      .map((r) => ({ game: Number(r.game), game_name: names.get(Number(r.game)) ?? `#${String(r.game)}`, ...fig(r), players: Number(r.players) }))
      .sort((a, b) => b.sessions - a.sessions || a.game - b.game),
  };
}
