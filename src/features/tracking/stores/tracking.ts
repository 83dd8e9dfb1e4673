import { makeAutoObservable, runInAction } from 'mobx';
import type {
  ConsoleApi,
  DownloadedFile,
  EventAnalysis,
  EventAnalysisQuery,
  EventCountInfo,
  EventLine,
  EventPropertyInfo,
  FunnelAnalysis,
  FunnelAnalysisQuery,
  FunnelPlayer,
  Interval,
  Measure,
  PropertyFilter,
  PropertyType,
  ResourceRow,
  SessionAnalysis,
  TrackingCredentials,
} from '../../../adapters/api';
import { TRACKING_MAX_SERIES, TRACKING_NONE_GROUP, TRACKING_OTHER_GROUP } from '../../../config';
import { QueryStore } from '../../../stores/analytics/query-store';
import { DrillDownStore } from '../../../stores/analytics/drill-down';
import { changeRatio, defaultRange, lastDays, rangeQueryProblem, type DateRange } from '../../../stores/analytics/range';
import type { LoadState } from '../../../stores/menu';
import { integrationAppOf, IntegrationStore, LiveEventsStore, type LiveSocket, type LiveTimers } from './integration';

/** The tracking resources (menu `api` of embed_configure/* and data_embed/*). */
export const TRACKING_API = {
  apps: '/api/embed_configure/game/',
  events: '/api/embed_configure/event_define/',
  globalEvents: '/api/embed_configure/global_event_define/',
  funnels: '/api/embed_configure/funnel_define/',
} as const;

export interface PropertyDef {
  name: string;
  type: PropertyType;
  required: boolean;
  /** Declared on an event definition (false: only seen in the data). */
  declared?: boolean;
}

/** An event a game can send: its own definition or a global one (the game's own wins). */
export interface EventChoice {
  event: string;
  name: string;
  global: boolean;
  enabled: boolean;
  properties: PropertyDef[];
}

export interface GameChoice {
  id: number;
  name: string;
}

export interface FunnelChoice {
  id: number;
  name: string;
  game: number;
  gameName: string;
  steps: string[];
  windowSeconds: number;
}

/** A funnel window in seconds as number + unit (the largest unit that divides it). */
export function windowParts(seconds: number): { value: number; unit: 'minutes' | 'hours' | 'days' } {
  if (seconds % 86_400 === 0) return { value: seconds / 86_400, unit: 'days' };
  if (seconds % 3600 === 0) return { value: seconds / 3600, unit: 'hours' };
  return { value: Math.round(seconds / 60), unit: 'minutes' };
}

export const WINDOW_UNIT_SECONDS = { minutes: 60, hours: 3600, days: 86_400 } as const;

/** Merges a game's own definitions with the global ones: the game's own wins for the same identifier. */
export function mergeEvents(own: ResourceRow[], globals: ResourceRow[]): EventChoice[] {
  const of = (row: ResourceRow, global: boolean): EventChoice => ({
    event: String(row.event ?? ''),
    name: String(row.name ?? row.event ?? ''),
    global,
    enabled: row.enabled !== false,
    properties: Array.isArray(row.properties) ? (row.properties as PropertyDef[]) : [],
  });
  const byEvent = new Map<string, EventChoice>();
  for (const row of globals) byEvent.set(String(row.event), of(row, true));
  for (const row of own) byEvent.set(String(row.event), of(row, false));
  return [...byEvent.values()].sort((a, b) => Number(a.global) - Number(b.global) || a.event.localeCompare(b.event));
}

/**
 * Event tracking's calls beyond the generic lists: the pickers' choices (tracking apps'
 * games, a game's events with the global ones, funnels), the secret's regeneration, and the three
 * analysis screens' stores. Pages read these; only the adapter touches the network.
 */
export class TrackingStore {
  games: GameChoice[] = [];
  funnels: FunnelChoice[] = [];
  gamesState: LoadState = 'idle';
  funnelsState: LoadState = 'idle';
  /** Events per game id (own and global). */
  events = new Map<number, EventChoice[]>();
  /** Properties seen on one event of a game over the last 30 days (`game:event`; the funnel steps' filters). */
  seenProperties = new Map<string, PropertyDef[]>();
  private readonly seenAsked = new Set<string>();

  constructor(
    private readonly api: ConsoleApi,
    private readonly today: () => Date = () => new Date(),
    /** The layout's socket (the live events of the 接入 panel); null: the live view polls. */
    private readonly socket: LiveSocket | null = null,
  ) {
    makeAutoObservable<TrackingStore, 'api' | 'today' | 'socket' | 'seenAsked'>(this, { api: false, today: false, socket: false, seenAsked: false }, { autoBind: true });
  }

