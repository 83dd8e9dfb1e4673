import type { Queryable } from './db';

/**
 * Statistics for the embedded database (throughput; docs/server.md "Embedded database
 * maintenance").
 *
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum launcher, so no table is ever
 * analysed, and its statistics counters (pg_stat_user_tables) stay at zero. The planner then plans
 * with whatever size a table had when a statement was first planned — often empty, at the first start —
 * and PL/pgSQL keeps those plans for the life of the connection, which here is the server's life: only
 * new statistics (an ANALYZE) invalidate them. Measured on the player upkeep's triggers: a cohort move
 * planned when the tables were empty hashed all of player_cohorts at every run, 130 ms per 4,000 events
 * instead of 15 ms (bench/player-upkeep.ts; docs/tracking.md).
 *
 * So the server does autovacuum's work itself, by autovacuum's own rule of thumb (a table that grew by a
 * tenth since it was last analysed), with the size it can read cheaply: the pages a table has now against
 * the pages recorded at its last VACUUM or ANALYZE (pg_class.relpages): VACUUM (ANALYZE), which also marks
 * pages all-visible for index-only scans and frees dead row versions. It also vacuums the player upkeep's
 * queue, a table written and emptied all the time, so its dead rows do not pile up. Only on the embedded
 * database (PostgreSQL has autovacuum). A tick is a few catalogue reads when nothing grew.
 */

/** How often the tables are looked at. */
export const MAINTENANCE_INTERVAL_MS = 5_000;
/** A table is analysed again when it has this share more pages than at its last ANALYZE … */
const GROWTH = 0.1;
/** … and at least this many more (8 kB pages): tiny tables are planned well enough from their size. */
const MIN_PAGES = 8;
/** Tables emptied as fast as they are filled: vacuumed at every tick that finds them non-empty or grown. */
const CHURN_TABLES = ['player_upkeep_pending'];

/** The ordinary tables (partitions included) that grew enough since their statistics were taken. */
const STALE_SQL = `
SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS rel
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_'
  AND pg_relation_size(c.oid) / current_setting('block_size')::int >= greatest(c.relpages, 0) * (1 + $1::float8) + $2::int
ORDER BY 1`;

export interface MaintenanceResult {
  analyzed: string[];
  vacuumed: string[];
}

/** One look: VACUUM (ANALYZE) what grew, and the churn tables. */
export async function maintainEmbedded(db: Pick<Queryable, 'query' | 'exec'>): Promise<MaintenanceResult> {
  const stale = (await db.query<{ rel: string }>(STALE_SQL, [GROWTH, MIN_PAGES])).map((r) => r.rel);
  const vacuumed: string[] = [];
  for (const table of CHURN_TABLES) {
    const rel = `public.${table}`;
    const [known] = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [rel]);
    if (!known?.t) continue;
    // VACUUM (ANALYZE) counts as the analyse too.
    const [row] = await db.query<{ rows: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${rel}) AS rows`);
    if (row?.rows || stale.includes(rel)) {
      await db.exec(`VACUUM (ANALYZE) ${rel}`);
      vacuumed.push(rel);
    }
  }
  const analyzed: string[] = [];
  for (const rel of stale) {
    if (vacuumed.includes(rel)) continue;
    // VACUUM too, as autovacuum does for tables that grew: it marks the new pages all-visible (so index-only
    // scans need not visit the heap) and frees the dead versions of updated rows; it reads only the pages
    // not yet marked, so its cost follows the growth.
    await db.exec(`VACUUM (ANALYZE) ${rel}`);
    analyzed.push(rel);
  }
  return { analyzed, vacuumed };
}

/** Runs `maintainEmbedded` at start and every interval, one at a time, never on PostgreSQL. */
export class EmbeddedMaintenance {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Tables analysed since start (tests, the monitor's curiosity). */
  analyzed = 0;

  constructor(
    private readonly db: Pick<Queryable, 'query' | 'exec'> & { readonly kind: 'pglite' | 'postgres' },
    private readonly log: (err: unknown) => void = () => undefined,
    private readonly intervalMs = MAINTENANCE_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.db.kind !== 'pglite' || this.closed || this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
    this.tick();
  }

  /** One look now unless one is running; resolves when it has ended. */
  tick(): Promise<void> {
    this.running ??= maintainEmbedded(this.db)
      .then(
        (r) => {
          this.analyzed += r.analyzed.length + r.vacuumed.length;
        },
        (err: unknown) => this.log(err),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
