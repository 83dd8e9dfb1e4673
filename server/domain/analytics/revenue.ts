import type { RevenueFigures } from '../../../contracts/schemas';
import type { Db, Queryable } from '../../db/db';
import { CrudError } from '../crud/spec';
import { checkRange } from './day-range';
import { readReport } from './report-read';

/**
 * The revenue figures of every report (income's overview, history, distribution and rank, the data
 * reports, partner settlements, advertising, the dashboards, game and account details): ONE function,
 * `revenue()`, reads the rollups of migration 044 in one statement (one snapshot) and answers the
 * figures per group. Definitions: contracts/schemas/income/index.ts (gross by paid day, refunds by
 * refund day, revenue = gross − refunds, paying players distinct per (game, player), active players
 * with an event or an order). Days are calendar days in ANALYTICS_TZ, as the rollups were written.
 */

export type RevenueGroup = 'total' | 'day' | 'game' | 'channel' | 'region' | 'method' | 'player';

export interface Figures extends RevenueFigures {
  /** For group 'total', or 'game' with `active: true` (else 0): distinct (game, player) active in the range. */
  active_players: number;
}

/** Groups other than 'player': the rollup column that names the group (always per game too). */
const GROUP_SQL: Record<Exclude<RevenueGroup, 'player'>, string> = {
  total: `''`,
  day: 'day',
  game: 'game',
  channel: 'channel',
  region: 'region',
  method: 'method',
};
/**
 * The group's key as text, from the grouped value `g`: formatted once per group, after grouping (a
 * to_char per row of a 30-day range cost more than the count itself).
 */
const KEY_SQL: Record<Exclude<RevenueGroup, 'player'>, string> = {
  total: 'g',
  day: `to_char(g, 'YYYY-MM-DD')`,
  game: 'g::text',
  channel: 'g',
  region: 'g',
  method: 'g',
};

/** One read: the report settings in one transaction (report-read.ts). */
const read = readReport;

/** Figures of nothing (a group without rows). */
export const zeroFigures = (): Figures => ({ revenue: 0, gross: 0, refunds: 0, orders: 0, refund_orders: 0, paying_players: 0, active_players: 0 });

/**
 * A bigint or numeric sum from the database (summed exactly there: `sum(bigint)` is numeric, read as
 * text) as a JSON number. Up to 2^53 minor units (about ¥90 trillion) it is exact; beyond, it is the
 * nearest double, never an error: a day with an absurd stored row still answers every report (one
 * order is bounded by ORDER_MAX_AMOUNT at ingestion, so only rows written before the bound get there).
 */
export function exact(v: unknown): number {
  const n = Number(v ?? 0);
  if (!Number.isFinite(n)) throw new CrudError('金额不是有效的数字');
  return n;
}

interface GroupRow {
  kind: 's' | 'p' | 'a';
  k: string;
  gross: string;
  refunds: string;
  orders: string;
  refund_orders: string;
}

/**
 * The figures of start..end (both included; ≤ 366 days), for one game or all, per group. Paying
 * players are distinct (game, player) pairs (hash aggregates, not count(DISTINCT), which sorts);
 * active players for group 'total' unless `active: false`, per game with `active: true`; paying players
 * unless `payers: false` (then 0), or distinct accounts (distinct_id across games) with `payersBy: 'account'`. Group 'player' answers the
 * `limit` players (key `<game>:<player>`) with the largest revenue, ties by key (code-unit order).
 */
