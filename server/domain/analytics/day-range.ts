import type { Queryable } from '../../db/db';
import { CrudError } from '../crud/spec';

/**
 * The date range of every analysis and report (tracking, revenue, retention, players, advertising,
 * data reports): start..end checked against the 366-day limit, its bounds as instants in
 * ANALYTICS_TZ (server/config.ts), and its calendar days.
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

/** The days start..end (YYYY-MM-DD, both included). */
export function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`), last = Date.parse(`${end}T00:00:00Z`); t <= last; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The day N days after `day`. */
export function plusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
