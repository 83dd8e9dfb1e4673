/**
 * The players' port (center_users/retention): the transport-neutral query the store builds, the
 * answer as contracts/schemas/players defines it (parsed by its schema: a drift of the wire shape is a
 * clear "malformed" error), and the one place a query becomes ordered name/value pairs. Both adapters
 * send the pairs the way they send the revenue reports (REST: the query string; GraphQL: the gateway's
 * typed resourceList with equals arguments, the same query upstream). Loaded with the first players
 * call (not in the login page's chunk).
 */
import { retentionResult, type RetentionResult } from '../../../../contracts/schemas/players';
import { readParsed, type PortTransport, type ReportParams } from '../../../adapters/port';

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

/** The calls of the players screens beyond the generic resources. */
export interface PlayersPort {
  retention(query: RetentionQuery): Promise<RetentionResult>;
}

/** The players port over an adapter's transport. */
export function createPlayersPort(transport: PortTransport): PlayersPort {
  return {
    retention: (query) => readParsed(transport, RETENTION_PATH, retentionParams(query), retentionResult),
  };
}
