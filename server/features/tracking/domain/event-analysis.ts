import { z } from 'zod';
import {
  analysisFilter,
  BREAKDOWN_TOP,
  EVENT_INTERVALS,
  EVENT_MAX_DAYS,
  EVENT_MAX_HOUR_DAYS,
  EVENT_MAX_SERIES,
  EVENT_MEASURES,
  NONE_GROUP,
  OTHER_GROUP,
  TRACKING_NAME_RULE,
  type AnalysisFilter,
  type EventAnalysis,
  type EventInterval,
  type EventLine,
  type EventMeasure,
} from '../../../../contracts/schemas';
import type { Db, Queryable } from '../../../db/db';
import { writeXlsx } from '../../../domain/crud/xlsx';
import { CrudError } from '../../../domain/crud/spec';

/**
 * Event analysis (data_embed/event). A plain trend (total, unique players, per-player average, no
 * filter, no breakdown) reads the rollups: tracking_hourly for hours' totals, tracking_daily for days and
 * weeks' totals, tracking_day_players for weekly and whole-range unique players; unique players by hour
 * (≤ 31 days) count the raw events' players (an index-only scan; no hourly presence is kept, migration 043). Sum/avg of a numeric
 * property, property filters and a breakdown need the properties, so they read the raw events of the
 * range (only the range's monthly partitions, through the (game, event, time) index).
 * Buckets are calendar hours/days/weeks (Monday) in the analytics time zone; labels come from here.
 */

