import { SESSION_BUCKETS, type SessionsResult } from '../../../contracts/schemas/embed/sessions';
import type { Db, Queryable } from '../../db/db';
import { analysisSettings, dayRange, round6 } from './analysis-common';

/**
 * Session analysis (issue 15, data_embed/sessions) over the raw events.
 *
 * A session belongs to one game and one player. Their events in time order (ties by uuid) start a new
 * session at the first event, at a `session_start`, after a `session_end`, or after a gap of 30
 * minutes or more; the session is its events up to the next start. Length = last − first event time.
 * A session counts on the day (analytics time zone) of its first event, and is followed until 6 hours
 * after the end of that day (a longer chain of events is cut there). Events from 30 minutes before
 * the day tell whether its first events continue an earlier session (then that session is not the
 * day's).
 *
 * So a day's sessions depend only on the events in [day start − 30 min, day end + 6 h). They are
 * computed once per day (two window functions over the same order: lag, then a running count of
 * starts; one GROUP BY per session) and kept in `tracking_sessions` (migration 042) with the number of
 * events in that window as the day's fingerprint; a call counts each day's window (index range
 * scans), recomputes only the days whose count moved (events only ever arrive; today, while
 * a game plays), and then aggregates the kept sessions: totals, histogram, days and games in one
 * GROUPING SETS pass.
 */

export const SESSION_GAP_SECONDS = 30 * 60;
/** How far after the end of its day a session is followed. */
export const SESSION_FOLLOW_MS = 6 * 3_600_000;
/** Serializes recomputations of the kept days (two instances, or two calls at once). */
const SESSION_LOCK = 727_016;

interface AggRow {
  g_day: number;
  g_game: number;
  day: string | null;
  game: number | null;
  sessions: number;
  events: number;
  avg: number | null;
  median: number | null;
  [bucket: string]: unknown;
}

interface DayWindow {
  day: string;
  lo: string;
  hi: string;
}

/** The sessions of the given days, from the raw events, written to tracking_sessions (one statement). */
function computeDaysSql(days: DayWindow[], tz: string): { sql: string; params: unknown[] } {
  const from = new Date(Math.min(...days.map((d) => Date.parse(d.lo))) - SESSION_GAP_SECONDS * 1000).toISOString();
  const to = new Date(Math.max(...days.map((d) => Date.parse(d.hi))) + SESSION_FOLLOW_MS).toISOString();
  const sql = `INSERT INTO tracking_sessions (tz, day, game, distinct_id, start_time, seconds, events)
    WITH days AS (
      SELECT x.day, x.lo, x.hi FROM jsonb_to_recordset($1::jsonb) AS x(day date, lo timestamptz, hi timestamptz)
    ), ev AS (
      SELECT x.day, x.lo, x.hi, e.game, e.distinct_id AS d, e.time, e.uuid,
        CASE WHEN lag(e.time) OVER w IS NULL OR e.event = 'session_start' OR lag(e.event) OVER w = 'session_end'
               OR e.time - lag(e.time) OVER w >= interval '${SESSION_GAP_SECONDS} seconds' THEN 1 ELSE 0 END AS starts
      FROM tracking_events e
      JOIN days x ON e.time >= x.lo - interval '${SESSION_GAP_SECONDS} seconds' AND e.time < x.hi + interval '${SESSION_FOLLOW_MS / 1000} seconds'
      WHERE e.time >= $2::timestamptz AND e.time < $3::timestamptz
      WINDOW w AS (PARTITION BY x.day, e.game, e.distinct_id ORDER BY e.time, e.uuid)
    ), numbered AS (
      SELECT day, lo, hi, game, d, time, sum(starts) OVER (PARTITION BY day, game, d ORDER BY time, uuid ROWS UNBOUNDED PRECEDING) AS sn FROM ev
    ), sess AS (
      SELECT day, lo, hi, game, d, min(time) AS s, max(time) AS l, count(*)::int AS n FROM numbered GROUP BY day, lo, hi, game, d, sn
    )
    SELECT $4, day, game, d, s, extract(epoch FROM l - s)::float8, n FROM sess WHERE s >= lo AND s < hi`;
  return { sql, params: [JSON.stringify(days), from, to, tz] };
}

/**
 * Each day's fingerprint: the number of events in its window. The windows overlap (6.5 hours), so the
 * range is cut at every window edge and each piece counted once (a range scan of the primary key
 * (time, uuid), index-only once autovacuum has passed; nothing computed per row); a day adds up its
 * pieces.
 */
async function fingerprints(db: Queryable, days: DayWindow[]): Promise<Map<string, number>> {
  const windows = days.map((d) => ({ day: d.day, a: Date.parse(d.lo) - SESSION_GAP_SECONDS * 1000, b: Date.parse(d.hi) + SESSION_FOLLOW_MS }));
  const edges = [...new Set(windows.flatMap((w) => [w.a, w.b]))].sort((x, y) => x - y);
  const pieces = edges.slice(1).map((b, i) => ({ a: new Date(edges[i] as number).toISOString(), b: new Date(b).toISOString() }));
  const rows = await db.query<{ a: string; n: number }>(
    `SELECT x.a, (SELECT count(*) FROM tracking_events e WHERE e.time >= x.a::timestamptz AND e.time < x.b::timestamptz)::float8 AS n
     FROM jsonb_to_recordset($1::jsonb) AS x(a text, b text)`,
    [JSON.stringify(pieces)],
  );
  const counts = new Map(rows.map((r) => [Date.parse(r.a), Number(r.n)]));
  const out = new Map<string, number>();
  for (const w of windows) {
    let n = 0;
    for (let i = 0; i + 1 < edges.length; i++) if ((edges[i] as number) >= w.a && (edges[i + 1] as number) <= w.b) n += counts.get(edges[i] as number) ?? 0;
    out.set(w.day, n);
  }
  return out;
}