export async function revenue(
  db: Db,
  range: { start: string; end: string; game: number | null },
  group: RevenueGroup,
  opts: { limit?: number; active?: boolean; payers?: boolean; payersBy?: 'player' | 'account' } = {},
): Promise<Map<string, Figures>> {
  checkRange(range.start, range.end);
  const params: unknown[] = [range.start, range.end];
  let gameCond = '';
  if (range.game !== null) {
    params.push(range.game);
    gameCond = ` AND game = $${params.length}`;
  }
  const out = new Map<string, Figures>();
  if (group === 'player') {
    params.push(Math.max(1, Math.min(100, opts.limit ?? 10)));
    const rows = await read(db, (tx) => tx.query<{ game: number; distinct_id: string; gross: string; refunds: string; orders: string; refund_orders: string }>(
      `SELECT game, distinct_id, sum(gross)::text AS gross, sum(refunds)::text AS refunds, sum(orders)::text AS orders, sum(refund_orders)::text AS refund_orders
       FROM income_player_days WHERE day BETWEEN $1::date AND $2::date${gameCond}
       GROUP BY game, distinct_id
       ORDER BY sum(gross) - sum(refunds) DESC, (game::text || ':' || distinct_id) COLLATE "C"
       LIMIT $${params.length}`,
      params,
    ));
    for (const r of rows) {
      const gross = exact(r.gross);
      const refunds = exact(r.refunds);
      const orders = exact(r.orders);
      out.set(`${r.game}:${r.distinct_id}`, { revenue: gross - refunds, gross, refunds, orders, refund_orders: exact(r.refund_orders), paying_players: orders > 0 ? 1 : 0, active_players: 0 });
    }
    return out;
  }
  const k = GROUP_SQL[group];
  const key = KEY_SQL[group];
  // Paying players (distinct per group): unless `payers: false` (the settlements need money only).
  // data reports: `payersBy: 'account'` counts distinct_id once across games (user_stats).
  const payerKey = opts.payersBy === 'account' ? 'distinct_id' : 'game, distinct_id';
  // performance (migration 059): per (game, player), over the whole range or per game, the payer days
  // count without hashing: a player's days in the range whose previous paying day is before it are one
  // per (game, player); per day, the payers of each game and day are kept counted (income_payers_daily). Other groups (and accounts across games)
  // hash the player rows of the range as before.
  const payerDays = opts.payersBy !== 'account' && (group === 'total' || group === 'day' || group === 'game');
  // Accounts across games (user_stats), every game: account payer days, counted the same way.
  const accountDays = opts.payersBy === 'account' && range.game === null && (group === 'total' || group === 'day');
  const payers =
    opts.payers === false
      ? ''
      : accountDays
        ? group === 'day'
          ? `UNION ALL
     SELECT 'p', ${key}, n::text, '0', '0', '0' FROM (
       SELECT day AS g, payers AS n FROM account_payers_daily WHERE day BETWEEN $1::date AND $2::date) p`
          : `UNION ALL
     SELECT 'p', '', count(*)::text, '0', '0', '0' FROM account_payer_days
     WHERE day BETWEEN $1::date AND $2::date AND (prev_day IS NULL OR prev_day < $1::date)`
      : payerDays
        ? group === 'day'
          ? `UNION ALL
     SELECT 'p', ${key}, n::text, '0', '0', '0' FROM (
       SELECT day AS g, sum(payers) AS n FROM income_payers_daily WHERE day BETWEEN $1::date AND $2::date${gameCond} GROUP BY 1) p`
          : `UNION ALL
     SELECT 'p', ${key}, n::text, '0', '0', '0' FROM (
       SELECT ${k} AS g, count(*) AS n FROM income_payer_days
       WHERE day BETWEEN $1::date AND $2::date AND (prev_day IS NULL OR prev_day < $1::date)${gameCond} GROUP BY 1) p`
        : `UNION ALL
     SELECT 'p', ${key}, count(*)::text, '0', '0', '0' FROM (
       SELECT DISTINCT ${k} AS g, ${payerKey} FROM income_player_days
       WHERE day BETWEEN $1::date AND $2::date AND orders > 0${gameCond}) p GROUP BY g`;
  // Active players: for 'total' unless `active: false`; per game when asked (`active: true`, the partner KPIs).
  // performance (migration 059): distinct active players of the range from the active days' links (a
  // player's days in the range whose previous active day is before it), a count over the day index.
  const active =
    group === 'total' && opts.active !== false
      ? `UNION ALL
         SELECT 'a', '', count(*)::text, '0', '0', '0' FROM player_active_links
         WHERE day BETWEEN $1::date AND $2::date AND (prev_day IS NULL OR prev_day < $1::date)${gameCond}`
      : group === 'game' && opts.active === true
        ? `UNION ALL
         SELECT 'a', g::text, n::text, '0', '0', '0' FROM (
           SELECT game AS g, count(*) AS n FROM player_active_links
           WHERE day BETWEEN $1::date AND $2::date AND (prev_day IS NULL OR prev_day < $1::date)${gameCond} GROUP BY 1) a`
        : '';
  const rows = await read(db, (tx) => tx.query<GroupRow>(
    `SELECT 's' AS kind, ${key} AS k, gross, refunds, orders, refund_orders FROM (
       SELECT ${k} AS g, sum(gross)::text AS gross, sum(refunds)::text AS refunds, sum(orders)::text AS orders, sum(refund_orders)::text AS refund_orders
       FROM income_daily WHERE day BETWEEN $1::date AND $2::date${gameCond} GROUP BY 1) s
     ${payers}
     ${active}`,
    params,
  ));
  for (const r of rows) {
    const f = out.get(r.k) ?? zeroFigures();
    if (r.kind === 's') {
      f.gross = exact(r.gross);
      f.refunds = exact(r.refunds);
      f.revenue = f.gross - f.refunds;
      f.orders = exact(r.orders);
      f.refund_orders = exact(r.refund_orders);
    } else if (r.kind === 'p') {
      f.paying_players = exact(r.gross);
    } else {
      f.active_players = exact(r.gross);
    }
    out.set(r.k, f);
  }
  if (group === 'total' && !out.has('')) out.set('', zeroFigures());
  return out;
}

