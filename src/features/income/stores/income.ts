import { makeAutoObservable, runInAction } from 'mobx';
import type {
  ConsoleApi,
  DayOrderKind,
  DistributionBy,
  DistributionResult,
  HistoryCompare,
  HistoryResult,
  ListQuery,
  OrderFilters,
  OverviewResult,
  RankBy,
  OrderRow,
  RankResult,
  RevenueFigures,
  StreamedFile,
} from '../../../adapters/api';
import { DrillDownStore } from '../../../stores/analytics/drill-down';
import { INCOME_DEFAULT_RANGE_DAYS, INCOME_OVERVIEW_PERIODS, INCOME_RANK_LIMITS } from '../../../config';
import { changeRatio, lastDays, type DateRange } from '../../../stores/analytics/range';
import { ReportStore } from '../../../stores/analytics/report-store';
import { failureMessage } from '../../../stores/errors';

/**
 * The revenue screens' state (center_income/*): one ReportStore per screen (game, range, the newest
 * answer only) and the streamed orders export. Figures stay integer minor units (formatMoney in
 * stores/format/money draws them); nothing here sums money in floats.
 */

export const INCOME_API = { orders: '/api/center_income/details/' } as const;

const gameOf = (game: number | null): { game?: number } => (game !== null ? { game } : {});

/** Whether figures hold nothing at all (no paid and no refunded order). */
export const noOrders = (f: RevenueFigures): boolean => f.orders === 0 && f.refund_orders === 0;

export interface OverviewData {
  /** One per INCOME_OVERVIEW_PERIODS entry (today, 7, 30 days). */
  periods: Array<{ days: number; range: DateRange; figures: OverviewResult }>;
  /** Daily figures of the longest period (the trend charts). */
  trend: HistoryResult;
}
export type OverviewStore = ReportStore<OverviewData, Record<string, never>>;

export const overviewEmpty = (data: OverviewData): boolean => data.periods.every((p) => noOrders(p.figures)) && data.trend.days.every(noOrders);

/** One row of the history table: the day, its figures, the compared day's and the change of revenue. */
export interface HistoryRow {
  day: string;
  figures: RevenueFigures;
  compareDay: string | null;
  compare: RevenueFigures | null;
  change: number | null;
}
export interface HistoryOptions {
  compare: HistoryCompare | null;
}
export type HistoryStore = ReportStore<HistoryResult, HistoryOptions>;

/** Change of revenue against a compared figure; null unless that figure is positive (a ratio to zero or a loss means nothing). */
export const revenueChange = (current: number, compared: number): number | null => (compared > 0 ? changeRatio(current, compared) : null);

/** Day by day with the compared day at the same position, and the change of revenue. */
export function historyRows(result: HistoryResult): HistoryRow[] {
  return result.days.map((d, i) => {
    const other = result.compare?.days[i] ?? null;
    const { day, ...figures } = d;
    if (!other) return { day, figures, compareDay: null, compare: null, change: null };
    const { day: compareDay, ...compare } = other;
    return { day, figures, compareDay, compare, change: revenueChange(figures.revenue, compare.revenue) };
  });
}

/** The table's rows: newest day first (the chart keeps the days in time order, left to right). */
export const historyTableRows = (result: HistoryResult): HistoryRow[] => historyRows(result).reverse();

export const historyTotalChange = (result: HistoryResult): number | null => (result.compare ? revenueChange(result.totals.revenue, result.compare.totals.revenue) : null);
export const historyEmpty = (result: HistoryResult): boolean => result.days.every(noOrders) && (!result.compare || result.compare.days.every(noOrders));

export type DistributionChart = 'pie' | 'bar';
export interface DistributionOptions {
  by: DistributionBy;
  chart: DistributionChart;
}
export type DistributionStore = ReportStore<DistributionResult, DistributionOptions>;
export const distributionEmpty = (result: DistributionResult): boolean => result.rows.length === 0 || noOrders(result.total);

export interface RankOptions {
  by: RankBy;
  limit: number;
}
export type RankStore = ReportStore<RankResult, RankOptions>;

const FILTER_KEYS = new Set<keyof OrderFilters>(['game', 'status', 'currency', 'channel', 'method', 'region', 'order_id', 'distinct_id', 'search', 'start', 'end']);

/** The orders list's current conditions as the export's filters (equals conditions; the list's ordering). */
export function orderFiltersOf(query: ListQuery): OrderFilters {
  const out: Record<string, string | number> = {};
  for (const filter of query.filters ?? []) {
    if (filter.op !== 'equals' || !FILTER_KEYS.has(filter.field as keyof OrderFilters)) continue;
    if (typeof filter.value === 'string' || typeof filter.value === 'number') out[filter.field] = filter.value;
  }
  if (query.search) out.search = query.search;
  if (query.ordering) out.ordering = `${query.ordering.direction === 'desc' ? '-' : ''}${query.ordering.field}`;
  return out as OrderFilters;
}

export type ExportState = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** The streamed orders export: bytes received, the rows the server announced, cancel. */
export class OrderExportStore {
  state: ExportState = 'idle';
  bytes = 0;
  rows: number | null = null;
  fileName = '';
  error = '';
  private controller: AbortController | null = null;

