import { describe, expect, it } from 'vitest';
import { batchInput, h5GameInput } from '..';
import { datetimeInputToIso, isHttpUrl, isSemver } from './fields';

describe('catalogue field rules', () => {
  it('semantic versions (semver.org 2.0.0)', () => {
    for (const v of ['0.0.1', '1.2.3', '10.20.30', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-0.3.7', '1.0.0-x.7.z.92', '1.0.0+20130313144700', '1.0.0-beta+exp.sha.5114f85']) expect(isSemver(v), v).toBe(true);
    for (const v of ['1', '1.2', '1.2.3.4', '01.2.3', '1.02.3', '1.2.03', 'v1.2.3', '1.2.3-', '1.2.3+', '1.2.3-01', '', ' 1.2.3']) expect(isSemver(v), v).toBe(false);
  });

  it('entry URLs: absolute http(s) only', () => {
    for (const u of ['http://a.example', 'https://h5.example.com/g/index.html?x=1#y', 'HTTPS://A.EXAMPLE/']) expect(isHttpUrl(u), u).toBe(true);
    for (const u of ['javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', '//a.example/', '/x', 'https://', 'http:/a.example', 'ftp://a.example']) expect(isHttpUrl(u), u).toBe(false);
    expect(h5GameInput.safeParse({ name: 'x', url: 'vbscript:msgbox', code: 'abc' }).success).toBe(false);
  });

  it('datetimes in Shanghai wall-clock time', () => {
    expect(datetimeInputToIso('2026-01-02 08:00:00')).toBe('2026-01-02T00:00:00.000Z');
    expect(datetimeInputToIso('2026-01-02 08:00')).toBe('2026-01-02T00:00:00.000Z');
    for (const v of ['2026-02-30 10:00:00', '2026-13-01 00:00:00', '2026-01-01 24:00:00', '2026/01/01 10:00:00', 'tomorrow']) expect(datetimeInputToIso(v), v).toBeNull();
  });

  it('a batch: count 1..100000, end after start, prefix upper-cased', () => {
    const ok = batchInput.safeParse({ game: 1, count: 100_000, prefix: 'ab1', start_time: '2026-01-01 00:00:00', end_time: '2026-01-02 00:00:00', reward: 'r' });
    expect(ok.success && ok.data.prefix).toBe('AB1');
    expect(batchInput.safeParse({ game: 1, count: 100_001, start_time: '2026-01-01 00:00:00', end_time: '2026-01-02 00:00:00', reward: 'r' }).success).toBe(false);
    expect(batchInput.safeParse({ game: 1, count: 1, start_time: '2026-01-02 00:00:00', end_time: '2026-01-02 00:00:00', reward: 'r' }).success).toBe(false);
  });
});
