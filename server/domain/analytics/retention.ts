import { RETENTION_CURVE_DAYS, RETENTION_DAYS, type RetentionQuery, type RetentionResult } from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import { checkRange, readReport } from '../../tracking/domain/analysis-common';

/**
 * Cohort retention (issue 16, part B): ONE function, `retention()`, reads the rollups of migration 046
 * (cohort_daily, retention_daily; kept at ingestion; summed over the channels by migration 056) in
 * one statement. The data reports take their d1/d7 from it. Definitions: contracts/schemas/players/index.ts.
 */

type Key = '1' | '3' | '7' | '14' | '30';
const KEYS = RETENTION_DAYS.map(String) as Key[];

/** retained / players with 6 decimals; null without players. */
export function rate(retained: number, players: number): number | null {
  return players > 0 ? Math.round((retained / players) * 1e6) / 1e6 : null;
}

/** The days start..end (YYYY-MM-DD, both included). */
export function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`), last = Date.parse(`${end}T00:00:00Z`); t <= last; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The day N days after `day`. */
export function plusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
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

/** GET /api/center_users/retention/: the cohort matrix, its weighted total and the 1..30 curve. */
export async function retention(db: Db, tz: string, q: RetentionQuery): Promise<RetentionResult> {
  const t = await retentionCounts(db, tz, q);
  const known = (day: string, n: number) => plusDays(day, n) <= t.today;
  const curve = Array.from({ length: RETENTION_CURVE_DAYS }, (_, i) => ({ n: i + 1, players: 0, retained: 0, retention: null as number | null }));
  let players = 0;
  const cohorts = daysOf(q.start, q.end).map((day) => {
    const e = t.days.get(day) ?? { players: 0, retained: new Array<number>(RETENTION_CURVE_DAYS + 1).fill(0) };
    players += e.players;
    for (const p of curve) {
      if (!known(day, p.n)) continue;
      p.players += e.players;
      p.retained += e.retained[p.n] ?? 0;
    }
    const retained = Object.fromEntries(KEYS.map((k) => [k, e.retained[Number(k)] ?? 0])) as Record<Key, number>;
    const retention = Object.fromEntries(KEYS.map((k) => [k, known(day, Number(k)) ? rate(retained[k], e.players) : null])) as Record<Key, number | null>;
    return { day, players: e.players, retention, retained };
  });
  for (const p of curve) p.retention = rate(p.retained, p.players);
  const at = (k: Key) => curve[Number(k) - 1] ?? { retained: 0, retention: null };
  return {
    start: q.start,
    end: q.end,
    game: q.game ?? null,
    channel: q.channel ?? null,
    today: t.today,
    cohorts,
    total: {
      players,
      retention: Object.fromEntries(KEYS.map((k) => [k, at(k).retention])) as Record<Key, number | null>,
      retained: Object.fromEntries(KEYS.map((k) => [k, at(k).retained])) as Record<Key, number>,
    },
    curve,
    channels: t.channels,
  };
}

// issue 16 data reports
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
