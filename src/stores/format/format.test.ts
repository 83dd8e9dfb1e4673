import { describe, expect, it } from 'vitest';
import { formatBytes, formatChange, formatDuration, formatFigure, formatInstant, formatPercent, formatRunDuration, formatZoned } from '.';

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
