import type { ConsoleApi, RetentionPlayerRow, RetentionResult } from '../../../adapters/api';
import { DrillDownStore } from '../../../stores/analytics/drill-down';

export type { RetentionPlayerRow };
import { PLAYERS_RETENTION_DEFAULT_DAYS } from '../../../config';
import { lastDays } from '../../../stores/analytics/range';
import { ReportStore } from '../../../stores/analytics/report-store';

/** The players screens' state (center_users/*): the retention report is a ReportStore like the revenue screens'. */

/** The players lists (generic resources in both adapters). */
export const PLAYERS_API = { devices: '/api/center_users/devices/' } as const;

/** The retention days the matrix shows, as the answer's keys. */
export const RETENTION_KEYS = ['1', '3', '7', '14', '30'] as const;
export type RetentionKey = (typeof RETENTION_KEYS)[number];

export interface RetentionOptions {
  /** null = every channel; '' = players without a known channel. */
  channel: string | null;
}
export type RetentionStore = ReportStore<RetentionResult, RetentionOptions>;

/** No new player in the whole range. */
export const retentionEmpty = (r: RetentionResult): boolean => r.total.players === 0;

/**
 * The heat level (0..5) of a retention rate for the matrix's cell shading: 0 = no value, then by the
 * rate (≥ 60 %, 40 %, 20 %, 10 %, > 0 … as 5..1; exactly 0 is level 1 too, a value seen).
 */
export function heatLevel(rate: number | null): number {
  if (rate === null) return 0;
  if (rate >= 0.6) return 5;
  if (rate >= 0.4) return 4;
  if (rate >= 0.2) return 3;
  if (rate >= 0.1) return 2;
  return 1;
}

/** The curve's points as percentages (null while unknown), day 1..30. */
export const curvePercents = (r: RetentionResult): Array<number | null> => r.curve.map((p) => (p.retention === null ? null : Math.round(p.retention * 10_000) / 100));

/** root.players(): makes the players screens' stores (loaded with those screens, not the login page). */
export class PlayersStore {
  constructor(
    private readonly api: ConsoleApi,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /**
   * The players behind a cell of the matrix on screen: cohort `day` retained on day `n` (0: the whole
   * cohort), with the game and channel the answer was asked with (the answer names them).
   */
  retentionDrill(result: RetentionResult, day: string, n: number): DrillDownStore<RetentionPlayerRow, 'retained'> {
    const api = this.api;
    const query = { day, n, ...(result.game !== null ? { game: result.game } : {}), ...(result.channel !== null ? { channel: result.channel } : {}) };
    return new DrillDownStore<RetentionPlayerRow, 'retained'>(
      {
        page: (_kind, page, limit) => api.players.retentionPlayers({ ...query, page, limit }),
        exportFile: () => api.players.exportRetentionPlayers(query),
      },
      'retained',
    );
  }

  /** 留存分析: cohorts of the last 30 days (default), every game, every channel. */
  retention(): RetentionStore {
    return new ReportStore<RetentionResult, RetentionOptions>(
      ({ range, game, options }) => this.api.players.retention({ ...range, ...(game !== null ? { game } : {}), ...(options.channel !== null ? { channel: options.channel } : {}) }),
      lastDays(this.today(), PLAYERS_RETENTION_DEFAULT_DAYS),
      { channel: null },
    );
  }
}
