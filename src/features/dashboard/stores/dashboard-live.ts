import { action, makeAutoObservable, makeObservable, observable } from 'mobx';
import type { ConsoleApi, MonitorInstance, MonitorResult, RealtimeSnapshot } from '../../../adapters/api';
import { realtimeOfFrame, REALTIME_TOPIC } from '../adapters/dashboard-live';
import { MONITOR_REFRESH_MS, REALTIME_POLL_MS, REALTIME_SOCKET_SILENT_MS } from '../../../config';
import { QueryStore } from '../../../stores/analytics/query-store';
import { browserTimers, LiveTopic, LiveView, type LiveSocket, type LiveTimers } from '../../../stores/live-topic';
import type { LoadState } from '../../../stores/menu';

export type { MonitorInstance, MonitorSample, RealtimeSnapshot } from '../../../adapters/api';

/**
 * The live dashboards' state: dashboard/realtime — figures pushed on the layout's socket
 * (topic `dashboard.realtime`, subscribed while the page is visible) with a REST poll while the socket
 * is down or silent — and dashboard/monitor — every server instance, read again every few seconds.
 * docs/dashboard.md.
 */

export type { LiveSocket, LiveTimers as Timers } from '../../../stores/live-topic';

export class RealtimeStore extends LiveView<RealtimeSnapshot> {
  snapshot: RealtimeSnapshot | null = null;
  protected readonly topic: LiveTopic<RealtimeSnapshot>;

  constructor(
    private readonly api: ConsoleApi,
    socket: LiveSocket | null,
    timers: LiveTimers = browserTimers,
  ) {
    super();
    this.topic = new LiveTopic(
      {
        topic: REALTIME_TOPIC,
        pollMs: REALTIME_POLL_MS,
        silentMs: REALTIME_SOCKET_SILENT_MS,
        showFrame: (frame) => this.show(realtimeOfFrame(frame)),
        read: () => this.api.dashboard.realtime(),
        // A frame newer than this answer wins.
        showAnswer: (snapshot) => (!this.snapshot || Date.parse(snapshot.at) >= Date.parse(this.snapshot.at)) && this.show(snapshot),
      },
      socket,
      timers,
    );
    makeObservable<RealtimeStore, 'show'>(this, { snapshot: observable, show: action });
  }

  private show(snapshot: RealtimeSnapshot | null): boolean {
    if (!snapshot) return false;
    this.snapshot = snapshot;
    return true;
  }

  /** Subscribed to the frame (the page is visible). */
  get live(): boolean {
    return this.topic.subscribed;
  }
}

export class MonitorStore {
  /** The instance whose charts are shown (null: the answering one). */
  selected: string | null = null;
  private stopTimer: (() => void) | null = null;
  private readonly answer = new QueryStore<MonitorResult>({ background: true });

  constructor(
    private readonly api: ConsoleApi,
    private readonly timers: LiveTimers = browserTimers,
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
  constructor(api: ConsoleApi, socket: LiveSocket | null, timers?: LiveTimers) {
    this.realtime = new RealtimeStore(api, socket, timers);
    this.monitor = new MonitorStore(api, timers);
  }
}
