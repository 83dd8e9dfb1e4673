/**
 * Live dashboards (dashboard/realtime and dashboard/monitor): the paths of the two reads (their answers
 * are parsed by contracts/schemas/dashboard/live in the dashboard port, dashboard.ts) and the reader
 * of the `dashboard.realtime` socket frame.
 */
import { realtimeFrame, type RealtimeSnapshot } from '../../../../contracts/schemas/dashboard/live';

export type { MonitorInstance, MonitorResult, MonitorSample, RealtimeGame, RealtimeMinute, RealtimeSnapshot, SlowQuery } from '../../../../contracts/schemas/dashboard/live';
export { REALTIME_TOPIC } from '../../../../contracts/schemas/dashboard/live';

export const DASHBOARD_LIVE_PATH = {
  realtime: '/api/dashboard/realtime/',
  monitor: '/api/dashboard/monitor/',
} as const;

/** The figures of a `dashboard.realtime` frame, or null when the frame is not one (or malformed). */
export function realtimeOfFrame(frame: unknown): RealtimeSnapshot | null {
  return realtimeFrame.safeParse(frame).data?.realtime ?? null;
}