  /**
   * The properties of an event of a game seen in the data of the last 30 days, declared ones first (asked once
   * per event; a failure leaves the declared ones, and a later call asks again).
   */
  async loadSeenProperties(game: number, event: string): Promise<void> {
    const key = `${game}:${event}`;
    if (this.seenAsked.has(key)) return;
    this.seenAsked.add(key);
    const range = lastDays(this.today(), 30);
    try {
      const list = await this.api.tracking.properties({ game, events: [event], start: range.start, end: range.end });
      runInAction(() => this.seenProperties.set(key, list.map((p) => ({ name: p.name, type: p.type, required: false, declared: p.declared }))));
    } catch {
      this.seenAsked.delete(key);
    }
  }

  /** The 接入 panel's key and origins for an app row. */
  integration(row: Record<string, unknown>): IntegrationStore {
    return new IntegrationStore(this.api, integrationAppOf(row));
  }

  /** The live events of an app (start() when the panel opens, stop() when it closes). */
  liveEvents(app: number, timers?: LiveTimers): LiveEventsStore {
    return new LiveEventsStore(this.api, app, this.socket, timers);
  }

  /** The games that have a tracking app (the analysis pickers). */
  async loadGames(force = false): Promise<void> {
    if (!force && (this.gamesState === 'ready' || this.gamesState === 'loading')) return;
    this.gamesState = 'loading';
    try {
      const page = await this.api.list(TRACKING_API.apps, { page: 1, limit: 999 });
      runInAction(() => {
        const seen = new Set<number>();
        this.games = page.rows
          .map((r) => ({ id: Number(r.game), name: String(r.game_name ?? r.game) }))
          .filter((g) => Number.isFinite(g.id) && !seen.has(g.id) && (seen.add(g.id), true));
        this.gamesState = 'ready';
      });
    } catch {
      runInAction(() => {
        this.gamesState = 'failed';
      });
    }
  }

  /** A game's events: its own definitions and the global ones (asked once per game unless forced). */
  async loadEvents(game: number, force = false): Promise<EventChoice[]> {
    const known = this.events.get(game);
    if (known && !force) return known;
    const [own, globals] = await Promise.all([
      this.api.list(TRACKING_API.events, { page: 1, limit: 999, filters: [{ op: 'equals', field: 'game', value: game }] }),
      this.api.list(TRACKING_API.globalEvents, { page: 1, limit: 999 }),
    ]);
    const merged = mergeEvents(own.rows, globals.rows);
    runInAction(() => this.events.set(game, merged));
    return merged;
  }

  async loadFunnels(force = false): Promise<void> {
    if (!force && (this.funnelsState === 'ready' || this.funnelsState === 'loading')) return;
    this.funnelsState = 'loading';
    try {
      const page = await this.api.list(TRACKING_API.funnels, { page: 1, limit: 999 });
      runInAction(() => {
        this.funnels = page.rows.map((r) => ({
          id: Number(r.id),
          name: String(r.name ?? ''),
          game: Number(r.game),
          gameName: String(r.game_name ?? ''),
          steps: Array.isArray(r.steps) ? (r.steps as Array<{ event: string }>).map((s) => String(s.event)) : [],
          windowSeconds: Number(r.window_seconds) || 0,
        }));
        this.funnelsState = 'ready';
      });
    } catch {
      runInAction(() => {
        this.funnelsState = 'failed';
      });
    }
  }

  /** A new app key and secret; the old pair stops working at once (the Update button's call). */
  regenerate(app: number): Promise<TrackingCredentials> {
    return this.api.tracking.regenerateSecret(app);
  }

  eventAnalysis(today = this.today()): EventAnalysisStore {
    return new EventAnalysisStore(this.api, this, defaultRange(today));
  }

  funnelAnalysis(today = this.today()): FunnelAnalysisStore {
    return new FunnelAnalysisStore(this.api, defaultRange(today));
  }

  sessionAnalysis(today = this.today()): SessionAnalysisStore {
    return new SessionAnalysisStore(this.api, defaultRange(today));
  }
}

export type ChartKind = 'line' | 'bar';
export type QueryProblem = 'game' | 'events' | 'property' | 'range.missing' | 'range.order' | 'range.tooLong' | 'filter';

/** One row of the table under the event chart: a line of the answer (or of the previous period). */
export interface EventTableRow {
  key: string;
  event: string;
  group: string | null;
  values: number[];
  total: number;
  previousTotal: number | null;
  change: number | null;
}

