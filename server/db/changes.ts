/**
 * What this process has written, as version numbers: the one place every in-memory cache of database
 * data asks whether it is still current.
 *
 * Both drivers report each statement they run (and each transaction once it has ended) to
 * `DataChanges.afterStatement` / `afterTransaction`. A write to one of the LEAF tables (logs, captcha,
 * revoked tokens, uploads, messages: nothing else reads them through a trigger or a cascade, and no
 * cache but their own lists holds them) moves only that table's group; any other write, and anything
 * not recognised as a plain read, moves the global version. A cache keeps, with each entry, the stamp
 * of the tables it read taken *before* loading it, and reloads when the stamp has moved: a write that
 * commits while a load runs makes that entry stale at once, never the other way round.
 *
 * Versions move after a statement or transaction has ended, so a reader that sees the new version also
 * sees the committed data. Writes another process makes (a second instance on the same PostgreSQL)
 * arrive through `bump()` from the change relay (server/db/change-relay.ts, LISTEN/NOTIFY) within
 * milliseconds; caches that must hold no stale entry even for that long (sessions) are used on the
 * embedded database only, which one process owns.
 */

/** Tables whose writes change nothing else that is cached, by group (a group's tables cascade into each other only). */
const LEAF_GROUPS: Readonly<Record<string, string>> = {
  captcha: 'captcha',
  revoked_tokens: 'revoked_tokens',
  user_sessions: 'user_sessions',
  rate_limits: 'rate_limits',
  login_failures: 'login_failures',
  login_log: 'login_log',
  operation_log: 'operation_log',
  file_list: 'file_list',
  message_center: 'messages',
  message_center_target_role: 'messages',
  message_center_target_dept: 'messages',
  message_center_target_user: 'messages',
  // Tracked events and their rollups: only the analysis reads them, never through a cache.
  tracking_events: 'tracking',
  tracking_event_ids: 'tracking',
  tracking_hourly: 'tracking',
  tracking_daily: 'tracking',
  tracking_day_players: 'tracking',
  // Kept sessions of the session analysis: nothing reads them but the analysis itself.
  tracking_sessions: 'tracking_sessions',
  tracking_session_days: 'tracking_sessions',
  // Orders and their rollups: only the revenue reports read them, never through a cache.
  // (player_active_days is also written by a trigger on tracking_day_players: nothing caches it.)
  orders: 'income',
  order_conflicts: 'income',
  income_daily: 'income',
  income_totals: 'income',
  income_player_days: 'income',
  // performance (migration 059): kept by triggers on income_player_days, read by the revenue reports.
  income_payer_days: 'income',
  player_active_links: 'income',
  income_payers_daily: 'income',
  account_payer_days: 'income',
  account_payers_daily: 'income',
  account_active_links: 'income',
  account_retention_daily: 'income',
  player_active_days: 'income',
  // Players: registrations are written by the event ingestion's statement (its group);
  // cohorts and retention by triggers on player_active_days; only the players screens read them.
  player_registrations: 'tracking',
  player_devices: 'tracking',
  device_accounts: 'tracking',
  player_cohorts: 'players',
  cohort_daily: 'players',
  retention_daily: 'players',
  // center_users accounts+game_users: kept by a trigger on player_active_days; only those screens read them.
  account_games: 'players',
  player_accounts: 'players',
  // Automation: the schedules' due times move with every run they enqueue; runs and worker
  // heartbeats are written all the time. Only their own lists read them.
  automation_schedules: 'automation_schedules',
  automation_runs: 'automation_runs',
  automation_workers: 'automation_runs',
  // dashboard realtime+monitor: every instance's samples, written every few seconds; only the monitor reads them.
  monitor_samples: 'monitor',
  // player upkeep: the player upkeep's queue, written by the event ingestion's statement (its group) and
  // worked by `SELECT players_upkeep(n)` (a read here: what it writes is only read by the players screens, uncached).
  player_upkeep_pending: 'tracking',
};

/** The table each write of a statement names (an upsert's DO UPDATE SET is part of its INSERT). */
const DML_TARGET = /\b(?:insert\s+into|delete\s+from)\s+([a-z_]\w*)|\bupdate\s+([a-z_]\w*)\s+set\b/gi;

/** What a statement writes: nothing, the leaf groups named, or anything (`all`). */
export type Written = null | 'all' | string;

const DML = /\b(insert\s+into|update\s+[\w.]+\s+set|delete\s+from|truncate|merge\s+into)\b/gi;

