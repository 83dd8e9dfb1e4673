import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { Gauge } from 'prom-client';
import type { AppContext } from '../../../context';
import { JOB_SCHEMA } from '../../../db/changes';
import type { DashboardLive } from '../domain/live';
import type { QuerySink } from '../domain/monitor';
import { InstanceMonitor } from '../domain/monitor';
import { monitorSeries } from '../domain/monitor-series';
import { pruneMonitorAlerts, ThresholdStore, ThresholdWatch } from '../domain/thresholds';
import { MESSAGE_TARGET } from '../../../../contracts/schemas';
import { monitorSeriesQuery, monitorThresholdsInput, type MonitorThresholds } from '../../../../contracts/schemas/dashboard/monitor';
import { MessageCenter } from '../../../domain/messages';
import { parseInput } from '../../../domain/validation';
import { currentAccount } from '../../../http/auth';
import { parseReportQuery } from '../../../http/report-query';
import { NEW_MESSAGE_FRAME } from '../../../ws/frames';
import { realtimeSnapshot } from '../domain/realtime';
import { fail, ok } from '../../../http/envelope';
import { LiveFeed, REALTIME_PATH } from '../../../ws/live-feed';
import { guarded } from '../../../http/crud-routes';

/**
 * dashboard/realtime and dashboard/monitor: the live feed (socket frame + REST answer of
 * the same figures), this instance's monitor, their routes and their /metrics gauges.
 * docs/dashboard.md.
 */

export const MONITOR_PATH = '/api/dashboard/monitor/';
export const MONITOR_SERIES_PATH = '/api/dashboard/monitor/series/';
export const MONITOR_THRESHOLDS_PATH = '/api/dashboard/monitor/thresholds/';

/** One message to every active superuser (message center + the socket's new-message frame); sent by the first of them. */
export async function notifySuperusers(ctx: AppContext, text: { title: string; content: string }): Promise<void> {
  const recipients = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE is_superuser AND is_active ORDER BY id')).map((r) => Number(r.id));
  const sender = recipients[0] === undefined ? null : await ctx.users.account(recipients[0]);
  if (!sender) return;
  await new MessageCenter(ctx.db).create(sender, { title: text.title, content: text.content, target_type: MESSAGE_TARGET.user, target_user: recipients });
  await ctx.hub.publish(recipients, NEW_MESSAGE_FRAME);
}

/** Builds the feed and the monitor of one instance; `queries` is the Db's timing hook (instrumentDb). */
export function createDashboardLive(ctx: AppContext, queries: { sink: QuerySink | null }, log: (msg: string, err: unknown) => void): DashboardLive {
  let queue: Record<string, number> = {};
  const monitor = new InstanceMonitor(
    {
      instance: ctx.jobs.instance,
      host: hostname(),
      pid: process.pid,
      started: new Date(),
      db: ctx.db,
      sockets: () => ctx.hub.count(),
      jobsInFlight: () => ctx.jobs.inFlight,
      queue: () => queue,
    },
    log,
  );
  queries.sink = (sql, ms) => monitor.recordQuery(sql, ms);
  const thresholds = new ThresholdStore(ctx.db);
  const watch = new ThresholdWatch(ctx.db, ctx.jobs.instance, (text) => notifySuperusers(ctx, text));
  let alertsPrunedAt = 0;
  const feed = new LiveFeed({
    compute: () => realtimeSnapshot(ctx.db, ctx.config.analyticsTz),
    allowed: async (userId) => {
      const account = await ctx.users.account(userId);
      if (!account || !account.is_active) return false;
      return (await ctx.permissions.allows(account, 'GET', REALTIME_PATH)).ok;
    },
    onError: (err) => log('realtime figures', err),
  });
  let timer: NodeJS.Timeout | null = null;
  const sampleOnce = async () => {
    try {
      const rows = await ctx.db.query<{ state: string; n: number }>(`SELECT state::text AS state, count(*)::int AS n FROM ${JOB_SCHEMA}.job GROUP BY 1`);
      queue = Object.fromEntries(rows.map((r) => [r.state, r.n]));
    } catch {
      // The queue's schema is absent in a few unit tests: depth stays as last counted.
    }
    const sample = await monitor.write();
    await watch.check(sample);
    if (Date.now() - alertsPrunedAt > 60_000) {
      alertsPrunedAt = Date.now();
      await pruneMonitorAlerts(ctx.db);
    }
  };
  return {
    feed,
    monitor,
    thresholds,
    watch,
    mayEditThresholds: async (account) => (await ctx.permissions.allows(account, 'PUT', MONITOR_THRESHOLDS_PATH)).ok,
    start() {
      if (timer) return;
      void sampleOnce().catch((err: unknown) => log('monitor sample', err));
      timer = setInterval(() => void sampleOnce().catch((err: unknown) => log('monitor sample', err)), 5000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      monitor.stop();
      feed.close();
    },
  };
}

export function dashboardLiveRoutes(app: FastifyInstance, live: DashboardLive): void {
  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.url === '/metrics') return;
    live.monitor.recordRequest(reply.elapsedTime, reply.statusCode);
  });
  // Both take no parameters; anything in the query string is ignored.
  app.get(REALTIME_PATH, async (_req, reply) => guarded(reply, async () => ok(await live.feed.current())));
  app.get(MONITOR_PATH, async (_req, reply) => guarded(reply, async () => ok(await live.monitor.read())));
  // One instance's history over a range, downsampled by the server (at most MONITOR_SERIES_POINTS points).
  app.get(MONITOR_SERIES_PATH, async (req, reply) =>
    guarded(reply, async () => {
      const q = parseReportQuery(monitorSeriesQuery, req);
      return ok(await monitorSeries(live.monitor.sources.db, q.instance ?? live.monitor.sources.instance, q.range));
    }),
  );
  const thresholdsAnswer = async (editable: boolean): Promise<MonitorThresholds> => {
    const [stored, alerts] = await Promise.all([live.thresholds.read(), live.thresholds.activeAlerts()]);
    return { ...stored, editable, alerts };
  };
  app.get(MONITOR_THRESHOLDS_PATH, async (req) => ok(await thresholdsAnswer(await live.mayEditThresholds(currentAccount(req)))));
  // The access check already refused a caller without the Update button (or superuser); the body is checked whole.
  app.put(MONITOR_THRESHOLDS_PATH, async (req) => {
    const account = currentAccount(req);
    if (!(await live.mayEditThresholds(account))) return fail('您没有修改告警阈值的权限。');
    const input = parseInput(monitorThresholdsInput, req.body, { thresholds: '告警阈值' });
    if (!input.ok) return fail(input.msg);
    await live.thresholds.save(input.data.thresholds, account.id);
    live.watch.invalidate();
    return ok(await thresholdsAnswer(true), '保存成功');
  });
}