/** 事件分析: the query the form holds, the answer, its table, export. */
export class EventAnalysisStore {
  game: number | null = null;
  events: string[] = [];
  range: DateRange;
  interval: Interval = 'day';
  measure: Measure = 'total';
  property = '';
  filters: PropertyFilter[] = [];
  breakdown = '';
  compare = false;
  chart: ChartKind = 'line';
  exporting = false;
  private readonly answer = new QueryStore<EventAnalysis>();
  /** The properties seen on the chosen events in the range (the pickers' lists), asked whenever game, events or range change. */
  private readonly seen = new QueryStore<EventPropertyInfo[]>();

  constructor(
    private readonly api: ConsoleApi,
    readonly tracking: TrackingStore,
    range: DateRange,
  ) {
    this.range = range;
    makeAutoObservable<EventAnalysisStore, 'api' | 'answer' | 'seen'>(this, { api: false, tracking: false, answer: false, seen: false }, { autoBind: true });
  }

  get result(): EventAnalysis | null {
    return this.answer.result;
  }

  get state(): LoadState {
    return this.answer.state;
  }

  get error(): string {
    return this.answer.error;
  }

  /** The chosen game's events (own and global), [] until loaded. */
  get eventChoices(): EventChoice[] {
    return this.game === null ? [] : (this.tracking.events.get(this.game) ?? []);
  }

  /** Properties declared on the chosen events' definitions (by name; the first definition's type wins). */
  get declaredProperties(): PropertyDef[] {
    const chosen = this.eventChoices.filter((e) => this.events.includes(e.event));
    const byName = new Map<string, PropertyDef>();
    for (const e of chosen) for (const p of e.properties) if (!byName.has(p.name)) byName.set(p.name, { ...p, declared: true });
    return [...byName.values()];
  }

  /**
   * What the pickers offer: every property seen on the chosen events in the range with its observed type,
   * declared ones first (the server's list); the declared ones alone while it loads or when it failed.
   */
  get properties(): PropertyDef[] {
    const seen = this.seen.result;
    if (seen === null) return this.declaredProperties;
    return seen.map((p) => ({ name: p.name, type: p.type, required: false, declared: p.declared }));
  }

  /** The state of the properties seen in the data (idle without events). */
  get propertiesState(): LoadState {
    return this.seen.state;
  }

  get propertiesError(): string {
    return this.seen.error;
  }

  /** Asks the server which properties the chosen events carry in the range; the choices it no longer lists are dropped. */
  async loadProperties(): Promise<void> {
    const game = this.game;
    const events = [...this.events];
    if (game === null || events.length === 0 || rangeQueryProblem(this.range)) {
      this.seen.clear(true);
      return;
    }
    await this.seen.load(
      () => this.api.tracking.properties({ game, events, start: this.range.start, end: this.range.end }),
      () => this.keepKnownChoices(),
    );
  }

  /** Drops a breakdown, filters and a summed property the current list does not offer. */
  private keepKnownChoices(): void {
    const names = new Set(this.properties.map((p) => p.name));
    if (this.property && !this.numericProperties.some((p) => p.name === this.property)) this.property = '';
    if (this.breakdown && !names.has(this.breakdown)) this.breakdown = '';
    this.filters = this.filters.filter((f) => !f.property || names.has(f.property));
  }

  get numericProperties(): PropertyDef[] {
    return this.properties.filter((p) => p.type === 'number');
  }

  /** What keeps the query from being sent (the first problem), or null. */
  get problem(): QueryProblem | null {
    if (this.game === null) return 'game';
    if (this.events.length === 0) return 'events';
    if ((this.measure === 'sum' || this.measure === 'avg') && !this.property) return 'property';
    const range = rangeQueryProblem(this.range);
    if (range) return range;
    if (this.filters.some((f) => !f.property || f.value === '')) return 'filter';
    return null;
  }

  /** The transport-neutral query of the form (null while it has a problem). */
  get query(): EventAnalysisQuery | null {
    if (this.problem || this.game === null) return null;
    return {
      game: this.game,
      events: [...this.events],
      start: this.range.start,
      end: this.range.end,
      interval: this.interval,
      measure: this.measure,
      ...(this.measure === 'sum' || this.measure === 'avg' ? { property: this.property } : {}),
      ...(this.filters.length > 0 ? { filters: this.filters.map((f) => ({ ...f })) } : {}),
      ...(this.breakdown ? { breakdown: this.breakdown } : {}),
      ...(this.compare ? { compare: true } : {}),
    };
  }

