import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import { JOB_SCHEMA } from '../db/changes';

/**
 * `GET /metrics` in Prometheus text format (prom-client): this instance's requests (rate, errors,
 * latency histogram by route), the process (CPU, memory, event-loop lag, from prom-client's default
 * collectors), open sockets and the job queue's depth. METRICS_TOKEN, when set, must come as
 * `Authorization: Bearer <token>`; otherwise the endpoint is open (bind it behind the load balancer).
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ instance: ctx.jobs.instance });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
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

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    requests.inc({ method: req.method, route, status });
    duration.observe({ route }, reply.elapsedTime / 1000);
  });

  const token = process.env.METRICS_TOKEN ?? '';
  app.get('/metrics', async (req, reply) => {
    if (token !== '' && req.headers.authorization !== `Bearer ${token}`) return reply.code(401).type('text/plain').send('metrics: a bearer token is required\n');
    // The queue's depth as of the last count (at most 5 s old): a scrape never waits for the database.
    depth.reset();
    for (const [state, n] of Object.entries(queueDepth.counts)) depth.set({ state }, n);
    if (Date.now() - queueDepth.at > 5000) void queueDepth.refresh();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
