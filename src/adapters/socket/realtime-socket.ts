import { isRecord } from '../../../contracts/json';
import type { SocketFrame } from '../../../contracts/schemas';

/**
 * The layout's real-time socket (spec §1, §4, §7): one WebSocket to the configured server, reconnected
 * with exponential back-off and jitter. It gives up (and says why) after repeated authentication
 * failures: close code 4401 on the reference server, or, on the real back end (which fails a bad
 * handshake with HTTP 500, seen by the browser as an error plus a close before any open), repeated
 * handshake failures.
 */

/** The few members of the browser's WebSocket this client uses (mock-socket and tests provide them too). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  close(code?: number, reason?: string): void;
  // Topic subscriptions (the live dashboards) are sent on the socket.
  send?(data: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'retrying' | 'stopped';

/** Why the client gave up. */
export type StopReason = 'auth' | 'handshake';

export interface RealtimeEvents {
  /** A frame from the server (parsed JSON object). */
  frame(frame: SocketFrame): void;
  /** The socket opened; `reconnected` is true when it is not the first open of this session. */
  open(reconnected: boolean): void;
  /** The socket reported an error (spec §8: WebSocket连接发生错误). Once per outage. */
  error(): void;
  /** An open socket closed without being asked to (spec §8: 连接已关闭...). Once per outage. */
  closed(): void;
  /** The client stopped retrying. */
  stopped(reason: StopReason): void;
  status?(status: SocketStatus): void;
  /** A frame with a `type` (a subscribed topic's data, or a refused subscription), parsed JSON object. */
  typed?(frame: Record<string, unknown> & { type: string }): void;
}

export interface RealtimeOptions {
  /** The socket URL for the current token, or null when there is no token (then nothing opens). */
  url(): string | null;
  events: RealtimeEvents;
  createSocket?: SocketFactory;
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Consecutive 4401 closes before giving up. */
  maxAuthFailures?: number;
  /** Consecutive attempts that never opened before giving up. */
  maxHandshakeFailures?: number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Close code of the reference server for a refused token. */
export const AUTH_CLOSE_CODE = 4401;

export const SOCKET_DEFAULTS = {
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxAuthFailures: 3,
  maxHandshakeFailures: 6,
} as const;

/**
 * The wait before retry number `attempt` (0-based): exponential, capped, with "equal jitter" (half
 * fixed, half random) so a server restart is not met by every console at the same instant.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Parses a frame; anything that is not a JSON object is ignored. */
export function parseFrame(data: unknown): SocketFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (!isRecord(value)) return null;
    // Some back ends wrap the frame: {"data": {...}} (API-CONTRACT §16 edge cases).
    const frame = isRecord(value.data) && !('contentType' in value) ? value.data : value;
    return frame as SocketFrame;
  } catch {
    return null;
  }
}

const browserSocket: SocketFactory = (url) => new WebSocket(url);

export class RealtimeSocket {
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private authFailures = 0;
  private handshakeFailures = 0;
  private everOpened = false;
  private outageReported = { error: false, closed: false };
  private running = false;
  private currentStatus: SocketStatus = 'idle';
  private readonly opts: Required<Omit<RealtimeOptions, 'events' | 'url'>> & Pick<RealtimeOptions, 'events' | 'url'>;

  constructor(options: RealtimeOptions) {
    this.opts = {
      createSocket: browserSocket,
      baseDelayMs: SOCKET_DEFAULTS.baseDelayMs,
      maxDelayMs: SOCKET_DEFAULTS.maxDelayMs,
      maxAuthFailures: SOCKET_DEFAULTS.maxAuthFailures,
      maxHandshakeFailures: SOCKET_DEFAULTS.maxHandshakeFailures,
      random: Math.random,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  get status(): SocketStatus {
    return this.currentStatus;
  }

  /** The topics subscribed so far (the live dashboards'). */
  private readonly topics = new Set<string>();

  /** Asks the server for a topic's frames (now when open, and again after every reconnect). */
  subscribe(topic: string): void {
    this.topics.add(topic);
    this.sendTopic('subscribe', topic);
  }

  unsubscribe(topic: string): void {
    if (!this.topics.delete(topic)) return;
    this.sendTopic('unsubscribe', topic);
  }

  private sendTopic(type: 'subscribe' | 'unsubscribe', topic: string): void {
    const socket = this.socket;
    if (!socket || this.currentStatus !== 'open' || !socket.send) return;
    try {
      socket.send(JSON.stringify({ type, topic }));
    } catch {
      // Closing: the next open subscribes again.
    }
  }

  /** Opens the socket (the layout mounted). Calling it again while running does nothing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.authFailures = 0;
    this.handshakeFailures = 0;
    this.everOpened = false;
    this.outageReported = { error: false, closed: false };
    this.connect();
  }

  /** Closes the socket and stops retrying (the layout unmounted, or logout). */
  stop(): void {
    this.running = false;
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      try {
        socket.close(1000, 'layout closed');
      } catch {
        // Already closing.
      }
    }
    this.setStatus('idle');
  }

  private setStatus(status: SocketStatus): void {
    this.currentStatus = status;
    this.opts.events.status?.(status);
  }

  private connect(): void {
    this.timer = null;
    const url = this.opts.url();
    if (!url) {
      this.running = false;
      this.setStatus('idle');
      return;
    }
    this.setStatus('connecting');
    let opened = false;
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(url);
    } catch {
      this.failed(false, 1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      opened = true;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.handshakeFailures = 0;
      this.outageReported = { error: false, closed: false };
      this.setStatus('open');
      // The topics subscribed so far, again on every open.
      for (const topic of this.topics) this.sendTopic('subscribe', topic);
      this.opts.events.open(reconnected);
    };
    socket.onmessage = (ev) => {
      const frame = parseFrame(ev.data);
      // Typed frames (topics) go to their own handler.
      if (frame && typeof (frame as { type?: unknown }).type === 'string') this.opts.events.typed?.(frame as Record<string, unknown> & { type: string });
      else if (frame) this.opts.events.frame(frame);
    };
    socket.onerror = () => {
      if (!this.outageReported.error) {
        this.outageReported.error = true;
        this.opts.events.error();
      }
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failed(opened, ev.code);
    };
  }

  private failed(opened: boolean, code: number): void {
    if (!this.running) return;
    if (opened && code !== AUTH_CLOSE_CODE && !this.outageReported.closed) {
      this.outageReported.closed = true;
      this.opts.events.closed();
    }
    if (code === AUTH_CLOSE_CODE) {
      this.authFailures++;
      if (this.authFailures >= this.opts.maxAuthFailures) return this.giveUp('auth');
    } else if (!opened) {
      this.handshakeFailures++;
      if (this.handshakeFailures >= this.opts.maxHandshakeFailures) return this.giveUp('handshake');
    } else {
      this.authFailures = 0;
    }
    const delay = backoffDelay(this.attempt++, this.opts.baseDelayMs, this.opts.maxDelayMs, this.opts.random);
    this.setStatus('retrying');
    this.timer = this.opts.setTimer(() => this.connect(), delay);
  }

  private giveUp(reason: StopReason): void {
    this.running = false;
    this.setStatus('stopped');
    this.opts.events.stopped(reason);
  }
}