export interface EventQuery {
  game: number;
  events: string[];
  start: string;
  end: string;
  interval: EventInterval;
  measure: EventMeasure;
  property: string | null;
  filters: AnalysisFilter[];
  breakdown: string | null;
  compare: boolean;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function one(q: Record<string, unknown>, key: string): string | undefined {
  const v = q[key];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
}

function many(q: Record<string, unknown>, key: string): string[] {
  const v = q[key];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.filter((x): x is string => typeof x === 'string').flatMap((x) => x.split(',')).map((x) => x.trim()).filter((x) => x !== '');
}

function dayNumber(d: string): number | null {
  if (!DATE_RE.test(d)) return null;
  const ms = Date.parse(`${d}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== d) return null;
  return ms / DAY_MS;
}

const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The query string → a checked query, or CrudError (code 4000) naming the problem. */
export function parseEventQuery(q: Record<string, unknown>): EventQuery {
  const gameRaw = one(q, 'game') ?? '';
  if (!/^\d{1,9}$/.test(gameRaw)) throw new CrudError('game 必须是游戏 id');
  const events = [...new Set(many(q, 'event'))];
  if (events.length === 0) throw new CrudError('event 不能为空：至少选择一个事件');
  if (events.length > EVENT_MAX_SERIES) throw new CrudError(`event 最多 ${EVENT_MAX_SERIES} 个`);
  const badEvent = events.find((e) => !TRACKING_NAME_RULE.test(e));
  if (badEvent !== undefined) throw new CrudError(`event「${badEvent.slice(0, 64)}」不合法`);
  const start = one(q, 'start') ?? '';
  const end = one(q, 'end') ?? '';
  const s = dayNumber(start);
  if (s === null) throw new CrudError('start 必须是 YYYY-MM-DD');
  const e = dayNumber(end);
  if (e === null) throw new CrudError('end 必须是 YYYY-MM-DD');
  if (e < s) throw new CrudError('end 不能早于 start');
  const interval = (one(q, 'interval') ?? 'day') as EventInterval;
  if (!EVENT_INTERVALS.includes(interval)) throw new CrudError('interval 只能是 hour、day 或 week');
  const days = e - s + 1;
  if (days > EVENT_MAX_DAYS) throw new CrudError(`日期范围最长 ${EVENT_MAX_DAYS} 天`);
  if (interval === 'hour' && days > EVENT_MAX_HOUR_DAYS) throw new CrudError(`按小时查看时日期范围最长 ${EVENT_MAX_HOUR_DAYS} 天`);
  const measure = (one(q, 'measure') ?? 'total') as EventMeasure;
  if (!EVENT_MEASURES.includes(measure)) throw new CrudError('measure 只能是 total、unique、per_user、sum 或 avg');
  const propertyRaw = one(q, 'property') ?? '';
  let property: string | null = null;
  if (measure === 'sum' || measure === 'avg') {
    if (propertyRaw === '') throw new CrudError('property 不能为空：求和、平均需要一个数值属性');
    if (!TRACKING_NAME_RULE.test(propertyRaw)) throw new CrudError('property 不合法');
    property = propertyRaw;
  }
  let filters: AnalysisFilter[] = [];
  const filtersRaw = one(q, 'filters') ?? '';
  if (filtersRaw !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(filtersRaw);
    } catch {
      throw new CrudError('filters 必须是 JSON 数组 [{property, op, value}]');
    }
    const res = z.array(analysisFilter).max(10).safeParse(parsed);
    if (!res.success) throw new CrudError('filters 不合法：每项为 {property（属性名）, op（eq、neq、gt、gte、lt、lte、contains）, value}，最多 10 项');
    filters = res.data;
    const bad = filters.find((f) => ['gt', 'gte', 'lt', 'lte'].includes(f.op) && typeof f.value !== 'number');
    if (bad) throw new CrudError(`filters:「${bad.property}」的 ${bad.op} 需要数值`);
  }
  const breakdownRaw = one(q, 'breakdown') ?? '';
  if (breakdownRaw !== '' && !TRACKING_NAME_RULE.test(breakdownRaw)) throw new CrudError('breakdown 不合法');
  const compareRaw = one(q, 'compare') ?? '';
  return {
    game: Number(gameRaw),
    events,
    start,
    end,
    interval,
    measure,
    property,
    filters,
    breakdown: breakdownRaw === '' ? null : breakdownRaw,
    compare: compareRaw === '1' || compareRaw === 'true',
  };
}

/** Bucket labels of a range: 'YYYY-MM-DD HH:00' (hour), 'YYYY-MM-DD' (day; week = its Monday). */
export function bucketLabels(start: string, end: string, interval: EventInterval): string[] {
  const s = dayNumber(start) ?? 0;
  const e = dayNumber(end) ?? 0;
  const out: string[] = [];
  if (interval === 'week') {
    // 1970-01-01 was a Thursday: day n's Monday is n - ((n + 3) % 7).
    for (let d = s - ((s + 3) % 7); d <= e; d += 7) out.push(dayString(d));
    return out;
  }
  for (let d = s; d <= e; d++) {
    if (interval === 'day') out.push(dayString(d));
    else for (let h = 0; h < 24; h++) out.push(`${dayString(d)} ${String(h).padStart(2, '0')}:00`);
  }
  return out;
}

/** SQL of a label for a timestamptz expression in the time zone parameter `tz`. */
function labelSql(expr: string, interval: EventInterval, tz: string): string {
  if (interval === 'hour') return `to_char(${expr} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:00')`;
  if (interval === 'day') return `to_char(${expr} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;
  return `to_char(date_trunc('week', ${expr} AT TIME ZONE ${tz}), 'YYYY-MM-DD')`;
}

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Property filters as SQL over the raw event alias `e` (names and values are parameters, never SQL text). */
function filterSql(filters: AnalysisFilter[], p: Params): string {
  return filters
    .map((f) => {
      const k = p.add(f.property);
      const num = `(CASE WHEN jsonb_typeof(e.properties -> ${k}::text) = 'number' THEN (e.properties ->> ${k}::text)::numeric END)`;
      switch (f.op) {
        case 'eq':
          return ` AND e.properties -> ${k}::text = ${p.add(JSON.stringify(f.value))}::jsonb`;
        case 'neq':
          return ` AND (e.properties -> ${k}::text) IS DISTINCT FROM ${p.add(JSON.stringify(f.value))}::jsonb`;
        case 'contains':
          return ` AND strpos(lower(e.properties ->> ${k}::text), lower(${p.add(String(f.value))}::text)) > 0`;
        default: {
          const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[f.op];
          return ` AND ${num} ${op} ${p.add(f.value)}::numeric`;
        }
      }
    })
    .join('');
}

interface Cell {
  n: number;
  u: number;
  s: number;
  c: number;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

function valueOf(measure: EventMeasure, cell: Cell | undefined): number {
  if (!cell) return 0;
  switch (measure) {
    case 'total':
      return cell.n;
    case 'unique':
      return cell.u;
    case 'per_user':
      return cell.u > 0 ? round(cell.n / cell.u) : 0;
    case 'sum':
      return round(cell.s);
    case 'avg':
      return cell.c > 0 ? round(cell.s / cell.c) : 0;
  }
}

interface Period {
  start: string;
  end: string;
}

/** The analysis of one period: one line per event (or per event and group with a breakdown). */
async function linesOf(db: Queryable, q: EventQuery, period: Period, tz: string): Promise<{ times: string[]; lines: EventLine[] }> {
  const times = bucketLabels(period.start, period.end, q.interval);
  const plain = q.filters.length === 0 && q.breakdown === null && (q.measure === 'total' || q.measure === 'unique' || q.measure === 'per_user');
  const cells = new Map<string, Cell>(); // event \u0001 group \u0001 label
  const totals = new Map<string, Cell>(); // event \u0001 group
  const key = (...parts: string[]) => parts.join('\u0001');
  let groupsByEvent = new Map<string, string[]>();

  if (plain) {
    const p = new Params();
    const g = p.add(q.game);
    const ev = p.add(q.events);
    const from = p.add(period.start);
    const to = p.add(period.end);
    const needs = q.measure !== 'total';
    let rows: Array<{ event: string; t: string; n: number; u: number }>;
    if (q.interval === 'hour') {
      const zone = `${p.add(tz)}::text`;
      rows = needs
        ? // Unique players of an hour: no hourly presence is kept (migration 043); an index-only scan of (game, event, time) INCLUDE (distinct_id), ≤ 31 days.
          await db.query(
            `SELECT e.event, ${labelSql('e.time', 'hour', zone)} AS t, count(*)::float8 AS n, count(DISTINCT e.distinct_id)::float8 AS u FROM tracking_events e
             WHERE e.game = ${g} AND e.event = ANY(${ev}::text[]) AND e.time >= (${from}::date)::timestamp AT TIME ZONE ${zone} AND e.time < (${to}::date + 1)::timestamp AT TIME ZONE ${zone}
             GROUP BY 1, 2`,
            p.values,
          )
        : await db.query(
            `SELECT event, ${labelSql('hour', 'hour', zone)} AS t, sum(events)::float8 AS n, 0::float8 AS u FROM tracking_hourly
             WHERE game = ${g} AND event = ANY(${ev}::text[]) AND hour >= (${from}::date)::timestamp AT TIME ZONE ${zone} AND hour < (${to}::date + 1)::timestamp AT TIME ZONE ${zone}
             GROUP BY 1, 2`,
            p.values,
          );
    } else if (q.interval === 'day' || !needs) {
      const label = q.interval === 'day' ? "to_char(day, 'YYYY-MM-DD')" : "to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD')";
      rows = await db.query(
        `SELECT event, ${label} AS t, sum(events)::float8 AS n, sum(players)::float8 AS u FROM tracking_daily
         WHERE game = ${g} AND event = ANY(${ev}::text[]) AND day BETWEEN ${from}::date AND ${to}::date GROUP BY 1, 2`,
        p.values,
      );
    } else {
      // Weekly unique players: distinct over the week's daily presence rows (never the raw events).
      rows = await db.query(
        `SELECT d.event, d.t, d.n, u.u FROM
           (SELECT event, to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') AS t, sum(events)::float8 AS n FROM tracking_daily
             WHERE game = ${g} AND event = ANY(${ev}::text[]) AND day BETWEEN ${from}::date AND ${to}::date GROUP BY 1, 2) d
         JOIN (SELECT event, t, count(*)::float8 AS u FROM (SELECT DISTINCT event, to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') AS t, distinct_id FROM tracking_day_players
             WHERE game = ${g} AND event = ANY(${ev}::text[]) AND day BETWEEN ${from}::date AND ${to}::date) w GROUP BY 1, 2) u USING (event, t)`,
        p.values,
      );
    }
    for (const r of rows) cells.set(key(r.event, '', r.t), { n: Number(r.n), u: Number(r.u), s: 0, c: 0 });
    const tp = new Params();
    const tg = tp.add(q.game);
    const tev = tp.add(q.events);
    const tfrom = tp.add(period.start);
    const tto = tp.add(period.end);
    const whole = await db.query<{ event: string; n: number; u: number | null }>(
      `SELECT d.event, d.n, ${needs ? 'u.u' : 'NULL::float8 AS u'} FROM
         (SELECT event, sum(events)::float8 AS n FROM tracking_daily WHERE game = ${tg} AND event = ANY(${tev}::text[]) AND day BETWEEN ${tfrom}::date AND ${tto}::date GROUP BY 1) d
       ${needs ? `JOIN (SELECT event, count(*)::float8 AS u FROM (SELECT DISTINCT event, distinct_id FROM tracking_day_players WHERE game = ${tg} AND event = ANY(${tev}::text[]) AND day BETWEEN ${tfrom}::date AND ${tto}::date) w GROUP BY 1) u USING (event)` : ''}`,
      tp.values,
    );
    for (const r of whole) totals.set(key(r.event, ''), { n: Number(r.n), u: Number(r.u ?? 0), s: 0, c: 0 });
  } else {
    const base = (p: Params) => {
      const zone = `${p.add(tz)}::text`;
      const where = `e.game = ${p.add(q.game)} AND e.event = ANY(${p.add(q.events)}::text[])
        AND e.time >= (${p.add(period.start)}::date)::timestamp AT TIME ZONE ${zone} AND e.time < (${p.add(period.end)}::date + 1)::timestamp AT TIME ZONE ${zone}${filterSql(q.filters, p)}`;
      return { zone, where };
    };
    const numeric = (p: Params) => {
      if (q.property === null) return 'NULL::float8';
      const k = p.add(q.property);
      return `(CASE WHEN jsonb_typeof(e.properties -> ${k}::text) = 'number' THEN (e.properties ->> ${k}::text)::float8 END)`;
    };
    let group = (_p: Params) => "''";
    if (q.breakdown !== null) {
      const p = new Params();
      const { where } = base(p);
      const b = p.add(q.breakdown);
      const top = await db.query<{ event: string; g: string; n: number }>(
        `SELECT e.event, COALESCE(e.properties ->> ${b}::text, ${p.add(NONE_GROUP)}::text) AS g, count(*)::float8 AS n
         FROM tracking_events e WHERE ${where} GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
        p.values,
      );
      groupsByEvent = new Map();
      const overflow = new Set<string>();
      for (const r of top) {
        const list = groupsByEvent.get(r.event) ?? [];
        if (list.length < BREAKDOWN_TOP) list.push(r.g);
        else overflow.add(r.event);
        groupsByEvent.set(r.event, list);
      }
      for (const ev of overflow) groupsByEvent.get(ev)?.push(OTHER_GROUP);
      const tops = JSON.stringify(Object.fromEntries([...groupsByEvent].map(([ev, gs]) => [ev, gs.filter((x) => x !== OTHER_GROUP)])));
      group = (gp: Params) => {
        const gv = `COALESCE(e.properties ->> ${gp.add(q.breakdown)}::text, ${gp.add(NONE_GROUP)}::text)`;
        return `CASE WHEN (${gp.add(tops)}::jsonb -> e.event) @> to_jsonb(${gv}) THEN ${gv} ELSE ${gp.add(OTHER_GROUP)}::text END`;
      };
    }
    const p = new Params();
    const { zone, where } = base(p);
    const g = group(p);
    const num = numeric(p);
    const rows = await db.query<{ event: string; g: string; t: string; n: number; u: number; s: number | null; c: number }>(
      `SELECT e.event, ${g} AS g, ${labelSql('e.time', q.interval, zone)} AS t, count(*)::float8 AS n, count(DISTINCT e.distinct_id)::float8 AS u,
              sum(${num})::float8 AS s, count(${num})::float8 AS c
       FROM tracking_events e WHERE ${where} GROUP BY 1, 2, 3`,
      p.values,
    );
    for (const r of rows) cells.set(key(r.event, r.g, r.t), { n: Number(r.n), u: Number(r.u), s: Number(r.s ?? 0), c: Number(r.c) });
    const tp = new Params();
    const tb = base(tp);
    const tgroup = group(tp);
    const tnum = numeric(tp);
    const whole = await db.query<{ event: string; g: string; n: number; u: number; s: number | null; c: number }>(
      `SELECT e.event, ${tgroup} AS g, count(*)::float8 AS n, count(DISTINCT e.distinct_id)::float8 AS u, sum(${tnum})::float8 AS s, count(${tnum})::float8 AS c
       FROM tracking_events e WHERE ${tb.where} GROUP BY 1, 2`,
      tp.values,
    );
    for (const r of whole) totals.set(key(r.event, r.g), { n: Number(r.n), u: Number(r.u), s: Number(r.s ?? 0), c: Number(r.c) });
  }

