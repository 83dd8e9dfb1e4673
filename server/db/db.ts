import type { DataChanges } from './changes';

/** A row as the driver returns it. */
export type Row = Record<string, unknown>;

/** Runs one SQL statement with $1.. parameters. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

/**
 * The whole storage interface: the same SQL runs on the embedded PGlite and on a PostgreSQL server.
 * `transaction` commits when `fn` resolves and rolls back when it throws.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite runs in its own worker thread (pglite-thread.ts): a statement can be queued there while one runs. */
  readonly ownThread?: boolean;
  /** Versions of what this process has written (statements and transactions, once ended): see changes.ts. */
  readonly changes: DataChanges;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  // dashboard realtime+monitor
  /** Connection use for the service monitor: the pg pool's counts, or PGlite's thread queue. */
  pool?(): { kind: 'pglite' | 'postgres'; total: number; idle: number; waiting: number; max: number };
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl: string | null;
  /** PGlite data folder, or 'memory://' for a throwaway database. */
  pgliteDir: string;
  /** PGlite in its own worker thread (pglite-thread.ts) instead of this one; default true. */
  pgliteThread?: boolean;
}

/** Opens the database the options name (drivers are loaded lazily so one does not cost the other). */
export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(opts.databaseUrl);
  }
  if (opts.pgliteThread ?? true) {
    const { openPgliteThread } = await import('./pglite-thread');
    return openPgliteThread(opts.pgliteDir);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(opts.pgliteDir);
}
