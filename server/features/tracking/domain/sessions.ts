import { SESSION_BUCKETS, type SessionsResult } from '../../../../contracts/schemas/tracking/sessions';
import type { Db, Queryable } from '../../../db/db';
import { analysisSettings, round6 } from '../../../domain/analytics/report-read';
import { dayRange } from '../../../domain/analytics/day-range';
import { SESSION_GAP_SECONDS, SESSION_LEAD_IN_SECONDS, sessionNumberingSql } from '../../../domain/analytics/session-rule';

/**
 * Session analysis (data_embed/sessions) over the raw events.
 *
 * A session belongs to one game and one player. Their events in time order (ties by uuid) start a new
 * session at the first event, at a `session_start`, after a `session_end`, or after a gap of 30
 * minutes or more; the events sent up to 60 s before a `session_start` (no `session_end` between) belong
 * to the session it opens (server/domain/analytics/session-rule.ts, shared with a player's sessions);
 * the session is its events up to the next start. Length = last − first event time.
 * A session counts on the day (analytics time zone) of its first event, and is followed until 6 hours
 * after the end of that day (a longer chain of events is cut there). Events from 30 minutes before
 * the day tell whether its first events continue an earlier session (then that session is not the
 * day's).
 *
 * So a day's sessions depend only on the events in [day start − 30 min, day end + 6 h + 60 s). They are
 * computed once per day (window passes forward, backward for the next session_start / session_end, and
 * forward for a running count of starts; one GROUP BY per session) and kept in `tracking_sessions` (migration 042) with the number of
 * events in that window (from the hourly rollup) as the day's fingerprint. SessionKeeper computes days
 * ahead in the background; a call computes only days never computed, answers days whose count moved
 * (events only ever arrive; today, while a game plays) from their kept sessions with `computed_at` and
 * hands them to the background (or recomputes them first with fresh=1), and then aggregates the kept
 * sessions: totals, histogram, days and games in one GROUPING SETS pass.
 */

export { SESSION_GAP_SECONDS, SESSION_LEAD_IN_SECONDS };
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
  const to = new Date(Math.max(...days.map((d) => Date.parse(d.hi))) + SESSION_FOLLOW_MS + SESSION_LEAD_IN_SECONDS * 1000).toISOString();
  const follow = `interval '${SESSION_FOLLOW_MS / 1000} seconds'`;
  // The window reaches the lead-in time past the followed span: an event near its end may lead into a
  // session_start just after it (then it is not this day's session's).
  const numbering = sessionNumberingSql({
    source: `(SELECT x.day, x.lo, x.hi, e.game, e.distinct_id AS d, e.time, e.uuid, e.event
      FROM tracking_events e
      JOIN days x ON e.time >= x.lo - interval '${SESSION_GAP_SECONDS} seconds' AND e.time < x.hi + ${follow} + interval '${SESSION_LEAD_IN_SECONDS} seconds'
      WHERE e.time >= $2::timestamptz AND e.time < $3::timestamptz) ev`,
    partition: 'day, game, d',
    carry: ['day', 'lo', 'hi', 'game', 'd'],
  });
  const sql = `INSERT INTO tracking_sessions (tz, day, game, distinct_id, start_time, seconds, events)
    WITH days AS (
      SELECT x.day, x.lo, x.hi FROM jsonb_to_recordset($1::jsonb) AS x(day date, lo timestamptz, hi timestamptz)
    ), ${numbering}, sess AS (
      SELECT day, lo, hi, game, d, min(time) AS s, max(time) AS l, count(*)::int AS n FROM s_num
      WHERE time < hi + ${follow} GROUP BY day, lo, hi, game, d, sn
    )
    SELECT $4, day, game, d, s, extract(epoch FROM l - s)::float8, n FROM sess WHERE s >= lo AND s < hi`;
  return { sql, params: [JSON.stringify(days), from, to, tz] };
}

/**
 * Each day's fingerprint: the number of events in the whole UTC hours that cover its window, from the
 * hourly rollup (kept exact by the ingestion, in the same transaction as the raw rows): a few rows per
 * hour, however many events. The hours cover a little more than the window (its edges rounded out), so
 * an event there may recompute a day without need, never the other way round. Events loaded around the
 * ingestion need tracking_rebuild_rollups (as the trends do).
 */
