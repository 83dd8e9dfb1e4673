/**
 * Event tracking:
 *
 *   (n) ingestion throughput: signed batches of 500 events from 4 concurrent clients into the reference
 *       server running as its own process (PGlite in a data folder; then PostgreSQL); target
 *       ≥ 20,000 events/s sustained; median of the runs (each run 100,000 fresh events);
 *   (o) a 30-day event trend (GET /api/data_embed/event/, interval day, measure total, and unique)
 *       with BENCH_TRACK_EVENTS (default 5,000,000) events loaded; target < 100 ms on PostgreSQL;
 *       median of 15 calls. The events are loaded with one set-based INSERT … SELECT FROM
 *       generate_series (not through the API), then the rollups are built from them by
 *       tracking_rebuild_rollups (one SQL function).
 *
 *   npx tsx bench/tracking.ts [pglite|postgres|all]     # standalone
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pgDriver from 'pg';
import { openPglite } from '../server/db/pglite';
import { drainPlayerUpkeep, upkeepBacklog } from '../server/features/players/domain/upkeep';
import { startPostgres, type TestPostgres } from '../server/test/postgres-server';
import { startTestServerWithContext } from '../server/testing';
import { startServerProcess } from './server-process';

export const INGEST_TARGET = 20_000;
export const TREND_BUDGET_MS = 100;
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const BATCH = 500;
const CLIENTS = 4;
const RUN_EVENTS = 100_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function json(res: Response): Promise<{ code: number; msg: string; data: unknown }> {
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

async function signIn(baseUrl: string): Promise<Record<string, string>> {
  const login = await json(
    await fetch(`${baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'bench' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) }),
  );
  if (login.code !== 2000) throw new Error(`sign-in: ${login.msg}`);
  return { 'content-type': 'application/json', authorization: `JWT ${(login.data as { access: string }).access}`, 'user-agent': 'bench' };
}

/** Tracking apps for games 1..n and their secrets (regenerate). */
async function apps(baseUrl: string, headers: Record<string, string>, n: number): Promise<Array<{ app_key: string; secret: string }>> {
  const out: Array<{ app_key: string; secret: string }> = [];
  for (let game = 1; game <= n; game++) {
    const created = await json(await fetch(`${baseUrl}/api/embed_configure/game/`, { method: 'POST', headers, body: JSON.stringify({ game }) }));
    const id = created.code === 2000 ? (created.data as { id: number }).id : ((await json(await fetch(`${baseUrl}/api/embed_configure/game/?game=${game}`, { headers }))).data as { data: Array<{ id: number }> }).data[0]?.id;
    const pair = await json(await fetch(`${baseUrl}/api/embed_configure/game/${id}/regenerate/`, { method: 'POST', headers }));
    out.push(pair.data as { app_key: string; secret: string });
  }
  return out;
}

export interface IngestBench {
  database: 'pglite' | 'postgres';
  /** Events per second (wall clock), each run. */
  runs: number[];
  median: number;
  /** Events per CPU-second of the server's processes, each run (the machine is shared: wall time is not all ours). */
  perCpuSecond: number[];
  perCpuSecondMedian: number;
  /**
   * Events per CPU-second of the embedded database's own thread (PGLITE_THREAD on; 0 otherwise): the
   * rate one idle core running only the database would sustain, whatever the machine's other load.
   */
  perDbThreadCpuSecond: number[];
  perDbThreadCpuSecondMedian: number;
  /** player upkeep (PGlite): what the player upkeep had not worked when the server stopped, and how long working it took. */
  upkeepTail?: UpkeepTail | null;
}

interface UpkeepTail {
  rows: number;
  seconds: number;
}