/**
 * Classifies one SQL statement. Reads: SELECT, VALUES, SHOW, and WITH without a data-modifying
 * part. A single INSERT/UPDATE/DELETE of a leaf table: that table's group. Anything else (other
 * tables, several statements, DDL, a function call in a WITH that writes): 'all'. One VACUUM or ANALYZE
 * alone: nothing (statistics and free space; no row changes).
 */
export function classify(sql: string): Written {
  const text = (sql.includes('--') || sql.includes('/*') ? sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ') : sql).trim();
  const first = /^[a-z]+/i.exec(text)?.[0]?.toLowerCase() ?? '';
  if (first === 'select' || first === 'values' || first === 'show') return null;
  // One VACUUM or ANALYZE (the embedded database's maintenance, db/embedded-maintenance.ts): statistics
  // and free space only, no row any query sees changes.
  if ((first === 'vacuum' || first === 'analyze') && !text.replace(/;\s*$/, '').includes(';')) return null;
  const dml = text.match(DML) ?? [];
  // The job queue's own statements (pg-boss, schema `pgboss`: polling, completing, maintenance) write
  // nothing any cache holds: group `jobs`, never the global version (they run every half second).
  if (text.includes(`${JOB_SCHEMA}.`) && dml.length > 0 && !DDL.test(text)) {
    const targets = [...text.matchAll(QUALIFIED_TARGET)].map((m) => (m[1] ?? m[2] ?? '').toLowerCase());
    if (targets.length === dml.length && targets.every((t) => t.startsWith(`${JOB_SCHEMA}.`))) return 'jobs';
  }
  if (first === 'with' && dml.length === 0) return null;
  // One WITH statement whose every write goes to tables of one leaf group (the event ingestion's).
  if (first === 'with' && dml.length > 1 && !text.replace(/;\s*$/, '').includes(';')) {
    const targets = [...text.matchAll(DML_TARGET)].map((m) => LEAF_GROUPS[(m[1] ?? m[2] ?? '').toLowerCase()] ?? 'all');
    const groups = new Set(targets);
    const only = [...groups][0];
    if (groups.size === 1 && only !== undefined && only !== 'all' && targets.length === dml.length) return only;
  }
  if (dml.length !== 1 || text.replace(/;\s*$/, '').includes(';')) return 'all';
  const m = /^(?:insert\s+into|update|delete\s+from)\s+([a-z_][\w]*)\b/i.exec(text);
  const group = m?.[1] ? LEAF_GROUPS[m[1].toLowerCase()] : undefined;
  return group ?? 'all';
}

/** The job queue's schema (server/jobs/queue.ts). */
export const JOB_SCHEMA = 'pgboss';
const DDL = /\b(create|alter|drop)\s+(table|index|schema|type|function|sequence|trigger)\b/i;
/** Like DML_TARGET, with schema-qualified names. */
const QUALIFIED_TARGET = /\b(?:insert\s+into|delete\s+from)\s+([a-z_][\w.]*)|\bupdate\s+([a-z_][\w.]*)\s+set\b/gi;

export type ChangeListener = (written: 'all' | ReadonlySet<string>) => void;

export class DataChanges {
  private global = 0;
  private readonly leaves = new Map<string, number>();
  private readonly listeners = new Set<ChangeListener>();

  /**
   * The stamp of a read over `tables`: changes whenever a write that may affect it has ended. Take it
   * before the read, store it with the result, compare it before using the result again.
   */
  stamp(tables: readonly string[] = []): string {
    let out = String(this.global);
    for (const t of tables) {
      const group = LEAF_GROUPS[t];
      if (group !== undefined) out += `.${this.leaves.get(group) ?? 0}`;
    }
    return out;
  }

  /** A statement outside a transaction has ended (whether it succeeded or not). */
  afterStatement(sql: string): void {
    const w = classify(sql);
    if (w !== null) this.bump(w === 'all' ? 'all' : [w]);
  }

  /** A transaction has ended (committed or rolled back) after running these statements. */
  afterTransaction(statements: readonly string[]): void {
    const groups = new Set<string>();
    for (const sql of statements) {
      const w = classify(sql);
      if (w === 'all') return this.bump('all');
      if (w !== null) groups.add(w);
    }
    if (groups.size > 0) this.bump([...groups]);
  }

  /** Moves the versions: every table (`all`) or the named leaf groups. Also where another instance's writes would be reported. */
  bump(written: 'all' | readonly string[]): void {
    if (written === 'all') {
      this.global++;
    } else {
      for (const g of written) this.leaves.set(g, (this.leaves.get(g) ?? 0) + 1);
    }
    const set = written === 'all' ? 'all' : new Set(written);
    for (const l of this.listeners) l(set);
  }

  /** Called after every version move (e.g. to publish it to other instances). Returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
