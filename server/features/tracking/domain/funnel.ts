import { BREAKDOWN_OTHER, PROPERTY_NAME, type FunnelResult, type FunnelStepResult } from '../../../../contracts/schemas/tracking/funnel';
import { BREAKDOWN_NONE } from '../../../../contracts/schemas/tracking/funnel-players';
import type { Db } from '../../../db/db';
import { isRecord } from '../../../is-record';
import { CrudError } from '../../../domain/crud/spec';
import { analysisSettings, round6 } from '../../../domain/analytics/report-read';
import { dayRange } from '../../../domain/analytics/day-range';

/**
 * Funnel analysis (data_embed/funnel) over the raw events.
 *
 * Definition (docs/tracking.md): a player enters the funnel at their first step-1 event
 * (matching step 1's filters) whose time falls in the range; they reach step n when, after the event
 * matched for step n-1, an event of step n (matching its filters) follows within window_seconds of the
 * entering event. Matching is greedy (the earliest qualifying event each step), which is also the
 * best possible order for a fixed deadline. "Follows" means at the same time or later, and strictly
 * later when step n's event already names an earlier step (one event never counts twice). Later
 * steps may fall after the range's end, inside the window.
 *
 * One statement: a GROUP BY per step (earliest step-n event per player), each step joined to the
 * previous one on the player by hash join, every scan bounded by the range (partition pruning) and by
 * the step's event (index game, event, time). Breakdown: the property of the entering event; the ten
 * values with most players, the rest as '__other__', aggregated with GROUPING SETS so the totals and
 * the groups come from one pass.
 */

export const FILTER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface StepFilter {
  property: string;
  op: FilterOp;
  value: string | number | boolean;
}

export interface FunnelStep {
  event: string;
  filters: StepFilter[];
}

export interface FunnelDefinition {
  id: number;
  name: string;
  game: number;
  window_seconds: number;
  steps: FunnelStep[];
}

const EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** A stored funnel's steps, checked again on the way out of the database (never trusted into SQL). */
export function parseSteps(raw: unknown): FunnelStep[] | null {
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 10) return null;
  const steps: FunnelStep[] = [];
  for (const s of raw) {
    if (!isRecord(s) || typeof s.event !== 'string' || !EVENT_NAME.test(s.event)) return null;
    const filters: StepFilter[] = [];
    if (s.filters !== undefined && s.filters !== null) {
      if (!Array.isArray(s.filters) || s.filters.length > 20) return null;
      for (const f of s.filters) {
        if (!isRecord(f) || typeof f.property !== 'string' || !PROPERTY_NAME.test(f.property)) return null;
        if (typeof f.op !== 'string' || !(FILTER_OPS as readonly string[]).includes(f.op)) return null;
        const v = f.value;
        if (typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) return null;
        if (typeof v === 'string' && v.length > 1000) return null;
        filters.push({ property: f.property, op: f.op as FilterOp, value: v });
      }
    }
    steps.push({ event: s.event, filters });
  }
  return steps;
}

/** Loads a funnel definition; null when there is none with that id. A stored definition that is not usable → code 4000. */
export async function loadFunnel(db: Db, id: number): Promise<FunnelDefinition | null> {
  const [row] = await db.query<{ id: number; name: string; game: number; window_seconds: number; steps: unknown }>(
    'SELECT id, name, game, window_seconds, steps FROM tracking_funnels WHERE id = $1',
    [id],
  );
  if (!row) return null;
  const steps = parseSteps(row.steps);
  if (!steps) throw new CrudError(`漏斗「${row.name}」的步骤定义不正确，请在漏斗定义中修改`);
  return { id: row.id, name: row.name, game: row.game, window_seconds: row.window_seconds, steps };
}

