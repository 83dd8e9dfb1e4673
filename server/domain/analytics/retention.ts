import { RETENTION_CURVE_DAYS } from '../../../contracts/schemas';
import type { Db } from '../../db/db';
import { checkRange } from './day-range';
import { readReport } from './report-read';

/**
 * Cohort retention counts (definitions: contracts/schemas/players/index.ts), read by the players'
 * retention report and the data reports: per game from the rollups of migration 046 (cohort_daily,
 * retention_daily; kept at ingestion; summed over the channels by migration 056), per platform account
 * from account_retention_daily (migration 060).
 */

/** retained / players with 6 decimals; null without players. */
export function rate(retained: number, players: number): number | null {
  return players > 0 ? Math.round((retained / players) * 1e6) / 1e6 : null;
}

export interface RetentionTable {
  today: string;
  /** Per cohort day: players and retained[n] (n = 1..30). */
  days: Map<string, { players: number; retained: number[] }>;
  channels: string[];
}

/** The raw counts of start..end, for one game or all, one channel or all. */
export async function retentionCounts(db: Db, tz: string, q: { start: string; end: string; game?: number | undefined; channel?: string | undefined }): Promise<RetentionTable> {
  checkRange(q.start, q.end);
  const params: unknown[] = [q.start, q.end, tz];
  let cond = '';
  if (q.game !== undefined) {
    params.push(q.game);
    cond += ` AND game = $${params.length}`;
  }
  let channelCond = '';
  if (q.channel !== undefined) {
    params.push(q.channel);
    channelCond = ` AND channel = $${params.length}`;
  }
  // Without a channel: the sums over the channels (cohort_game_daily / retention_game_daily, migration
  // 056): at most days × 30 rows per game. With one: the channel's rows of the 046 rollups, by
  // (game, day, channel) or, over every game, by (channel, day).
  const [cohorts, retained] = q.channel === undefined ? ['cohort_game_daily', 'retention_game_daily'] : ['cohort_daily', 'retention_daily'];
  const rows = await readReport(db, (tx) =>
    tx.query<{ kind: 't' | 'c' | 'r' | 'h'; day: string; n: number; v: string }>(
      `SELECT 't' AS kind, to_char((now() AT TIME ZONE $3::text)::date, 'YYYY-MM-DD') AS day, 0 AS n, '0' AS v
       UNION ALL
       SELECT 'c', to_char(day, 'YYYY-MM-DD'), 0, sum(players)::text FROM ${cohorts}
       WHERE day BETWEEN $1::date AND $2::date${cond}${channelCond} GROUP BY day
       UNION ALL
       SELECT 'r', to_char(day, 'YYYY-MM-DD'), n, sum(retained)::text FROM ${retained}
       WHERE day BETWEEN $1::date AND $2::date${cond}${channelCond} GROUP BY day, n
       UNION ALL
       SELECT 'h', channel, 0, '0' FROM cohort_daily WHERE day BETWEEN $1::date AND $2::date${cond} AND players > 0 GROUP BY channel`,
      params,
    ),
    '16MB',
  );
  const out: RetentionTable = { today: '', days: new Map(), channels: [] };
  const entry = (day: string) => {
    let e = out.days.get(day);
    if (!e) out.days.set(day, (e = { players: 0, retained: new Array<number>(RETENTION_CURVE_DAYS + 1).fill(0) }));
    return e;
  };
  for (const r of rows) {
    if (r.kind === 't') out.today = r.day;
    else if (r.kind === 'c') entry(r.day).players = Number(r.v);
    else if (r.kind === 'r') entry(r.day).retained[Number(r.n)] = Number(r.v);
    else out.channels.push(r.day);
  }
  out.channels.sort();
  return out;
}

/**
 * The same rule for platform ACCOUNTS (distinct_id across every game, counted once; user_stats): an
 * account's registration day is its first active day in any game (player_accounts.first_day, migration
 * 049); it is retained on day N if active in any game on registration day + N (account_active_days,
 * migration 055). Answers, per registration day of start..end, the new accounts and those retained on
 * each day of `ns` (0..30), and today (ANALYTICS_TZ). Reads account_retention_daily (migration 060:
 * per registration day and n, kept with the account links; n = 0 is the new accounts): at most 31 rows a day.
 */
export async function accountRetentionCounts(
  db: Db,
  tz: string,
  q: { start: string; end: string },
  ns: readonly number[],
): Promise<{ today: string; days: Map<string, { players: number; retained: Map<number, number> }> }> {
  checkRange(q.start, q.end);
  const wanted = [...new Set([0, ...ns.map((n) => Math.trunc(n))])];
  if (wanted.some((n) => n < 0 || n > RETENTION_CURVE_DAYS)) throw new RangeError(`account retention days are 0..${RETENTION_CURVE_DAYS}`);
  // One index range of at most 31 rows a day: no analysis settings needed.
  const rows = await db.query<{ kind: 't' | 'r'; day: string; n: number; v: string }>(
    `SELECT 't' AS kind, to_char((now() AT TIME ZONE $3::text)::date, 'YYYY-MM-DD') AS day, 0 AS n, '0' AS v
     UNION ALL
     SELECT 'r', to_char(day, 'YYYY-MM-DD'), n, retained::text FROM account_retention_daily
     WHERE day BETWEEN $1::date AND $2::date AND n = ANY($4::smallint[]) AND retained <> 0`,
    [q.start, q.end, tz, wanted],
  );
  const out = { today: '', days: new Map<string, { players: number; retained: Map<number, number> }>() };
  for (const r of rows) {
    if (r.kind === 't') {
      out.today = r.day;
      continue;
    }
    let e = out.days.get(r.day);
    if (!e) out.days.set(r.day, (e = { players: 0, retained: new Map(ns.map((n) => [n, 0])) }));
    if (Number(r.n) === 0) e.players = Number(r.v);
    if (ns.includes(Number(r.n))) e.retained.set(Number(r.n), Number(r.v));
  }
  return out;
}
