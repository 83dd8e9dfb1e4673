import { describe, expect, it } from 'vitest';
import { fakeApi, unexpectedCalls } from './fake-api';

describe('fakeApi', () => {
  it('throws on a method the test did not provide and records the call for setup.ts to fail on', async () => {
    const api = fakeApi({ usersTotal: async () => 1 });
    await expect(api.usersTotal()).resolves.toBe(1);
    expect(() => api.webRouter()).toThrow('fake api: webRouter not stubbed');
    expect(unexpectedCalls.splice(0)).toEqual(['webRouter']);
  });

  it('does the same for the methods of a feature port, named by port and method', async () => {
    const api = fakeApi({ tracking: { funnel: async () => ({ funnel: { id: 1, name: 'f', game: 1, window_seconds: 60 }, steps: [] }) } });
    await expect(api.tracking.funnel({ funnel: 1, start: '2026-11-01', end: '2026-11-02' })).resolves.toMatchObject({ steps: [] });
    expect(() => api.tracking.events({ game: 1, events: ['e'], start: '2026-11-01', end: '2026-11-02', interval: 'day', measure: 'total' })).toThrow('fake api: tracking.events not stubbed');
    expect(() => api.income.overview({ start: '2026-11-01', end: '2026-11-02' })).toThrow('fake api: income.overview not stubbed');
    expect(unexpectedCalls.splice(0)).toEqual(['tracking.events', 'income.overview']);
  });
});
