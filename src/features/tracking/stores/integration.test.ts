import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import type { TrackLiveEntry } from '../../../adapters/api';
import type { SocketStatus } from '../../../adapters/socket/realtime-socket';
import { installSnippet, IntegrationStore, LIVE_POLL_MS, LiveEventsStore, type LiveSocket } from './integration';

const entry = (received: string, event = 'level_up', status: TrackLiveEntry['status'] = 'accepted'): TrackLiveEntry => ({ time: received, received, event, distinct_id: 'p1', status, reason: status === 'rejected' ? 'bad' : null, reason_code: null, reason_args: {} });

class FakeSocket implements LiveSocket {
  connection: SocketStatus = 'open';
  handlers: Array<(frame: Record<string, unknown>) => void> = [];
  topics: string[] = [];
  subscribeLive(topic: string, handler: (frame: Record<string, unknown>) => void) {
    this.topics.push(topic);
    this.handlers.push(handler);
    return () => {
      this.handlers = this.handlers.filter((h) => h !== handler);
    };
  }
  push(frame: Record<string, unknown>) {
    for (const h of this.handlers) h(frame);
  }
}

function timers() {
  let now = 0;
  const fns: Array<() => void> = [];
  return {
    now: () => now,
    every: (fn: () => void) => {
      fns.push(fn);
      return () => fns.splice(fns.indexOf(fn), 1);
    },
    tick: (ms: number) => {
      now += ms;
      for (const fn of [...fns]) fn();
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LiveEventsStore', () => {
  it('reads the list, then takes this app’s pushed entries first (another app’s are ignored)', async () => {
    const calls: number[] = [];
    const api = fakeApi({ tracking: { live: async (app: number) => (calls.push(app), [entry('2026-01-01T00:00:01Z')]) } });
    const socket = new FakeSocket();
    const t = timers();
    const store = new LiveEventsStore(api, 7, socket, t);
    store.start();
    await settle();
    expect(socket.topics).toEqual(['embed_live']);
    expect(store.entries).toHaveLength(1);
    socket.push({ type: 'embed_live', app: 8, entries: [entry('2026-01-01T00:00:02Z')] });
    socket.push({ type: 'embed_live', app: 7, entries: [entry('2026-01-01T00:00:03Z', 'bogus', 'rejected')] });
    expect(store.entries.map((e) => e.received)).toEqual(['2026-01-01T00:00:03Z', '2026-01-01T00:00:01Z']);
    expect(store.counts).toEqual({ accepted: 1, rejected: 1, duplicate: 0 });
    expect(store.source).toBe('socket');
    // An open socket: no polling.
    t.tick(LIVE_POLL_MS * 3);
    expect(calls).toEqual([7]);
    store.stop();
    expect(socket.handlers).toHaveLength(0);
  });

  it('polls every few seconds while the socket is down or refused, and once when it opens again', async () => {
    const calls: number[] = [];
    const api = fakeApi({ tracking: { live: async (app: number) => (calls.push(app), []) } });
    const socket = new FakeSocket();
    socket.connection = 'retrying';
    const t = timers();
    const store = new LiveEventsStore(api, 3, socket, t);
    store.start();
    await settle();
    t.tick(1000);
    expect(calls).toHaveLength(1);
    t.tick(LIVE_POLL_MS);
    await settle();
    expect(calls).toHaveLength(2);
    expect(store.source).toBe('polling');
    socket.connection = 'open';
    t.tick(1000);
    await settle();
    expect(calls).toHaveLength(3);
    t.tick(LIVE_POLL_MS * 2);
    expect(calls).toHaveLength(3);
    socket.push({ type: 'subscribe.refused', topic: 'embed_live' });
    expect(store.refused).toBe(true);
    t.tick(LIVE_POLL_MS);
    await settle();
    expect(calls).toHaveLength(4);
  });

  it('keeps entries pushed while a read was on its way', async () => {
    let resolve: (v: TrackLiveEntry[]) => void = () => undefined;
    const api = fakeApi({ tracking: { live: () => new Promise<TrackLiveEntry[]>((r) => (resolve = r)) } });
    const socket = new FakeSocket();
    const store = new LiveEventsStore(api, 1, socket, timers());
    store.start();
    socket.push({ type: 'embed_live', app: 1, entries: [entry('2026-01-01T00:00:09Z')] });
    resolve([entry('2026-01-01T00:00:05Z')]);
    await settle();
    expect(store.entries.map((e) => e.received)).toEqual(['2026-01-01T00:00:09Z', '2026-01-01T00:00:05Z']);
  });

  it('says why a read failed, keeping what it had', async () => {
    const api = fakeApi({ tracking: { live: async () => Promise.reject(new Error('服务暂不可用')) } });
    const store = new LiveEventsStore(api, 1, null, timers());
    store.start();
    await settle();
    expect(store.state).toBe('failed');
    expect(store.error).toContain('服务暂不可用');
  });
});

describe('IntegrationStore', () => {
  const app = { id: 4, gameName: 'G', appKey: 'ak', publicKey: 'pk_old', allowedOrigins: ['https://a.example.com'] };

  it('normalises and checks origins before saving them together', async () => {
    const saved: string[][] = [];
    const api = fakeApi({ tracking: { saveAllowedOrigins: async (_id: number, list: readonly string[]) => (saved.push([...list]), [...list]) } });
    const store = new IntegrationStore(api, app);
    store.setInput('https://b.example.com/path');
    expect(store.addOrigin()).toBe(false);
    expect(store.originError).toContain('不带路径');
    store.setInput('HTTPS://B.Example.com:443');
    expect(store.addOrigin()).toBe(true);
    expect(store.draft).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(store.dirty).toBe(true);
    store.removeOrigin('https://a.example.com');
    expect(await store.saveOrigins()).toBe(true);
    expect(saved).toEqual([['https://b.example.com']]);
    expect(store.dirty).toBe(false);
  });

  it('regenerates the public key, and the snippet names the new one', async () => {
    const api = fakeApi({ tracking: { regeneratePublicKey: async () => 'pk_new' } });
    const store = new IntegrationStore(api, app);
    expect(await store.regenerateKey()).toBe(true);
    expect(store.publicKey).toBe('pk_new');
    expect(installSnippet('https://c.example.com/', store.publicKey)).toContain("ConsoleTrack.init({ host: 'https://c.example.com', publicKey: 'pk_new' })");
    expect(installSnippet('https://c.example.com/', store.publicKey)).toContain('src="https://c.example.com/sdk/track.global.js"');
  });
});
