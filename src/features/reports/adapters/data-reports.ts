/**
 * The data reports' port (data_reports/game_stats and user_stats): the transport-neutral query, the
 * answer as contracts/schemas/reports defines it (parsed by its schema: a drifted wire shape is a clear
 * "malformed" error), and the one place a query becomes ordered name/value pairs. Reads travel like
 * the revenue reports (REST GET; GraphQL resourceList with `equals` arguments), the xlsx over REST in
 * both adapters. This module loads with the first data report call (not in the login page's chunk).
 */
import { statsResult, type StatsResult } from '../../../../contracts/schemas/reports';
import { dayPlayersPage, type DayPlayerMetric, type DayPlayerRow } from '../../../../contracts/schemas/reports/day-players';
import { readParsed, type DownloadedFile, type PortTransport, type ReportParams, type StreamedFile } from '../../../adapters/port';

export type { StatsResult, StatsRow, StatsSummary } from '../../../../contracts/schemas/reports';
export type { DayPlayerMetric, DayPlayerRow } from '../../../../contracts/schemas/reports/day-players';

/** The players behind a day's figure of 游戏统计: new, active or paying that day, one game or every game. */
export interface DayPlayersQuery {
  day: string;
  metric: DayPlayerMetric;
  game?: number;
  page?: number;
  limit?: number;
}

export const DAY_PLAYERS_PATH = '/api/data_reports/game_stats/players/';

export function dayPlayersParams(q: DayPlayersQuery, paged: boolean): ReportParams {
  const out: ReportParams = [['day', q.day], ['metric', q.metric]];
  if (q.game !== undefined) out.push(['game', String(q.game)]);
  if (paged) out.push(['page', String(q.page ?? 1)], ['limit', String(q.limit ?? 20)]);
  return out;
}

/** data_reports/game_stats (one game, or absent = every game) and data_reports/user_stats (platform accounts). */
export interface StatsQuery {
  start: string;
  end: string;
  game?: number;
}
export type StatsReport = 'game_stats' | 'user_stats';

export const STATS_PATH: Record<StatsReport, string> = { game_stats: '/api/data_reports/game_stats/', user_stats: '/api/data_reports/user_stats/' };
export const statsExportPath = (report: StatsReport) => `${STATS_PATH[report]}export/`;

/** Game first when given (game_stats only), then the range. */
export function statsParams(report: StatsReport, q: StatsQuery): ReportParams {
  const out: ReportParams = [];
  if (report === 'game_stats' && q.game !== undefined) out.push(['game', String(q.game)]);
  out.push(['start', q.start], ['end', q.end]);
  return out;
}

/** The data report calls: the day table, and its xlsx (over REST in both adapters, like the other exports). */
export interface ReportsPort {
  stats(report: StatsReport, query: StatsQuery): Promise<StatsResult>;
  exportStats(report: StatsReport, query: StatsQuery): Promise<StreamedFile>;
  /** GET game_stats/players/: one page of the players behind a day's figure (total = the figure). */
  dayPlayers(query: DayPlayersQuery): Promise<{ total: number; rows: DayPlayerRow[] }>;
  /** GET game_stats/players/export_data/: all of them as xlsx (over REST in both adapters). */
  exportDayPlayers(query: DayPlayersQuery): Promise<DownloadedFile>;
}

/** The data reports port over an adapter's transport. */
export function createReportsPort(transport: PortTransport): ReportsPort {
  return {
    stats: (report, query) => readParsed(transport, STATS_PATH[report], statsParams(report, query), statsResult),
    exportStats: (report, query) => transport.streamFrom(statsExportPath(report), statsParams(report, query)),
    async dayPlayers(query) {
      const page = await readParsed(transport, DAY_PLAYERS_PATH, dayPlayersParams(query, true), dayPlayersPage);
      return { total: page.total, rows: page.data };
    },
    exportDayPlayers: (query) => transport.downloadFrom(`${DAY_PLAYERS_PATH}export_data/`, dayPlayersParams(query, false)),
  };
}
