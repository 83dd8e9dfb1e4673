import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs, Tracker, type Env } from './core';
import { EventQueue, memoryStorage } from './queue';
import { sign, signedHeaders } from './server';
import type { InitOptions, Rejection, TrackEvent, TrackStorage } from './types';
import { createHmac } from 'node:crypto';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network';

/** A platform stand-in: answers from a script, then acknowledges; keeps every stored uuid once. */
class FakePlatform {
  readonly stored = new Map<string, TrackEvent>();
  readonly requests: Array<{ events: TrackEvent[]; headers: Record<string, string> }> = [];
  script: Answer[] = [];
  /** Events refused with this reason, by event name. */
  refuse = new Map<string, string>();
  deliveries = 0;

  fetch: Env['fetch'] = async (_url, init) => {
    const events = (JSON.parse(init.body) as { events: TrackEvent[] }).events;
    this.requests.push({ events, headers: init.headers });
    const next = this.script.shift();
    if (next === 'network') throw new TypeError('Failed to fetch');
    if (next) return { status: next.status, headers: { get: (n: string) => next.headers?.[n] ?? null }, json: async () => next.body ?? { code: next.status, msg: 'busy', data: null } };
    this.deliveries++;
    const rejected: Array<{ index: number; reason: string }> = [];
    let duplicates = 0;
    events.forEach((e, index) => {
      const reason = this.refuse.get(e.event);
      if (reason) rejected.push({ index, reason });
      else if (this.stored.has(e.uuid)) duplicates++;
      else this.stored.set(e.uuid, e);
    });
    return { status: 200, headers: { get: () => null }, json: async () => ({ code: 2000, msg: 'ok', data: { accepted: events.length - rejected.length, duplicates, rejected } }) };
  };
}

/** A manual clock with timers: `advance` runs what falls due, in time order. */
class FakeTime {
  now = 1_760_000_000_000;
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private seq = 0;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.push({ at: this.now + ms, fn, id });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const t = this.timers[0];
      if (!t || t.at > end) break;
      this.timers.shift();
      this.now = t.at;
      t.fn();
      await settle();
    }
    this.now = end;
    await settle();
  }
  /** When the next timer other than the flush interval is due (ms from now). */
  pending(): number[] {
    return this.timers.map((t) => t.at - this.now).sort((a, b) => a - b);
  }
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

let counter = 0;
function setup(options: Partial<InitOptions> = {}, storage: TrackStorage = memoryStorage(), random = 0.5) {
  const platform = new FakePlatform();
  const time = new FakeTime();
  const beacons: Array<{ url: string; body: string }> = [];
  const env: Env = {
    fetch: (url, init) => platform.fetch(url, init),
    now: () => time.now,
    random: () => random,
    setTimeout: time.setTimeout,
    clearTimeout: time.clearTimeout,
    beacon: (url, body) => (beacons.push({ url, body }), true),
    uuid: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
  };
  const rejected: Rejection[] = [];
  const make = () => new Tracker({ host: 'https://console.example.com/', publicKey: 'pk_test', flushAt: 5, flushIntervalMs: 2000, onRejected: (r) => rejected.push(...r), ...options }, env, storage);
  return { platform, time, env, rejected, beacons, tracker: make(), make };
}

describe('backoff and Retry-After', () => {
  it('doubles from one second up to the ceiling, with jitter in [0.5, 1) of the raw wait', () => {
    expect(backoffMs(1, 0, 60_000)).toBe(500);
    expect(backoffMs(1, 0.999, 60_000)).toBe(1000);
    expect(backoffMs(3, 0, 60_000)).toBe(2000);
    expect(backoffMs(4, 0.5, 60_000)).toBe(6000);
    expect(backoffMs(30, 0.999, 60_000)).toBeLessThanOrEqual(60_000);
    expect(backoffMs(30, 0, 60_000)).toBe(30_000);
  });
  it('never waits less than Retry-After (seconds or an HTTP date)', () => {
    expect(retryAfterMs('7', 0)).toBe(7000);
    expect(retryAfterMs(new Date(1_000_000 + 12_000).toUTCString(), 1_000_000)).toBe(12_000);
    expect(retryAfterMs('soon', 0)).toBe(0);
    expect(retryAfterMs(null, 0)).toBe(0);
    expect(backoffMs(1, 0.5, 60_000, 9000)).toBe(9000);
  });
});

