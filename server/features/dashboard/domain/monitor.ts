import { cpuUsage, memoryUsage } from 'node:process';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { MonitorFigures, MonitorInstance, MonitorResult, MonitorSample, SlowQuery } from '../../../../contracts/schemas/dashboard/live';
import { MONITOR_KEPT_HOURS } from '../../../../contracts/schemas/dashboard/monitor';
import type { Db, Queryable } from '../../../db/db';

/**
 * The platform measuring itself (dashboard/monitor): each server instance samples its own figures
 * every MONITOR_SAMPLE_SECONDS (requests, errors and latency of the period, event-loop lag, memory,
 * CPU, sockets, database pool, queries, job queue), keeps the last MONITOR_HISTORY samples in memory
 * and writes each to `monitor_samples` (migration 051, kept MONITOR_RETENTION_MINUTES: 24 hours and a
 * margin, read back downsampled by monitor-series.ts), so any instance answers for all of them.
 * docs/dashboard.md.
 */

export const MONITOR_SAMPLE_SECONDS = 5;
/** 10 minutes of samples per instance. */
export const MONITOR_HISTORY = 120;
/** Rows older than this are deleted by the writers (the 24-hour range plus a margin): the table stays bounded. */
export const MONITOR_RETENTION_MINUTES = MONITOR_KEPT_HOURS * 60 + 10;
/** The slowest statements are those of the last hour; rows older than SLOW_ROWS_MINUTES drop their copy (only the newest row's is read). */
export const SLOW_WINDOW_MINUTES = 60;
const SLOW_ROWS_MINUTES = 10;
/** An instance with no sample for this long shows as lost. */
export const MONITOR_LOST_SECONDS = 20;
/** The slowest statements kept per instance, and how much of their SQL. */
export const SLOW_QUERIES = 10;
export const SLOW_QUERY_TEXT = 240;
/** Latencies kept per period (beyond it, every k-th: the percentiles stay representative). */
const LATENCY_CAP = 20_000;

export interface PoolFigures {
  kind: 'pglite' | 'postgres';
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** What a Db exposes about its connections (postgres.ts, pglite-thread.ts). */
export interface PoolStats {
  pool?(): PoolFigures;
}

/** Collapsed whitespace, cut to SLOW_QUERY_TEXT characters: the text only (parameters never reach it). */
export function sqlText(sql: string): string {
  const one = sql.replace(/\s+/g, ' ').trim();
  return one.length > SLOW_QUERY_TEXT ? `${one.slice(0, SLOW_QUERY_TEXT - 1)}…` : one;
}

/**
 * Keeps `monitor_samples` bounded: rows beyond the kept window are deleted, and rows older than a few
 * minutes drop their copy of the slow statements (only each instance's newest row is read for them).
 */
export async function pruneMonitorSamples(db: Queryable, now = Date.now()): Promise<void> {
  await db.query(`DELETE FROM monitor_samples WHERE at < $1::timestamptz`, [new Date(now - MONITOR_RETENTION_MINUTES * 60_000).toISOString()]);
  // Only the last hour's older rows are looked at (the rows cleared by the previous runs are behind them);
  // rows left with a copy while no writer ran are deleted with the window.
  await db.query(`UPDATE monitor_samples SET slow_queries = '[]'::jsonb WHERE at >= $2::timestamptz AND at < $1::timestamptz AND slow_queries <> '[]'::jsonb`, [
    new Date(now - SLOW_ROWS_MINUTES * 60_000).toISOString(),
    new Date(now - (SLOW_ROWS_MINUTES + 60) * 60_000).toISOString(),
  ]);
}

export type QuerySink = (sql: string, ms: number) => void;

/**
 * Times every statement of a Db (plain queries, scripts and the statements of transactions) and hands
 * (sql, ms) to the sink set later (the monitor). The Db object is changed in place, so everything
 * holding it is measured.
 */
export function instrumentDb(db: Db): { sink: QuerySink | null } {
  const hook: { sink: QuerySink | null } = { sink: null };
  const timed = <R>(sql: string, run: () => Promise<R>): Promise<R> => {
    const t0 = performance.now();
    return run().finally(() => hook.sink?.(sql, performance.now() - t0));
  };
  const query = db.query.bind(db);
  const exec = db.exec.bind(db);
  const transaction = db.transaction.bind(db);
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => timed(sql, () => q.query(sql, params)),
    exec: (sql) => timed(sql, () => q.exec(sql)),
  });
  Object.assign(db, {
    query: <T>(sql: string, params?: readonly unknown[]) => timed(sql, () => query<T>(sql, params)),
    exec: (sql: string) => timed(sql, () => exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => transaction((tx) => fn(wrap(tx))),
  });
  return hook;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i] ?? 0;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface MonitorSources {
  instance: string;
  host: string;
  pid: number;
  started: Date;
  db: Db & PoolStats;
  sockets(): number;
  jobsInFlight(): number;
  /** The job queue's depth by state (as last counted). */
  queue(): Record<string, number>;
}

