import parser from 'cron-parser';
import { PERIOD_SECONDS, type IntervalPeriod } from '../../contracts/schemas/automation';

/**
 * When schedules are due: crontab expressions (cron-parser, in the crontab's time zone) and intervals.
 * Crontabs are the classic five fields (minute hour day-of-month month day-of-week).
 */

export class ScheduleTimeError extends Error {}

/** The time zone if the runtime knows it (IANA name), else a ScheduleTimeError. */
export function checkTimeZone(tz: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw new ScheduleTimeError(`时区「${tz}」不存在，请使用 IANA 时区名，例如 Asia/Shanghai。`);
  }
}

/** The next `n` run times of a crontab after `from`, or a ScheduleTimeError saying what is wrong. */
export function cronNextRuns(expression: string, tz: string, from: Date, n: number): Date[] {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new ScheduleTimeError(`Crontab 表达式应有 5 个字段（分 时 日 月 周），现在是 ${fields.length} 个。`);
  checkTimeZone(tz);
  let it: ReturnType<typeof parser.parseExpression>;
  try {
    it = parser.parseExpression(fields.join(' '), { currentDate: from, tz });
  } catch (err) {
    throw new ScheduleTimeError(`Crontab 表达式无效：${cronReason(err)}`);
  }
  const out: Date[] = [];
  try {
    for (let i = 0; i < n; i++) out.push((it.next() as parser.CronDate).toDate());
  } catch {
    // An expression that never fires again (e.g. 30 Feb) ends the list.
  }
  if (out.length === 0) throw new ScheduleTimeError('Crontab 表达式无效：它永远不会到期（例如 2 月 30 日）。');
  return out;
}

function cronReason(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const range = /Constraint error, got value (\S+) expected range (\d+)-(\d+)/.exec(msg);
  if (range) return `值 ${range[1]} 超出范围 ${range[2]}-${range[3]}。`;
  if (/Invalid characters/i.test(msg)) return '含有无效字符。';
  return msg;
}

/** The first due time of an interval schedule after `after`. */
export function intervalNext(every: number, period: IntervalPeriod, after: Date): Date {
  return new Date(after.getTime() + every * PERIOD_SECONDS[period] * 1000);
}

/** `2026-11-24T21:05:00+08:00`: the instant as wall time in `tz` with its UTC offset. */
export function isoInZone(d: Date, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const name = get('timeZoneName');
  const offset = name === 'GMT' ? '+00:00' : name.replace('GMT', '');
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}${offset}`;
}

/** What decides when a schedule is due: its crontab (expression, zone) or its interval. */
export interface ScheduleClock {
  expression: string | null;
  timezone: string | null;
  every: number | null;
  period: IntervalPeriod | null;
}

/**
 * The due time after `due`: for a crontab its next occurrence after both `due` and `now` (missed
 * occurrences while no instance ran are skipped, not run in a burst); for an interval `due + every`,
 * moved forward by whole intervals past `now`. Null when it never fires again.
 */
export function nextAfter(
  s: ScheduleClock,
  due: Date,
  now: Date,
): Date | null {
  const from = due.getTime() > now.getTime() ? due : now;
  if (s.expression !== null) {
    try {
      return cronNextRuns(s.expression, s.timezone ?? 'UTC', from, 1)[0] ?? null;
    } catch {
      return null;
    }
  }
  if (s.every !== null && s.period !== null) {
    let next = intervalNext(s.every, s.period, due);
    const step = next.getTime() - due.getTime();
    if (next.getTime() <= now.getTime()) next = new Date(next.getTime() + Math.ceil((now.getTime() - next.getTime() + 1) / step) * step);
    return next;
  }
  return null;
}

/** The first due time of a schedule created or changed now. */
export function firstRun(
  s: ScheduleClock,
  now: Date,
): Date | null {
  if (s.expression !== null) return nextAfter(s, now, now);
  if (s.every !== null && s.period !== null) return intervalNext(s.every, s.period, now);
  return null;
}