async function fingerprints(db: Queryable, days: DayWindow[]): Promise<Map<string, number>> {
  const H = 3_600_000;
  const windows = days.map((d) => ({
    day: d.day,
    a: Math.floor((Date.parse(d.lo) - SESSION_GAP_SECONDS * 1000) / H) * H,
    b: Math.ceil((Date.parse(d.hi) + SESSION_FOLLOW_MS + SESSION_LEAD_IN_SECONDS * 1000) / H) * H,
  }));
  if (windows.length === 0) return new Map();
  const rows = await db.query<{ h: string; n: number }>(
    `SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS h, sum(events)::float8 AS n FROM tracking_hourly
     WHERE hour >= $1::timestamptz AND hour < $2::timestamptz GROUP BY hour`,
    [new Date(Math.min(...windows.map((w) => w.a))).toISOString(), new Date(Math.max(...windows.map((w) => w.b))).toISOString()],
  );
  const hours = rows.map((r) => ({ t: Date.parse(r.h), n: Number(r.n) }));
  return new Map(windows.map((w) => [w.day, hours.reduce((n, h) => (h.t >= w.a && h.t < w.b ? n + h.n : n), 0)]));
}

interface KeptDay {
  fingerprint: number;
  computedAt: string;
}

async function keptDays(db: Queryable, tz: string, days: string[]): Promise<Map<string, KeptDay>> {
  const rows = await db.query<{ day: string; fingerprint: number; computed_at: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, fingerprint::float8 AS fingerprint, to_char(computed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS computed_at
     FROM tracking_session_days WHERE tz = $1 AND day = ANY($2::date[])`,
    [tz, days],
  );
  return new Map(rows.map((r) => [r.day, { fingerprint: Number(r.fingerprint), computedAt: r.computed_at }]));
}

/** The windows of the calendar days start..end in time zone `tz`. */
async function dayWindows(db: Queryable, start: string, end: string, tz: string): Promise<DayWindow[]> {
  return db.query<DayWindow>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day,
       to_char((d::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS lo,
       to_char(((d + 1)::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS hi
     FROM generate_series($1::date, $2::date, interval '1 day') AS g(t), LATERAL (SELECT t::date AS d) x ORDER BY d`,
    [start, end, tz],
  );
}

/**
 * Makes sure tracking_sessions holds the current sessions of every day given (recomputing only the days
 * whose fingerprint moved). Under the advisory lock, one instance at a time; a day another call
 * computed meanwhile is not computed again.
 */
export async function ensureSessionDays(db: Db, days: DayWindow[], tz: string): Promise<{ recomputed: string[] }> {
  if (days.length === 0) return { recomputed: [] };
  const now = await fingerprints(db, days);
  const before = await keptDays(db, tz, days.map((d) => d.day));
  if (days.every((d) => before.get(d.day)?.fingerprint === now.get(d.day))) return { recomputed: [] };
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SESSION_LOCK]);
    const kept = await keptDays(tx, tz, days.map((d) => d.day));
    const stale = days.filter((d) => kept.get(d.day)?.fingerprint !== now.get(d.day));
    if (stale.length === 0) return { recomputed: [] };
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
    return { recomputed: names };
  });
}

/** How long ingestion must be quiet before the touched days are brought up to date. */
export const SESSION_QUIET_MS = 5_000;
/** The longest a touched day waits while ingestion never goes quiet. */
export const SESSION_MAX_WAIT_MS = 5 * 60_000;
/** Days brought up to date at start (the newest first). */
const SESSION_START_DAYS = 31;

/**
 * Keeps the sessions of past days computed ahead, so an analysis reads kept sessions only: at start
 * (the last 31 days not computed or changed), after ingestion goes quiet (the days its events touch),
 * and the days a call answered from outdated sessions (stale-while-revalidate). One day per
 * transaction, so the embedded database's one connection is never held long; under the advisory lock
 * of ensureSessionDays, so two instances never compute the same day at once. An in-process debounced
 * task: nothing else needs a job queue yet (docs/tracking.md).
 */