/** One instance's collector: fed by the request hook and the query sink, sampled every period. */
export class InstanceMonitor {
  readonly history: MonitorSample[] = [];
  slow: SlowQuery[] = [];
  requestsTotal = 0;
  private requests = 0;
  private errors = 0;
  private latencies: number[] = [];
  private latencySeen = 0;
  private queries = 0;
  private queryTimes: number[] = [];
  private readonly loop: IntervalHistogram;
  private cpuAt = cpuUsage();
  private periodStart = performance.now();
  private timer: NodeJS.Timeout | null = null;
  private pruneAt = 0;

  constructor(
    readonly sources: MonitorSources,
    private readonly log: (msg: string, err: unknown) => void = () => undefined,
  ) {
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
  }

  recordRequest(ms: number, status: number): void {
    this.requests++;
    this.requestsTotal++;
    if (status >= 500) this.errors++;
    this.latencySeen++;
    if (this.latencies.length < LATENCY_CAP) this.latencies.push(ms);
    else if (this.latencySeen % Math.ceil(this.latencySeen / LATENCY_CAP) === 0) this.latencies[this.latencySeen % LATENCY_CAP] = ms;
  }

  recordQuery(sql: string, ms: number): void {
    this.queries++;
    if (this.queryTimes.length < LATENCY_CAP) this.queryTimes.push(ms);
    const slowest = this.slow[this.slow.length - 1];
    if (this.slow.length < SLOW_QUERIES || (slowest && ms > slowest.ms)) {
      const text = sqlText(sql);
      // One entry per statement text: its slowest run.
      const same = this.slow.findIndex((q) => q.sql === text);
      if (same >= 0) {
        if ((this.slow[same]?.ms ?? 0) >= ms) return;
        this.slow.splice(same, 1);
      }
      this.slow.push({ sql: text, ms: round(ms), at: new Date().toISOString() });
      this.slow.sort((a, b) => b.ms - a.ms);
      if (this.slow.length > SLOW_QUERIES) this.slow.length = SLOW_QUERIES;
    }
  }

  /** The figures since the last sample, without closing the period (the live "now" of this instance). */
  peek(): MonitorFigures {
    return this.figures(false);
  }

  /** Closes the period: its figures join the history. */
  sample(): MonitorSample {
    const s = { at: new Date().toISOString(), ...this.figures(true) };
    // The slowest statements of the last hour (not the slowest ever, which would go stale).
    const oldest = Date.now() - SLOW_WINDOW_MINUTES * 60_000;
    this.slow = this.slow.filter((q) => Date.parse(q.at) >= oldest);
    this.history.push(s);
    if (this.history.length > MONITOR_HISTORY) this.history.splice(0, this.history.length - MONITOR_HISTORY);
    return s;
  }

  private figures(close: boolean): MonitorFigures {
    const elapsedMs = Math.max(1, performance.now() - this.periodStart);
    const cpu = cpuUsage(this.cpuAt);
    const lat = [...this.latencies].sort((a, b) => a - b);
    const qt = [...this.queryTimes].sort((a, b) => a - b);
    const mem = memoryUsage();
    const pool = this.sources.db.pool?.() ?? { kind: this.sources.db.kind, total: 0, idle: 0, waiting: 0, max: 0 };
    const lagMean = Number.isFinite(this.loop.mean) ? this.loop.mean / 1e6 : 0;
    const figures: MonitorFigures = {
      request_rate: round((this.requests * 1000) / elapsedMs),
      error_rate: this.requests === 0 ? 0 : round(this.errors / this.requests, 4),
      requests: this.requests,
      errors: this.errors,
      requests_total: this.requestsTotal,
      latency_p50_ms: round(percentile(lat, 0.5)),
      latency_p95_ms: round(percentile(lat, 0.95)),
      latency_p99_ms: round(percentile(lat, 0.99)),
      event_loop_lag_p99_ms: round(this.loop.count > 0 ? this.loop.percentile(99) / 1e6 : 0),
      event_loop_lag_mean_ms: round(lagMean),
      rss_bytes: mem.rss,
      heap_used_bytes: mem.heapUsed,
      cpu: round((cpu.user + cpu.system) / 1000 / elapsedMs, 3),
      sockets: this.sources.sockets(),
      db: pool,
      queries: this.queries,
      query_p95_ms: round(percentile(qt, 0.95)),
      jobs_in_flight: this.sources.jobsInFlight(),
      queue: this.sources.queue(),
    };
    if (close) {
      this.requests = 0;
      this.errors = 0;
      this.latencies = [];
      this.latencySeen = 0;
      this.queries = 0;
      this.queryTimes = [];
      this.cpuAt = cpuUsage();
      this.periodStart = performance.now();
      this.loop.reset();
    }
    return figures;
  }

