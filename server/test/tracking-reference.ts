/**
 * Plain-JS computations of funnels and sessions straight from raw event rows, written from the
 * definitions in docs/tracking.md without looking at the SQL: the analysis tests compare
 * every figure the server answers with these. Nothing here is imported by the server.
 */
import { mulberry32 } from '../seed/random';

export interface RawEvent {
  time: number; // epoch ms
  uuid: string; // lowercase
  game: number;
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
}

export interface RefFilter {
  property: string;
  op: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains';
  value: string | number | boolean;
}

export interface RefFunnel {
  game: number;
  window_seconds: number;
  steps: Array<{ event: string; filters?: RefFilter[] }>;
}

export interface RefStep {
  event: string;
  players: number;
  conversion: number;
  step_conversion: number;
  median_seconds: number | null;
}

export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function passes(e: RawEvent, f: RefFilter): boolean {
  const has = Object.prototype.hasOwnProperty.call(e.properties, f.property);
  const v = has ? e.properties[f.property] : undefined;
  const equal = has && typeof v === typeof f.value && v === f.value;
  switch (f.op) {
    case 'eq':
      return equal;
    case 'neq':
      return !equal;
    case 'contains':
      return typeof v === 'string' && v.includes(String(f.value));
    default: {
      let c: number;
      if (typeof f.value === 'number' && typeof v === 'number') c = v - f.value;
      else if (typeof f.value === 'string' && typeof v === 'string') c = byteCompare(v, f.value);
      else return false;
      return f.op === 'gt' ? c > 0 : f.op === 'gte' ? c >= 0 : f.op === 'lt' ? c < 0 : c <= 0;
    }
  }
}

function matches(e: RawEvent, step: { event: string; filters?: RefFilter[] }): boolean {
  return e.event === step.event && (step.filters ?? []).every((f) => passes(e, f));
}

function byTime(a: RawEvent, b: RawEvent): number {
  return a.time - b.time || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
}

function stepFigures(f: RefFunnel, reached: number[][]): RefStep[] {
  // reached: per player, the matched times of steps 1..k
  const players = f.steps.map((_, i) => reached.filter((r) => r.length > i).length);
  const p1 = players[0] ?? 0;
  return f.steps.map((s, i) => ({
    event: s.event,
    players: players[i] ?? 0,
    conversion: p1 === 0 ? 0 : (players[i] ?? 0) / p1,
    step_conversion: i === 0 ? (p1 > 0 ? 1 : 0) : (players[i - 1] ?? 0) === 0 ? 0 : (players[i] ?? 0) / (players[i - 1] ?? 1),
    median_seconds: i === 0 ? null : median(reached.filter((r) => r.length > i).map((r) => ((r[i] as number) - (r[i - 1] as number)) / 1000)),
  }));
}

/** Funnel of the definition over [lo, hi) (epoch ms), optionally broken down by a property of the entering event. */
export function refFunnel(events: RawEvent[], f: RefFunnel, lo: number, hi: number, breakdown?: string) {
  const perPlayer = new Map<string, RawEvent[]>();
  for (const e of events) {
    if (e.game !== f.game) continue;
    const list = perPlayer.get(e.distinct_id) ?? [];
    list.push(e);
    perPlayer.set(e.distinct_id, list);
  }
  const entries: Array<{ times: number[]; value: string | null }> = [];
  for (const list of perPlayer.values()) {
    list.sort(byTime);
    const entry = list.find((e) => e.time >= lo && e.time < hi && matches(e, f.steps[0] as RefFunnel['steps'][number]));
    if (!entry) continue;
    const times = [entry.time];
    const deadline = entry.time + f.window_seconds * 1000;
    for (let i = 1; i < f.steps.length; i++) {
      const step = f.steps[i] as RefFunnel['steps'][number];
      const prev = times[i - 1] as number;
      const repeats = f.steps.slice(0, i).some((s) => s.event === step.event);
      const next = list.find((e) => matches(e, step) && (repeats ? e.time > prev : e.time >= prev) && e.time <= deadline);
      if (!next) break;
      times.push(next.time);
    }
    let value: string | null = null;
    if (breakdown !== undefined) {
      const v = entry.properties[breakdown];
      value = v === undefined || v === null ? null : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v as number | boolean);
    }
    entries.push({ times, value });
  }
  const steps = stepFigures(f, entries.map((e) => e.times));
  if (breakdown === undefined) return { steps };
  const counts = new Map<string | null, number>();
  for (const e of entries) counts.set(e.value, (counts.get(e.value) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] === null ? 1 : b[0] === null ? -1 : byteCompare(a[0], b[0])));
  const top = ranked.slice(0, 10).map(([v]) => v);
  const groups: Array<{ value: string | null; steps: RefStep[] }> = top.map((v) => ({ value: v, steps: stepFigures(f, entries.filter((e) => e.value === v).map((e) => e.times)) }));
  const rest = entries.filter((e) => !top.includes(e.value));
  if (rest.length > 0) groups.push({ value: '__other__', steps: stepFigures(f, rest.map((e) => e.times)) });
  return { steps, breakdown: groups };
}