  async setGame(game: number | null): Promise<void> {
    this.game = game;
    this.events = [];
    this.property = '';
    this.filters = [];
    this.breakdown = '';
    this.answer.clear();
    this.seen.clear(true);
    if (game === null) return;
    const range = this.range;
    // The events with the most data in the range (a failure only loses the ordering: the first enabled event is chosen).
    const counts: Promise<EventCountInfo[]> = rangeQueryProblem(range)
      ? Promise.resolve([])
      : Promise.resolve()
          .then(() => this.api.tracking.eventCounts({ game, start: range.start, end: range.end }))
          .catch(() => []);
    try {
      const [events, stored] = await Promise.all([this.tracking.loadEvents(game), counts]);
      // Start with the enabled event that has the most data in the range (else the first enabled one), so the screen shows a trend at once.
      runInAction(() => {
        if (this.game === game && this.events.length === 0) {
          const enabled = new Set(events.filter((e) => e.enabled).map((e) => e.event));
          const busiest = stored.find((c) => c.events > 0 && enabled.has(c.event));
          const first = busiest?.event ?? events.find((e) => e.enabled)?.event;
          if (first) this.events = [first];
        }
      });
      void this.loadProperties();
    } catch (error) {
      this.answer.fail(error);
    }
  }

  setEvents(events: string[]): void {
    this.events = events.slice(0, TRACKING_MAX_SERIES);
    // Until the server answers for the new events: what they declare and what was seen before stays choosable.
    const names = new Set([...this.declaredProperties, ...(this.seen.result ?? [])].map((p) => p.name));
    if (this.property && !this.numericProperties.some((p) => p.name === this.property)) this.property = '';
    if (this.breakdown && !names.has(this.breakdown)) this.breakdown = '';
    this.filters = this.filters.filter((f) => !f.property || names.has(f.property));
    void this.loadProperties();
  }

  setRange(range: DateRange): void {
    this.range = range;
    void this.loadProperties();
  }

  setInterval(interval: Interval): void {
    this.interval = interval;
  }

  setMeasure(measure: Measure): void {
    this.measure = measure;
    if (measure !== 'sum' && measure !== 'avg') this.property = '';
    else if (!this.property) this.property = this.numericProperties[0]?.name ?? '';
  }

  setProperty(property: string): void {
    this.property = property;
  }

  setBreakdown(breakdown: string): void {
    this.breakdown = breakdown;
  }

  setCompare(compare: boolean): void {
    this.compare = compare;
  }

  setChart(chart: ChartKind): void {
    this.chart = chart;
  }

  addFilter(): void {
    const first = this.properties[0];
    this.filters = [...this.filters, { property: first?.name ?? '', op: 'eq', value: '' }];
  }

  updateFilter(index: number, patch: Partial<PropertyFilter>): void {
    this.filters = this.filters.map((f, i) => (i === index ? { ...f, ...patch } : f));
  }

  removeFilter(index: number): void {
    this.filters = this.filters.filter((_, i) => i !== index);
  }

  /** Sends the query; a later answer replaces an earlier one, never the other way round. */
  async load(): Promise<void> {
    const query = this.query;
    if (!query) return;
    return this.answer.load(() => this.api.tracking.events(query));
  }

  /** Nothing happened in the range (every figure 0 or no line). */
  get empty(): boolean {
    return !!this.result && this.result.lines.every((l) => l.values.every((v) => v === 0));
  }

  /** The table: one row per line, with the previous period's total and the change when compared. */
  get table(): EventTableRow[] {
    const result = this.result;
    if (!result) return [];
    const previous = new Map((result.previous?.lines ?? []).map((l) => [l.key, l] as const));
    return result.lines.map((line: EventLine) => {
      const before = result.previous ? (previous.get(line.key)?.total ?? 0) : null;
      return {
        key: line.key,
        event: line.event,
        group: line.group,
        values: line.values,
        total: line.total,
        previousTotal: before,
        change: before === null ? null : changeRatio(line.total, before),
      };
    });
  }

  /** A line's label: the event's display name, and its breakdown group ('其他' for the rest). */
  lineLabel(line: { event: string; group: string | null }, other: string, notSet = other): string {
    const name = this.eventChoices.find((e) => e.event === line.event)?.name ?? line.event;
    if (line.group === null) return name;
    const group = line.group === TRACKING_OTHER_GROUP ? other : line.group === TRACKING_NONE_GROUP ? notSet : line.group;
    return `${name} · ${group}`;
  }

  async exportTable(): Promise<DownloadedFile | null> {
    const query = this.query;
    if (!query) return null;
    this.exporting = true;
    try {
      return await this.api.tracking.exportEvents(query);
    } finally {
      runInAction(() => {
        this.exporting = false;
      });
    }
  }
}

