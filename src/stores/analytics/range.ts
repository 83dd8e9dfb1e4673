import { TRACKING_DEFAULT_RANGE_DAYS, TRACKING_MAX_RANGE_DAYS } from '../../config';
import { formatDate } from '../format';

/**
 * The calendar-day ranges every analytics screen asks with (tracking, revenue, players, reports,
 * partners, advertising): YYYY-MM-DD at both ends, both included.
 */
export interface DateRange {
  start: string;
  end: string;
}

/** The last `days` days ending with `today` (local calendar days; days = 1: today only). */
export function defaultRange(today: Date, days = TRACKING_DEFAULT_RANGE_DAYS): DateRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { start: formatDate(start), end: formatDate(today) };
}

/** The last `days` days ending with `today` (days = 1: today only). */
export const lastDays = (today: Date, days: number): DateRange => defaultRange(today, days);

/** Days from start to end, both included (YYYY-MM-DD; calendar arithmetic, no time zone drift). */
export function rangeDays(range: DateRange): number {
  const day = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
  return Math.round((day(range.end) - day(range.start)) / 86_400_000) + 1;
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;

export type RangeProblem = 'missing' | 'order' | 'tooLong';

/** Why a range cannot be asked for, or null: both days given, start ≤ end, at most 366 days. */
export function rangeProblem(range: DateRange): RangeProblem | null {
  if (!YMD.test(range.start) || !YMD.test(range.end)) return 'missing';
  if (range.start > range.end) return 'order';
  if (rangeDays(range) > TRACKING_MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/** A range's problem as the screens' text key suffix ('range.order'), or null. */
export function rangeQueryProblem(range: DateRange): `range.${RangeProblem}` | null {
  const problem = rangeProblem(range);
  return problem ? `range.${problem}` : null;
}

/** Change from the previous period, as a ratio (0.25 = +25 %); null when there was nothing before. */
export function changeRatio(current: number, previous: number): number | null {
  if (!Number.isFinite(previous) || previous === 0) return null;
  return (current - previous) / previous;
}