export interface RefSession {
  game: number;
  player: string;
  start: number;
  end: number;
  events: number;
  times: number[];
}

/**
 * Every session of every player (the whole history), by the session rules: first cut at the first event,
 * at each session_start, after each session_end and at gaps of 30 minutes or more; then each session that
 * begins with a session_start takes from the end of the session before it the events sent at most 60 s
 * before that session_start (never a session_start or session_end: they stop the run), and a session left
 * empty is gone.
 */
export function refSessionsAll(events: Array<Pick<RawEvent, 'time' | 'uuid' | 'game' | 'event' | 'distinct_id'>>): RefSession[] {
  const groups = new Map<string, typeof events>();
  for (const e of events) {
    const k = `${e.game}\u0000${e.distinct_id}`;
    const list = groups.get(k) ?? [];
    list.push(e);
    groups.set(k, list);
  }
  const out: RefSession[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => a.time - b.time || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
    const cuts: Array<typeof events> = [];
    let prev: (typeof events)[number] | null = null;
    for (const e of list) {
      const starts = prev === null || e.event === 'session_start' || prev.event === 'session_end' || e.time - prev.time >= 30 * 60_000;
      if (starts) cuts.push([]);
      (cuts[cuts.length - 1] as typeof events).push(e);
      prev = e;
    }
    for (let i = 1; i < cuts.length; i++) {
      const cur = cuts[i] as typeof events;
      const before = cuts[i - 1] as typeof events;
      const opener = cur[0];
      if (opener?.event !== 'session_start') continue;
      const moved: typeof events = [];
      for (let last = before.at(-1); last && last.event !== 'session_start' && last.event !== 'session_end' && opener.time - last.time <= 60_000; last = before.at(-1)) {
        moved.unshift(last);
        before.pop();
      }
      cur.unshift(...moved);
    }
    for (const c of cuts) {
      if (c.length === 0) continue;
      const first = c[0] as (typeof events)[number];
      out.push({ game: first.game, player: first.distinct_id, start: first.time, end: (c.at(-1) as (typeof events)[number]).time, events: c.length, times: c.map((e) => e.time) });
    }
  }
  return out;
}

/** The calendar day (Asia/Shanghai, UTC+8 all year) of an instant. */
export function shanghaiDate(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The sessions starting in [lo, hi), each followed until 6 hours after the end of its (Shanghai) day. */
export function refSessions(events: RawEvent[], lo: number, hi: number, game: number | null) {
  const kept = refSessionsAll(events)
    .filter((s) => s.start >= lo && s.start < hi && (game === null || s.game === game))
    .map((s) => {
      const cap = Date.parse(`${shanghaiDate(s.start)}T00:00:00+08:00`) + 30 * 3_600_000;
      const times = s.times.filter((t) => t < cap);
      return { ...s, times, events: times.length, end: Math.max(...times) };
    });
  const summary = (list: RefSession[]) => {
    const lens = list.map((s) => (s.end - s.start) / 1000);
    return {
      sessions: list.length,
      avg_seconds: list.length === 0 ? 0 : lens.reduce((a, b) => a + b, 0) / list.length,
      median_seconds: median(lens) ?? 0,
      events_per_session: list.length === 0 ? 0 : list.reduce((a, s) => a + s.events, 0) / list.length,
      players: new Set(list.map((s) => `${s.game}/${s.player}`)).size,
    };
  };
  const edges: Array<[number, number | null]> = [
    [0, 60],
    [60, 300],
    [300, 900],
    [900, 1800],
    [1800, 3600],
    [3600, null],
  ];
  const days = new Map<string, RefSession[]>();
  for (const s of kept) {
    const d = shanghaiDate(s.start);
    days.set(d, [...(days.get(d) ?? []), s]);
  }
  const games = new Map<number, RefSession[]>();
  for (const s of kept) games.set(s.game, [...(games.get(s.game) ?? []), s]);
  return {
    ...summary(kept),
    histogram: edges.map(([a, b]) => ({ from_seconds: a, to_seconds: b, sessions: kept.filter((s) => (s.end - s.start) / 1000 >= a && (b === null || (s.end - s.start) / 1000 < b)).length })),
    days,
    games: new Map([...games.entries()].map(([g, list]) => [g, summary(list)])),
  };
}

/** A small deterministic PRNG (mulberry32). */
export const prng = mulberry32;

/** A uuid-shaped id from the PRNG (lowercase hex, as PostgreSQL prints uuids). */
export function uuidFrom(rand: () => number): string {
  let hex = '';
  for (let i = 0; i < 32; i++) hex += Math.floor(rand() * 16).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
