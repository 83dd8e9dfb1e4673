import { timingSafeEqual } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import { JOB_SCHEMA } from '../db/changes';
import { authenticate } from './auth';

/**
 * `GET /metrics` in Prometheus text format (prom-client): this instance's requests (rate, errors,
 * latency histogram by route), the process (CPU, memory, event-loop lag, from prom-client's default
 * collectors), open sockets and the job queue's depth. Never open: the caller brings
 * `Authorization: Bearer <METRICS_TOKEN>` (when that is set: the scraper's way) or a superuser's
 * session (`Authorization: JWT <access token>`); anything else is HTTP 401 (`metricsAccess`).
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ instance: ctx.jobs.instance });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  cheaperProcessMetrics(registry);
  const requests = new Counter({ name: 'console_http_requests_total', help: 'HTTP requests answered, by method, route and status class', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'console_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route',
    labelNames: ['route'],
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    registers: [registry],
  });
  new Gauge({ name: 'console_sockets_open', help: 'Open console sockets on this instance', registers: [registry], collect() {
    this.set(ctx.hub.count());
  } });
  const depth = new Gauge({ name: 'console_jobs', help: 'Jobs in the queue by state (every instance)', labelNames: ['state'], registers: [registry] });
  const inFlight = new Gauge({ name: 'console_jobs_in_flight', help: 'Jobs running on this instance', registers: [registry], collect() {
    this.set(ctx.jobs.inFlight);
  } });
  void inFlight;

  const queueDepth = {
    at: 0,
    counts: {} as Record<string, number>,
    refreshing: false,
    async refresh() {
      if (this.refreshing) return;
      this.refreshing = true;
      try {
        const rows = await ctx.db.query<{ state: string; n: number }>(`SELECT state::text AS state, count(*)::int AS n FROM ${JOB_SCHEMA}.job GROUP BY 1`);
        this.counts = Object.fromEntries(rows.map((r) => [r.state, r.n]));
        this.at = Date.now();
      } catch {
        // The next scrape tries again.
      } finally {
        this.refreshing = false;
      }
    },
  };

  // The label children of each route looked up once, not hashed from a labels object on every answer.
  const STATUS = ['1xx', '2xx', '3xx', '4xx', '5xx'];
  const series = new Map<string, { duration: { observe(v: number): void }; counts: Map<string, { inc(): void }> }>();
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      let s = series.get(route);
      if (!s) series.set(route, (s = { duration: duration.labels({ route }), counts: new Map() }));
      const status = STATUS[Math.floor(reply.statusCode / 100) - 1] ?? `${Math.floor(reply.statusCode / 100)}xx`;
      const key = req.method + status;
      let count = s.counts.get(key);
      if (!count) s.counts.set(key, (count = requests.labels({ method: req.method, route, status })));
      count.inc();
      s.duration.observe(reply.elapsedTime / 1000);
    }
    done();
  });

  const token = process.env.METRICS_TOKEN ?? '';
  // the open descriptors counted in the background (at most 5 s old), like the queue.
  const refreshFds = () => {
    if (Date.now() - openFds.at > 5000) void openFds.refresh();
  };
  app.get('/metrics', async (req, reply) => {
    if (!(await metricsAccess(ctx, token, req.headers.authorization))) return reply.code(401).type('text/plain').send('metrics: a bearer token (METRICS_TOKEN) or a superuser session is required\n');
    // The queue's depth as of the last count (at most 5 s old): a scrape never waits for the database.
    depth.reset();
    for (const [state, n] of Object.entries(queueDepth.counts)) depth.set({ state }, n);
    if (Date.now() - queueDepth.at > 5000) void queueDepth.refresh();
    refreshFds();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}

/** Whether a scrape may read /metrics: the configured bearer token (compared in constant time), or a superuser's live session. */
export async function metricsAccess(ctx: AppContext, token: string, header: string | undefined): Promise<boolean> {
  if (header === undefined) return false;
  if (token !== '' && header.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice('Bearer '.length));
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const res = await authenticate(ctx, header);
  return res.ok && res.account.is_superuser;
}

// prom-client's collectors whose cost grows with the open sockets, replaced.
/**
 * Profiled with 1,000 console sockets open (2,000 descriptors in the bench process), prom-client's
 * default collectors cost a scrape ~19 ms of CPU, almost all in five of them: `process_open_fds`
 * (readdirSync of /proc/self/fd, 8.4 ms), `nodejs_active_handles{type}` and `_total` (the deprecated
 * `process._getActiveHandles()`, 6 ms), `nodejs_active_resources{type}` and `_total` (4.4 ms). They are
 * removed; `process_open_fds` is counted in the background (async readdir, at most every 5 s; a scrape
 * reads the last count) and `nodejs_active_resources{type}` / `_total` are counted from
 * `process.getActiveResourcesInfo()` in one pass (0.1 ms for 2,000). `nodejs_active_handles*` is not
 * exported any more (its figures are in `nodejs_active_resources{type}`: TCPSocketWrap, Timeout, …).
 */
const openFds = {
  at: 0,
  n: null as number | null,
  refreshing: false,
  async refresh() {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      // Minus the descriptor readdir itself opened.
      this.n = (await readdir('/proc/self/fd')).length - 1;
    } catch {
      this.n = null; // Not Linux: no figure.
    } finally {
      this.at = Date.now();
      this.refreshing = false;
    }
  },
};

function cheaperProcessMetrics(registry: Registry): void {
  for (const name of ['process_open_fds', 'nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_resources', 'nodejs_active_resources_total']) {
    if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
  }
  void openFds.refresh();
  new Gauge({ name: 'process_open_fds', help: 'Number of open file descriptors (counted at most every 5 s).', registers: [registry], collect() {
    if (openFds.n !== null) this.set(openFds.n);
  } });
  // byType is registered (so serialised) before the total: its collect counts for both.
  let last = 0;
  new Gauge({ name: 'nodejs_active_resources', help: 'Active resources keeping the event loop alive, by type (process.getActiveResourcesInfo).', labelNames: ['type'], registers: [registry], collect() {
    const counts = new Map<string, number>();
    const info = process.getActiveResourcesInfo();
    for (const type of info) counts.set(type, (counts.get(type) ?? 0) + 1);
    this.reset();
    for (const [type, n] of counts) this.set({ type }, n);
    last = info.length;
  } });
  new Gauge({ name: 'nodejs_active_resources_total', help: 'Total number of active resources.', registers: [registry], collect() {
    this.set(last);
  } });
}
