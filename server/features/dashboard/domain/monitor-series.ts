import {
  MONITOR_RANGE_SECONDS,
  MONITOR_SERIES_POINTS,
  type MonitorPoint,
  type MonitorRange,
  type MonitorSeries,
} from '../../../../contracts/schemas/dashboard/monitor';
import type { Queryable } from '../../../db/db';
import { MONITOR_SAMPLE_SECONDS } from './monitor';

/**
 * One instance's history over a range (dashboard/monitor's range picker), downsampled in SQL: the
 * range is cut into at most MONITOR_SERIES_POINTS buckets (a whole number of sampling periods each)
 * and each bucket is one row (averages; maxima for the tail latencies, the event-loop lag and memory;
 * errors over requests for the error rate). Definitions: contracts/schemas/dashboard/monitor.ts.
 */

/** Seconds per bucket: at least one sampling period, a multiple of it, at most MONITOR_SERIES_POINTS buckets. */
export function bucketSeconds(range: MonitorRange): number {
  const perPoint = MONITOR_RANGE_SECONDS[range] / MONITOR_SERIES_POINTS;
  return Math.max(1, Math.ceil(perPoint / MONITOR_SAMPLE_SECONDS)) * MONITOR_SAMPLE_SECONDS;
}

interface BucketRow {
  b: string;
  n: number;
  request_rate: number | string | null;
  requests: number | string | null;
  errors: number | string | null;
  p50: number | string | null;
  p95: number | string | null;
  p99: number | string | null;
  lag: number | string | null;
  cpu: number | string | null;
  rss: number | string | null;
  heap: number | string | null;
}

const num = (v: number | string | null) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
};
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function monitorSeries(db: Queryable, instance: string, range: MonitorRange, now = Date.now()): Promise<MonitorSeries> {
  const bucket = bucketSeconds(range);
  // Buckets aligned on multiples of `bucket` seconds; the first one may start before the range: it is cut.
  const from = now - MONITOR_RANGE_SECONDS[range] * 1000;
  const firstBucket = Math.floor(from / 1000 / bucket) + 1;
  const f = (key: string) => `(figures->>'${key}')::float8`;
  const rows = await db.query<BucketRow>(
    `SELECT floor(extract(epoch FROM at) / $3)::bigint::text AS b, count(*)::int AS n,
       avg(${f('request_rate')}) AS request_rate, sum(${f('requests')}) AS requests, sum(${f('errors')}) AS errors,
       avg(${f('latency_p50_ms')}) AS p50, max(${f('latency_p95_ms')}) AS p95, max(${f('latency_p99_ms')}) AS p99,
       max(${f('event_loop_lag_p99_ms')}) AS lag, avg(${f('cpu')}) AS cpu, max(${f('rss_bytes')}) AS rss, max(${f('heap_used_bytes')}) AS heap
     FROM monitor_samples
     WHERE instance = $1 AND at >= $2::timestamptz AND at <= $4::timestamptz
     GROUP BY 1 ORDER BY 1`,
    [instance, new Date(firstBucket * bucket * 1000).toISOString(), bucket, new Date(now).toISOString()],
  );
  const points: MonitorPoint[] = rows.slice(-MONITOR_SERIES_POINTS).map((r) => {
    const requests = num(r.requests);
    return {
      at: new Date(Number(r.b) * bucket * 1000).toISOString(),
      samples: Number(r.n),
      request_rate: round(num(r.request_rate)),
      error_rate: requests === 0 ? 0 : Math.min(1, round(num(r.errors) / requests, 4)),
      latency_p50_ms: round(num(r.p50)),
      latency_p95_ms: round(num(r.p95)),
      latency_p99_ms: round(num(r.p99)),
      event_loop_lag_p99_ms: round(num(r.lag)),
      cpu: round(num(r.cpu), 3),
      rss_bytes: Math.round(num(r.rss)),
      heap_used_bytes: Math.round(num(r.heap)),
    };
  });
  return { range, instance, from: new Date(firstBucket * bucket * 1000).toISOString(), to: new Date(now).toISOString(), bucket_seconds: bucket, points };
}
