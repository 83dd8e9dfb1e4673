import { z } from 'zod';

/**
 * Live dashboards: `dashboard/realtime` (players and money right now) and
 * `dashboard/monitor` (the platform's own server instances). docs/dashboard.md.
 *
 * Realtime definitions (one server function computes them for the REST answer and the socket frame):
 * - online: distinct (game, player) with a tracked event or a paid order whose time is within the last
 *   `ONLINE_WINDOW_MINUTES` minutes (times up to 10 minutes ahead, which ingestion accepts, count too);
 * - minutes: the last 60 whole minutes (UTC minute starts, oldest first, the current minute last):
 *   `logins` = tracked `login` events, `payments` = orders paid (by their paid time), `amount` = their
 *   amount in fen (refunds are not subtracted here);
 * - revenue_today: revenue (gross − refunds, fen) of today in the analytics time zone, from the revenue
 *   rollups (the same function as center_income/overview);
 * - top_games: up to 5 games by players online (ties by id), with their logins and payments of the last
 *   5 minutes and their revenue today.
 */

export const ONLINE_WINDOW_MINUTES = 5;
export const REALTIME_MINUTES = 60;
export const REALTIME_TOP_GAMES = 5;
/** The socket frame's type and the topic a console subscribes to. */
export const REALTIME_TOPIC = 'dashboard.realtime';

const count = z.number().int().nonnegative();
const money = z.number().int();

export const realtimeMinute = z.object({
  /** The minute's start, ISO 8601 UTC. */
  minute: z.string(),
  logins: count,
  payments: count,
  amount: count,
});
export type RealtimeMinute = z.infer<typeof realtimeMinute>;

export const realtimeGame = z.object({
  game: z.number().int(),
  name: z.string(),
  online: count,
  logins: count,
  payments: count,
  revenue_today: money,
});
export type RealtimeGame = z.infer<typeof realtimeGame>;

export const realtimeSnapshot = z.object({
  /** When the figures were computed (ISO 8601 UTC). */
  at: z.string(),
  /** Today in the analytics time zone (YYYY-MM-DD) and that zone. */
  day: z.string(),
  timezone: z.string(),
  currency: z.literal('CNY'),
  online: count,
  /** Per minute: the larger of the current (partial) minute and the last whole one. */
  logins_per_minute: count,
  payments_per_minute: count,
  revenue_today: money,
  orders_today: count,
  minutes: z.array(realtimeMinute),
  top_games: z.array(realtimeGame),
});
export type RealtimeSnapshot = z.infer<typeof realtimeSnapshot>;

/**
 * The socket frame (API-CONTRACT §12 extension): sent at most once per second, only to sockets whose
 * user may open dashboard/realtime and who subscribed. No `content`, so a console that does not know
 * it shows nothing.
 */
export const realtimeFrame = z.object({
  type: z.literal(REALTIME_TOPIC),
  realtime: realtimeSnapshot,
});
export type RealtimeFrame = z.infer<typeof realtimeFrame>;

/**
 * What a console sends on its socket: `{"type":"subscribe","topic":"dashboard.realtime"}` while the
 * page is visible, `unsubscribe` when it is not. Refused subscriptions are answered with
 * `{"type":"subscribe.refused","topic":…,"reason":…}`; anything else a client sends is ignored.
 */
export const socketClientFrame = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  topic: z.literal(REALTIME_TOPIC),
});
export type SocketClientFrame = z.infer<typeof socketClientFrame>;

export const subscribeRefusedFrame = z.object({
  type: z.literal('subscribe.refused'),
  topic: z.string(),
  reason: z.string(),
});

// ---- monitor

/** One instance's figures over the last sampling period (MONITOR_SAMPLE_SECONDS). */
export const monitorFigures = z.object({
  /** Requests answered per second, and the share of them with a 5xx status (0..1). */
  request_rate: z.number().nonnegative(),
  error_rate: z.number().min(0).max(1),
  requests: count,
  errors: count,
  /** Since the instance started. */
  requests_total: count,
  latency_p50_ms: z.number().nonnegative(),
  latency_p95_ms: z.number().nonnegative(),
  latency_p99_ms: z.number().nonnegative(),
  event_loop_lag_p99_ms: z.number().nonnegative(),
  event_loop_lag_mean_ms: z.number().nonnegative(),
  rss_bytes: count,
  heap_used_bytes: count,
  /** CPU time over wall time of the period (1 = one core busy). */
  cpu: z.number().nonnegative(),
  sockets: count,
  /** PostgreSQL: the pg pool's connections; PGlite: the worker thread's queue (total = in flight). */
  db: z.object({
    kind: z.enum(['pglite', 'postgres']),
    total: count,
    idle: count,
    waiting: count,
    max: count,
  }),
  queries: count,
  query_p95_ms: z.number().nonnegative(),
  jobs_in_flight: count,
  /** The job queue's depth (every instance's), by state: created, retry, active, completed, failed, cancelled. */
  queue: z.record(z.string(), count),
});
export type MonitorFigures = z.infer<typeof monitorFigures>;

export const slowQuery = z.object({
  /** The SQL text, whitespace collapsed, truncated to SLOW_QUERY_TEXT characters; never parameters. */
  sql: z.string(),
  ms: z.number().nonnegative(),
  at: z.string(),
});
export type SlowQuery = z.infer<typeof slowQuery>;

export const monitorSample = monitorFigures.extend({ at: z.string() });
export type MonitorSample = z.infer<typeof monitorSample>;

export const monitorInstance = z.object({
  instance: z.string(),
  host: z.string(),
  pid: count,
  started: z.string(),
  /** The newest sample's time; `status` lost when older than MONITOR_LOST_SECONDS. */
  last_seen: z.string(),
  status: z.enum(['online', 'lost']),
  current: monitorSample,
  /** Oldest first, at most MONITOR_HISTORY samples. */
  history: z.array(monitorSample),
  slow_queries: z.array(slowQuery),
});
export type MonitorInstance = z.infer<typeof monitorInstance>;

export const monitorResult = z.object({
  at: z.string(),
  /** The instance that answered. */
  self: z.string(),
  sample_seconds: z.number().int().positive(),
  instances: z.array(monitorInstance),
});
export type MonitorResult = z.infer<typeof monitorResult>;
