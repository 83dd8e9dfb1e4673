import { describe, expect, it } from 'vitest';
import { cronNextRuns, intervalNext, isoInZone, ScheduleTimeError } from './schedule-time';

describe('schedule times', () => {
  it('gives the next five runs of a crontab in its time zone, with the offset', () => {
    const from = new Date('2026-11-24T20:00:00Z'); // 04:00 next day in Shanghai
    const runs = cronNextRuns('30 9 * * 1-5', 'Asia/Shanghai', from, 5).map((d) => isoInZone(d, 'Asia/Shanghai'));
    expect(runs).toEqual([
      '2026-11-25T09:30:00+08:00',
      '2026-11-26T09:30:00+08:00',
      '2026-11-27T09:30:00+08:00',
      '2026-11-30T09:30:00+08:00',
      '2026-12-01T09:30:00+08:00',
    ]);
  });

  it('follows daylight saving time in zones that have it', () => {
    const runs = cronNextRuns('0 2 * * *', 'Europe/Berlin', new Date('2027-03-26T12:00:00Z'), 3).map((d) => isoInZone(d, 'Europe/Berlin'));
    expect(runs[0]).toBe('2027-03-27T02:00:00+01:00');
    // 28 March 2027: clocks jump from 02:00 to 03:00, after that +02:00
    expect(runs[2]).toMatch(/\+02:00$/);
  });

  it('refuses out-of-range fields, wrong field counts, unknown zones and expressions that never fire', () => {
    expect(() => cronNextRuns('61 * * * *', 'UTC', new Date(), 5)).toThrow(/61/);
    expect(() => cronNextRuns('* * * *', 'UTC', new Date(), 5)).toThrow(ScheduleTimeError);
    expect(() => cronNextRuns('0 0 * * *', 'Mars/Olympus', new Date(), 5)).toThrow(/时区/);
    expect(() => cronNextRuns('0 0 30 2 *', 'UTC', new Date(), 5)).toThrow(ScheduleTimeError);
  });

  it('adds intervals exactly', () => {
    expect(intervalNext(90, 'minutes', new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-01T01:30:00.000Z');
    expect(isoInZone(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
  });
});
