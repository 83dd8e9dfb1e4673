import type { ServerConfig } from './config';
import type { Db } from './db/db';
import type { DashboardQueries } from './domain/dashboard';
import type { DictionaryStore } from './domain/dictionaries';
import type { MenuStore } from './domain/menus';
import type { PermissionStore } from './domain/permissions';
import type { SessionStore } from './domain/sessions';
import type { SettingsStore } from './domain/settings';
import type { SessionKeeper } from './features/tracking/domain/sessions';
import type { SecretBox } from './domain/secret-box';
import type { UserDirectory } from './domain/users';
import type { SocketHub } from './ws/hub';
import type { JobQueue } from './jobs/queue';
import type { DashboardLive } from './features/dashboard/domain/live';
import type { PlayerUpkeep } from './features/players/domain/upkeep';

/**
 * Everything a route needs, built once by app.ts and passed to each route module. The types of a
 * feature's long-lived parts come from that feature's domain, which never imports this module.
 */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  /** HS256 key for access and refresh tokens. */
  jwtSecret: string;
  users: UserDirectory;
  settings: SettingsStore;
  dictionaries: DictionaryStore;
  menus: MenuStore;
  /** Role buttons, white list, data scope and button permissions of each caller (cached). */
  permissions: PermissionStore;
  dashboard: DashboardQueries;
  /** Whether a token's sign-in session is still live (logout, password change, refresh reuse end it). */
  sessions: SessionStore;
  hub: SocketHub;
  /** Seals and opens secrets at rest (shared accounts), with the configured key. */
  secretBox: SecretBox;
  /** Keeps the session analysis' days computed ahead (background, debounced). */
  sessionKeeper: SessionKeeper;
  /** The job queue (pg-boss) and its task catalogue: queue runs from anywhere; works them when config.jobs. */
  jobs: JobQueue<AppContext>;
  /** The realtime socket frame's feed and this instance's service monitor. */
  live: DashboardLive;
  /** Keeps the players (registrations, devices, cohorts, accounts) from what ingestion queued (background). */
  playerUpkeep: PlayerUpkeep;
}
