/**
 * The tracker: events get a uuid and the client's time, wait in the persistent queue, and are sent in
 * batches with the public key. What the platform acknowledged (stored, already stored, or refused with
 * a reason) leaves the queue; everything else stays and is sent again after a network error, a 5xx or
 * a 429, with exponential backoff and jitter, never sooner than a Retry-After. The environment (fetch,
 * clock, timers, randomness, beacon) is injected, so the same code runs under unit tests.
 */
import { EventQueue, memoryStorage, type Queued } from './queue';
import type { InitOptions, Properties, Rejection, TrackEvent, TrackStats, TrackStorage } from './types';

export interface Env {
  fetch: (url: string, init: { method: string; headers: Record<string, string>; body: string; keepalive?: boolean; credentials?: 'omit' }) => Promise<{
    status: number;
    headers: { get(name: string): string | null };
    json(): Promise<unknown>;
  }>;
  now(): number;
  random(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** navigator.sendBeacon where there is one. */
  beacon?: (url: string, body: string) => boolean;
  uuid(): string;
}

/** Body bytes a beacon carries at most (browsers allow 64 KiB in flight). */
const BEACON_BYTES = 60_000;
const BASE_DELAY_MS = 1_000;

/** Retry-After as milliseconds (seconds or an HTTP date), or 0. */
export function retryAfterMs(value: string | null, now: number): number {
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** The wait before retry number `attempt` (1, 2, …): base·2^(attempt−1) up to `max`, times a jitter in [0.5, 1), never below Retry-After. */
export function backoffMs(attempt: number, random: number, max: number, retryAfter = 0): number {
  const raw = Math.min(max, BASE_DELAY_MS * 2 ** Math.min(attempt - 1, 20));
  return Math.max(retryAfter, Math.round(raw * (0.5 + random / 2)));
}

export class Tracker {
  readonly queue: EventQueue;
  private readonly url: string;
  private readonly flushAt: number;
  private readonly maxBatch: number;
  private readonly maxDelay: number;
  private readonly inFlight = new Set<string>();
  private distinctId: string;
  private attempt = 0;
  /** Retries wait until then (ms); 0: send when there is something to send. */
  private waitUntil = 0;
  private lastFailure: 'network' | 'server' | null = null;
  private retryTimer: unknown = null;
  private intervalTimer: unknown = null;
  private running: Promise<void> | null = null;
  /** Halved while the platform refuses a batch as too large or malformed, to isolate the culprit. */
  private batchLimit: number;
  private stopped = false;

  constructor(
    readonly options: InitOptions,
    private readonly env: Env,
    storage: TrackStorage = memoryStorage(),
  ) {
    this.url = `${options.host.replace(/\/+$/, '')}/api/embed/track/`;
    this.flushAt = Math.max(1, options.flushAt ?? 20);
    this.maxBatch = this.batchLimit = Math.min(1000, Math.max(1, options.maxBatch ?? 100));
    this.maxDelay = options.maxRetryDelayMs ?? 60_000;
    this.queue = new EventQueue(storage, options.publicKey, Math.max(1, options.maxQueue ?? 5000));
    this.distinctId = this.queue.get('id') ?? this.anonymous();
    this.schedule(options.flushIntervalMs ?? 5000);
  }

  private anonymous(): string {
    const id = `anon-${this.env.uuid()}`;
    this.queue.set('id', id);
    return id;
  }

  private schedule(interval: number): void {
    const tick = () => {
      if (this.stopped) return;
      if (this.queue.size() > 0) void this.flush();
      this.intervalTimer = this.env.setTimeout(tick, interval);
    };
    this.intervalTimer = this.env.setTimeout(tick, interval);
  }

  get distinct(): string {
    return this.distinctId;
  }

  identify(distinctId: string): void {
    const id = String(distinctId);
    if (id === '' || id.length > 128) return;
    this.distinctId = id;
    this.queue.set('id', id);
  }

  reset(): void {
    this.distinctId = this.anonymous();
  }

  /** Queues one event (sent at the next batch); answers its uuid. */
  track(event: string, properties?: Properties, time = this.env.now()): string {
    const e: TrackEvent = { uuid: this.env.uuid(), event, distinct_id: this.distinctId, time: new Date(time).toISOString() };
    if (properties) e.properties = properties;
    this.queue.push(e);
    if (this.queue.waiting() - this.inFlight.size >= this.flushAt) void this.flush();
    return e.uuid;
  }

  stats(): TrackStats {
    return { queued: this.queue.size(), dropped: this.queue.dropped(), attempt: this.attempt };
  }

  /**
   * Sends what waits, batch after batch, until the queue is empty or a request fails (then a retry is
   * scheduled and the promise resolves; the events stay queued). Resolves at once while waiting out a
   * backoff or a Retry-After.
   */
  flush(): Promise<void> {
    if (this.running) return this.running;
    if (this.waitUntil > this.env.now()) return Promise.resolve();
    const run = this.pump().finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  /** The network is back: a wait caused by a network error ends now (a server's Retry-After still holds). */
  online(): void {
    if (this.lastFailure !== 'network') return;
    this.env.clearTimeout(this.retryTimer);
    this.waitUntil = 0;
    void this.flush();
  }

  private async pump(): Promise<void> {
    for (;;) {
      const batch = this.queue.peek(this.batchLimit, this.inFlight);
      if (batch.length === 0 || this.stopped) return;
      for (const q of batch) this.inFlight.add(q.event.uuid);
      let ok: boolean;
      try {
        ok = await this.send(batch);
      } finally {
        for (const q of batch) this.inFlight.delete(q.event.uuid);
      }
      if (!ok) return;
    }
  }

  /** One request; true when the queue may go on (acknowledged, or refused for good), false after scheduling a retry. */
  private async send(batch: Queued[]): Promise<boolean> {
    const events = batch.map((q) => q.event);
    const body = JSON.stringify({ events });
    let res: Awaited<ReturnType<Env['fetch']>>;
    try {
      res = await this.env.fetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Public-Key': this.options.publicKey },
        body,
        keepalive: body.length < BEACON_BYTES,
        credentials: 'omit',
      });
    } catch {
      return this.retry('network', 0);
    }
    const status = res.status;
    if (status === 429 || status >= 500 || status === 408) return this.retry('server', retryAfterMs(res.headers.get('Retry-After'), this.env.now()));
    const json = await res.json().catch(() => null);
    const envelope = json && typeof json === 'object' ? (json as { code?: unknown; msg?: unknown; data?: unknown }) : {};
    const data = envelope.data && typeof envelope.data === 'object' ? (envelope.data as { rejected?: unknown }) : null;
    if (status >= 200 && status < 300 && envelope.code === 2000 && data) {
      const rejected: Rejection[] = [];
      if (Array.isArray(data.rejected)) {
        for (const r of data.rejected as Array<{ index?: unknown; reason?: unknown }>) {
          const e = typeof r.index === 'number' ? events[r.index] : undefined;
          if (e) rejected.push({ event: e, reason: String(r.reason ?? '') });
        }
      }
      this.queue.remove(batch);
      this.succeeded();
      this.report(rejected);
      return true;
    }
    if (status >= 200 && status < 300) return this.retry('server', 0);
    // The whole batch refused: too large or malformed → halve it until the culprit is alone.
    if ((status === 400 || status === 413) && batch.length > 1) {
      this.batchLimit = Math.max(1, Math.ceil(batch.length / 2));
      return true;
    }
    // The key is unknown, revoked or not allowed from this origin: keep the events, try again later (the
    // studio fixes the key or the allowed origins; nothing sent meanwhile is lost).
    if (status === 401 || status === 403) return this.retry('server', this.maxDelay);
    const reason = typeof envelope.msg === 'string' && envelope.msg !== '' ? envelope.msg : `HTTP ${status}`;
    this.queue.remove(batch);
    this.succeeded();
    this.report(events.map((event) => ({ event, reason })));
    return true;
  }

  private succeeded(): void {
    this.attempt = 0;
    this.lastFailure = null;
    this.batchLimit = Math.min(this.maxBatch, this.batchLimit * 2);
  }

  private report(rejected: Rejection[]): void {
    if (rejected.length === 0 || !this.options.onRejected) return;
    try {
      this.options.onRejected(rejected);
    } catch {
      // the callback's own failure must not stop the queue
    }
  }

  private retry(kind: 'network' | 'server', retryAfter: number): false {
    this.attempt++;
    this.lastFailure = kind;
    const delay = backoffMs(this.attempt, this.env.random(), this.maxDelay, retryAfter);
    this.waitUntil = this.env.now() + delay;
    this.env.clearTimeout(this.retryTimer);
    this.retryTimer = this.env.setTimeout(() => {
      this.waitUntil = 0;
      void this.flush();
    }, delay);
    return false;
  }

  /**
   * The page is going away: what waits (not in flight) leaves with sendBeacon, as text/plain with the
   * key in the body (a beacon cannot set headers). It stays queued: a beacon is never acknowledged,
   * so the next visit sends it again and the platform counts it once.
   */
  beacon(): boolean {
    if (!this.env.beacon) return false;
    const events: TrackEvent[] = [];
    let bytes = 64;
    for (const { event } of this.queue.peek(1000, this.inFlight)) {
      const size = JSON.stringify(event).length + 1;
      if (bytes + size > BEACON_BYTES) break;
      bytes += size;
      events.push(event);
    }
    if (events.length === 0) return false;
    try {
      return this.env.beacon(this.url, JSON.stringify({ public_key: this.options.publicKey, events }));
    } catch {
      return false;
    }
  }

  stop(): void {
    this.stopped = true;
    this.env.clearTimeout(this.retryTimer);
    this.env.clearTimeout(this.intervalTimer);
  }
}
