import { z } from 'zod';

/**
 * dashboard/monitor beyond the live figures (contracts/schemas/dashboard/live.ts): the history of an
 * instance over a chosen range, downsampled by the server, and the alert thresholds. docs/dashboard.md.
 *
 * - Samples are kept MONITOR_KEPT_HOURS hours (older rows are deleted by the writers).
 * - A series has at most MONITOR_SERIES_POINTS points: the range is cut into buckets of
 *   `bucket_seconds` (at least one sampling period); per bucket the request rate, latency p50, CPU are
 *   averaged, latency p95/p99, event-loop lag p99 and memory are the bucket's maximum (peaks stay
 *   visible), and the error rate is the bucket's errors over its requests.
 * - A threshold is breached when every sample of an instance for `sustain_seconds` is above `limit`
 *   (units: cpu % of one core, memory % of the machine's memory, milliseconds, error rate %); the
 *   superusers get one message per breach; after the figure is back at or under the limit, a new
 *   breach gets a new message.
 */

export const MONITOR_KEPT_HOURS = 24;
export const MONITOR_SERIES_POINTS = 180;
export const MONITOR_RANGES = ['15m', '1h', '6h', '24h'] as const;
export type MonitorRange = (typeof MONITOR_RANGES)[number];
export const MONITOR_RANGE_SECONDS: Record<MonitorRange, number> = { '15m': 900, '1h': 3600, '6h': 21_600, '24h': 86_400 };

const count = z.number().int().nonnegative();
const figure = z.number().nonnegative();

/** GET /api/dashboard/monitor/series/?range=1h&instance=… (instance: the answering one when absent). */
export const monitorSeriesQuery = z
  .object({
    range: z.enum(MONITOR_RANGES, { error: `range 必须是 ${MONITOR_RANGES.join(' / ')} 之一` }),
    instance: z.string().min(1, 'instance 不能为空').max(128, 'instance 不能超过 128 个字符').optional(),
  })
  .strict();
export type MonitorSeriesQuery = z.infer<typeof monitorSeriesQuery>;

export const monitorPoint = z.object({
  /** The bucket's start, ISO 8601 UTC. */
  at: z.string(),
  /** Samples in the bucket. */
  samples: count,
  request_rate: figure,
  error_rate: z.number().min(0).max(1),
  latency_p50_ms: figure,
  latency_p95_ms: figure,
  latency_p99_ms: figure,
  event_loop_lag_p99_ms: figure,
  cpu: figure,
  rss_bytes: count,
  heap_used_bytes: count,
});
export type MonitorPoint = z.infer<typeof monitorPoint>;

export const monitorSeries = z.object({
  range: z.enum(MONITOR_RANGES),
  instance: z.string(),
  from: z.string(),
  to: z.string(),
  bucket_seconds: z.number().int().positive(),
  /** Oldest first; buckets without samples are left out. */
  points: z.array(monitorPoint).max(MONITOR_SERIES_POINTS),
});
export type MonitorSeries = z.infer<typeof monitorSeries>;

// ---- thresholds

export const THRESHOLD_METRICS = ['cpu', 'memory', 'event_loop_lag', 'latency_p99', 'error_rate'] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];

/** Each metric's unit and the limits a value must lie in (inclusive). */
export const THRESHOLD_RULES: Record<ThresholdMetric, { unit: '%' | 'ms'; min: number; max: number; default: number }> = {
  cpu: { unit: '%', min: 1, max: 1600, default: 90 },
  memory: { unit: '%', min: 1, max: 100, default: 90 },
  event_loop_lag: { unit: 'ms', min: 1, max: 60_000, default: 200 },
  latency_p99: { unit: 'ms', min: 1, max: 600_000, default: 2000 },
  error_rate: { unit: '%', min: 0.01, max: 100, default: 5 },
};
export const SUSTAIN_MIN_SECONDS = 5;
export const SUSTAIN_MAX_SECONDS = 3600;
export const SUSTAIN_DEFAULT_SECONDS = 60;

export const monitorThreshold = z.object({
  metric: z.enum(THRESHOLD_METRICS),
  enabled: z.boolean(),
  limit: z.number(),
  sustain_seconds: z.number().int(),
});
export type MonitorThreshold = z.infer<typeof monitorThreshold>;

export const monitorAlert = z.object({
  instance: z.string(),
  metric: z.enum(THRESHOLD_METRICS),
  /** The first sample above the limit, and when the message went out. */
  since: z.string(),
  raised: z.string(),
  value: z.number(),
  limit: z.number(),
});
export type MonitorAlert = z.infer<typeof monitorAlert>;

/** GET /api/dashboard/monitor/thresholds/ */
export const monitorThresholds = z.object({
  /** One per metric, in THRESHOLD_METRICS order. */
  thresholds: z.array(monitorThreshold),
  /** Whether the caller may change them (superuser or the screen's Update button). */
  editable: z.boolean(),
  /** Breaches not yet recovered (instances seen in the kept window). */
  alerts: z.array(monitorAlert),
  update_datetime: z.string().nullable(),
});
export type MonitorThresholds = z.infer<typeof monitorThresholds>;

/** The problem of one threshold, or null. */
export function thresholdProblem(t: MonitorThreshold): string | null {
  const rule = THRESHOLD_RULES[t.metric];
  if (!Number.isFinite(t.limit) || t.limit < rule.min || t.limit > rule.max) return `${t.metric} 的阈值必须在 ${rule.min} 到 ${rule.max} ${rule.unit} 之间`;
  if (t.sustain_seconds < SUSTAIN_MIN_SECONDS || t.sustain_seconds > SUSTAIN_MAX_SECONDS) return `${t.metric} 的持续时间必须在 ${SUSTAIN_MIN_SECONDS} 到 ${SUSTAIN_MAX_SECONDS} 秒之间`;
  return null;
}

/** PUT /api/dashboard/monitor/thresholds/ `{thresholds: [...]}`: any subset of the metrics, each once. */
export const monitorThresholdsInput = z
  .object({
    thresholds: z
      .array(monitorThreshold.strict(), { error: 'thresholds 必须是列表' })
      .min(1, 'thresholds 不能为空')
      .max(THRESHOLD_METRICS.length, `thresholds 最多 ${THRESHOLD_METRICS.length} 项`)
      .superRefine((list, c) => {
        const seen = new Set<string>();
        for (const t of list) {
          if (seen.has(t.metric)) c.addIssue({ code: 'custom', message: `${t.metric} 重复` });
          seen.add(t.metric);
          const problem = thresholdProblem(t);
          if (problem) c.addIssue({ code: 'custom', message: problem });
        }
      }),
  })
  .strict();
export type MonitorThresholdsInput = z.infer<typeof monitorThresholdsInput>;

export function defaultThresholds(): MonitorThreshold[] {
  return THRESHOLD_METRICS.map((metric) => ({ metric, enabled: true, limit: THRESHOLD_RULES[metric].default, sustain_seconds: SUSTAIN_DEFAULT_SECONDS }));
}
