import { action, makeAutoObservable, makeObservable, observable } from 'mobx';
import type { ConsoleApi, MonitorInstance, MonitorResult, RealtimeSnapshot } from '../../../adapters/api';
import { realtimeOfFrame, REALTIME_TOPIC, type MonitorRange, type MonitorSeries, type MonitorThreshold, type MonitorThresholds } from '../adapters/dashboard-live';
import { failureMessage } from '../../../stores/errors';
import { MONITOR_REFRESH_MS, REALTIME_POLL_MS, REALTIME_SOCKET_SILENT_MS } from '../../../config';
import { QueryStore } from '../../../stores/analytics/query-store';
import { browserTimers, LiveTopic, LiveView, type LiveSocket, type LiveTimers } from '../../../stores/live-topic';
import type { LoadState } from '../../../stores/menu';

// The monitor's ranges and threshold rules, for its screen (the UI reads them through this store, not the adapter).
export { MONITOR_RANGES, SUSTAIN_MAX_SECONDS, SUSTAIN_MIN_SECONDS, THRESHOLD_RULES } from '../adapters/dashboard-live';
export type { MonitorPoint, MonitorThreshold } from '../adapters/dashboard-live';

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

/** Ranges of an hour or less are read again with every refresh; longer ones once a minute (their buckets are minutes long). */
const LONG_RANGE_REFRESH_MS = 60_000;

export class MonitorStore {
  /** The instance whose charts are shown (null: the answering one). */
  selected: string | null = null;
  /** The charts' range (the server downsamples it). */
  range: MonitorRange = '15m';
  saving = false;
  saveError = '';
  private stopTimer: (() => void) | null = null;
  private seriesAt = 0;
  private readonly answer = new QueryStore<MonitorResult>({ background: true });
  private readonly seriesAnswer = new QueryStore<MonitorSeries>({ background: true });
  private readonly thresholdAnswer = new QueryStore<MonitorThresholds>({ background: true });

  constructor(
    private readonly api: ConsoleApi,
    private readonly timers: LiveTimers = browserTimers,
  ) {
    makeAutoObservable<MonitorStore, 'api' | 'timers' | 'stopTimer' | 'answer' | 'seriesAnswer' | 'thresholdAnswer' | 'seriesAt'>(
      this,
      { api: false, timers: false, stopTimer: false, answer: false, seriesAnswer: false, thresholdAnswer: false, seriesAt: false },
      { autoBind: true },
    );
  }

  /** The chosen instance's history over the range (null until the first answer). */
  get series(): MonitorSeries | null {
    const s = this.seriesAnswer.result;
    return s && s.range === this.range ? s : null;
  }

  get seriesState(): LoadState {
    return this.seriesAnswer.state;
  }

  get seriesError(): string {
    return this.seriesAnswer.error;
  }

  get thresholds(): MonitorThresholds | null {
    return this.thresholdAnswer.result;
  }

  get thresholdsState(): LoadState {
    return this.thresholdAnswer.state;
  }

  get thresholdsError(): string {
    return this.thresholdAnswer.error;
  }

  setRange(range: MonitorRange): void {
    if (range === this.range) return;
    this.range = range;
    void this.loadSeries();
  }

  loadSeries(): Promise<void> {
    this.seriesAt = this.timers.now();
    const range = this.range;
    const instance = this.selected;
    return this.seriesAnswer.load(() => this.api.dashboard.monitorSeries(range, instance));
  }

  loadThresholds(): Promise<void> {
    return this.thresholdAnswer.load(() => this.api.dashboard.thresholds());
  }

  /** Saves the thresholds; resolves to whether the server took them (its message in `saveError` if not). */
  async saveThresholds(list: MonitorThreshold[]): Promise<boolean> {
    this.saving = true;
    this.saveError = '';
    try {
      const answer = await this.api.dashboard.saveThresholds(list);
      await this.thresholdAnswer.load(() => Promise.resolve(answer));
      return true;
    } catch (error) {
      this.setSaveError(failureMessage(error));
      return false;
    } finally {
      this.setSaving(false);
    }
  }

  private setSaveError(text: string): void {
    this.saveError = text;
  }

  private setSaving(on: boolean): void {
    this.saving = on;
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
    void this.loadSeries();
  }

  start(): void {
    if (this.stopTimer) return;
    void this.load();
    void this.loadSeries();
    void this.loadThresholds();
    this.stopTimer = this.timers.every(() => {
      void this.load();
      void this.loadThresholds();
      const long = this.range === '6h' || this.range === '24h';
      if (!long || this.timers.now() - this.seriesAt >= LONG_RANGE_REFRESH_MS) void this.loadSeries();
    }, MONITOR_REFRESH_MS);
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
