import { describe, expect, it } from 'vitest';
import { ANALYTICS_TZ_DEFAULT, readRuntimeConfig } from '../config';
import { fakeApi } from '../test/fake-api';
import { RootStore } from './root';
import { memoryStorage } from '../adapters/storage';
import { dayIn, knownTimeZone } from './calendar';
import { TrackingStore } from '../features/tracking/stores/tracking';

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('the analytics calendar (ANALYTICS_TZ), not the browser’s', () => {
  it('dayIn: the calendar day in a zone, at local midnight, whatever the browser’s zone', () => {
    const lateUtc = new Date('2026-11-28T20:00:00Z'); // 04:00 on the 29th in Shanghai, 15:00 on the 28th in New York
    expect(ymd(dayIn('Asia/Shanghai', lateUtc))).toBe('2026-11-29');
    expect(ymd(dayIn('UTC', lateUtc))).toBe('2026-11-28');
    expect(ymd(dayIn('America/New_York', new Date('2026-11-29T03:00:00Z')))).toBe('2026-11-28');
    const day = dayIn('Asia/Shanghai', lateUtc);
    expect([day.getHours(), day.getMinutes(), day.getSeconds()]).toEqual([0, 0, 0]);
    expect(knownTimeZone('Asia/Shanghai')).toBe(true);
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('the runtime config carries the server’s zone; a malformed one is dropped', () => {
    expect(readRuntimeConfig({ apiUrl: '', wsPath: 'api/ws/{token}/', analyticsTz: 'America/New_York' }).analyticsTz).toBe('America/New_York');
    expect(readRuntimeConfig({ analyticsTz: '</script>' }).analyticsTz).toBeUndefined();
    expect(readRuntimeConfig({ analyticsTz: 7 }).analyticsTz).toBeUndefined();
  });

  it('RootStore.analyticsToday follows the configured zone, falls back to the default for an unknown one', () => {
    const at = new Date('2026-11-28T20:00:00Z');
    const root = (analyticsTz?: string) =>
      new RootStore({ api: fakeApi({}), storage: memoryStorage({}), notify: () => undefined, navigate: () => undefined, reload: () => undefined, now: () => at, ...(analyticsTz ? { analyticsTz } : {}) });
    expect(ymd(root().analyticsToday())).toBe(ymd(dayIn(ANALYTICS_TZ_DEFAULT, at)));
    expect(ymd(root().analyticsToday())).toBe('2026-11-29');
    expect(ymd(root('UTC').analyticsToday())).toBe('2026-11-28');
    expect(ymd(root('Mars/Olympus_Mons').analyticsToday())).toBe('2026-11-29');
  });

  it('a screen’s default range ends on the analytics today (event analysis: the last 7 days)', () => {
    const tracking = new TrackingStore(fakeApi({}), () => dayIn('Asia/Shanghai', new Date('2026-11-28T20:00:00Z')));
    expect(tracking.eventAnalysis().range).toEqual({ start: '2026-11-23', end: '2026-11-29' });
  });
});