/** player upkeep: the pending player upkeep left in a stopped server's embedded database, worked here (timed). */
async function upkeepTail(dir: string): Promise<UpkeepTail> {
  const db = await openPglite(dir);
  try {
    const exists = await db.query<{ t: string | null }>("SELECT to_regclass('player_upkeep_pending')::text AS t");
    if (!exists[0]?.t) return { rows: 0, seconds: 0 };
    const rows = (await upkeepBacklog(db)).rows;
    const t0 = performance.now();
    await drainPlayerUpkeep(db);
    return { rows, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await db.close();
  }
}

/**
 * Runs of (n): the first brings 5,000 players new to the database (the upkeep makes their accounts, cohorts
 * and devices) and runs at about half the rate of the next; the median of 5 is the sustained rate. Every run
 * is printed, the first included.
 */
export const INGEST_RUNS = 5;

/** (n): RUN_EVENTS fresh events per run, pre-signed, sent by CLIENTS concurrent clients. */
export async function benchIngest(database: 'pglite' | 'postgres', runs = INGEST_RUNS, log: (line: string) => void = () => undefined): Promise<IngestBench> {
  let pg: TestPostgres | null = null;
  const env: Record<string, string> = { SAMPLE_EVENTS: 'off' };
  // PGLITE_THREAD=off in the bench's environment measures the database in the server's main thread (the server process inherits it).
  if (process.env.PGLITE_THREAD) log(`bench: (n) PGLITE_THREAD=${process.env.PGLITE_THREAD}`);
  if (database === 'postgres') {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE console_bench_tracking');
    env.DATABASE_URL = pg.urlFor('console_bench_tracking');
  }
  // player upkeep: the embedded database's folder is kept for a look after the server stopped (below).
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
  const server = await startServerProcess(ROOT, { env, dataDir });
  let tail: UpkeepTail | null = null;
  let stopped = false;
  try {
    const headers = await signIn(server.baseUrl);
    const creds = await apps(server.baseUrl, headers, CLIENTS);
    const events = ['login', 'session_start', 'session_end', 'level_up', 'pay', 'register'];
    const out: number[] = [];
    const perCpu: number[] = [];
    const perDb: number[] = [];
    let reader: pgDriver.Client | null = null;
    let connected = false;
    for (let run = 0; run < runs; run++) {
      // Bodies made and signed before the clock starts: the server's work is what is measured.
      const now = Date.now();
      const bodies = Array.from({ length: CLIENTS }, (_, c) => {
        const list: Array<{ body: string; signature: string }> = [];
        for (let b = 0; b < RUN_EVENTS / BATCH / CLIENTS; b++) {
          const evs = Array.from({ length: BATCH }, (_, i) => {
            const event = events[(i * 7 + b) % events.length] ?? 'login';
            const props = event === 'pay' ? { amount: 600, currency: 'CNY' } : event === 'level_up' ? { level: 1 + (i % 50) } : { channel: 'tap' };
            return { uuid: randomUUID(), event, distinct_id: `p${(i * 31 + b * 17 + run) % 5000}`, time: new Date(now - ((i * 997 + b * 13) % 86_400) * 1000).toISOString(), properties: props };
          });
          const body = JSON.stringify({ events: evs });
          list.push({ body, signature: createHmac('sha256', creds[c]?.secret ?? '').update(body).digest('hex') });
        }
        return list;
      });
      const started = performance.now();
      const cpu0 = server.cpuSeconds();
      const db0 = server.threadCpuSeconds('pglite-db');
      let accepted = 0;
      await Promise.all(
        bodies.map(async (list, c) => {
          for (const b of list) {
            const res = await json(
              await fetch(`${server.baseUrl}/api/embed/track/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-app-key': creds[c]?.app_key ?? '', 'x-signature': b.signature }, body: b.body }),
            );
            if (res.code !== 2000) throw new Error(`track: ${res.msg}`);
            accepted += (res.data as { accepted: number }).accepted;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpu = server.cpuSeconds() - cpu0;
      const dbCpu = server.threadCpuSeconds('pglite-db') - db0;
      const rate = Math.round(accepted / seconds);
      const rateCpu = cpu > 0 ? Math.round(accepted / cpu) : 0;
      const rateDb = dbCpu > 0 ? Math.round(accepted / dbCpu) : 0;
      const dbPart = dbCpu > 0 ? `, of it the database thread ${dbCpu.toFixed(1)} s = ${rateDb} events per DB-thread CPU-second` : '';
      // player upkeep: on PostgreSQL (readable from here while the server runs), how long after the last
      // acknowledgement the player upkeep (migration 057) had worked everything the run queued.
      let upkeepPart = '';
      if (pg) {
        reader ??= new pgDriver.Client({ connectionString: env.DATABASE_URL });
        if (!connected) {
          await reader.connect();
          connected = true;
        }
        const ended = performance.now();
        let left = -1;
        while (left !== 0 && performance.now() - ended < 120_000) {
          left = Number((await reader?.query<{ n: number }>('SELECT count(*)::int AS n FROM player_upkeep_pending'))?.rows[0]?.n ?? -1);
          if (left !== 0) await new Promise((r) => setTimeout(r, 100));
        }
        upkeepPart = `; player upkeep caught up ${((performance.now() - ended) / 1000).toFixed(1)} s after the last answer`;
      }
      log(`bench: (n) ${database} run ${run + 1}: ${accepted} events in ${seconds.toFixed(2)} s = ${rate} events/s; server CPU ${cpu.toFixed(1)} s = ${rateCpu} events per CPU-second${dbPart}${upkeepPart}`);
      out.push(rate);
      perCpu.push(rateCpu);
      perDb.push(rateDb);
    }
    await (reader as pgDriver.Client | null)?.end();
    await server.stop();
    stopped = true;
    if (database === 'pglite') {
      tail = await upkeepTail(join(dataDir, 'db'));
      const total = out.reduce((a, r) => a + RUN_EVENTS / r, 0);
      log(`bench: (n) pglite: player upkeep left queued when the server stopped: ${tail.rows} rows, worked offline in ${tail.seconds.toFixed(1)} s; all ${runs} runs with that tail: ${Math.round((runs * RUN_EVENTS) / (total + tail.seconds))} events/s`);
    }
    return { database, runs: out, median: median(out), perCpuSecond: perCpu, perCpuSecondMedian: median(perCpu), perDbThreadCpuSecond: perDb, perDbThreadCpuSecondMedian: median(perDb), upkeepTail: tail };
  } finally {
    if (!stopped) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.stop();
  }
}

export interface TrendBench {
  database: 'pglite' | 'postgres';
  events: number;
  loadSeconds: number;
  rollupSeconds: number;
  totalMs: number[];
  totalMedianMs: number;
  uniqueMs: number[];
  uniqueMedianMs: number;
}

/** (o): `count` events over 35 days of one game (6 events, 100,000 players), then 30-day trends. */
export async function benchTrend(database: 'pglite' | 'postgres', count: number, calls = 15, log: (line: string) => void = () => undefined): Promise<TrendBench> {
  let pg: TestPostgres | null = null;
  let dir: string | null = null;
  const env: Record<string, string> = { SAMPLE_EVENTS: 'off' };
  if (database === 'postgres') {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE console_bench_trend');
    env.DATABASE_URL = pg.urlFor('console_bench_trend');
  } else {
    dir = mkdtempSync(join(tmpdir(), 'bench-trend-'));
    env.DATA_DIR = dir;
  }
  const { srv, ctx } = await startTestServerWithContext({ captcha: false, env });
  try {
    const t0 = performance.now();
    await ctx.db.query(`SELECT tracking_ensure_partition(now() - make_interval(months => m)) FROM generate_series(0, 2) m`);
    const chunk = 500_000;
    for (let done = 0; done < count; done += chunk) {
      const n = Math.min(chunk, count - done);
      await ctx.db.query(
        `INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties)
         SELECT now() - (random() * interval '35 days') - interval '1 minute', gen_random_uuid(), 1,
                (ARRAY['login','session_start','session_end','level_up','pay','register'])[1 + floor(random() * random() * 6)::int],
                'u' || floor(random() * 100000)::int, jsonb_build_object('channel', (ARRAY['tap','huawei','xiaomi','oppo','vivo','apple'])[1 + floor(random() * 6)::int])
         FROM generate_series(1, $1::int)`,
        [n],
      );
      log(`bench: (o) ${database}: ${done + n} events loaded`);
    }
    const loadSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await ctx.db.query('SELECT tracking_rebuild_rollups($1)', [ctx.config.analyticsTz]);
    await ctx.db.exec('ANALYZE');
    const rollupSeconds = (performance.now() - t1) / 1000;
    log(`bench: (o) ${database}: loaded in ${loadSeconds.toFixed(1)} s, rollups built in ${rollupSeconds.toFixed(1)} s`);
    const headers = await signIn(srv.baseUrl);
    const day = (d: number) => new Date(Date.now() + 8 * 3_600_000 - d * 86_400_000).toISOString().slice(0, 10);
    const time = async (measure: string) => {
      const out: number[] = [];
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        const res = await json(await fetch(`${srv.baseUrl}/api/data_embed/event/?game=1&event=login&start=${day(29)}&end=${day(0)}&interval=day&measure=${measure}`, { headers }));
        out.push(performance.now() - started);
        if (res.code !== 2000) throw new Error(`trend: ${res.msg}`);
      }
      return out;
    };
    const totalMs = await time('total');
    const uniqueMs = await time('unique');
    return { database, events: count, loadSeconds, rollupSeconds, totalMs, totalMedianMs: median(totalMs), uniqueMs, uniqueMedianMs: median(uniqueMs) };
  } finally {
    await srv.close();
    await pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const which = process.argv[2] ?? 'all';
  const part = process.argv[3] ?? 'all';
  const count = Number(process.env.BENCH_TRACK_EVENTS ?? 5_000_000);
  const log = (line: string) => console.log(line);
  const dbs = which === 'all' ? (['pglite', 'postgres'] as const) : [which as 'pglite' | 'postgres'];
  for (const db of dbs) {
    if (part === 'all' || part === 'ingest') {
      const r = await benchIngest(db, Number(process.env.BENCH_INGEST_RUNS ?? INGEST_RUNS), log);
      console.log(
        `(n) ingestion ${db}: median ${r.median} events/s (runs ${r.runs.join(' / ')}), ${r.perCpuSecondMedian} events per server CPU-second (${r.perCpuSecond.join(' / ')})` +
          (r.perDbThreadCpuSecondMedian > 0 ? `, ${r.perDbThreadCpuSecondMedian} events per DB-thread CPU-second (${r.perDbThreadCpuSecond.join(' / ')})` : '') +
          `; target ≥ ${INGEST_TARGET}/s: ${r.median >= INGEST_TARGET ? 'PASS' : 'FAIL'}`,
      );
    }
    if (part === 'all' || part === 'trend') {
      const t = await benchTrend(db, count, 15, log);
      console.log(
        `(o) 30-day trend ${db}, ${t.events} events: total median ${t.totalMedianMs.toFixed(1)} ms, unique median ${t.uniqueMedianMs.toFixed(1)} ms (load ${t.loadSeconds.toFixed(0)} s, rollups ${t.rollupSeconds.toFixed(0)} s); target < ${TREND_BUDGET_MS} ms: ${t.totalMedianMs < TREND_BUDGET_MS ? 'PASS' : 'FAIL'}`,
      );
    }
  }
}
