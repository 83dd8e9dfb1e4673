import type { Db, Queryable } from '../../db/db';

/**
 * How an analysis or report reads: the planner settings that keep the big GROUP BYs on hash joins and
 * in memory, one transaction per report (one snapshot), and the rounding of ratios in answers.
 */

/**
 * Planner settings for one analysis transaction: room for hash tables and sorts, and no nested loops
 * (the embedded database's planner otherwise picks them for the player joins and never finishes at a
 * million events; PostgreSQL chooses hash joins anyway), and no JIT (the breakdown's cost estimate
 * crosses PostgreSQL's JIT thresholds: compiling took 2 s of a 10 ms query at 5M events). set_config(..., true) is SET LOCAL spelled as
 * a read, so the change tracker (db/changes.ts) does not take it for a write and drop every cache.
 */
export async function analysisSettings(tx: Queryable, workMem: string): Promise<void> {
  await tx.query(`SELECT set_config('work_mem', $1, true), set_config('enable_nestloop', 'off', true), set_config('jit', 'off', true)`, [workMem]);
}

/** Rounds a figure to 6 decimals (ratios and seconds in answers). */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/**
 * One report read (revenue, advertising): the analysis settings, in one transaction (one snapshot), and on
 * PostgreSQL no parallel workers: these reads are index counts and small joins of tens of milliseconds,
 * and starting PostgreSQL's workers for them cost ~20 ms more than the work itself (EXPLAIN ANALYZE at the
 * bench's 1 M orders: the revenue history 67 → 28 ms). The embedded database has no workers.
 */
export function readReport<T>(db: Db, fn: (tx: Queryable) => Promise<T>, workMem = '64MB'): Promise<T> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      await tx.query(
        `SELECT set_config('work_mem', $1, true), set_config('enable_nestloop', 'off', true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
        [workMem],
      );
    } else {
      await analysisSettings(tx, workMem);
    }
    return fn(tx);
  });
}