/** One filter as SQL over alias `a` (values and names only as parameters). */
function filterSql(f: StepFilter, a: string, params: unknown[]): string {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const k = `${p(f.property)}::text`;
  const prop = `${a}.properties -> ${k}`;
  switch (f.op) {
    case 'eq':
      return `${prop} = ${p(JSON.stringify(f.value))}::jsonb`;
    case 'neq':
      return `${prop} IS DISTINCT FROM ${p(JSON.stringify(f.value))}::jsonb`;
    case 'contains':
      return `CASE WHEN jsonb_typeof(${prop}) = 'string' THEN strpos(${a}.properties ->> ${k}, ${p(String(f.value))}::text) > 0 ELSE false END`;
    default: {
      const cmp = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[f.op];
      if (typeof f.value === 'number') return `CASE WHEN jsonb_typeof(${prop}) = 'number' THEN (${a}.properties ->> ${k})::numeric ${cmp} ${p(f.value)}::numeric ELSE false END`;
      if (typeof f.value === 'string') return `CASE WHEN jsonb_typeof(${prop}) = 'string' THEN (${a}.properties ->> ${k}) COLLATE "C" ${cmp} ${p(f.value)}::text COLLATE "C" ELSE false END`;
      return 'false';
    }
  }
}

interface AggRow {
  total: boolean;
  other: boolean | null;
  v: string | null;
  [key: string]: unknown;
}

/** The per-player steps of a funnel over [lo, hi): CTEs s1..sN (s1 with the breakdown value `v` when asked), their parameters. */
function stepCtes(f: FunnelDefinition, lo: string, hi: string, breakdown: string | null): { ctes: string[]; params: unknown[]; p: (v: unknown) => string; joins: string; times: string } {
  const hiWindow = new Date(Date.parse(hi) + f.window_seconds * 1000).toISOString();
  const params: unknown[] = [f.game, lo, hi, hiWindow, f.window_seconds];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = (step: FunnelStep) => step.filters.map((x) => ` AND ${filterSql(x, 'e', params)}`).join('');
  const ctes: string[] = [];
  const first = f.steps[0] as FunnelStep;
  if (breakdown) {
    const bk = p(breakdown);
    ctes.push(`s1 AS (
      SELECT DISTINCT ON (e.distinct_id) e.distinct_id AS d, e.time AS t1, e.properties ->> ${bk}::text AS v
      FROM tracking_events e
      WHERE e.game = $1 AND e.event = ${p(first.event)} AND e.time >= $2::timestamptz AND e.time < $3::timestamptz${where(first)}
      ORDER BY e.distinct_id, e.time, e.uuid)`);
  } else {
    ctes.push(`s1 AS (
      SELECT e.distinct_id AS d, min(e.time) AS t1
      FROM tracking_events e
      WHERE e.game = $1 AND e.event = ${p(first.event)} AND e.time >= $2::timestamptz AND e.time < $3::timestamptz${where(first)}
      GROUP BY e.distinct_id)`);
  }
  f.steps.forEach((step, i) => {
    if (i === 0) return;
    const n = i + 1;
    const strict = f.steps.slice(0, i).some((s) => s.event === step.event);
    ctes.push(`s${n} AS (
      SELECT q.d, q.t1, min(e.time) AS t${n}
      FROM s${n - 1} q JOIN tracking_events e ON e.distinct_id = q.d
      WHERE e.game = $1 AND e.event = ${p(step.event)} AND e.time >= $2::timestamptz AND e.time < $4::timestamptz
        AND e.time ${strict ? '>' : '>='} q.t${n - 1} AND e.time <= q.t1 + $5::integer * interval '1 second'${where(step)}
      GROUP BY q.d, q.t1)`);
  });
  const joins = f.steps
    .slice(1)
    .map((_, i) => ` LEFT JOIN s${i + 2} ON s${i + 2}.d = s1.d`)
    .join('');
  const times = f.steps.map((_, i) => `s${i + 1}.t${i + 1}`).join(', ');
  return { ctes, params, p, joins, times };
}

