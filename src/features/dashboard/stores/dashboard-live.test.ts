import { describe, expect, it } from 'vitest';
import type { ConsoleApi, RealtimeSnapshot } from '../../../adapters/api';
import { realtimeSnapshot, REALTIME_TOPIC } from '../../../../contracts/schemas/dashboard/live';
import type { SocketStatus } from '../../../adapters/socket/realtime-socket';
import { REALTIME_POLL_MS, REALTIME_SOCKET_SILENT_MS } from '../../../config';
import { MonitorStore, RealtimeStore, type LiveSocket, type Timers } from './dashboard-live';
import { defaultThresholds, type MonitorRange, type MonitorSeries, type MonitorThreshold } from '../../../../contracts/schemas/dashboard/monitor';
import { ApiError } from '../../../adapters/errors';

/** The realtime store's choice between the socket frame and the REST poll. */

const snap = (at: number, online: number): RealtimeSnapshot =>
  realtimeSnapshot.parse({ at: new Date(at).toISOString(), day: '2026-11-25', timezone: 'Asia/Shanghai', currency: 'CNY', online, logins_per_minute: 0, payments_per_minute: 0, revenue_today: 0, orders_today: 0, minutes: [], top_games: [] });

function setup(connection: SocketStatus = 'open') {
  let now = 1_000_000;
  const ticks: Array<() => void> = [];
  const timers: Timers = { now: () => now, every: (fn) => (ticks.push(fn), () => ticks.splice(ticks.indexOf(fn), 1)) };
  let polls = 0;
  const api = { dashboard: { realtime: async () => (polls++, snap(now, 10)) } } as unknown as ConsoleApi;
  const handlers = new Map<string, (f: Record<string, unknown>) => void>();
  const socket: LiveSocket & { connection: SocketStatus } = {
    connection,
    subscribeLive: (topic, fn) => (handlers.set(topic, fn), () => handlers.delete(topic)),
  };
  const store = new RealtimeStore(api, socket, timers);
  const advance = async (ms: number) => {
    for (let i = 0; i < ms / 1000; i++) {
      now += 1000;
      for (const t of [...ticks]) t();
      await Promise.resolve();
      await Promise.resolve();
    }
  };
  return { store, socket, handlers, advance, polls: () => polls, now: () => now };
}

describe('RealtimeStore', () => {
  it('loads over REST, then lives on socket frames without polling', async () => {
    const s = setup();
    s.store.start();
    await s.advance(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.polls()).toBe(1);
    expect(s.handlers.has(REALTIME_TOPIC)).toBe(true);
    for (let i = 0; i < 10; i++) {
      s.handlers.get(REALTIME_TOPIC)?.({ type: REALTIME_TOPIC, realtime: snap(s.now(), 100 + i) });
      await s.advance(1000);
    }
    expect(s.polls()).toBe(1);
    expect(s.store.source).toBe('socket');
    expect(s.store.snapshot?.online).toBe(109);
    s.store.stop();
    expect(s.handlers.has(REALTIME_TOPIC)).toBe(false);
  });

  it('polls every REALTIME_POLL_MS while the socket is down or silent, and stops when hidden', async () => {
    const s = setup('retrying');
    s.store.start();
    await new Promise((r) => setTimeout(r, 0));
    await s.advance(3 * REALTIME_POLL_MS);
    expect(s.polls()).toBe(1 + 3);
    expect(s.store.source).toBe('polling');
    // Socket back, but silent: still polling after the silence limit.
    s.socket.connection = 'open';
    await s.advance(REALTIME_SOCKET_SILENT_MS + REALTIME_POLL_MS);
    expect(s.polls()).toBeGreaterThanOrEqual(5);
    s.store.stop();
    const before = s.polls();
    await s.advance(3 * REALTIME_POLL_MS);
    expect(s.polls()).toBe(before);
  });

  it('a refused subscription falls back to polling', async () => {
    const s = setup();
    s.store.start();
    await new Promise((r) => setTimeout(r, 0));
    s.handlers.get(REALTIME_TOPIC)?.({ type: 'subscribe.refused', topic: REALTIME_TOPIC, reason: 'no' });
    expect(s.store.refused).toBe(true);
    await s.advance(REALTIME_POLL_MS);
    expect(s.polls()).toBe(2);
    // A malformed frame changes nothing.
    s.handlers.get(REALTIME_TOPIC)?.({ type: REALTIME_TOPIC, realtime: { online: 'many' } });
    expect(s.store.snapshot?.online).toBe(10);
  });
});

