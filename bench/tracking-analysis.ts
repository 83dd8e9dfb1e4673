/**
 * Funnel and session analysis with millions of raw events loaded, against an in-process
 * reference server over HTTP (as the tests run it), on PostgreSQL (a throwaway cluster) and on the
 * embedded database (a data folder: memory:// cannot hold 5M events):
 *
 *   (p) GET /api/data_embed/funnel/: 4 steps (register → login → level_up → pay, 1-day window) over the
 *       last 7 days; target < 1 s on PostgreSQL; also with a breakdown by channel;
 *   (q) GET /api/data_embed/sessions/: every game, the last 7 days; target < 1 s on PostgreSQL. What a
 *       staff user meets: the server computes the days' sessions ahead in the background (at start, after
 *       ingestion goes quiet), so the bench first lets that background pass run (timed and reported as
 *       "background"), then times the calls. Then, while a game plays: one event arrives through the
 *       ingestion API (signed) in the last day of the range, and the next call is timed (it answers at
 *       once from the kept sessions with `computed_at`; that day is recomputed in the background, timed
 *       too); and the same with `fresh=1` (the 刷新 path: the changed day computed before the answer).
 *
 * The events are made in the database by set-based SQL (generate_series), one statement per day:
 * ~50,000 players over 30 days in 4 games, each registering on some day, then coming back on later
 * days with a decaying probability (churn), 1-3 sessions a day of 3-13 events (session_start, login,
 * play, level_up, pay, session_end; register in the first session), and the hourly rollup built from
 * them (what the ingestion keeps; session analysis fingerprints its days by it). Medians of the timed
 * calls after one warm-up call.
 *
 *   npx tsx bench/tracking-analysis.ts [postgres|pglite|both] [players] [runs]
 *   npm run bench                   # also part of the main bench (bench/run.ts)
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres, type TestPostgres } from '../server/test/postgres-server';
import { startTestServerWithContext } from '../server/testing';

export const ANALYSIS_TARGET_MS = 1000;
export const BENCH_PLAYERS = 50_000;
const DAYS = 30;
const CHANNELS = ['appstore', 'huawei', 'xiaomi', 'oppo', 'vivo', 'taptap', 'bilibili', 'douyin', 'wechat', 'web', 'qq', 'ads'];

export interface TrackingAnalysisBench {
  database: 'pglite' | 'postgres';
  events: number;
  players: number;
  loadSeconds: number;
  funnelMs: number[];
  funnelMedianMs: number;
  funnelBreakdownMs: number[];
  funnelBreakdownMedianMs: number;
  sessionsMs: number[];
  sessionsMedianMs: number;
  /** The first call of each (the sessions' first call reads the days the background pass kept). */
  funnelColdMs: number;
  sessionsColdMs: number;
  /** The background pass that computes the days ahead (ms), before any call. */
  sessionsBackgroundMs: number;
  /** Sessions right after a new event in the last day of the range (answered from the kept sessions), each run. */
  sessionsLiveMs: number[];
  sessionsLiveMedianMs: number;
  /** The background recompute of that day after each of those calls (ms). */
  sessionsRevalidateMs: number[];
  /** With fresh=1 right after a new event (the day computed before the answer), each run. */
  sessionsFreshMs: number[];
  sessionsFreshMedianMs: number;
  /** What the timed calls answered (a sanity check that they did real work). */
  funnelPlayers: number[];
  sessions: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Shanghai calendar day of an instant. */
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** One day's events for every player active on it (one statement). */
function daySql(players: number): string {
  const channels = `ARRAY[${CHANNELS.map((c) => `'${c}'`).join(', ')}]`;
  return `INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties)
    SELECT x.t, gen_random_uuid(), x.game, x.event, x.player,
      CASE x.event
        WHEN 'level_up' THEN jsonb_build_object('level', x.k + x.d)
        WHEN 'pay' THEN jsonb_build_object('amount', 600 * (1 + x.k % 5), 'currency', 'CNY')
        WHEN 'register' THEN jsonb_build_object('channel', x.ch)
        WHEN 'login' THEN jsonb_build_object('channel', x.ch)
        ELSE '{}'::jsonb END
    FROM (
      SELECT s.game, s.player, s.ch, s.d, e.k, s.t0 + (e.k * s.step) * interval '1 second' AS t,
        CASE WHEN e.k = 0 THEN 'session_start'
             WHEN e.k = s.n - 1 THEN 'session_end'
             WHEN s.first AND e.k = 1 THEN 'register'
             WHEN e.k = CASE WHEN s.first THEN 2 ELSE 1 END THEN 'login'
             WHEN e.r < 0.25 THEN 'level_up'
             WHEN e.r < 0.29 THEN 'pay'
             ELSE 'play' END AS event
      FROM (
        SELECT $2::int + a.p % 4 AS game, 'player_' || a.p AS player, (${channels})[1 + a.p % ${CHANNELS.length}] AS ch, $3::int AS d,
          sess = 0 AND a.p % ${DAYS} = $3::int AS first,
          $1::timestamptz + ($3::int * 86400 + (8 + sess * 4) * 3600 + floor(random() * 10800)) * interval '1 second' AS t0,
          20 + floor(random() * 100)::int AS step,
          3 + floor(random() * 11)::int AS n
        FROM (
          SELECT p FROM generate_series(0, ${players - 1}) p
          WHERE p % ${DAYS} <= $3::int AND (p % ${DAYS} = $3::int OR random() < 0.7 * power(0.93, $3::int - p % ${DAYS}))
        ) a CROSS JOIN generate_series(0, 2) sess
        WHERE sess = 0 OR random() < 0.5
      ) s CROSS JOIN LATERAL (SELECT k, random() AS r FROM generate_series(0, s.n - 1) k) e
    ) x`;
}