/** Makes sure tracking_sessions holds the current sessions of every day of the range (recomputing only changed days). */
export async function ensureSessionDays(db: Db, days: DayWindow[], tz: string): Promise<{ recomputed: string[] }> {
  const now = await fingerprints(db, days);
  const kept = new Map(
    (await db.query<{ day: string; fingerprint: number }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, fingerprint::float8 AS fingerprint FROM tracking_session_days WHERE tz = $1 AND day = ANY($2::date[])`, [tz, days.map((d) => d.day)])).map((r) => [
      r.day,
      Number(r.fingerprint),
    ]),
  );
  const stale = days.filter((d) => kept.get(d.day) !== now.get(d.day));
  if (stale.length === 0) return { recomputed: [] };
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SESSION_LOCK]);
    await analysisSettings(tx, '256MB');
    const names = stale.map((d) => d.day);
    await tx.query('DELETE FROM tracking_sessions WHERE tz = $1 AND day = ANY($2::date[])', [tz, names]);
    const { sql, params } = computeDaysSql(stale, tz);
    await tx.query(sql, params);
    // The counts taken before the computation: events that arrived meanwhile move the count and the day is computed again next time.
    await tx.query(
      `INSERT INTO tracking_session_days (tz, day, fingerprint, computed_at)
       SELECT $1, x.day, x.n, now() FROM jsonb_to_recordset($2::jsonb) AS x(day date, n bigint)
       ON CONFLICT (tz, day) DO UPDATE SET fingerprint = excluded.fingerprint, computed_at = excluded.computed_at`,
      [tz, JSON.stringify(stale.map((d) => ({ day: d.day, n: now.get(d.day) ?? 0 })))],
    );
  });
  return { recomputed: stale.map((d) => d.day) };
}

/** Sessions over the calendar days start..end in time zone `tz`, of one game or of all. */
export async function analyzeSessions(db: Db, start: string, end: string, tz: string, game: number | null = null): Promise<SessionsResult> {
  const range = await dayRange(db, start, end, tz);
  const windows = await db.query<{ day: string; lo: string; hi: string }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day,
       to_char((d::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS lo,
       to_char(((d + 1)::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS hi
     FROM generate_series($1::date, $2::date, interval '1 day') AS g(t), LATERAL (SELECT t::date AS d) x ORDER BY d`,
    [start, end, tz],
  );
  await ensureSessionDays(db, windows, tz);
  const params: unknown[] = [tz, start, end];
  let gameCond = '';
  if (game !== null) {
    params.push(game);
    gameCond = ` AND game = $${params.length}`;
  }
  const buckets = SESSION_BUCKETS.map(([a, b], i) => `count(*) FILTER (WHERE seconds >= ${a}${b === null ? '' : ` AND seconds < ${b}`})::int AS b${i}`).join(', ');
  const [rows, playerRows] = await db.transaction(async (tx) => {
    await analysisSettings(tx, '128MB');
    const agg = await tx.query<AggRow>(
      `SELECT GROUPING(day)::int AS g_day, GROUPING(game)::int AS g_game, to_char(day, 'YYYY-MM-DD') AS day, game,
         count(*)::int AS sessions, coalesce(sum(events), 0)::float8 AS events,
         avg(seconds)::float8 AS avg, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS median, ${buckets}
       FROM tracking_sessions
       WHERE tz = $1 AND day BETWEEN $2::date AND $3::date${gameCond}
       GROUP BY GROUPING SETS ((), (day), (game))`,
      params,
    );
    // Players per game: a hashed DISTINCT (count(DISTINCT) in the grouping sets above would sort every set).
    const perGame = await tx.query<{ game: number; players: number }>(
      `SELECT game, count(*)::int AS players FROM (SELECT DISTINCT game, distinct_id FROM tracking_sessions WHERE tz = $1 AND day BETWEEN $2::date AND $3::date${gameCond}) p GROUP BY game`,
      params,
    );
    return [agg, perGame] as const;
  });
  const players = new Map(playerRows.map((r) => [Number(r.game), Number(r.players)]));
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
    players: [...players.values()].reduce((n, p) => n + p, 0),
    events_per_session: perSession(total),
    histogram: SESSION_BUCKETS.map(([from, to], i) => ({ from_seconds: from, to_seconds: to, sessions: Number(total?.[`b${i}`] ?? 0) })),
    days: range.days.map((day) => {
      const r = byDay.get(day);
      return { day, ...fig(r), events_per_session: perSession(r) };
    }),
    games: byGame
      .map((r) => ({ game: Number(r.game), game_name: names.get(Number(r.game)) ?? `#${String(r.game)}`, ...fig(r), players: players.get(Number(r.game)) ?? 0 }))
      .sort((a, b) => b.sessions - a.sessions || a.game - b.game),
  };
}
