import type { LiveFeed } from '../../../ws/live-feed';
import type { Account } from '../../../domain/users';
import type { InstanceMonitor } from './monitor';
import type { ThresholdStore, ThresholdWatch } from './thresholds';

/**
 * dashboard/realtime and dashboard/monitor of one instance: the live feed (socket frame + REST answer
 * of the same figures) and this instance's service monitor. Built by routes/live.ts
 * (createDashboardLive), held by the application context.
 */
export interface DashboardLive {
  feed: LiveFeed;
  monitor: InstanceMonitor;
  /** The alert thresholds (stored) and this instance's watch over its own samples. */
  thresholds: ThresholdStore;
  watch: ThresholdWatch;
  /** Whether the account may change the thresholds (superuser, or the monitor screen's Update button). */
  mayEditThresholds(account: Account): Promise<boolean>;
  /** Starts sampling (server listening); stops with the server. */
  start(): void;
  stop(): void;
}