/** The monitor's figures on /metrics too (labelled with the instance by the registry's default label). */
export function registerMonitorMetrics(registry: Registry, live: DashboardLive): void {
  const m = live.monitor;
  const current = () => m.history[m.history.length - 1] ?? null;
  new Gauge({ name: 'console_http_request_rate', help: 'Requests answered per second over the last monitor period', registers: [registry], collect() {
    this.set(current()?.request_rate ?? 0);
  } });
  new Gauge({ name: 'console_http_error_rate', help: 'Share of 5xx answers over the last monitor period (0..1)', registers: [registry], collect() {
    this.set(current()?.error_rate ?? 0);
  } });
  new Gauge({ name: 'console_http_latency_milliseconds', help: 'Latency percentiles over the last monitor period', labelNames: ['quantile'], registers: [registry], collect() {
    const c = current();
    this.set({ quantile: '0.5' }, c?.latency_p50_ms ?? 0);
    this.set({ quantile: '0.95' }, c?.latency_p95_ms ?? 0);
    this.set({ quantile: '0.99' }, c?.latency_p99_ms ?? 0);
  } });
  new Gauge({ name: 'console_cpu_share', help: 'CPU time over wall time over the last monitor period (1 = one core)', registers: [registry], collect() {
    this.set(current()?.cpu ?? 0);
  } });
  new Gauge({ name: 'console_db_pool_connections', help: 'Database connections by state (PGlite: its thread, waiting = queued calls)', labelNames: ['state'], registers: [registry], collect() {
    const p = m.sources.db.pool?.() ?? { total: 0, idle: 0, waiting: 0, max: 0 };
    this.set({ state: 'total' }, p.total);
    this.set({ state: 'idle' }, p.idle);
    this.set({ state: 'waiting' }, p.waiting);
    this.set({ state: 'max' }, p.max);
  } });
  new Gauge({ name: 'console_db_query_p95_milliseconds', help: 'Statement time p95 over the last monitor period', registers: [registry], collect() {
    this.set(current()?.query_p95_ms ?? 0);
  } });
  new Gauge({ name: 'console_db_slowest_query_milliseconds', help: 'The slowest statements kept by the monitor (SQL text on the monitor page)', labelNames: ['rank'], registers: [registry], collect() {
    this.reset();
    m.slow.slice(0, 3).forEach((q, i) => this.set({ rank: String(i + 1) }, q.ms));
  } });
  new Gauge({ name: 'console_realtime_subscribers', help: 'Sockets subscribed to the realtime frame on this instance', registers: [registry], collect() {
    this.set(live.feed.count());
  } });
}
