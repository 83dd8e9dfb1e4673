/**
 * Live dashboards (dashboard/realtime and dashboard/monitor): the paths of the two reads (their answers
 * are parsed by contracts/schemas/dashboard/live in the dashboard port, dashboard.ts) and the reader
 * of the `dashboard.realtime` socket frame.
 */
import { realtimeFrame, type RealtimeSnapshot } from '../../../../contracts/schemas/dashboard/live';

export type { MonitorInstance, MonitorResult, MonitorSample, RealtimeGame, RealtimeMinute, RealtimeSnapshot, SlowQuery } from '../../../../contracts/schemas/dashboard/live';
export type { MonitorAlert, MonitorPoint, MonitorRange, MonitorSeries, MonitorThreshold, MonitorThresholds, ThresholdMetric } from '../../../../contracts/schemas/dashboard/monitor';
export { MONITOR_RANGES, THRESHOLD_METRICS, THRESHOLD_RULES, SUSTAIN_MAX_SECONDS, SUSTAIN_MIN_SECONDS, thresholdProblem } from '../../../../contracts/schemas/dashboard/monitor';
export { REALTIME_TOPIC } from '../../../../contracts/schemas/dashboard/live';

export const DASHBOARD_LIVE_PATH = {
  realtime: '/api/dashboard/realtime/',
  monitor: '/api/dashboard/monitor/',
  series: '/api/dashboard/monitor/series/',
  thresholds: '/api/dashboard/monitor/thresholds/',
} as const;

/** The figures of a `dashboard.realtime` frame, or null when the frame is not one (or malformed). */
export function realtimeOfFrame(frame: unknown): RealtimeSnapshot | null {
  return realtimeFrame.safeParse(frame).data?.realtime ?? null;
}
