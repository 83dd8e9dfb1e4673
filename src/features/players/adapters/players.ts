/**
 * Players (issue 16 part B, center_users/* and data_reports/*): the transport-neutral queries the
 * stores build, the answers as contracts/schemas/players defines them (each parsed by its schema: a
 * drift of the wire shape is a clear "malformed" error), and the one place a query becomes ordered
 * name/value pairs. Both adapters send the pairs the way they send the revenue reports (REST: the
 * query string; GraphQL: the gateway's typed resourceList with equals arguments, the same query
 * upstream). Loaded with the first players call (not in the login page's chunk).
 */
import { retentionResult, type RetentionResult } from '../../../../contracts/schemas/players';
import type { ReportParams } from '../../tracking/adapters/tracking';
// issue 16 data reports
import { statsResult, type StatsResult } from '../../../../contracts/schemas/reports';
import type { StreamedFile } from '../../income/adapters/income';

export type { RetentionCohort, RetentionResult } from '../../../../contracts/schemas/players';

/** Cohort days start..end (YYYY-MM-DD, both included), one game or (absent) every game, one channel or all. */
export interface RetentionQuery {
  start: string;
  end: string;
  game?: number;
  channel?: string;
}

export const RETENTION_PATH = '/api/center_users/retention/';

export function retentionParams(q: RetentionQuery): ReportParams {
  const out: ReportParams = [];
  if (q.game !== undefined) out.push(['game', String(q.game)]);
  out.push(['start', q.start], ['end', q.end]);
  if (q.channel !== undefined) out.push(['channel', q.channel]);
  return out;
}

export const PLAYERS_PARSERS = {
  retention: (data: unknown): RetentionResult | null => retentionResult.safeParse(data).data ?? null,
};

/** The calls of the players screens beyond the generic resources. */
export interface PlayersApi extends DataReportsApi {
  playersRetention(query: RetentionQuery): Promise<RetentionResult>;
}

// issue 16 data reports
export type { StatsResult, StatsRow, StatsSummary } from '../../../../contracts/schemas/reports';

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

export const parseStats = (data: unknown): StatsResult | null => statsResult.safeParse(data).data ?? null;

/** The data report calls: the day table, and its xlsx (over REST in both adapters, like the other exports). */
export interface DataReportsApi {
  dataReport(report: StatsReport, query: StatsQuery): Promise<StatsResult>;
  exportDataReport(report: StatsReport, query: StatsQuery): Promise<StreamedFile>;
}