  const lines: EventLine[] = [];
  for (const ev of q.events) {
    const groups = q.breakdown === null ? [''] : (groupsByEvent.get(ev) ?? []);
    for (const gname of groups) {
      lines.push({
        key: q.breakdown === null ? ev : `${ev}/${gname}`,
        event: ev,
        group: q.breakdown === null ? null : gname,
        values: times.map((t) => valueOf(q.measure, cells.get(key(ev, gname, t)))),
        total: valueOf(q.measure, totals.get(key(ev, gname))),
      });
    }
  }
  return { times, lines };
}

/** The analysis the note describes: lines per event (and group), the first event's series, the previous period. */
export async function analyseEvents(db: Db, q: EventQuery, tz: string): Promise<EventAnalysis> {
  // One read-only transaction with room for the distinct counts' hash tables (set_config: a read for db/changes.ts).
  return db.transaction(async (tx) => {
    await tx.query("SELECT set_config('work_mem', '64MB', true)");
    return analyseIn(tx, q, tz);
  });
}

async function analyseIn(db: Queryable, q: EventQuery, tz: string): Promise<EventAnalysis> {
  const current = await linesOf(db, q, { start: q.start, end: q.end }, tz);
  const first = current.lines[0];
  const out: EventAnalysis = {
    start: q.start,
    end: q.end,
    interval: q.interval,
    measure: q.measure,
    times: current.times,
    series: q.breakdown === null && first ? current.times.map((time, i) => ({ time, value: first.values[i] ?? 0 })) : [],
    lines: current.lines,
  };
  if (q.compare) {
    const s = dayNumber(q.start) ?? 0;
    const e = dayNumber(q.end) ?? 0;
    const len = e - s + 1;
    const prev = { start: dayString(s - len), end: dayString(s - 1) };
    const before = await linesOf(db, q, prev, tz);
    out.previous = { ...prev, times: before.times, lines: before.lines };
  }
  return out;
}

const MEASURE_NAMES: Record<EventMeasure, string> = { total: '总次数', unique: '触发人数', per_user: '人均次数', sum: '求和', avg: '平均值' };

/** The table under the chart as an xlsx: one row per line, one column per bucket, then the total. */
export async function eventAnalysisXlsx(a: EventAnalysis, property: string | null): Promise<{ file: Buffer; name: string }> {
  const measure = `${MEASURE_NAMES[a.measure]}${property ? `（${property}）` : ''}`;
  const header = ['事件', '分组', '指标', ...a.times, '合计'];
  const groupName = (g: string | null) => (g === null ? '' : g === OTHER_GROUP ? '其他' : g === NONE_GROUP ? '（未设置）' : g);
  const rows = a.lines.map((l) => [l.event, groupName(l.group), measure, ...l.values, l.total]);
  if (a.previous) {
    for (const l of a.previous.lines) rows.push([`${l.event}（上一周期 ${a.previous.start} ~ ${a.previous.end}）`, groupName(l.group), measure, ...l.values, l.total]);
  }
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return { file: await writeXlsx('事件分析', header, rows, [20, 16, 12]), name: `事件分析-${a.start}-${a.end}-${stamp}.xlsx` };
}
