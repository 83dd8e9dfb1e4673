/**
 * The players' port (center_users/retention): the transport-neutral query the store builds, the
 * answer as contracts/schemas/players defines it (parsed by its schema: a drift of the wire shape is a
 * clear "malformed" error), and the one place a query becomes ordered name/value pairs. Both adapters
 * send the pairs the way they send the revenue reports (REST: the query string; GraphQL: the gateway's
 * typed resourceList with equals arguments, the same query upstream). Loaded with the first players
 * call (not in the login page's chunk).
 */
import { retentionPlayersPage, retentionResult, type RetentionPlayerRow, type RetentionResult } from '../../../../contracts/schemas/players';
import { readParsed, type DownloadedFile, type PortTransport, type ReportParams } from '../../../adapters/port';

export type { RetentionCohort, RetentionPlayerRow, RetentionResult } from '../../../../contracts/schemas/players';

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

/** The players behind a retention cell: cohort `day` retained on day `n` (0: the whole cohort), the matrix's game and channel. */
export interface RetentionPlayersQuery {
  day: string;
  n: number;
  game?: number;
  channel?: string;
  page?: number;
  limit?: number;
}

export const RETENTION_PLAYERS_PATH = '/api/center_users/retention/players/';

export function retentionPlayersParams(q: RetentionPlayersQuery, paged: boolean): ReportParams {
  const out: ReportParams = [['day', q.day], ['n', String(q.n)]];
  if (q.game !== undefined) out.push(['game', String(q.game)]);
  if (q.channel !== undefined) out.push(['channel', q.channel]);
  if (paged) out.push(['page', String(q.page ?? 1)], ['limit', String(q.limit ?? 20)]);
  return out;
}

/** The calls of the players screens beyond the generic resources. */
export interface PlayersPort {
  retention(query: RetentionQuery): Promise<RetentionResult>;
  /** GET center_users/retention/players/: one page of a cell's players (total = the cell's retained count). */
  retentionPlayers(query: RetentionPlayersQuery): Promise<{ total: number; rows: RetentionPlayerRow[] }>;
  /** GET …/retention/players/export_data/: all of them as xlsx (over REST in both adapters). */
  exportRetentionPlayers(query: RetentionPlayersQuery): Promise<DownloadedFile>;
}

/** The players port over an adapter's transport. */
export function createPlayersPort(transport: PortTransport): PlayersPort {
  return {
    retention: (query) => readParsed(transport, RETENTION_PATH, retentionParams(query), retentionResult),
    async retentionPlayers(query) {
      const page = await readParsed(transport, RETENTION_PLAYERS_PATH, retentionPlayersParams(query, true), retentionPlayersPage);
      return { total: page.total, rows: page.data };
    },
    exportRetentionPlayers: (query) => transport.downloadFrom(`${RETENTION_PLAYERS_PATH}export_data/`, retentionPlayersParams(query, false)),
  };
}
