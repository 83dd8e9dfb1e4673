import { afterEach, describe, expect, it } from 'vitest';
import { displayZone, formatBytes, formatChange, formatClock, formatDuration, formatFigure, formatInstant, formatPercent, formatRunDuration, formatZoned, instantToWallClock, nowInZone, setDisplayZone, wallClockToInstant, zoneLabel } from '.';

describe('number formatting', () => {
  it('groups digits, keeps at most two decimals, and writes shares and changes', () => {
    expect(formatFigure(1234567, 'zh-chs')).toBe('1,234,567');
    expect(formatFigure(2.456, 'en')).toBe('2.46');
    expect(formatFigure(Number.NaN, 'en')).toBe('-');
    expect(formatPercent(0.8213, 'en')).toBe('82.1%');
    expect(formatPercent(1, 'zh-chs')).toBe('100.0%');
    expect(formatChange(0.25, 'en')).toBe('+25.0%');
    expect(formatChange(-0.031, 'en')).toBe('-3.1%');
    expect(formatChange(null, 'en')).toBe('-');
  });

  it('writes durations in the largest units of the language', () => {
    expect(formatDuration(45, 'zh-chs')).toBe('45秒');
    expect(formatDuration(95, 'zh-chs')).toBe('1分 35秒');
    expect(formatDuration(688, 'en')).toBe('11m 28s');
    expect(formatDuration(7200, 'en')).toBe('2h');
    expect(formatDuration(40_210, 'en')).toBe('11h 10m');
    expect(formatDuration(90_000, 'zh-chs')).toBe('1天 1小时');
    expect(formatDuration(null, 'en')).toBe('-');
  });

  it('writes run durations in milliseconds as the run tables do, and zoned times as sent (no conversion)', () => {
    expect([formatRunDuration(null), formatRunDuration(850), formatRunDuration(2300), formatRunDuration(245_000), formatRunDuration(3_900_000)]).toEqual(['-', '850 ms', '2.3 s', '4 min 05 s', '1 h 05 min']);
    expect(formatZoned('2026-11-25T09:30:00+08:00')).toBe('2026-11-25 09:30 (UTC+08:00)');
    expect(formatZoned('2026-11-25T09:00:30-05:00')).toBe('2026-11-25 09:00:30 (UTC-05:00)');
    expect(formatZoned('2026-11-25T01:30:00.000Z')).toBe('2026-11-25 01:30 (UTC+00:00)');
    expect(formatInstant(null)).toBe('-');
    expect(formatInstant('not a date')).toBe('not a date');
  });

  it('writes sizes in base 1024 with two decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});

describe('one clock: instants on the display zone, whatever the browser zone', () => {
  afterEach(() => setDisplayZone('Asia/Shanghai'));

  it('shows an instant on the analytics zone (Asia/Shanghai by default), naive back-end times as sent', () => {
    expect(displayZone()).toBe('Asia/Shanghai');
    // 00:09:56 UTC is 08:09:56 in Shanghai, on every browser.
    expect(formatInstant('2026-12-02T00:09:56Z')).toBe('2026-12-02 08:09:56');
    expect(formatInstant('2026-12-01T18:09:56-10:00')).toBe('2026-12-02 12:09:56');
    expect(formatInstant(new Date(Date.UTC(2026, 11, 1, 20, 0, 0)))).toBe('2026-12-02 04:00:00');
    expect(formatInstant('2026-12-02 08:10:04')).toBe('2026-12-02 08:10:04');
    expect(formatClock('2026-12-02T00:09:56Z')).toBe('08:09');
    expect(formatClock('2026-12-02T00:09:56Z', true)).toBe('08:09:56');
    expect(zoneLabel()).toBe('UTC+08:00');
  });

  it('follows the configured zone, its offset and daylight saving', () => {
    setDisplayZone('Pacific/Honolulu');
    expect(formatInstant('2026-12-02T00:09:56Z')).toBe('2026-12-01 14:09:56');
    expect(zoneLabel()).toBe('UTC-10:00');
    setDisplayZone('Europe/Berlin');
    expect(zoneLabel(new Date('2026-07-01T12:00:00Z'))).toBe('UTC+02:00');
    expect(zoneLabel(new Date('2026-12-01T12:00:00Z'))).toBe('UTC+01:00');
  });

  it('defaults datetime inputs to now on the display clock, and reads a picked wall-clock time on it', () => {
    const now = Date.UTC(2026, 11, 1, 23, 30, 0);
    expect(nowInZone(0, now)).toBe('2026-12-02 07:30:00');
    expect(nowInZone(30 * 86_400_000, now)).toBe('2027-01-01 07:30:00');
    // 12:00 picked (by the picker's own fields) is 12:00 in Shanghai: 04:00 UTC.
    expect(wallClockToInstant(new Date(2026, 11, 5, 12, 0, 0))).toBe('2026-12-05T04:00:00.000Z');
    const shown = instantToWallClock('2026-12-05T04:00:00Z');
    expect(shown && [shown.getFullYear(), shown.getMonth(), shown.getDate(), shown.getHours(), shown.getMinutes()]).toEqual([2026, 11, 5, 12, 0]);
  });
});
