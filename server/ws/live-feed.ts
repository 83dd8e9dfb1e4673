import type { WebSocket } from 'ws';
import { REALTIME_TOPIC, socketClientFrame, type RealtimeSnapshot } from '../../contracts/schemas/dashboard/live';
import { prebuiltTextFrame, writeFrame } from './prebuilt-frame';

/** The REST call whose grant (dashboard/realtime's Retrieve button) lets a socket subscribe. */
export const REALTIME_PATH = '/api/dashboard/realtime/';

export interface LiveFeedOptions {
  /** Computes the figures (once per tick for every socket). */
  compute(): Promise<RealtimeSnapshot>;
  /** Whether a user may see the realtime figures now. */
  allowed(userId: number): Promise<boolean>;
  onError?(err: unknown): void;
  /** Push period (default 1 s: the "at most once per second"). */
  periodMs?: number;
  /** How often the subscribers' permission is asked again (default 15 s). */
  recheckMs?: number;
}

/**
 * The `dashboard.realtime` socket frame: sockets subscribe (`{"type":"subscribe","topic":…}`) while the
 * page is visible; every `periodMs` the figures are computed ONCE, serialised ONCE and the same text
 * written to each subscribed open socket of a user who still holds the permission. Nothing is computed
 * while nobody subscribes; a tick still computing when the next is due skips it (never more than one
 * frame per period). Each instance pushes to its own sockets from the shared database.
 */
export class LiveFeed {
  /** Subscribed sockets per user. */
  private readonly subscribers = new Map<number, Set<WebSocket>>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private lastCheck = 0;
  private latest: { at: number; snapshot: RealtimeSnapshot } | null = null;
  private pending: Promise<RealtimeSnapshot> | null = null;
  /** Frames pushed and sockets written since start (tests, bench). */
  pushes = 0;
  written = 0;

  constructor(private readonly opts: LiveFeedOptions) {}

  get periodMs(): number {
    return this.opts.periodMs ?? 1000;
  }

  /** Subscribed sockets on this instance. */
  count(): number {
    let n = 0;
    for (const s of this.subscribers.values()) n += s.size;
    return n;
  }

  /** A frame a signed-in socket sent: subscribe/unsubscribe handled, anything else ignored. */
  async onClientFrame(userId: number, socket: WebSocket, raw: unknown): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(String(raw));
    } catch {
      return;
    }
    const frame = socketClientFrame.safeParse(value);
    if (!frame.success) return;
    if (frame.data.type === 'unsubscribe') return this.remove(userId, socket);
    if (!(await this.opts.allowed(userId))) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'subscribe.refused', topic: REALTIME_TOPIC, reason: '您没有查看实时概况的权限' }));
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    if (!set.has(socket)) {
      set.add(socket);
      socket.once('close', () => this.remove(userId, socket));
    }
    // The next tick (within one period) brings the figures: a socket never gets two frames within a period.
    this.ensureTimer();
  }

  remove(userId: number, socket: WebSocket): void {
    const set = this.subscribers.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.subscribers.delete(userId);
    if (this.subscribers.size === 0) this.stopTimer();
  }

  /**
   * The figures no older than `maxAgeMs` (default one period; the REST answer shares the tick's),
   * computed at most once at a time.
   */
  async current(maxAgeMs = this.periodMs): Promise<RealtimeSnapshot> {
    if (this.latest && Date.now() - this.latest.at < maxAgeMs) return this.latest.snapshot;
    this.pending ??= this.opts
      .compute()
      .then((snapshot) => {
        this.latest = { at: Date.now(), snapshot };
        return snapshot;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /**
   * Writes one frame to every subscribed open socket: the text is built once. Returns the sockets
   * written. (The bench times exactly this.)
   */
  push(snapshot: RealtimeSnapshot, via: 'prebuilt' | 'send' = 'prebuilt'): number {
    // one frame (JSON, UTF-8, WebSocket framing) for every socket, one write each.
    // (`via: 'send'`, ws.send of the same buffer per socket, is the bench's comparison.)
    const frame = prebuiltTextFrame(frameText(snapshot));
    let sent = 0;
    for (const set of this.subscribers.values()) {
      for (const s of set) {
        if (s.readyState === s.OPEN) {
          if (via === 'send') s.send(frame.payload, { binary: false, compress: false, fin: true });
          else writeFrame(s, frame);
          sent++;
        }
      }
    }
    this.pushes++;
    this.written += sent;
    return sent;
  }

  /** One tick: compute once, push to all; skipped while the previous is still running. */
  async tick(): Promise<void> {
    if (this.busy || this.subscribers.size === 0) return;
    this.busy = true;
    try {
      if (Date.now() - this.lastCheck >= (this.opts.recheckMs ?? 15_000)) await this.recheck();
      if (this.subscribers.size === 0) return;
      // Fresh figures at every tick (the REST answers in between reuse them).
      this.push(await this.current(this.periodMs / 2));
    } catch (err) {
      this.opts.onError?.(err);
    } finally {
      this.busy = false;
    }
  }

  /** Drops the subscriptions of users who lost the permission since they subscribed. */
  private async recheck(): Promise<void> {
    this.lastCheck = Date.now();
    for (const userId of [...this.subscribers.keys()]) {
      if (!(await this.opts.allowed(userId).catch(() => false))) this.subscribers.delete(userId);
    }
  }

  private ensureTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.periodMs);
    this.timer.unref();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  close(): void {
    this.stopTimer();
    this.subscribers.clear();
  }
}

export const frameText = (snapshot: RealtimeSnapshot): string => JSON.stringify({ type: REALTIME_TOPIC, realtime: snapshot });
