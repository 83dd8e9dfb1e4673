import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleApi, MonitorInstance, MonitorResult, RealtimeSnapshot } from '../../../adapters/api';
import { realtimeOfFrame, REALTIME_TOPIC } from '../adapters/dashboard-live';
import type { SocketStatus } from '../../../adapters/socket/realtime-socket';
import { MONITOR_REFRESH_MS, REALTIME_POLL_MS, REALTIME_SOCKET_SILENT_MS } from '../../../config';
import { QueryStore } from '../../../stores/analytics/query-store';
import { failureMessage } from '../../../stores/errors';
import type { LoadState } from '../../../stores/menu';

export type { MonitorInstance, MonitorSample, RealtimeSnapshot } from '../../../adapters/api';

/**
 * The live dashboards' state: dashboard/realtime — figures pushed on the layout's socket
 * (topic `dashboard.realtime`, subscribed while the page is visible) with a REST poll while the socket
 * is down or silent — and dashboard/monitor — every server instance, read again every few seconds.
 * docs/dashboard.md.
 */

/** What the realtime store needs of the messages store: the layout's socket. */
export interface LiveSocket {
  readonly connection: SocketStatus;
  subscribeLive(topic: string, handler: (frame: Record<string, unknown>) => void): () => void;
}

export interface Timers {
  now(): number;
  every(fn: () => void, ms: number): () => void;
}

const browserTimers: Timers = {
  now: () => Date.now(),
  every: (fn, ms) => {
    const h = setInterval(fn, ms);
    return () => clearInterval(h);
  },
};

export type RealtimeSource = 'socket' | 'polling';

export class RealtimeStore {
  snapshot: RealtimeSnapshot | null = null;
  state: LoadState = 'idle';
  error = '';
  /** Where the figures on screen came from last. */
  source: RealtimeSource = 'polling';
  /** The server refused the subscription (no permission): polling only. */
  refused = false;
  private lastFrame = 0;
  private lastPoll = 0;
  private polling = false;
  private unsubscribe: (() => void) | null = null;
  private stopTimer: (() => void) | null = null;

  constructor(
    private readonly api: ConsoleApi,
    private readonly socket: LiveSocket | null,
    private readonly timers: Timers = browserTimers,
  ) {
    makeAutoObservable<RealtimeStore, 'api' | 'socket' | 'timers' | 'lastFrame' | 'lastPoll' | 'polling' | 'unsubscribe' | 'stopTimer'>(
      this,
      { api: false, socket: false, timers: false, lastFrame: false, lastPoll: false, polling: false, unsubscribe: false, stopTimer: false },
      { autoBind: true },
    );
  }

  get live(): boolean {
    return this.unsubscribe !== null;
  }

  /** The page became visible: load now, subscribe to the frame, poll while the socket cannot deliver. */
  start(): void {
    if (this.unsubscribe || this.stopTimer) return;
    void this.poll();
    if (this.socket) this.unsubscribe = this.socket.subscribeLive(REALTIME_TOPIC, (frame) => this.onFrame(frame));
    this.stopTimer = this.timers.every(() => this.check(), 1000);
  }

  /** The page was hidden or closed: no frames, no polls. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.stopTimer?.();
    this.stopTimer = null;
  }

  onFrame(frame: Record<string, unknown>): void {
    if (frame.type === 'subscribe.refused') {
      this.refused = true;
      return;
    }
    const snapshot = realtimeOfFrame(frame);
    if (!snapshot) return;
    this.lastFrame = this.timers.now();
    this.snapshot = snapshot;
    this.state = 'ready';
    this.error = '';
    this.source = 'socket';
  }

  /** Every second: poll when the socket is down, refused, or has said nothing for a while. */
  check(): void {
    const now = this.timers.now();
    const socketLive = this.socket !== null && !this.refused && this.socket.connection === 'open' && now - this.lastFrame < REALTIME_SOCKET_SILENT_MS;
    if (socketLive) return;
    if (now - this.lastPoll >= REALTIME_POLL_MS) void this.poll();
  }

  /** One REST read (the first load, and the fallback while the socket cannot deliver). */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    this.lastPoll = this.timers.now();
    if (!this.snapshot) this.state = 'loading';
    try {
      const snapshot = await this.api.dashboard.realtime();
      runInAction(() => {
        // A frame newer than this answer wins.
        if (!this.snapshot || Date.parse(snapshot.at) >= Date.parse(this.snapshot.at)) {
          this.snapshot = snapshot;
          if (this.timers.now() - this.lastFrame >= REALTIME_SOCKET_SILENT_MS) this.source = 'polling';
        }
        this.state = 'ready';
        this.error = '';
      });
    } catch (err) {
      runInAction(() => {
        this.error = failureMessage(err);
        if (!this.snapshot) this.state = 'failed';
      });
    } finally {
      this.polling = false;
    }
  }
}

export class MonitorStore {
  /** The instance whose charts are shown (null: the answering one). */
  selected: string | null = null;
  private stopTimer: (() => void) | null = null;
  private readonly answer = new QueryStore<MonitorResult>({ background: true });

  constructor(
    private readonly api: ConsoleApi,
    private readonly timers: Timers = browserTimers,
  ) {
    makeAutoObservable<MonitorStore, 'api' | 'timers' | 'stopTimer' | 'answer'>(this, { api: false, timers: false, stopTimer: false, answer: false }, { autoBind: true });
  }

  get result(): MonitorResult | null {
    return this.answer.result;
  }

  get state(): LoadState {
    return this.answer.state;
  }

  get error(): string {
    return this.answer.error;
  }

  get instance(): MonitorInstance | null {
    const list = this.result?.instances ?? [];
    return list.find((i) => i.instance === this.selected) ?? list.find((i) => i.instance === this.result?.self) ?? list[0] ?? null;
  }

  select(instance: string): void {
    this.selected = instance;
  }

  start(): void {
    if (this.stopTimer) return;
    void this.load();
    this.stopTimer = this.timers.every(() => void this.load(), MONITOR_REFRESH_MS);
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }

  load(): Promise<void> {
    return this.answer.load(() => this.api.dashboard.monitor());
  }
}

/** Both stores of one console (made on first use of a live dashboard). */
export class DashboardLiveStore {
  readonly realtime: RealtimeStore;
  readonly monitor: MonitorStore;
  constructor(api: ConsoleApi, socket: LiveSocket | null, timers?: Timers) {
    this.realtime = new RealtimeStore(api, socket, timers);
    this.monitor = new MonitorStore(api, timers);
  }
}
