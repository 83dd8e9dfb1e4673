import type { Db, Queryable } from '../../../db/db';
import { CrudError } from '../../../domain/crud/spec';

/**
 * What funnel and session analysis share: the date range as instants (in ANALYTICS_TZ, server/config.ts), and
 * the planner settings that keep their big GROUP BYs on hash joins and in memory.
 */

/** The longest range an analysis reads (days, both ends counted). */
export const MAX_RANGE_DAYS = 366;

export interface DayRange {
  start: string;
  end: string;
  /** The first instant of `start` in the time zone (ISO). */
  lo: string;
  /** The first instant after `end` (ISO). */
  hi: string;
  days: string[];
}

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Checks start ≤ end and the 366-day limit (code 4000 with the reason). */
export function checkRange(start: string, end: string): void {
  if (end < start) throw new CrudError('end 不能早于 start');
  if (daysBetween(start, end) > MAX_RANGE_DAYS) throw new CrudError(`日期范围不能超过 ${MAX_RANGE_DAYS} 天`);
}

/** The range's bounds as instants, computed by the database in the time zone (daylight saving included). */
export async function dayRange(db: Queryable, start: string, end: string, tz: string): Promise<DayRange> {
  checkRange(start, end);
  const [row] = await db.query<{ lo: string; hi: string }>(
    `SELECT to_char(($1::date::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS lo,
            to_char((($2::date + 1)::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS hi`,
    [start, end, tz],
  );
  if (!row) throw new CrudError('日期范围不正确');
  const days: string[] = [];
  const n = daysBetween(start, end);
  const first = Date.parse(`${start}T00:00:00Z`);
  for (let i = 0; i < n; i++) days.push(new Date(first + i * 86_400_000).toISOString().slice(0, 10));
  return { start, end, lo: row.lo, hi: row.hi, days };
}

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
