import { makeAutoObservable, runInAction } from 'mobx';
import type { AttributionResult, AttributionRow, CampaignPerformance, ConsoleApi, DownloadedFile, PerformanceResult, SpendResult } from '../../../adapters/api';
import { DrillDownStore } from '../../../stores/analytics/drill-down';
import { AD_ATTRIBUTION_PAGE_SIZE, AD_DEFAULT_RANGE_DAYS } from '../../../config';
import { QueryStore } from '../../../stores/analytics/query-store';
import { lastDays, rangeQueryProblem, type DateRange } from '../../../stores/analytics/range';
import { ReportStore } from '../../../stores/analytics/report-store';
import { failureMessage } from '../../../stores/errors';
import type { LoadState } from '../../../stores/menu';

/**
 * The advertising screens' state (advertisement/*): the campaign figures over a range (a
 * revenue report store: game, range, window), the attribution list (range, filters, page) and one
 * campaign's daily spend (entered or imported). Money stays integer fen; a yuan text typed by staff
 * becomes fen by `yuanToFen` (string arithmetic, never a float).
 */

/** "1,234.5" → 123450 (fen); null unless a non-negative amount with at most two decimals. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 123450 → "1234.50" (an editable yuan text, no grouping). */
export function fenToYuan(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface PerformanceOptions {
  /** Attribution window in days (the server's default when absent). */
  window: number | null;
}
export type PerformanceStore = ReportStore<PerformanceResult, PerformanceOptions>;

export interface AttributionFilters {
  game: number | null;
  campaign: number | null;
  channel: string;
  match: 'last_click' | 'organic' | null;
  device: string;
  window: number | null;
}

/** 归因明细: range and filters, one page at a time, the newest answer only (generation guard). */
export class AttributionStore {
  range: DateRange;
  filters: AttributionFilters = { game: null, campaign: null, channel: '', match: null, device: '', window: null };
  page = 1;
  readonly limit = AD_ATTRIBUTION_PAGE_SIZE;
  private readonly answer = new QueryStore<AttributionResult>();

  constructor(
    private readonly api: ConsoleApi,
    range: DateRange,
  ) {
    this.range = range;
    makeAutoObservable<AttributionStore, 'api' | 'answer'>(this, { api: false, answer: false }, { autoBind: true });
  }

  get result(): AttributionResult | null {
    return this.answer.result;
  }

  get state(): LoadState {
    return this.answer.state;
  }

  get error(): string {
    return this.answer.error;
  }

  get problem(): string | null {
    return rangeQueryProblem(this.range);
  }

  get pages(): number {
    return this.result ? Math.max(1, Math.ceil(this.result.total / this.limit)) : 1;
  }

  setRange(range: DateRange): void {
    this.range = range;
  }

  setFilter<K extends keyof AttributionFilters>(key: K, value: AttributionFilters[K]): void {
    this.filters = { ...this.filters, [key]: value };
  }

  /** From the first page again (a new range or filter). */
  search(): Promise<void> {
    this.page = 1;
    return this.load();
  }

  setPage(page: number): Promise<void> {
    this.page = Math.max(1, page);
    return this.load();
  }

  async load(): Promise<void> {
    if (this.problem) return;
    const f = this.filters;
    return this.answer.load(() =>
      this.api.advertising.attribution({
        start: this.range.start,
        end: this.range.end,
        ...(f.game !== null ? { game: f.game } : {}),
        ...(f.campaign !== null ? { campaign: f.campaign } : {}),
        ...(f.channel.trim() ? { channel: f.channel.trim() } : {}),
        ...(f.match ? { match: f.match } : {}),
        ...(f.device.trim() ? { device: f.device.trim() } : {}),
        ...(f.window !== null ? { window: f.window } : {}),
        page: this.page,
        limit: this.limit,
      }),
    );
  }
}

/** One campaign's daily spend: the days entered, a day entered or changed, a sheet imported. */
export class SpendStore {
  result: SpendResult | null = null;
  state: LoadState = 'idle';
  error = '';
  saving = false;

  constructor(
    private readonly api: ConsoleApi,
    readonly campaign: number,
  ) {
    makeAutoObservable<SpendStore, 'api'>(this, { api: false, campaign: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    this.error = '';
    try {
      const result = await this.api.advertising.spend(this.campaign);
      runInAction(() => {
        this.result = result;
        this.state = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.state = 'failed';
        this.error = failureMessage(error);
      });
    }
  }

  /** Saves one day (fen); true when saved (a refusal is toasted by the adapter). */
  async saveDay(day: string, amount: number): Promise<boolean> {
    return this.write(() => this.api.advertising.setSpend(this.campaign, [{ day, amount }]));
  }

  async importSheet(file: Blob, name: string): Promise<boolean> {
    return this.write(() => this.api.advertising.importSpend(this.campaign, file, name));
  }

  /** The import template (日期, 花费（元）); null when refused (toasted by the adapter). */
  async template(): Promise<DownloadedFile | null> {
    try {
      return await this.api.downloadFile('/api/advertisement/campaign/', 'spend_template/');
    } catch {
      return null;
    }
  }

  private async write(fn: () => Promise<SpendResult>): Promise<boolean> {
    this.saving = true;
    try {
      const result = await fn();
      runInAction(() => {
        this.result = result;
        this.state = 'ready';
      });
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}

/** root.advertising(): makes the advertising screens' stores (its code loads with those screens). */
export class AdvertisingStore {
  constructor(
    private readonly api: ConsoleApi,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** 广告计划's figures: the last 30 days of every game by default. */
  performance(): PerformanceStore {
    return new ReportStore<PerformanceResult, PerformanceOptions>(
      ({ range, game, options }) => this.api.advertising.performance({ ...range, ...(game !== null ? { game } : {}), ...(options.window !== null ? { window: options.window } : {}) }),
      lastDays(this.today(), AD_DEFAULT_RANGE_DAYS),
      { window: null },
    );
  }

  /**
   * The installs behind a campaign's installs figure on screen: the answer's own range, game and window
   * (not the form's, which may have changed since), so the list's total is that figure.
   */
  campaignInstalls(result: PerformanceResult, campaign: CampaignPerformance): DrillDownStore<AttributionRow, 'installs'> {
    const api = this.api;
    const query = { campaign: campaign.campaign, start: result.start, end: result.end, window: result.window_days, ...(result.game !== null ? { game: result.game } : {}) };
    return new DrillDownStore<AttributionRow, 'installs'>(
      {
        page: async (_k, page, limit) => {
          const answer = await api.advertising.campaignInstalls({ ...query, page, limit });
          return { total: answer.total, rows: answer.data };
        },
        exportFile: () => api.advertising.exportCampaignInstalls(query),
      },
      'installs',
    );
  }

  attribution(): AttributionStore {
    return new AttributionStore(this.api, lastDays(this.today(), AD_DEFAULT_RANGE_DAYS));
  }

  spend(campaign: number): SpendStore {
    return new SpendStore(this.api, campaign);
  }
}