export class SessionKeeper {
  /** Touched spans of time (ms), disjoint. */
  private spans: Array<[number, number]> = [];
  private timer: NodeJS.Timeout | null = null;
  private firstTouch = 0;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly tz: string,
    private readonly log: (err: unknown) => void = () => undefined,
    private readonly quietMs = SESSION_QUIET_MS,
  ) {}

  /** The last SESSION_START_DAYS days, a moment after start. */
  start(): void {
    const now = Date.now();
    this.touch(now - SESSION_START_DAYS * 86_400_000, now);
  }

  /** Events between these instants (ms) were stored, or a call found such days outdated. */
  touch(fromMs: number, toMs: number): void {
    if (this.closed) return;
    // An event reaches back into the day it continues (6 h, and the lead-in time: a session_start makes the
    // events just before it part of its session) and forward into the next day's first 30 minutes.
    let span: [number, number] = [fromMs - SESSION_FOLLOW_MS - SESSION_LEAD_IN_SECONDS * 1000, toMs + SESSION_GAP_SECONDS * 1000];
    const rest: Array<[number, number]> = [];
    for (const s of this.spans) {
      if (s[0] <= span[1] && span[0] <= s[1]) span = [Math.min(s[0], span[0]), Math.max(s[1], span[1])];
      else rest.push(s);
    }
    this.spans = [...rest, span];
    const now = Date.now();
    if (this.timer === null) this.firstTouch = now;
    else clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.quietMs, this.firstTouch + SESSION_MAX_WAIT_MS - now));
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, wait);
    this.timer.unref();
  }

  /** Brings every touched day up to date now (tests, the bench, shutdown-free callers). */
  async drain(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.running) await this.running;
    if (this.spans.length > 0) await this.run();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private run(): Promise<void> {
    if (this.running) {
      // One pass at a time; what was touched meanwhile waits for the next.
      return this.running.then(() => (this.spans.length > 0 && !this.closed ? this.run() : undefined));
    }
    const spans = this.spans.sort((a, b) => b[0] - a[0]);
    this.spans = [];
    this.running = (async () => {
      try {
        const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        for (const [lo, hi] of spans) {
          // Calendar days in the zone: a day either side of the UTC dates covers any offset.
          const windows = await dayWindows(this.db, day(lo - 86_400_000), day(hi + 86_400_000), this.tz);
          const touched = windows.filter((w) => Date.parse(w.hi) > lo && Date.parse(w.lo) <= hi).reverse();
          for (const w of touched) {
            if (this.closed) return;
            await ensureSessionDays(this.db, [w], this.tz);
          }
        }
      } catch (err) {
        if (!this.closed) this.log(err);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}

export interface SessionsOptions {
  /** Recompute outdated days before answering (else they are answered as kept and recomputed in the background). */
  fresh?: boolean;
  keeper?: SessionKeeper | null;
}

/** Sessions over the calendar days start..end in time zone `tz`, of one game or of all. */
export async function analyzeSessions(db: Db, start: string, end: string, tz: string, game: number | null = null, opts: SessionsOptions = {}): Promise<SessionsResult> {
  const range = await dayRange(db, start, end, tz);
  const windows = await dayWindows(db, start, end, tz);
  let computedAt: string | undefined;
  if (opts.fresh || !opts.keeper) {
    await ensureSessionDays(db, windows, tz);
  } else {
    const now = await fingerprints(db, windows);
    const kept = await keptDays(db, tz, windows.map((w) => w.day));
    // Never computed: nothing to answer from, computed now. Computed before their latest events: answered as kept, recomputed in the background.
    await ensureSessionDays(db, windows.filter((w) => !kept.has(w.day)), tz);
    const stale = windows.filter((w) => {
      const k = kept.get(w.day);
      return k !== undefined && k.fingerprint !== now.get(w.day);
    });
    if (stale.length > 0) {
      computedAt = stale.map((w) => kept.get(w.day)?.computedAt ?? '').sort()[0];
      opts.keeper.touch(Date.parse(stale[0]?.lo ?? ''), Date.parse(stale[stale.length - 1]?.hi ?? '') - 1);
    }
  }
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
    ...(computedAt ? { computed_at: computedAt } : {}),
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