  constructor(
    private readonly api: ConsoleApi,
    private readonly save: (file: StreamedFile) => void,
  ) {
    makeAutoObservable<OrderExportStore, 'api' | 'save' | 'controller'>(this, { api: false, save: false, controller: false }, { autoBind: true });
  }

  get running(): boolean {
    return this.state === 'running';
  }

  async start(filters: OrderFilters): Promise<void> {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.state = 'running';
    this.bytes = 0;
    this.rows = null;
    this.error = '';
    this.fileName = '';
    try {
      const file = await this.api.income.exportOrders(filters, {
        signal: controller.signal,
        onProgress: (p) =>
          runInAction(() => {
            this.bytes = p.bytes;
            this.rows = p.rows;
          }),
      });
      if (controller.signal.aborted) throw new DOMException('cancelled', 'AbortError');
      this.save(file);
      runInAction(() => {
        this.fileName = file.name;
        this.rows = file.rows;
        this.state = 'done';
      });
    } catch (error) {
      runInAction(() => {
        if (controller.signal.aborted) this.state = 'cancelled';
        else {
          this.state = 'failed';
          this.error = failureMessage(error);
        }
      });
    } finally {
      this.controller = null;
    }
  }

  cancel(): void {
    this.controller?.abort();
  }

  reset(): void {
    if (!this.running) this.state = 'idle';
  }
}

/** root.income(): makes the revenue screens' stores (its code loads with those screens, not the login page). */
/** What a day's orders answer says beside the rows: their CNY sum and the day's figures. */
export interface DayOrdersMeta {
  sum: number;
  figures: RevenueFigures;
}

export type { DayOrderKind, OrderRow };

export class IncomeStore {
  constructor(
    private readonly api: ConsoleApi,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** 收入概览: KPIs of today, the last 7 and 30 days, and the 30-day trend (one history call). */
  overview(): OverviewStore {
    const longest = Math.max(...INCOME_OVERVIEW_PERIODS);
    return new ReportStore<OverviewData, Record<string, never>>(
      async ({ game }) => {
        const now = this.today();
        const ranges = INCOME_OVERVIEW_PERIODS.map((days) => ({ days, range: lastDays(now, days) }));
        const [trend, ...figures] = await Promise.all([
          this.api.income.history({ ...lastDays(now, longest), ...gameOf(game) }),
          ...ranges.map(({ range }) => this.api.income.overview({ ...range, ...gameOf(game) })),
        ]);
        return { periods: ranges.map((r, i) => ({ ...r, figures: figures[i]! })), trend };
      },
      lastDays(this.today(), longest),
      {},
    );
  }

  /** 历史收入: daily revenue with the previous period (default) or the same days last month. */
  history(): HistoryStore {
    return new ReportStore<HistoryResult, HistoryOptions>(
      ({ range, game, options }) => this.api.income.history({ ...range, ...gameOf(game), ...(options.compare ? { compare: options.compare } : {}) }),
      lastDays(this.today(), INCOME_DEFAULT_RANGE_DAYS),
      { compare: 'previous' },
    );
  }

  /**
   * The orders behind a day of the history on screen (its game filter): paid that day (count = the
   * day's orders, sum = its gross) or refunded that day (refund_orders, refunds); meta = the sum and the day's figures.
   */
  dayOrders(result: HistoryResult, day: string, kind: DayOrderKind = 'paid'): DrillDownStore<OrderRow, DayOrderKind, DayOrdersMeta> {
    const api = this.api;
    const query = { day, ...(result.game !== null ? { game: result.game } : {}) };
    return new DrillDownStore<OrderRow, DayOrderKind, DayOrdersMeta>(
      {
        page: async (k, page, limit) => {
          const answer = await api.income.dayOrders({ ...query, kind: k, page, limit });
          return { total: answer.total, rows: answer.data, meta: { sum: answer.sum, figures: answer.figures } };
        },
        exportFile: (k) => api.income.exportDayOrders({ ...query, kind: k }),
      },
      kind,
    );
  }

  /** 收入分布: by game (default), channel, region or payment method. */
  distribution(): DistributionStore {
    return new ReportStore<DistributionResult, DistributionOptions>(
      ({ range, game, options }) => this.api.income.distribution({ ...range, ...gameOf(game), by: options.by }),
      lastDays(this.today(), INCOME_DEFAULT_RANGE_DAYS),
      { by: 'game', chart: 'pie' },
    );
  }

  /** 收入排行: top games (default), channels or players. */
  rank(): RankStore {
    return new ReportStore<RankResult, RankOptions>(
      ({ range, game, options }) => this.api.income.rank({ ...range, ...gameOf(game), by: options.by, limit: options.limit }),
      lastDays(this.today(), INCOME_DEFAULT_RANGE_DAYS),
      { by: 'game', limit: INCOME_RANK_LIMITS[0] },
    );
  }

  orderExport(save: (file: StreamedFile) => void): OrderExportStore {
    return new OrderExportStore(this.api, save);
  }
}