/** The statement for a funnel over [lo, hi) (and the window after it), with an optional breakdown property. */
export function funnelSql(f: FunnelDefinition, lo: string, hi: string, breakdown: string | null): { sql: string; params: unknown[] } {
  const { ctes, params, joins, times } = stepCtes(f, lo, hi, breakdown);
  const figures = [
    'count(*)::int AS p1',
    ...f.steps.slice(1).flatMap((_, i) => {
      const m = i + 2;
      return [`count(t${m})::int AS p${m}`, `percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM t${m} - t${m - 1})::float8) AS m${m}`];
    }),
  ].join(', ');
  if (breakdown) {
    ctes.push(`top AS (SELECT v FROM s1 GROUP BY v ORDER BY count(*) DESC, v COLLATE "C" ASC NULLS LAST LIMIT 10)`);
    ctes.push(`f AS (
      SELECT ${times}, s1.v, NOT EXISTS (SELECT 1 FROM top WHERE top.v IS NOT DISTINCT FROM s1.v) AS other
      FROM s1${joins})`);
    return {
      sql: `WITH ${ctes.join(',\n')}
        SELECT GROUPING(other, bv) = 3 AS total, other, bv AS v, ${figures}
        FROM (SELECT f.*, CASE WHEN f.other THEN NULL ELSE f.v END AS bv FROM f) g
        GROUP BY GROUPING SETS ((), (other, bv))`,
      params,
    };
  }
  return {
    sql: `WITH ${ctes.join(',\n')}
      SELECT true AS total, NULL::boolean AS other, NULL::text AS v, ${figures}
      FROM (SELECT ${times} FROM s1${joins}) g`,
    params,
  };
}

function stepsOf(f: FunnelDefinition, row: AggRow | undefined): FunnelStepResult[] {
  const players = f.steps.map((_, i) => Number(row?.[`p${i + 1}`] ?? 0));
  const p1 = players[0] ?? 0;
  return f.steps.map((s, i) => {
    const here = players[i] ?? 0;
    const prev = i === 0 ? here : (players[i - 1] ?? 0);
    const median = i === 0 ? null : (row?.[`m${i + 1}`] as number | null | undefined);
    return {
      event: s.event,
      players: here,
      conversion: p1 === 0 ? 0 : round6(here / p1),
      step_conversion: i === 0 ? (here > 0 ? 1 : 0) : prev === 0 ? 0 : round6(here / prev),
      median_seconds: median === null || median === undefined ? null : round6(Number(median)),
    };
  });
}

/** Sorts breakdown groups as the top-10 query did: most players first, then value (C order, absent last); '__other__' last. */
function compareGroups(a: { value: string | null; players: number; other: boolean }, b: { value: string | null; players: number; other: boolean }): number {
  if (a.other !== b.other) return a.other ? 1 : -1;
  if (a.players !== b.players) return b.players - a.players;
  if (a.value === b.value) return 0;
  if (a.value === null) return 1;
  if (b.value === null) return -1;
  return Buffer.compare(Buffer.from(a.value, 'utf8'), Buffer.from(b.value, 'utf8'));
}

/** Runs the funnel over the calendar days start..end in time zone `tz`. */
export async function analyzeFunnel(db: Db, f: FunnelDefinition, start: string, end: string, tz: string, breakdown: string | null = null): Promise<FunnelResult> {
  const range = await dayRange(db, start, end, tz);
  const { sql, params } = funnelSql(f, range.lo, range.hi, breakdown);
  const rows = await db.transaction(async (tx) => {
    await analysisSettings(tx, '128MB');
    return tx.query<AggRow>(sql, params);
  });
  const total = rows.find((r) => r.total);
  const result: FunnelResult = {
    funnel: { id: f.id, name: f.name, game: f.game, window_seconds: f.window_seconds },
    start,
    end,
    steps: stepsOf(f, total),
  };
  if (breakdown) {
    result.breakdown = rows
      .filter((r) => !r.total)
      .map((r) => ({ row: r, value: r.other ? null : r.v, players: Number(r.p1), other: r.other === true }))
      .sort(compareGroups)
      .map((g) => ({ value: g.other ? BREAKDOWN_OTHER : g.value, steps: stepsOf(f, g.row) }));
  }
  return result;
}