export type FunnelDrillKind = 'converted' | 'dropped';
export type { FunnelPlayer };

/** 漏斗分析: funnel, range, optional breakdown; the answer's steps. */
export class FunnelAnalysisStore {
  funnel: number | null = null;
  range: DateRange;
  breakdown = '';
  private readonly answer = new QueryStore<FunnelAnalysis>();

  constructor(
    private readonly api: ConsoleApi,
    range: DateRange,
  ) {
    this.range = range;
    makeAutoObservable<FunnelAnalysisStore, 'api' | 'answer'>(this, { api: false, answer: false }, { autoBind: true });
  }

  get result(): FunnelAnalysis | null {
    return this.answer.result;
  }

  get state(): LoadState {
    return this.answer.state;
  }

  get error(): string {
    return this.answer.error;
  }

  get problem(): QueryProblem | null {
    if (this.funnel === null) return 'events';
    return rangeQueryProblem(this.range);
  }

  setFunnel(funnel: number | null): void {
    this.funnel = funnel;
    this.answer.clear();
  }

  setRange(range: DateRange): void {
    this.range = range;
  }

  setBreakdown(breakdown: string): void {
    this.breakdown = breakdown.trim();
  }

  /** The query of the answer on screen (a drill-down asks with exactly these filters, whatever the form says since). */
  shown: FunnelAnalysisQuery | null = null;

  async load(): Promise<void> {
    const funnel = this.funnel;
    if (this.problem || funnel === null) return;
    const query: FunnelAnalysisQuery = { funnel, start: this.range.start, end: this.range.end, ...(this.breakdown ? { breakdown: this.breakdown } : {}) };
    return this.answer.load(
      () => this.api.tracking.funnel(query),
      () => {
        this.shown = query;
      },
    );
  }

  /**
   * The players behind step `step` (1-based) of the funnel on screen: converted at it or dropped after
   * it; with a breakdown group (its value, TRACKING_OTHER_GROUP, or null for players without it) only
   * that group's. Null when nothing is on screen.
   */
  drill(step: number, kind: FunnelDrillKind = 'converted', group?: string | null): DrillDownStore<FunnelPlayer, FunnelDrillKind> | null {
    const shown = this.shown;
    if (!shown) return null;
    const api = this.api;
    const groupParam = shown.breakdown && group !== undefined ? { group: group === null ? TRACKING_NONE_GROUP : group } : {};
    const query = (k: FunnelDrillKind) => ({ ...shown, step, kind: k, ...groupParam });
    return new DrillDownStore<FunnelPlayer, FunnelDrillKind>(
      {
        page: async (k, page, limit) => {
          const answer = await api.tracking.funnelPlayers({ ...query(k), page, limit });
          return { total: answer.total, rows: answer.rows };
        },
        exportFile: (k) => api.tracking.exportFunnelPlayers(query(k)),
      },
      kind,
    );
  }

  get empty(): boolean {
    return !!this.result && (this.result.steps[0]?.players ?? 0) === 0;
  }
}

/** 会话分析: range and game (or all); the answer's figures. */
export class SessionAnalysisStore {
  game: number | null = null;
  range: DateRange;
  private readonly answer = new QueryStore<SessionAnalysis>();

  constructor(
    private readonly api: ConsoleApi,
    range: DateRange,
  ) {
    this.range = range;
    makeAutoObservable<SessionAnalysisStore, 'api' | 'answer'>(this, { api: false, answer: false }, { autoBind: true });
  }

  get result(): SessionAnalysis | null {
    return this.answer.result;
  }

  get state(): LoadState {
    return this.answer.state;
  }

  get error(): string {
    return this.answer.error;
  }

  get problem(): QueryProblem | null {
    return rangeQueryProblem(this.range);
  }

  setGame(game: number | null): void {
    this.game = game;
  }

  setRange(range: DateRange): void {
    this.range = range;
  }

  /** Loads the figures; `fresh` has the server recompute the days whose events moved first (刷新). */
  async load(fresh = false): Promise<void> {
    if (this.problem) return;
    return this.answer.load(() => this.api.tracking.sessions({ start: this.range.start, end: this.range.end, ...(this.game !== null ? { game: this.game } : {}), ...(fresh ? { fresh: true } : {}) }));
  }

  get empty(): boolean {
    return !!this.result && this.result.sessions === 0;
  }

  /** When the figures shown were computed, if events arrived since (they are being recomputed on the server). */
  get computedAt(): string | null {
    return this.result?.computed_at ?? null;
  }

  refresh(): Promise<void> {
    return this.load(true);
  }
}
