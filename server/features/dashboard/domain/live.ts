import type { LiveFeed } from '../../../ws/live-feed';
import type { InstanceMonitor } from './monitor';

/**
 * dashboard/realtime and dashboard/monitor of one instance: the live feed (socket frame + REST answer
 * of the same figures) and this instance's service monitor. Built by routes/live.ts
 * (createDashboardLive), held by the application context.
 */
export interface DashboardLive {
  feed: LiveFeed;
  monitor: InstanceMonitor;
  /** Starts sampling (server listening); stops with the server. */
  start(): void;
  stop(): void;
}
