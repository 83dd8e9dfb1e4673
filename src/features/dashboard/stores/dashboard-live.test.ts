import { describe, expect, it } from 'vitest';
import type { ConsoleApi, RealtimeSnapshot } from '../../../adapters/api';
import { realtimeSnapshot, REALTIME_TOPIC } from '../../../../contracts/schemas/dashboard/live';
import type { SocketStatus } from '../../../adapters/socket/realtime-socket';
import { REALTIME_POLL_MS, REALTIME_SOCKET_SILENT_MS } from '../../../config';
import { RealtimeStore, type LiveSocket, type Timers } from './dashboard-live';

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