describe('the tracker', () => {
  it('gives each event a uuid and the client time, batches by count, sends with the public key', async () => {
    const { platform, tracker, time } = setup();
    for (let i = 0; i < 4; i++) tracker.track('level_up', { level: i + 1 });
    await settle();
    expect(platform.requests).toHaveLength(0);
    tracker.track('level_up', { level: 5 });
    await settle();
    expect(platform.requests).toHaveLength(1);
    const sent = platform.requests[0];
    expect(sent?.headers['X-Public-Key']).toBe('pk_test');
    expect(sent?.events.map((e) => e.properties?.level)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(sent?.events.map((e) => e.uuid)).size).toBe(5);
    expect(sent?.events[0]?.time).toBe(new Date(time.now).toISOString());
    expect(tracker.stats().queued).toBe(0);
  });

  it('sends a partial batch when the interval comes round', async () => {
    const { platform, tracker, time } = setup();
    tracker.track('login');
    await time.advance(1999);
    expect(platform.requests).toHaveLength(0);
    await time.advance(1);
    expect(platform.stored.size).toBe(1);
  });

  it('retries network errors and 5xx with growing waits and stores every event once', async () => {
    const { platform, tracker, time } = setup();
    platform.script = ['network', { status: 503 }, { status: 502 }];
    for (let i = 0; i < 5; i++) tracker.track('login');
    await settle();
    expect(platform.requests).toHaveLength(1);
    expect(tracker.stats()).toMatchObject({ queued: 5, attempt: 1 });
    // jitter 0.5 → 0.75 of 1 s, 2 s, 4 s
    await time.advance(749);
    expect(platform.requests).toHaveLength(1);
    await time.advance(1);
    expect(platform.requests).toHaveLength(2);
    await time.advance(1500);
    expect(platform.requests).toHaveLength(3);
    await time.advance(3000);
    expect(platform.requests).toHaveLength(4);
    expect(platform.stored.size).toBe(5);
    expect(tracker.stats()).toMatchObject({ queued: 0, attempt: 0 });
  });

  it('honours Retry-After on a 429 even when the backoff would be shorter', async () => {
    const { platform, tracker, time } = setup();
    platform.script = [{ status: 429, headers: { 'Retry-After': '30' } }];
    for (let i = 0; i < 5; i++) tracker.track('login');
    await settle();
    await tracker.flush(); // a manual flush does not jump the queue's wait
    await time.advance(29_999);
    expect(platform.requests).toHaveLength(1);
    await time.advance(1);
    expect(platform.requests).toHaveLength(2);
    expect(platform.stored.size).toBe(5);
  });

  it('drops refused events, reports them with their reason, and keeps sending the rest', async () => {
    const { platform, tracker, rejected } = setup();
    platform.refuse.set('bogus', '未定义的事件「bogus」');
    tracker.track('login');
    tracker.track('bogus');
    await tracker.flush();
    expect(platform.stored.size).toBe(1);
    expect(rejected).toEqual([{ event: expect.objectContaining({ event: 'bogus' }), reason: '未定义的事件「bogus」' }]);
    expect(tracker.stats().queued).toBe(0);
  });

  it('halves a batch the platform refuses as too large, until it goes through', async () => {
    const { platform, tracker } = setup({ flushAt: 100, maxBatch: 8 });
    platform.script = [{ status: 413, body: { code: 413, msg: '请求体过大', data: null } }];
    for (let i = 0; i < 8; i++) tracker.track('login');
    await tracker.flush();
    expect(platform.requests.map((r) => r.events.length)).toEqual([8, 4, 4]);
    expect(platform.stored.size).toBe(8);
  });

  it('keeps the events while the key is refused (401/403) and sends them once it is accepted', async () => {
    const { platform, tracker, time, rejected } = setup({ maxRetryDelayMs: 10_000 });
    platform.script = [{ status: 403, body: { code: 403, msg: '来源不在允许列表', data: null } }];
    tracker.track('login');
    await tracker.flush();
    expect(tracker.stats().queued).toBe(1);
    await time.advance(10_000);
    expect(platform.stored.size).toBe(1);
    expect(rejected).toEqual([]);
  });

  it('a tracker started on the same storage (a reload) sends what the first left, and nothing acknowledged again', async () => {
    const storage = memoryStorage();
    const first = setup({}, storage);
    first.platform.script = ['network'];
    for (let i = 0; i < 7; i++) first.tracker.track('login', { n: i });
    await settle();
    // 5 went out and failed, 2 more queued; then the page reloads.
    first.tracker.stop();
    const second = setup({}, storage);
    expect(second.tracker.stats().queued).toBe(7);
    await second.tracker.flush();
    expect([...second.platform.stored.values()].map((e) => e.properties?.n).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    second.tracker.track('login', { n: 7 });
    await second.tracker.flush();
    expect(second.platform.requests.flatMap((r) => r.events).length).toBe(8);
    expect(second.platform.deliveries).toBe(2);
  });

  it('keeps the player id across reloads; identify and reset change it', () => {
    const storage = memoryStorage();
    const { tracker, make } = setup({}, storage);
    const anon = tracker.distinct;
    expect(anon).toMatch(/^anon-/);
    expect(make().distinct).toBe(anon);
    tracker.identify('player-42');
    expect(make().distinct).toBe('player-42');
    tracker.reset();
    expect(tracker.distinct).toMatch(/^anon-/);
    expect(tracker.distinct).not.toBe(anon);
  });

  it('sends a beacon with the key in the body and keeps those events queued (never acknowledged)', () => {
    const { tracker, beacons } = setup({ flushAt: 100 });
    tracker.track('session_end', { duration: 12 });
    expect(tracker.beacon()).toBe(true);
    expect(beacons[0]?.url).toBe('https://console.example.com/api/embed/track/');
    const body = JSON.parse(beacons[0]?.body ?? '{}') as { public_key: string; events: TrackEvent[] };
    expect(body.public_key).toBe('pk_test');
    expect(body.events.map((e) => e.event)).toEqual(['session_end']);
    expect(tracker.stats().queued).toBe(1);
  });

  it('the network coming back ends a network wait at once, but not a Retry-After', async () => {
    const a = setup();
    a.platform.script = ['network'];
    for (let i = 0; i < 5; i++) a.tracker.track('login');
    await settle();
    a.tracker.online();
    await settle();
    expect(a.platform.stored.size).toBe(5);
    const b = setup();
    b.platform.script = [{ status: 429, headers: { 'Retry-After': '60' } }];
    for (let i = 0; i < 5; i++) b.tracker.track('login');
    await settle();
    b.tracker.online();
    await settle();
    expect(b.platform.stored.size).toBe(0);
  });
});

describe('the queue', () => {
  const ev = (n: number): TrackEvent => ({ uuid: `u${n}`, event: 'login', distinct_id: 'p', time: '2026-01-01T00:00:00.000Z' });

  it('caps its length by dropping the oldest and counts them', () => {
    const q = new EventQueue(memoryStorage(), 'k', 120);
    for (let i = 0; i < 200; i++) q.push(ev(i));
    expect(q.size()).toBeLessThanOrEqual(120);
    expect(q.size() + q.dropped()).toBe(200);
    const kept = q.peek(1000, new Set()).map((x) => x.event.uuid);
    expect(kept[kept.length - 1]).toBe('u199');
    expect(kept[0]).toBe(`u${q.dropped()}`);
  });

  it('removes acknowledged events from any chunk and skips those in flight', () => {
    const q = new EventQueue(memoryStorage(), 'k', 1000);
    for (let i = 0; i < 120; i++) q.push(ev(i));
    const first = q.peek(60, new Set(['u0']));
    expect(first[0]?.event.uuid).toBe('u1');
    q.remove(first);
    expect(q.size()).toBe(60);
    expect(q.peek(1, new Set())[0]?.event.uuid).toBe('u0');
    q.push(ev(999));
    expect(q.peek(1000, new Set()).map((x) => x.event.uuid).slice(-1)).toEqual(['u999']);
  });

  it('survives a full storage: the oldest chunk goes and is counted', () => {
    const data = new Map<string, string>();
    const full: TrackStorage = {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => {
        const used = [...data.entries()].reduce((n, [key, val]) => n + (key === k ? 0 : val.length), 0);
        if (used + v.length > 20_000) throw new Error('QuotaExceededError');
        data.set(k, v);
      },
      removeItem: (k) => void data.delete(k),
    };
    const q = new EventQueue(full, 'k', 10_000);
    for (let i = 0; i < 400; i++) q.push(ev(i));
    expect(q.dropped()).toBeGreaterThan(0);
    expect(q.size() + q.dropped()).toBeGreaterThanOrEqual(398);
    expect(q.peek(10_000, new Set()).at(-1)?.event.uuid).toBe('u399');
  });

  it('ignores a damaged storage value instead of throwing', () => {
    const s = memoryStorage();
    s.setItem('ct:k:idx', '{not json');
    const q = new EventQueue(s, 'k', 10);
    expect(q.size()).toBe(0);
    q.push(ev(1));
    expect(q.size()).toBe(1);
  });
});

describe('the server helper', () => {
  it('signs the exact body with HMAC-SHA256 (lowercase hex)', () => {
    const body = '{"orders":[]}';
    expect(sign('s3cret', body)).toBe(createHmac('sha256', 's3cret').update(body).digest('hex'));
    expect(signedHeaders('ak', 's3cret', body)).toEqual({ 'Content-Type': 'application/json', 'X-App-Key': 'ak', 'X-Signature': sign('s3cret', body) });
  });
});
