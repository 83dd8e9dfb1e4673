import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleApi, DayPlayerMetric, DayPlayerRow, StatsReport, StatsResult, StatsRow, StatsSummary, StreamedFile } from '../../../adapters/api';
import { DrillDownStore } from '../../../stores/analytics/drill-down';
import { DATA_REPORTS_DEFAULT_DAYS } from '../../../config';
import { lastDays } from '../../../stores/analytics/range';
import { ReportStore } from '../../../stores/analytics/report-store';

export type { DayPlayerMetric, DayPlayerRow, StatsReport, StatsRow, StatsSummary };

/** root.reports(): makes the data reports' stores (data_reports/*; loaded with those screens, not the login page). */
export class ReportsStore {
  constructor(
    private readonly api: ConsoleApi,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** 游戏统计 (game_stats: every game until one is picked) or 用户统计 (user_stats): the last 30 days by default. */
  dataReport(report: StatsReport, save: (file: StreamedFile) => void): DataReportStore {
    return new DataReportStore(this.api, report, save, this.today());
  }
}

/** The columns of the data reports' day table (and their sort keys). */
export const STATS_COLUMNS = ['day', 'new_players', 'active_players', 'paying_players', 'revenue', 'arpu', 'd1', 'd7'] as const;
export type StatsColumn = (typeof STATS_COLUMNS)[number];
export interface StatsOptions {
  sort: StatsColumn;
  desc: boolean;
}

/** Nothing at all in the range: no player active, no new player, no money. */
export const statsEmpty = (r: StatsResult): boolean => r.total.active_players === 0 && r.total.new_players === 0 && r.total.gross === 0 && r.total.refunds === 0;

/**
 * The day rows in the table's order: by the column, ties by day (newest first when descending). An
 * unknown rate (null: day N not begun) sorts below every known one in both directions.
 */
export function sortStatsRows(rows: readonly StatsRow[], sort: StatsColumn, desc: boolean): StatsRow[] {
  const dir = desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (sort !== 'day') {
      const x = a[sort];
      const y = b[sort];
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) return (x - y) * dir;
    }
    return a.day < b.day ? -dir : a.day > b.day ? dir : 0;
  });
}

/** One data report screen: the report (game, range, sort) and its xlsx export. */
export class DataReportStore {
  readonly report: ReportStore<StatsResult, StatsOptions>;
  exporting = false;

  constructor(
    private readonly api: ConsoleApi,
    readonly kind: StatsReport,
    private readonly save: (file: StreamedFile) => void,
    today: Date,
  ) {
    this.report = new ReportStore<StatsResult, StatsOptions>(
      ({ range, game }) => this.api.reports.stats(kind, { ...range, ...(kind === 'game_stats' && game !== null ? { game } : {}) }),
      lastDays(today, DATA_REPORTS_DEFAULT_DAYS),
      { sort: 'day', desc: true },
    );
    makeAutoObservable<DataReportStore, 'api' | 'save'>(this, { api: false, save: false, report: false, kind: false }, { autoBind: true });
  }

  /** The rows as the table shows them. */
  get rows(): StatsRow[] {
    const r = this.report.state === 'ready' ? this.report.result : null;
    return r ? sortStatsRows(r.days, this.report.options.sort, this.report.options.desc) : [];
  }

  /** A click on a column header: that column descending first (the day: newest first), again = the other way. */
  sortBy(column: StatsColumn): void {
    const o = this.report.options;
    this.report.setOption('desc', o.sort === column ? !o.desc : true);
    this.report.setOption('sort', column);
  }

  /**
   * 游戏统计's drill-down: the players behind a day's new / active / paying figure, with the game of
   * the answer on screen (game_stats only: its players are (game, player) pairs).
   */
  dayPlayers(day: string, metric: DayPlayerMetric): DrillDownStore<DayPlayerRow, DayPlayerMetric> | null {
    const result = this.report.state === 'ready' ? this.report.result : null;
    if (!result || this.kind !== 'game_stats') return null;
    const api = this.api;
    const game = result.game !== null ? { game: result.game } : {};
    return new DrillDownStore<DayPlayerRow, DayPlayerMetric>(
      {
        page: (m, page, limit) => api.reports.dayPlayers({ day, metric: m, ...game, page, limit }),
        exportFile: (m) => api.reports.exportDayPlayers({ day, metric: m, ...game }),
      },
      metric,
    );
  }

  /** The shown game and range as xlsx (the adapter toasts a refusal). */
  async export(): Promise<void> {
    if (this.exporting || this.report.problem) return;
    this.exporting = true;
    const { range, game } = this.report;
    try {
      this.save(await this.api.reports.exportStats(this.kind, { ...range, ...(this.kind === 'game_stats' && game !== null ? { game } : {}) }));
    } catch {
      // The adapter toasted the refusal.
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }
}
