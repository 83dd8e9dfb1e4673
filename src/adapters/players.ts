/**
 * Players (issue 16 part B, center_users/* and data_reports/*): the transport-neutral queries the
 * stores build, the answers as contracts/schemas/players defines them (each parsed by its schema: a
 * drift of the wire shape is a clear "malformed" error), and the one place a query becomes ordered
 * name/value pairs. Both adapters send the pairs the way they send the revenue reports (REST: the
 * query string; GraphQL: the gateway's typed resourceList with equals arguments, the same query
 * upstream). Loaded with the first players call (not in the login page's chunk).
 */
import { retentionResult, type RetentionResult } from '../../contracts/schemas/players';
import type { ReportParams } from './tracking';

export type { RetentionCohort, RetentionResult } from '../../contracts/schemas/players';

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
export interface PlayersApi {
  playersRetention(query: RetentionQuery): Promise<RetentionResult>;
}