  /** Samples now and writes the sample (and the slow queries) for the other instances; prunes old rows now and then. */
  async write(): Promise<MonitorSample> {
    const s = this.sample();
    const { instance, host, pid, started, db } = this.sources;
    const { at, ...figures } = s;
    await db.query(
      `INSERT INTO monitor_samples (instance, at, host, pid, started, figures, slow_queries) VALUES ($1, $2::timestamptz, $3, $4, $5::timestamptz, $6::jsonb, $7::jsonb)
       ON CONFLICT (instance, at) DO NOTHING`,
      [instance, at, host, pid, started.toISOString(), JSON.stringify(figures), JSON.stringify(this.slow)],
    );
    if (Date.now() - this.pruneAt > 60_000) {
      this.pruneAt = Date.now();
      await pruneMonitorSamples(db);
    }
    return s;
  }

  start(periodMs = MONITOR_SAMPLE_SECONDS * 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.write().catch((err: unknown) => this.log('monitor sample', err)), periodMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.loop.disable();
  }

  /**
   * Every instance's recent samples (from the table, each instance's history newest MONITOR_HISTORY),
   * with this instance's live figures as its current ones (so it shows before its first write).
   */
  async read(now = Date.now()): Promise<MonitorResult> {
    const rows = await this.sources.db.query<{ instance: string; at: string | Date; host: string; pid: number; started: string | Date; figures: MonitorFigures | string; slow_queries: SlowQuery[] | string }>(
      `SELECT instance, at, host, pid, started, figures, slow_queries FROM monitor_samples
       WHERE at > $1::timestamptz ORDER BY instance, at`,
      [new Date(now - MONITOR_HISTORY * MONITOR_SAMPLE_SECONDS * 1000).toISOString()],
    );
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    const iso = (v: string | Date) => new Date(v).toISOString();
    const by = new Map<string, MonitorInstance>();
    for (const r of rows) {
      const sample: MonitorSample = { at: iso(r.at), ...json(r.figures) };
      let inst = by.get(r.instance);
      if (!inst) {
        inst = { instance: r.instance, host: r.host, pid: r.pid, started: iso(r.started), last_seen: sample.at, status: 'online', current: sample, history: [], slow_queries: [] };
        by.set(r.instance, inst);
      }
      inst.history.push(sample);
      inst.current = sample;
      inst.last_seen = sample.at;
      inst.slow_queries = json(r.slow_queries);
    }
    const self = this.sources;
    const live: MonitorSample = { at: new Date(now).toISOString(), ...this.peek() };
    const mine = by.get(self.instance);
    // This instance: its in-memory history (fresher than the table) and its figures right now.
    by.set(self.instance, {
      instance: self.instance,
      host: self.host,
      pid: self.pid,
      started: self.started.toISOString(),
      last_seen: live.at,
      status: 'online',
      current: live,
      history: this.history.length > 0 ? [...this.history] : (mine?.history ?? []),
      slow_queries: [...this.slow],
    });
    const instances = [...by.values()].map((i) => {
      if (i.history.length > MONITOR_HISTORY) i.history = i.history.slice(-MONITOR_HISTORY);
      if (i.instance !== self.instance && now - Date.parse(i.last_seen) > MONITOR_LOST_SECONDS * 1000) i.status = 'lost';
      return i;
    });
    instances.sort((a, b) => (a.instance === self.instance ? -1 : b.instance === self.instance ? 1 : a.instance < b.instance ? -1 : 1));
    return { at: new Date(now).toISOString(), self: self.instance, sample_seconds: MONITOR_SAMPLE_SECONDS, instances };
  }
}
