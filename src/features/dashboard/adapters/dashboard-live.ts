/**
 * Live dashboards (issue 17, dashboard/realtime and dashboard/monitor): paths and parsers of the two
 * answers (contracts/schemas/dashboard-live.ts; a drifted wire shape is a clear "malformed" error) and
 * of the `dashboard.realtime` socket frame. Reads travel like the revenue reports (REST GET; GraphQL
 * resourceList). This module loads with the first call (not in the login page's chunk).
 */
import { monitorResult, realtimeFrame, realtimeSnapshot, type MonitorResult, type RealtimeSnapshot } from '../../../../contracts/schemas/dashboard/live';

export type { MonitorInstance, MonitorResult, MonitorSample, RealtimeGame, RealtimeMinute, RealtimeSnapshot, SlowQuery } from '../../../../contracts/schemas/dashboard/live';
export { REALTIME_TOPIC } from '../../../../contracts/schemas/dashboard/live';

export const DASHBOARD_LIVE_PATH = {
  realtime: '/api/dashboard/realtime/',
  monitor: '/api/dashboard/monitor/',
} as const;

export const DASHBOARD_LIVE_PARSERS = {
  realtime: (data: unknown): RealtimeSnapshot | null => realtimeSnapshot.safeParse(data).data ?? null,
  monitor: (data: unknown): MonitorResult | null => monitorResult.safeParse(data).data ?? null,
};

/** The figures of a `dashboard.realtime` frame, or null when the frame is not one (or malformed). */
export function realtimeOfFrame(frame: unknown): RealtimeSnapshot | null {
  return realtimeFrame.safeParse(frame).data?.realtime ?? null;
}