/** Integer division rounded half away from zero (revenue may be negative). */
export function perHead(amount: number, people: number): number {
  if (people === 0) return 0;
  const q = Math.round(Math.abs(amount) / people);
  // No -0: a small negative amount that rounds to nothing is 0.
  return amount < 0 && q !== 0 ? -q : q;
}

/**
 * The figures of start..end (both included) of the players a query names, summed per key: `source`
 * selects (game int, player text, k text), e.g. the installs attributed to a campaign keyed by the
 * campaign, with its own parameters `params` ($1..$n); the range is appended as $n+1, $n+2. The same
 * rollups and definitions as revenue(); paying players distinct (game, player) per key; a player under
 * two keys counts under both. Runs on the caller's transaction (one snapshot with its other reads).
 */
export async function revenueOfPlayersQuery(tx: Queryable, range: { start: string; end: string }, source: string, params: readonly unknown[]): Promise<Map<string, Figures>> {
  checkRange(range.start, range.end);
  const s = params.length + 1;
  const rows = await tx.query<{ k: string; gross: string; refunds: string; orders: string; refund_orders: string; payers: string }>(
    `SELECT p.k, sum(d.gross)::text AS gross, sum(d.refunds)::text AS refunds, sum(d.orders)::text AS orders, sum(d.refund_orders)::text AS refund_orders,
       count(DISTINCT (p.game, p.player)) FILTER (WHERE d.orders > 0)::text AS payers
     FROM (SELECT DISTINCT game, player, k FROM (${source}) src) p
     JOIN income_player_days d ON d.game = p.game AND d.distinct_id = p.player AND d.day BETWEEN $${s}::date AND $${s + 1}::date
     GROUP BY p.k`,
    [...params, range.start, range.end],
  );
  const out = new Map<string, Figures>();
  for (const r of rows) {
    const gross = exact(r.gross);
    const refunds = exact(r.refunds);
    out.set(r.k, { revenue: gross - refunds, gross, refunds, orders: exact(r.orders), refund_orders: exact(r.refund_orders), paying_players: exact(r.payers), active_players: 0 });
  }
  return out;
}

/**
 * All-time revenue of accounts (center_users/accounts and game_users): per distinct_id (and per game of
 * it), gross − refunds in CNY minor units from the same rollup as the reports (income_player_days, by its
 * player index of migration 049), so an account's "total paid" and the revenue reports agree. `game`
 * limits it to one game. Keys: the distinct_id (every game) and `<game>:<distinct_id>`.
 */
export async function accountRevenue(db: Queryable, players: readonly string[], game: number | null = null): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  if (players.length === 0) return out;
  const params: unknown[] = [players];
  if (game !== null) params.push(game);
  const rows = await db.query<{ game: number; distinct_id: string; gross: string; refunds: string; orders: string; refund_orders: string }>(
    `SELECT game, distinct_id, sum(gross)::text AS gross, sum(refunds)::text AS refunds, sum(orders)::text AS orders, sum(refund_orders)::text AS refund_orders
     FROM income_player_days WHERE distinct_id = ANY($1::varchar[])${game !== null ? ' AND game = $2' : ''} GROUP BY game, distinct_id`,
    params,
  );
  const add = (key: string, r: (typeof rows)[number]) => {
    const f = out.get(key) ?? zeroFigures();
    f.gross += exact(r.gross);
    f.refunds += exact(r.refunds);
    f.revenue = f.gross - f.refunds;
    f.orders += exact(r.orders);
    f.refund_orders += exact(r.refund_orders);
    f.paying_players = f.orders > 0 ? 1 : 0;
    out.set(key, f);
  };
  for (const r of rows) {
    add(r.distinct_id, r);
    add(`${r.game}:${r.distinct_id}`, r);
  }
  return out;
}