describe('MonitorStore: range, series and thresholds', () => {
  const flush = async () => {
    for (let i = 0; i < 6; i++) await Promise.resolve();
  };
  function monitorSetup(refuse = false) {
    let now = 5_000_000;
    const ticks: Array<() => void> = [];
    const timers: Timers = { now: () => now, every: (fn) => (ticks.push(fn), () => ticks.splice(ticks.indexOf(fn), 1)) };
    const calls: string[] = [];
    const series = (range: MonitorRange, instance: string | null): MonitorSeries => ({ range, instance: instance ?? 'self', from: '', to: '', bucket_seconds: 5, points: [] });
    let stored = defaultThresholds();
    const api = {
      dashboard: {
        monitor: async () => (calls.push('monitor'), { at: '', self: 'self', sample_seconds: 5, instances: [] }),
        monitorSeries: async (range: MonitorRange, instance: string | null) => (calls.push(`series ${range} ${instance ?? '-'}`), series(range, instance)),
        thresholds: async () => (calls.push('thresholds'), { thresholds: stored, editable: true, alerts: [], update_datetime: null }),
        saveThresholds: async (list: MonitorThreshold[]) => {
          calls.push('save');
          if (refuse) throw new ApiError('envelope', '告警阈值:cpu 的阈值必须在 1 到 1600 % 之间', '/api/dashboard/monitor/thresholds/', 4000);
          stored = list;
          return { thresholds: list, editable: true, alerts: [], update_datetime: '2026-12-02 10:00:00' };
        },
      },
    } as unknown as ConsoleApi;
    const store = new MonitorStore(api, timers);
    const tick = async (ms: number) => {
      now += ms;
      for (const t of [...ticks]) t();
      await flush();
    };
    return { store, calls, tick };
  }

  it('reads the range\'s series with the figures; a long range once a minute; a new range or instance at once', async () => {
    const s = monitorSetup();
    s.store.start();
    await flush();
    expect(s.calls).toEqual(['monitor', 'series 15m -', 'thresholds']);
    expect(s.store.series?.range).toBe('15m');
    s.calls.length = 0;
    await s.tick(5000);
    expect(s.calls).toEqual(['monitor', 'thresholds', 'series 15m -']);
    s.calls.length = 0;
    s.store.setRange('24h');
    await flush();
    expect(s.calls).toEqual(['series 24h -']);
    expect(s.store.series?.range).toBe('24h');
    s.calls.length = 0;
    await s.tick(5000);
    expect(s.calls).toEqual(['monitor', 'thresholds']);
    await s.tick(60_000);
    expect(s.calls.filter((c) => c.startsWith('series'))).toEqual(['series 24h -']);
    s.calls.length = 0;
    s.store.select('console-b');
    await flush();
    expect(s.calls).toEqual(['series 24h console-b']);
    s.store.stop();
  });

  it('saves thresholds: the answer replaces them; a refusal keeps them and says why', async () => {
    const ok = monitorSetup();
    ok.store.start();
    await flush();
    const changed = defaultThresholds().map((t) => (t.metric === 'cpu' ? { ...t, limit: 75 } : t));
    await expect(ok.store.saveThresholds(changed)).resolves.toBe(true);
    expect(ok.store.thresholds?.thresholds[0]?.limit).toBe(75);
    expect(ok.store.saveError).toBe('');
    ok.store.stop();
    const bad = monitorSetup(true);
    bad.store.start();
    await flush();
    await expect(bad.store.saveThresholds([{ metric: 'cpu', enabled: true, limit: 5000, sustain_seconds: 60 }])).resolves.toBe(false);
    expect(bad.store.saveError).toContain('1600');
    expect(bad.store.thresholds?.thresholds[0]?.limit).toBe(90);
    expect(bad.store.saving).toBe(false);
    bad.store.stop();
  });
});