/** Which players of a step a drill-down lists (contracts/schemas/tracking/funnel-players.ts). */
export interface FunnelPlayersChoice {
  /** 1-based. */
  step: number;
  kind: 'converted' | 'dropped';
  /** With a breakdown: the group's value, BREAKDOWN_OTHER, or BREAKDOWN_NONE (absent); undefined = every player. */
  group?: string | undefined;
}

export interface FunnelPlayer {
  distinct_id: string;
  entered_at: string;
  reached_at: string;
  next_at: string | null;
}

const isoOf = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The statement listing the players behind one step, from the same per-player CTEs the figures come
 * from (so the count is the figure by construction): `converted` = reached step k, `dropped` = reached k
 * and not k+1. Ordered by the time they reached the step, then by player (stable pages); `page` null =
 * every row (export). The total rides along as a window count.
 */
export function funnelPlayersSql(
  f: FunnelDefinition,
  lo: string,
  hi: string,
  breakdown: string | null,
  choice: FunnelPlayersChoice,
  page: { limit: number; offset: number } | null,
): { sql: string; params: unknown[] } {
  if (choice.step < 1 || choice.step > f.steps.length) throw new CrudError(`step 必须是 1 到 ${f.steps.length} 的整数`);
  const grouped = breakdown !== null && choice.group !== undefined;
  const { ctes, params, p, joins, times } = stepCtes(f, lo, hi, grouped ? breakdown : null);
  const k = choice.step;
  const hasNext = k < f.steps.length;
  const conds = [`t${k} IS NOT NULL`];
  if (choice.kind === 'dropped') conds.push(hasNext ? `t${k + 1} IS NULL` : 'false');
  let groupCol = '';
  if (grouped) {
    ctes.push(`top AS (SELECT v FROM s1 GROUP BY v ORDER BY count(*) DESC, v COLLATE "C" ASC NULLS LAST LIMIT 10)`);
    groupCol = ', NOT EXISTS (SELECT 1 FROM top WHERE top.v IS NOT DISTINCT FROM s1.v) AS other, s1.v';
    if (choice.group === BREAKDOWN_OTHER) conds.push('other');
    else if (choice.group === BREAKDOWN_NONE) conds.push('NOT other AND v IS NULL');
    else conds.push(`NOT other AND v = ${p(choice.group)}::text`);
  }
  const paging = page ? ` LIMIT ${p(page.limit)}::int OFFSET ${p(page.offset)}::int` : '';
  return {
    sql: `WITH ${ctes.join(',\n')}
      SELECT d AS distinct_id, ${isoOf('t1')} AS entered_at, ${isoOf(`t${k}`)} AS reached_at, ${hasNext ? isoOf(`t${k + 1}`) : 'NULL::text'} AS next_at, count(*) OVER ()::int AS total
      FROM (SELECT s1.d, ${times}${groupCol} FROM s1${joins}) g
      WHERE ${conds.join(' AND ')}
      ORDER BY t${k} DESC, d COLLATE "C" ASC${paging}`,
    params,
  };
}

/** One page of the players behind a step (`page` null: all of them, for the export); total = the step's figure for `converted`. */
export async function funnelPlayers(
  db: Db,
  f: FunnelDefinition,
  start: string,
  end: string,
  tz: string,
  breakdown: string | null,
  choice: FunnelPlayersChoice,
  page: { page: number; limit: number } | null,
): Promise<{ total: number; rows: FunnelPlayer[] }> {
  const range = await dayRange(db, start, end, tz);
  const { sql, params } = funnelPlayersSql(f, range.lo, range.hi, breakdown, choice, page ? { limit: page.limit, offset: (page.page - 1) * page.limit } : null);
  const rows = await db.transaction(async (tx) => {
    await analysisSettings(tx, '128MB');
    return tx.query<FunnelPlayer & { total: number }>(sql, params);
  });
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end: count without paging.
    total = page && page.page > 1 ? (await funnelPlayers(db, f, start, end, tz, breakdown, choice, { page: 1, limit: 1 })).total : 0;
  }
  return { total, rows: rows.map((r) => ({ distinct_id: r.distinct_id, entered_at: r.entered_at, reached_at: r.reached_at, next_at: r.next_at })) };
}