export async function benchTrackingAnalysis(
  database: 'pglite' | 'postgres',
  players = BENCH_PLAYERS,
  runs = 5,
  log: (line: string) => void = () => undefined,
): Promise<TrackingAnalysisBench> {
  let pg: TestPostgres | null = null;
  let dataDir: string | null = null;
  let env: Record<string, string>;
  if (database === 'postgres') {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE console_bench_tracking');
    env = { DATABASE_URL: pg.urlFor('console_bench_tracking'), JWT_SECRET: 'bench-tracking-secret-0123456789abcdef' };
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'bench-tracking-'));
    env = { DATA_DIR: dataDir, JWT_SECRET: 'bench-tracking-secret-0123456789abcdef' };
  }
  const { srv, ctx } = await startTestServerWithContext({ captcha: false, env });
  try {
    const db = ctx.db;
    // The start pass of the kept days (over the empty database) done before the load, so it never runs inside it.
    await ctx.sessionKeeper.drain();
    const gameIds = (await db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 4')).map((g) => g.id);
    if (gameIds.length < 4 || gameIds.some((id, i) => id !== (gameIds[0] ?? 0) + i)) throw new Error('the bench needs 4 consecutive seeded games');
    // Day 0 is 30 Shanghai days before today's Shanghai midnight; the analyses read the last 7 of them.
    const todayStart = Date.parse(`${shanghaiDay(Date.now())}T00:00:00+08:00`);
    const base = todayStart - DAYS * 86_400_000;
    for (let m = base; m < todayStart + 31 * 86_400_000; m += 86_400_000) await db.query('SELECT tracking_ensure_partition($1::timestamptz)', [new Date(m).toISOString()]);
    const loadStarted = performance.now();
    const sql = daySql(players);
    for (let d = 0; d < DAYS; d++) {
      await db.query(sql, [new Date(base).toISOString(), gameIds[0], d]);
      if (d % 5 === 4) log(`tracking analysis (${database}): day ${d + 1}/${DAYS} loaded (${((performance.now() - loadStarted) / 1000).toFixed(0)} s)`);
    }
    // The hourly rollup the ingestion would have kept for these events.
    await db.query(`INSERT INTO tracking_hourly (game, event, hour, events, last_time)
      SELECT game, event, date_trunc('hour', time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), max(time) FROM tracking_events GROUP BY 1, 2, 3`);
    // What autovacuum does after a bulk of inserts (visibility map for index-only scans, statistics).
    await db.exec('VACUUM (ANALYZE) tracking_events');
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const events = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_events'))[0]?.n ?? 0;
    log(`tracking analysis (${database}): ${events.toLocaleString('en')} events loaded in ${loadSeconds.toFixed(0)} s`);

    const [f] = await db.query<{ id: number }>(
      `INSERT INTO tracking_funnels (game, name, steps, window_seconds) VALUES ($1, 'bench', $2::jsonb, 86400) RETURNING id`,
      [gameIds[0], JSON.stringify([{ event: 'register' }, { event: 'login' }, { event: 'level_up' }, { event: 'pay' }])],
    );
    const login = (await (
      await fetch(`${srv.baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'bench' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) })
    ).json()) as { data: { access: string } };
    const headers = { authorization: `JWT ${login.data.access}`, 'user-agent': 'bench' };
    const start = shanghaiDay(todayStart - 7 * 86_400_000);
    const end = shanghaiDay(todayStart - 86_400_000);
    const timed = async (path: string) => {
      const t = performance.now();
      const res = (await (await fetch(`${srv.baseUrl}${path}`, { headers })).json()) as { code: number; msg: string; data: unknown };
      const ms = performance.now() - t;
      if (res.code !== 2000) throw new Error(`${path}: ${res.msg}`);
      return { ms, data: res.data };
    };
    const series = async (name: string, path: string) => {
      const first = await timed(path); // warm-up (plans, caches)
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) ms.push((await timed(path)).ms);
      log(`tracking analysis (${database}): ${name}: median ${median(ms).toFixed(0)} ms (runs ${ms.map((x) => x.toFixed(0)).join(', ')}; warm-up ${first.ms.toFixed(0)} ms)`);
      return { ms, data: first.data, coldMs: first.ms };
    };
    const funnelPath = `/api/data_embed/funnel/?funnel=${f?.id}&start=${start}&end=${end}`;
    const funnel = await series('4-step funnel, 7 days', funnelPath);
    const breakdown = await series('4-step funnel, 7 days, breakdown by channel', `${funnelPath}&breakdown=channel`);
    const sessionsPath = `/api/data_embed/sessions/?start=${start}&end=${end}`;
    // The background pass the server runs at start and after ingestion goes quiet (here: over the loaded days).
    const bgStarted = performance.now();
    ctx.sessionKeeper.touch(base, todayStart);
    await ctx.sessionKeeper.drain();
    const sessionsBackgroundMs = performance.now() - bgStarted;
    log(`tracking analysis (${database}): background pass computing the ${DAYS} loaded days: ${(sessionsBackgroundMs / 1000).toFixed(1)} s`);
    const sessions = await series('sessions, 7 days, every game', sessionsPath);
    // While games play, the newest day keeps changing: one event through the ingestion API in it, then the call.
    const jsonHeaders = { ...headers, 'content-type': 'application/json' };
    const created = (await (await fetch(`${srv.baseUrl}/api/embed_configure/game/`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ game: gameIds[0] }) })).json()) as { data: { id: number } };
    const pair = (await (await fetch(`${srv.baseUrl}/api/embed_configure/game/${created.data.id}/regenerate/`, { method: 'POST', headers: jsonHeaders })).json()) as { data: { app_key: string; secret: string } };
    const track = async (ms: number) => {
      const body = JSON.stringify({ events: [{ uuid: randomUUID(), event: 'login', distinct_id: 'player_live', time: new Date(ms).toISOString(), properties: {} }] });
      const res = (await (
        await fetch(`${srv.baseUrl}/api/embed/track/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-app-key': pair.data.app_key, 'x-signature': createHmac('sha256', pair.data.secret).update(body).digest('hex') }, body })
      ).json()) as { code: number; data: { accepted: number } };
      if (res.code !== 2000 || res.data.accepted !== 1) throw new Error('track: the live event was not stored');
    };
    const liveMs: number[] = [];
    const revalidateMs: number[] = [];
    const freshMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      await track(todayStart - 3_600_000 - i * 60_000);
      const live = await timed(sessionsPath);
      liveMs.push(live.ms);
      if (!(live.data as { computed_at?: string }).computed_at) throw new Error('the live call should answer from the kept sessions with computed_at');
      const t = performance.now();
      await ctx.sessionKeeper.drain();
      revalidateMs.push(performance.now() - t);
      await track(todayStart - 7_200_000 - i * 60_000);
      freshMs.push((await timed(`${sessionsPath}&fresh=1`)).ms);
    }
    log(`tracking analysis (${database}): sessions after a new event in the last day: median ${median(liveMs).toFixed(0)} ms (runs ${liveMs.map((x) => x.toFixed(0)).join(', ')}); background recompute of that day ${revalidateMs.map((x) => x.toFixed(0)).join(', ')} ms; with fresh=1: median ${median(freshMs).toFixed(0)} ms (${freshMs.map((x) => x.toFixed(0)).join(', ')})`);
    return {
      database,
      events,
      players,
      loadSeconds,
      funnelMs: funnel.ms,
      funnelMedianMs: median(funnel.ms),
      funnelBreakdownMs: breakdown.ms,
      funnelBreakdownMedianMs: median(breakdown.ms),
      sessionsMs: sessions.ms,
      sessionsMedianMs: median(sessions.ms),
      funnelColdMs: funnel.coldMs,
      sessionsColdMs: sessions.coldMs,
      sessionsBackgroundMs,
      sessionsLiveMs: liveMs,
      sessionsLiveMedianMs: median(liveMs),
      sessionsRevalidateMs: revalidateMs,
      sessionsFreshMs: freshMs,
      sessionsFreshMedianMs: median(freshMs),
      funnelPlayers: (funnel.data as { steps: Array<{ players: number }> }).steps.map((s) => s.players),
      sessions: (sessions.data as { sessions: number }).sessions,
    };
  } finally {
    await srv.close();
    await pg?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const which = process.argv[2] ?? 'both';
  const players = Number(process.argv[3] ?? BENCH_PLAYERS);
  const runs = Number(process.argv[4] ?? 5);
  const out: TrackingAnalysisBench[] = [];
  for (const database of ['postgres', 'pglite'] as const) {
    if (which !== 'both' && which !== database) continue;
    try {
      out.push(await benchTrackingAnalysis(database, players, runs, console.log));
    } catch (e) {
      console.log(`tracking analysis (${database}): not measured: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  for (const b of out) {
    console.log(
      `${b.database}: ${b.events.toLocaleString('en')} events (${b.players.toLocaleString('en')} players, loaded in ${b.loadSeconds.toFixed(0)} s): ` +
        `funnel median ${b.funnelMedianMs.toFixed(0)} ms (steps ${b.funnelPlayers.join(' → ')}), with breakdown ${b.funnelBreakdownMedianMs.toFixed(0)} ms, ` +
        `sessions median ${b.sessionsMedianMs.toFixed(0)} ms (${b.sessions.toLocaleString('en')} sessions; first call ${b.sessionsColdMs.toFixed(0)} ms after the background pass of ${(b.sessionsBackgroundMs / 1000).toFixed(1)} s; after a new event in the last day: ${b.sessionsLiveMedianMs.toFixed(0)} ms, with fresh=1 ${b.sessionsFreshMedianMs.toFixed(0)} ms); target < ${ANALYSIS_TARGET_MS} ms on PostgreSQL`,
    );
  }
}
