import { beforeAll, describe, expect, it } from 'vitest';
import { funnelResult, type FunnelResult } from '../../../../contracts/schemas/tracking/funnel';
import { sessionsResult, type SessionsResult } from '../../../../contracts/schemas/tracking/sessions';
import { playerSessions } from '../../../../contracts/schemas/players/accounts';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import { call, expectData, expectFailure, suiteServer } from '../../../test/helpers';
import { prng, refFunnel, refSessions, uuidFrom, type RawEvent, type RefFunnel } from '../../../test/tracking-reference';
import { SERVER_TIMEOUT_MS } from '../../../test/timeouts';
import type { TestServer } from '../../../testing';

/**
 * Funnel and session analysis against raw events written straight into tracking_events:
 * every figure the API answers is compared with a plain-JS computation from the same rows
 * (server/test/tracking-reference.ts), on hand-made patterns with exact expected values and on a
 * randomized history (fixed seed); plus permissions and bad input.
 */

let srv: TestServer;
let ctx: AppContext;
let superToken: string;
let testToken: string;
let games: number[];

const H = 3_600_000;
const M = 60_000;
/** Midnight of a Shanghai calendar day, as epoch ms. */
const day0 = (d: string) => Date.parse(`${d}T00:00:00+08:00`);

let seq = 0;
function ev(game: number, player: string, event: string, time: number, properties: Record<string, unknown> = {}): RawEvent {
  seq++;
  return { time, uuid: `00000000-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`, game, event, distinct_id: player, properties };
}

async function insert(rows: RawEvent[]): Promise<void> {
  const months = new Set(rows.map((r) => new Date(r.time).toISOString().slice(0, 7)));
  for (const m of months) await ctx.db.query('SELECT tracking_ensure_partition($1::timestamptz)', [`${m}-15T00:00:00Z`]);
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((r) => ({ ...r, time: new Date(r.time).toISOString() }));
    await ctx.db.query(
      `INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties)
       SELECT x.time, x.uuid, x.game, x.event, x.distinct_id, x.properties
       FROM jsonb_to_recordset($1::jsonb) AS x(time timestamptz, uuid uuid, game int, event text, distinct_id text, properties jsonb)`,
      [JSON.stringify(chunk)],
    );
  }
  // What the ingestion keeps in the same transaction (session analysis fingerprints its days by the hourly rollup).
  await ctx.db.query('SELECT tracking_rebuild_rollups($1)', [ctx.config.analyticsTz]);
}

async function funnel(def: RefFunnel & { name?: string }): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>('INSERT INTO tracking_funnels (game, name, steps, window_seconds) VALUES ($1, $2, $3::jsonb, $4) RETURNING id', [
    def.game,
    def.name ?? 'f',
    JSON.stringify(def.steps),
    def.window_seconds,
  ]);
  return (row as { id: number }).id;
}

async function getFunnel(id: number, start: string, end: string, breakdown?: string, token = superToken): Promise<FunnelResult> {
  const q = new URLSearchParams({ funnel: String(id), start, end, ...(breakdown ? { breakdown } : {}) });
  return expectData(await call(srv, `/api/data_embed/funnel/?${q}`, { token }), funnelResult);
}

async function getSessions(start: string, end: string, game?: number, token = superToken, fresh = false): Promise<SessionsResult> {
  const q = new URLSearchParams({ start, end, ...(game ? { game: String(game) } : {}), ...(fresh ? { fresh: '1' } : {}) });
  return expectData(await call(srv, `/api/data_embed/sessions/?${q}`, { token }), sessionsResult);
}

function expectSteps(actual: FunnelResult['steps'], expected: ReturnType<typeof refFunnel>['steps']): void {
  expect(actual.map((s) => [s.event, s.players])).toEqual(expected.map((s) => [s.event, s.players]));
  actual.forEach((s, i) => {
    const e = expected[i] as (typeof expected)[number];
    expect(s.conversion).toBeCloseTo(e.conversion, 5);
    expect(s.step_conversion).toBeCloseTo(e.step_conversion, 5);
    if (e.median_seconds === null) expect(s.median_seconds).toBeNull();
    else expect(s.median_seconds).toBeCloseTo(e.median_seconds, 3);
  });
}

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [superToken, testToken] } = s));
beforeAll(async () => {
  games = (await ctx.db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 3')).map((g) => g.id);
  expect(games.length).toBe(3);
}, SERVER_TIMEOUT_MS);

describe('funnel: hand-made patterns', () => {
  it('order, window edges, repeated entry, events before the range, out-of-order arrival', async () => {
    const g = games[0] as number;
    const t0 = day0('2026-02-10') + 10 * H;
    const rows = [
      // p1: A, B (+10m), C exactly at the window's end (+60m): all three.
      ev(g, 'p1', 'fa', t0), ev(g, 'p1', 'fb', t0 + 10 * M), ev(g, 'p1', 'fc', t0 + 60 * M),
      // p2: C before B: reaches B only.
      ev(g, 'p2', 'fa', t0), ev(g, 'p2', 'fc', t0 + 5 * M), ev(g, 'p2', 'fb', t0 + 10 * M),
      // p3: B one minute after the window.
      ev(g, 'p3', 'fa', t0), ev(g, 'p3', 'fb', t0 + 61 * M),
      // p4: B before A.
      ev(g, 'p4', 'fb', t0 - 5 * M), ev(g, 'p4', 'fa', t0),
      // p5: an A the day before the range does not count; enters at the A in the range, then B, C.
      ev(g, 'p5', 'fa', t0 - 24 * H), ev(g, 'p5', 'fa', t0 + 2 * H), ev(g, 'p5', 'fb', t0 + 2 * H + 20 * M), ev(g, 'p5', 'fc', t0 + 2 * H + 30 * M),
      // p6: never A.
      ev(g, 'p6', 'fb', t0), ev(g, 'p6', 'fc', t0 + M),
      // p7: A twice; B 50m after the first.
      ev(g, 'p7', 'fa', t0), ev(g, 'p7', 'fa', t0 + 30 * M), ev(g, 'p7', 'fb', t0 + 50 * M),
      // p8: B 70m after the first A (40m after the second): the window runs from the entering (first) A.
      ev(g, 'p8', 'fa', t0), ev(g, 'p8', 'fa', t0 + 30 * M), ev(g, 'p8', 'fb', t0 + 70 * M),
      // another game's events never count.
      ev(games[1] as number, 'p9', 'fa', t0), ev(games[1] as number, 'p9', 'fb', t0 + M),
    ];
    // Arrival order is not time order.
    await insert([...rows].reverse());
    const def: RefFunnel = { game: g, window_seconds: 3600, steps: [{ event: 'fa' }, { event: 'fb' }, { event: 'fc' }] };
    const id = await funnel(def);
    const res = await getFunnel(id, '2026-02-10', '2026-02-10');
    expect(res.funnel).toEqual({ id, name: 'f', game: g, window_seconds: 3600 });
    expect(res.steps).toEqual([
      { event: 'fa', players: 7, conversion: 1, step_conversion: 1, median_seconds: null },
      { event: 'fb', players: 4, conversion: 0.571429, step_conversion: 0.571429, median_seconds: 900 },
      { event: 'fc', players: 2, conversion: 0.285714, step_conversion: 0.5, median_seconds: 1800 },
    ]);
    expectSteps(res.steps, refFunnel(rows, def, day0('2026-02-10'), day0('2026-02-11')).steps);
  });

  it('a step naming an earlier step\'s event needs a later event; different events at the same instant chain', async () => {
    const g = games[0] as number;
    const t0 = day0('2026-02-12') + 9 * H;
    const rows = [
      ev(g, 'q1', 'login', t0), // one login: step 1 only
      ev(g, 'q2', 'login', t0), ev(g, 'q2', 'login', t0 + M), ev(g, 'q2', 'pay', t0 + M), // login, login, pay at the same instant as the 2nd login
      ev(g, 'q3', 'login', t0), ev(g, 'q3', 'login', t0), // two logins at one instant: not two steps
      ev(g, 'q4', 'login', t0), ev(g, 'q4', 'pay', t0 + 2 * M), ev(g, 'q4', 'login', t0 + 3 * M), // pay before the 2nd login
    ];
    await insert(rows);
    const def: RefFunnel = { game: g, window_seconds: 600, steps: [{ event: 'login' }, { event: 'login' }, { event: 'pay' }] };
    const id = await funnel(def);
    const res = await getFunnel(id, '2026-02-12', '2026-02-12');
    expect(res.steps.map((s) => s.players)).toEqual([4, 2, 1]);
    expect(res.steps[1]?.median_seconds).toBe(120);
    expect(res.steps[2]?.median_seconds).toBe(0);
    expectSteps(res.steps, refFunnel(rows, def, day0('2026-02-12'), day0('2026-02-13')).steps);
  });

  it('calendar days are Asia/Shanghai days: 23:59:59 and 00:00:00 fall on different days', async () => {
    const g = games[2] as number;
    const midnight = day0('2026-03-02'); // 2026-03-01T16:00:00Z
    const rows = [
      ev(g, 'm1', 'enter', midnight - 1000), ev(g, 'm1', 'done', midnight + M),
      ev(g, 'm2', 'enter', midnight), ev(g, 'm2', 'done', midnight + 2 * M),
      ev(g, 'm3', 'enter', day0('2026-03-03') - 1), ev(g, 'm3', 'done', day0('2026-03-03') + 5 * M), // done after the range, inside the window
    ];
    await insert(rows);
    const def: RefFunnel = { game: g, window_seconds: 3600, steps: [{ event: 'enter' }, { event: 'done' }] };
    const id = await funnel(def);
    const only2nd = await getFunnel(id, '2026-03-02', '2026-03-02');
    expect(only2nd.steps.map((s) => s.players)).toEqual([2, 2]);
    const only1st = await getFunnel(id, '2026-03-01', '2026-03-01');
    expect(only1st.steps.map((s) => s.players)).toEqual([1, 1]);
    const both = await getFunnel(id, '2026-03-01', '2026-03-02');
    expect(both.steps.map((s) => s.players)).toEqual([3, 3]);
    expectSteps(both.steps, refFunnel(rows, def, day0('2026-03-01'), day0('2026-03-03')).steps);
  });

  it('property filters (every operator), safe against SQL-looking names and values', async () => {
    const g = games[1] as number;
    const t0 = day0('2026-02-14') + 8 * H;
    const nasty = "x'); DROP TABLE tracking_events; --";
    const rows = [
      ev(g, 'f1', 'shop', t0, { channel: 'ios', price: 10, tag: nasty }), ev(g, 'f1', 'buy', t0 + M, { amount: 600 }),
      ev(g, 'f2', 'shop', t0, { channel: 'android', price: 5, tag: 'plain' }), ev(g, 'f2', 'buy', t0 + M, { amount: 100 }),
      ev(g, 'f3', 'shop', t0, { channel: 'ios', price: '10', tag: nasty }), ev(g, 'f3', 'buy', t0 + M, { amount: '600' }),
      ev(g, 'f4', 'shop', t0, { price: 20 }), ev(g, 'f4', 'buy', t0 + M, { amount: 601 }),
    ];
    await insert(rows);
    const cases: RefFunnel['steps'][] = [
      [{ event: 'shop', filters: [{ property: 'channel', op: 'eq', value: 'ios' }] }, { event: 'buy', filters: [{ property: 'amount', op: 'gte', value: 600 }] }],
      [{ event: 'shop', filters: [{ property: 'channel', op: 'neq', value: 'ios' }] }, { event: 'buy', filters: [{ property: 'amount', op: 'lt', value: 600 }] }],
      [{ event: 'shop', filters: [{ property: 'price', op: 'gt', value: 5 }, { property: 'price', op: 'lte', value: 10 }] }, { event: 'buy' }],
      [{ event: 'shop', filters: [{ property: 'tag', op: 'eq', value: nasty }] }, { event: 'buy', filters: [{ property: 'amount', op: 'eq', value: 600 }] }],
      [{ event: 'shop', filters: [{ property: 'tag', op: 'contains', value: "'); DROP" }] }, { event: 'buy' }],
      [{ event: 'shop', filters: [{ property: 'channel', op: 'gt', value: 'b' }] }, { event: 'buy' }],
    ];
    const expectedPlayers = [
      [2, 1],
      [2, 1],
      [1, 1],
      [2, 1],
      [2, 2],
      [2, 2],
    ];
    for (const [i, steps] of cases.entries()) {
      const def: RefFunnel = { game: g, window_seconds: 600, steps };
      const res = await getFunnel(await funnel(def), '2026-02-14', '2026-02-14');
      expect(res.steps.map((s) => s.players), JSON.stringify(steps)).toEqual(expectedPlayers[i]);
      expectSteps(res.steps, refFunnel(rows, def, day0('2026-02-14'), day0('2026-02-15')).steps);
    }
    // The table is still there, and a breakdown by a SQL-looking name is refused before any SQL.
    expect((await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tracking_events WHERE game = $1 AND event = 'shop'", [g]))[0]?.n).toBe(4);
    const id = await funnel({ game: g, window_seconds: 600, steps: cases[0] as RefFunnel['steps'] });
    expectFailure(await call(srv, `/api/data_embed/funnel/?funnel=${id}&start=2026-02-14&end=2026-02-14&breakdown=${encodeURIComponent("a'--")}`, { token: superToken }), 4000, 'breakdown 必须是属性名（小写字母开头，只含小写字母、数字和下划线）');
  });

  it('breakdown by a property of the entering event: top 10 by players, absent values, the rest as __other__', async () => {
    const g = games[2] as number;
    const t0 = day0('2026-02-20') + 12 * H;
    const rows: RawEvent[] = [];
    // 13 channels: ch00 has 13 players, ch01 12, ... ch12 1; plus 3 players without the property.
    let n = 0;
    for (let c = 0; c < 13; c++) {
      for (let k = 0; k < 13 - c; k++) {
        const p = `b${n++}`;
        rows.push(ev(g, p, 'bstart', t0 + n * 1000, { channel: `ch${String(c).padStart(2, '0')}` }));
        // A later entering-step event with another channel: the first one decides.
        rows.push(ev(g, p, 'bstart', t0 + H, { channel: 'late' }));
        if (k % 2 === 0) rows.push(ev(g, p, 'bend', t0 + n * 1000 + 30_000));
      }
    }
    for (let k = 0; k < 3; k++) rows.push(ev(g, `bn${k}`, 'bstart', t0), ev(g, `bn${k}`, 'bend', t0 + 60_000));
    await insert(rows);
    const def: RefFunnel = { game: g, window_seconds: 7200, steps: [{ event: 'bstart' }, { event: 'bend' }] };
    const id = await funnel(def);
    const res = await getFunnel(id, '2026-02-20', '2026-02-20', 'channel');
    const ref = refFunnel(rows, def, day0('2026-02-20'), day0('2026-02-21'), 'channel');
    expectSteps(res.steps, ref.steps);
    expect(res.breakdown?.map((b) => b.value)).toEqual(['ch00', 'ch01', 'ch02', 'ch03', 'ch04', 'ch05', 'ch06', 'ch07', 'ch08', 'ch09', '__other__']);
    expect(res.breakdown?.map((b) => b.value)).toEqual(ref.breakdown?.map((b) => b.value));
    // __other__: ch10 (3), ch11 (2), ch12 (1) and the 3 without a channel.
    expect(res.breakdown?.at(-1)?.steps[0]?.players).toBe(9);
    res.breakdown?.forEach((b, i) => expectSteps(b.steps, ref.breakdown?.[i]?.steps ?? []));
    // The whole funnel is the sum of its groups.
    expect(res.breakdown?.reduce((a, b) => a + (b.steps[1]?.players ?? 0), 0)).toBe(res.steps[1]?.players);
  });
});

describe('sessions: hand-made patterns', () => {
  it('session_start / session_end, 30-minute gaps (exactly 30 is a new session), per day and game', async () => {
    const g = games[0] as number;
    const other = games[1] as number;
    const t0 = day0('2026-04-06') + 20 * H;
    const rows = [
      // s1: start, event, end (10m) → 600 s, 3 events; an event 2 min after the end starts s2 (0 s, 1 event).
      ev(g, 'u1', 'session_start', t0), ev(g, 'u1', 'play', t0 + 5 * M), ev(g, 'u1', 'session_end', t0 + 10 * M),
      ev(g, 'u1', 'play', t0 + 12 * M),
      // s3: 38 min later (no start event), then 29m59s later still s3 → 1799 s, 2 events.
      ev(g, 'u1', 'play', t0 + 50 * M), ev(g, 'u1', 'play', t0 + 79 * M + 59_000),
      // s4: a session_start 1 minute later opens a new session even without a gap; s5: exactly 30 min after s4's last event.
      ev(g, 'u1', 'session_start', t0 + 81 * M), ev(g, 'u1', 'play', t0 + 111 * M),
      // u2 in another game: crosses midnight (counts on its start day), 2h20m long.
      ev(other, 'u2', 'play', t0 + 3 * H), ev(other, 'u2', 'play', t0 + 3 * H + 20 * M), ev(other, 'u2', 'play', t0 + 3 * H + 40 * M),
      ...Array.from({ length: 6 }, (_, i) => ev(other, 'u2', 'play', t0 + 4 * H + i * 20 * M)),
      // u3: 23:50 → 00:10, 1200 s: counted on 04-06, and not in a range starting 04-07 (it began the day before).
      ev(g, 'u3', 'play', day0('2026-04-07') - 10 * M), ev(g, 'u3', 'play', day0('2026-04-07') + 10 * M),
    ];
    await insert(rows);
    const res = await getSessions('2026-04-06', '2026-04-06');
    // u1: 600, 0, 1799, 0, 0; u2: 9600; u3: 1200.
    expect(res.sessions).toBe(7);
    expect(res.players).toBe(3);
    expect(res.avg_seconds).toBeCloseTo((600 + 1799 + 9600 + 1200) / 7, 5);
    expect(res.median_seconds).toBe(600);
    expect(res.events_per_session).toBeCloseTo((3 + 1 + 2 + 1 + 1 + 9 + 2) / 7, 5);
    expect(res.histogram.map((h) => h.sessions)).toEqual([3, 0, 1, 2, 0, 1]);
    expect(res.days).toEqual([{ day: '2026-04-06', sessions: 7, avg_seconds: res.avg_seconds, median_seconds: 600, events_per_session: res.events_per_session }]);
    const ref = refSessions(rows, day0('2026-04-06'), day0('2026-04-07'), null);
    expect(res.avg_seconds).toBeCloseTo(ref.avg_seconds, 4);
    expect(res.median_seconds).toBeCloseTo(ref.median_seconds, 4);
    expect(res.events_per_session).toBeCloseTo(ref.events_per_session, 4);
    expect(res.games.map((x) => [x.game, x.sessions, x.players])).toEqual([
      [g, 6, 2],
      [other, 1, 1],
    ]);
    expect(res.games[1]?.avg_seconds).toBe(9600);
    // One game only.
    const one = await getSessions('2026-04-06', '2026-04-06', other);
    expect([one.sessions, one.players, one.games.length]).toEqual([1, 1, 1]);
    // The next day: u3's session began on 04-06 → not counted; u2's neither.
    const next = await getSessions('2026-04-07', '2026-04-07');
    expect(next.sessions).toBe(0);
    expect(next.days).toEqual([{ day: '2026-04-07', sessions: 0, avg_seconds: 0, median_seconds: 0, events_per_session: 0 }]);
  });
});

describe('sessions: the events just before a session_start', () => {
  it('a login 5 s before its session_start is in that session, in session analysis and in the player view', async () => {
    const g = games[0] as number;
    const t0 = day0('2026-04-20') + 10 * H;
    const visit = (t: number) => [
      ev(g, 'lead', 'login', t),
      ev(g, 'lead', 'session_start', t + 5_000),
      ev(g, 'lead', 'play', t + 65_000),
      ev(g, 'lead', 'level_up', t + 125_000),
      ev(g, 'lead', 'session_end', t + 185_000),
    ];
    const rows = [...visit(t0), ...visit(t0 + 2 * H)];
    await insert(rows);
    const res = await getSessions('2026-04-20', '2026-04-20', g, superToken, true);
    expect([res.sessions, res.players, res.avg_seconds, res.median_seconds, res.events_per_session]).toEqual([2, 1, 185, 185, 5]);
    // No lone login in the first bucket (< 1 min): both sessions are 1–5 minutes long.
    expect(res.histogram.map((h) => h.sessions)).toEqual([0, 2, 0, 0, 0, 0]);
    expect(res.days).toEqual([{ day: '2026-04-20', sessions: 2, avg_seconds: 185, median_seconds: 185, events_per_session: 5 }]);
    const ref = refSessions(rows, day0('2026-04-20'), day0('2026-04-21'), g);
    expect([ref.sessions, ref.avg_seconds, ref.events_per_session]).toEqual([2, 185, 5]);
    const q = new URLSearchParams({ game: String(g), distinct_id: 'lead', start: '2026-04-20', end: '2026-04-20', page: '1', limit: '10' });
    const player = expectData(await call(srv, `/api/center_users/game_users/sessions/?${q}`, { token: superToken }), playerSessions);
    expect(player.total).toEqual({ sessions: 2, events: 10, seconds: 370, avg_seconds: 185 });
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(player.data.map((x) => [x.start, x.end, x.events, x.seconds])).toEqual([
      [iso(t0 + 2 * H), iso(t0 + 2 * H + 185_000), 5, 185],
      [iso(t0), iso(t0 + 185_000), 5, 185],
    ]);
  });

  it('60 s before is still in; 61 s before, or a session_end between, is not', async () => {
    const g = games[1] as number;
    const t0 = day0('2026-04-21') + 9 * H;
    const rows = [
      // a: play, then session_start exactly 60 s later: one session of 2 events (60 s).
      ev(g, 'a', 'play', t0), ev(g, 'a', 'session_start', t0 + 60_000),
      // b: play, then session_start 61 s later: two sessions (0 s and 0 s).
      ev(g, 'b', 'play', t0), ev(g, 'b', 'session_start', t0 + 61_000),
      // c: a session that ends, a login 10 s later, its session_start 10 s after that: [start, end] and [login, start].
      ev(g, 'c', 'session_start', t0), ev(g, 'c', 'session_end', t0 + 120_000), ev(g, 'c', 'login', t0 + 130_000), ev(g, 'c', 'session_start', t0 + 140_000),
      // d: play, session_end, session_start within a minute: the session_end closes the first session.
      ev(g, 'd', 'play', t0), ev(g, 'd', 'session_end', t0 + 10_000), ev(g, 'd', 'session_start', t0 + 20_000),
      // e: a session running without a gap, whose last events come just before the next session_start: they move to it.
      ev(g, 'e', 'session_start', t0), ev(g, 'e', 'play', t0 + 600_000), ev(g, 'e', 'login', t0 + 650_000), ev(g, 'e', 'play', t0 + 660_000), ev(g, 'e', 'session_start', t0 + 700_000),
    ];
    await insert(rows);
    const res = await getSessions('2026-04-21', '2026-04-21', g, superToken, true);
    const ref = refSessions(rows, day0('2026-04-21'), day0('2026-04-22'), g);
    // a 1, b 2, c 2, d 2, e 2.
    expect([res.sessions, ref.sessions]).toEqual([9, 9]);
    expect(res.avg_seconds).toBeCloseTo((60 + 120 + 10 + 10 + 600 + 50) / 9, 5);
    expect(res.avg_seconds).toBeCloseTo(ref.avg_seconds, 5);
    expect(res.events_per_session).toBeCloseTo(ref.events_per_session, 5);
    expect(res.histogram).toEqual(ref.histogram);
  });
});

describe('sessions: long chains and kept days', () => {
  it('a session is followed until 6 hours after its day; kept days follow new events and are not recomputed otherwise', async () => {
    const g = games[2] as number;
    // Every 20 minutes from 04-08 22:00 to 04-09 08:00 (Shanghai): one chain, cut at 04-09 06:00.
    const start = day0('2026-04-08') + 22 * H;
    const rows = Array.from({ length: 31 }, (_, i) => ev(g, 'long', 'play', start + i * 20 * M));
    await insert(rows);
    const d8 = await getSessions('2026-04-08', '2026-04-08');
    expect([d8.sessions, d8.avg_seconds, d8.events_per_session]).toEqual([1, 7 * 3600 + 40 * 60, 24]);
    const ref = refSessions(rows, day0('2026-04-08'), day0('2026-04-09'), null);
    expect([ref.sessions, ref.avg_seconds, ref.events_per_session]).toEqual([1, 7 * 3600 + 40 * 60, 24]);
    // The chain began the day before: nothing on 04-09.
    expect((await getSessions('2026-04-09', '2026-04-09')).sessions).toBe(0);
    const stamp = async () => (await ctx.db.query<{ c: string }>("SELECT computed_at::text AS c FROM tracking_session_days WHERE tz = 'Asia/Shanghai' AND day = '2026-04-08'"))[0]?.c;
    const before = await stamp();
    expect(before).toBeDefined();
    await getSessions('2026-04-08', '2026-04-09');
    expect(await stamp()).toBe(before);
    expect(d8.computed_at).toBeUndefined();
    // A new event in the day's window (even one arriving late, for a past day): answered at once from the kept
    // sessions, saying when they were computed, and recomputed in the background.
    await insert([ev(g, 'late', 'play', day0('2026-04-08') + 3 * H)]);
    const kept = await getSessions('2026-04-08', '2026-04-08');
    expect([kept.sessions, kept.players]).toEqual([1, 1]);
    const iso = await ctx.db.query<{ c: string }>(`SELECT to_char(computed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS c FROM tracking_session_days WHERE tz = 'Asia/Shanghai' AND day = '2026-04-08'`);
    expect(kept.computed_at).toBe(iso[0]?.c);
    await ctx.sessionKeeper.drain();
    const again = await getSessions('2026-04-08', '2026-04-08');
    expect([again.sessions, again.players, again.computed_at]).toEqual([2, 2, undefined]);
    expect(await stamp()).not.toBe(before);
    // fresh=1: computed before the answer.
    await insert([ev(g, 'later', 'play', day0('2026-04-08') + 4 * H)]);
    const fresh = await getSessions('2026-04-08', '2026-04-08', undefined, superToken, true);
    expect([fresh.sessions, fresh.players, fresh.computed_at]).toEqual([3, 3, undefined]);
  });
});

describe('randomized history (fixed seed) against the plain-JS computation', () => {
  const rand = prng(20261124);
  const rows: RawEvent[] = [];
  const first = day0('2026-05-01');
  const channels = ['appstore', 'huawei', 'xiaomi', 'oppo', 'vivo', 'tap', 'bili', 'douyin', 'wechat', 'web', 'qq', 'ad_a', 'ad_b', 'ad_c'];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  let gamesR: number[] = [];

  beforeAll(async () => {
    gamesR = games;
    for (let p = 0; p < 120; p++) {
      const player = `r${p}`;
      const game = pick(gamesR);
      const channel = rand() < 0.1 ? undefined : pick(channels);
      let t = first + Math.floor(rand() * 6 * 24 * H);
      const sessions = 1 + Math.floor(rand() * 6);
      for (let s = 0; s < sessions; s++) {
        const withMarkers = rand() < 0.6;
        const e = (name: string, props: Record<string, unknown> = {}) => rows.push({ ...ev(game, player, name, t, props), uuid: uuidFrom(rand) });
        if (withMarkers) {
          // Often a login just before the session_start (0 s to 70 s: some lead in, some do not).
          if (rand() < 0.5) {
            e('login', channel ? { channel } : {});
            t += pick([0, 5_000, 30_000, 59_999, 60_000, 60_001, 70_000]);
          }
          e('session_start', channel ? { channel } : {});
        }
        const n = 1 + Math.floor(rand() * 8);
        for (let k = 0; k < n; k++) {
          const r = rand();
          // Gaps: mostly short, sometimes exactly 30 min or just under, sometimes the same instant.
          t += r < 0.1 ? 0 : r < 0.15 ? 30 * M : r < 0.2 ? 30 * M - 1 : Math.floor(rand() * 12 * M);
          const kind = pick(['register', 'login', 'login', 'level_up', 'level_up', 'pay', 'play', 'play'] as const);
          e(kind, kind === 'pay' ? { amount: pick([600, 3000, 6800, 12800]), channel: channel ?? null } : kind === 'level_up' ? { level: 1 + Math.floor(rand() * 30) } : channel ? { channel } : {});
        }
        if (withMarkers && rand() < 0.8) {
          t += Math.floor(rand() * 3 * M);
          e('session_end');
        }
        // Sometimes the next session follows within the minute (its login or last events lead into the next session_start).
        t += rand() < 0.2 ? Math.floor(rand() * 50_000) : Math.floor(rand() * 20 * H);
      }
    }
    await insert(rows);
  }, SERVER_TIMEOUT_MS);

  it('has a few thousand events', () => {
    expect(rows.length).toBeGreaterThan(1500);
  });

  it('funnels (with and without filters and breakdown) equal the computation, per range', async () => {
    for (const game of gamesR) {
      const defs: RefFunnel[] = [
        { game, window_seconds: 86_400, steps: [{ event: 'login' }, { event: 'level_up' }, { event: 'level_up' }, { event: 'pay' }] },
        { game, window_seconds: 3600, steps: [{ event: 'register' }, { event: 'login' }, { event: 'pay', filters: [{ property: 'amount', op: 'gte', value: 3000 }] }] },
        { game, window_seconds: 600, steps: [{ event: 'session_start' }, { event: 'play' }, { event: 'session_end' }, { event: 'session_start' }] },
      ];
      for (const def of defs) {
        const id = await funnel(def);
        for (const [start, end] of [
          ['2026-05-01', '2026-05-07'],
          ['2026-05-03', '2026-05-04'],
        ] as const) {
          const lo = day0(start);
          const hi = day0(end) + 24 * H;
          const res = await getFunnel(id, start, end, 'channel');
          const ref = refFunnel(rows, def, lo, hi, 'channel');
          expectSteps(res.steps, ref.steps);
          expect(res.breakdown?.map((b) => b.value)).toEqual(ref.breakdown?.map((b) => b.value));
          res.breakdown?.forEach((b, i) => expectSteps(b.steps, ref.breakdown?.[i]?.steps ?? []));
          const plain = await getFunnel(id, start, end);
          expect(plain.steps).toEqual(res.steps);
          expect(plain.breakdown).toBeUndefined();
        }
      }
    }
  });

  it('sessions equal the computation: totals, histogram, days, games, one game', async () => {
    for (const [start, end, game] of [
      ['2026-05-01', '2026-05-10', undefined],
      ['2026-05-03', '2026-05-05', undefined],
      ['2026-05-02', '2026-05-06', games[1]],
    ] as const) {
      // fresh=1: days an earlier test's background pass kept before these events were stored are computed again first.
      const res = await getSessions(start, end, game, superToken, true);
      const ref = refSessions(rows, day0(start), day0(end) + 24 * H, game ?? null);
      expect(ref.sessions).toBeGreaterThan(10);
      expect([res.sessions, res.players]).toEqual([ref.sessions, ref.players]);
      expect(res.avg_seconds).toBeCloseTo(ref.avg_seconds, 4);
      expect(res.median_seconds).toBeCloseTo(ref.median_seconds, 4);
      expect(res.events_per_session).toBeCloseTo(ref.events_per_session, 4);
      expect(res.histogram).toEqual(ref.histogram);
      for (const d of res.days) {
        const list = ref.days.get(d.day) ?? [];
        expect(d.sessions, d.day).toBe(list.length);
        const lens = list.map((s) => (s.end - s.start) / 1000);
        expect(d.avg_seconds).toBeCloseTo(lens.length ? lens.reduce((a, b) => a + b, 0) / lens.length : 0, 4);
      }
      expect(res.days.reduce((a, d) => a + d.sessions, 0)).toBe(ref.sessions);
      expect(res.games.map((x) => x.game).sort()).toEqual([...ref.games.keys()].sort());
      for (const x of res.games) {
        const r = ref.games.get(x.game);
        expect([x.sessions, x.players]).toEqual([r?.sessions, r?.players]);
        expect(x.median_seconds).toBeCloseTo(r?.median_seconds ?? -1, 4);
        expect(x.game_name).not.toBe('');
      }
    }
  });
});

describe('exports, permissions and bad input', () => {
  let fid: number;
  beforeAll(async () => {
    fid = await funnel({ game: games[0] as number, window_seconds: 3600, steps: [{ event: 'fa' }, { event: 'fb' }, { event: 'fc' }], name: '新手漏斗' });
  });

  it('exports the funnel and session tables as xlsx', async () => {
    const res = await fetch(`${srv.baseUrl}/api/data_embed/funnel/export/?funnel=${fid}&start=2026-02-10&end=2026-02-10&breakdown=channel`, { headers: { authorization: `JWT ${testToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toMatch(/^attachment;filename=漏斗分析-新手漏斗-2026-02-10_2026-02-10-\d{14}\.xlsx$/);
    const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]).toEqual(['channel', '步骤', '事件', '人数', '总体转化率(%)', '步骤转化率(%)', '距上一步中位耗时(秒)']);
    expect(sheet[1]?.slice(0, 6)).toEqual(['全部', '1', 'fa', '7', '100', '100']);
    expect(sheet[2]?.slice(0, 6)).toEqual(['全部', '2', 'fb', '4', '57.14', '57.14']);
    for (const table of ['days', 'games']) {
      const s = await fetch(`${srv.baseUrl}/api/data_embed/sessions/export/?start=2026-04-06&end=2026-04-07&table=${table}`, { headers: { authorization: `JWT ${testToken}` } });
      expect(s.status).toBe(200);
      const rows = readXlsx(Buffer.from(await s.arrayBuffer()));
      if (table === 'days') expect(rows.map((r) => r.slice(0, 2))).toEqual([['日期', '会话数'], ['2026-04-06', '7'], ['2026-04-07', '0'], ['合计', '7']]);
      else expect(rows.length).toBe(3);
    }
  });

  it('bad input: code 4000 (or 404 for an unknown funnel) with a clear message, never 5xx', async () => {
    const bad: Array<[string, number, string]> = [
      ['/api/data_embed/funnel/?start=2026-01-01&end=2026-01-02', 4000, 'funnel 必须是漏斗编号'],
      [`/api/data_embed/funnel/?funnel=abc&start=2026-01-01&end=2026-01-02`, 4000, 'funnel 必须是漏斗编号'],
      [`/api/data_embed/funnel/?funnel=${fid}&end=2026-01-02`, 4000, 'start 必须是 YYYY-MM-DD'],
      [`/api/data_embed/funnel/?funnel=${fid}&start=2026/01/01&end=2026-01-02`, 4000, 'start 必须是 YYYY-MM-DD'],
      [`/api/data_embed/funnel/?funnel=${fid}&start=2026-02-30&end=2026-03-02`, 4000, 'start 不是有效的日期'],
      [`/api/data_embed/funnel/?funnel=${fid}&start=2026-01-01&start=2026-01-02&end=2026-01-02`, 4000, 'start 必须是 YYYY-MM-DD'],
      [`/api/data_embed/funnel/?funnel=${fid}&start=2026-01-03&end=2026-01-02`, 4000, 'end 不能早于 start'],
      [`/api/data_embed/funnel/?funnel=${fid}&start=2025-01-01&end=2026-01-02`, 4000, '日期范围不能超过 366 天'],
      ['/api/data_embed/funnel/?funnel=999999&start=2026-01-01&end=2026-01-02', 404, '漏斗不存在'],
      ['/api/data_embed/funnel/?funnel=99999999999&start=2026-01-01&end=2026-01-02', 4000, 'funnel 必须是漏斗编号'],
      ['/api/data_embed/funnel/export/?funnel=999999&start=2026-01-01&end=2026-01-02', 404, '漏斗不存在'],
      ['/api/data_embed/sessions/?start=2026-01-01', 4000, 'end 必须是 YYYY-MM-DD'],
      ['/api/data_embed/sessions/?start=2026-01-01&end=2026-01-02&game=x', 4000, 'game 必须是游戏编号'],
      ['/api/data_embed/sessions/?start=0001-01-01&end=9999-12-31', 4000, '日期范围不能超过 366 天'],
      ['/api/data_embed/sessions/export/?start=2026-01-01&end=2026-01-02&table=x', 4000, 'table 只能是 days 或 games'],
    ];
    for (const [path, code, msg] of bad) expectFailure(await call(srv, path, { token: testToken }), code, msg);
    // 366 days, both ends counted, are allowed.
    expect((await call(srv, '/api/data_embed/sessions/?start=2025-01-01&end=2026-01-01', { token: testToken })).body.code).toBe(2000);
    // A stored definition that is broken (written around the API) is a message, not a 5xx.
    const [broken] = await ctx.db.query<{ id: number }>(`INSERT INTO tracking_funnels (game, name, steps, window_seconds) VALUES ($1, '坏', '[{"event":"A B"},{"event":"x"}]', 60) RETURNING id`, [games[0]]);
    expectFailure(await call(srv, `/api/data_embed/funnel/?funnel=${broken?.id}&start=2026-01-01&end=2026-01-02`, { token: testToken }), 4000, '漏斗「坏」的步骤定义不正确，请在漏斗定义中修改');
    // No token.
    expect((await call(srv, '/api/data_embed/sessions/?start=2026-01-01&end=2026-01-02')).body.code).toBe(4000);
  });

  it('the analyst (test) reads both screens; without the screens\' buttons the calls are refused', async () => {
    expect((await getFunnel(fid, '2026-02-10', '2026-02-10', undefined, testToken)).steps[0]?.players).toBe(7);
    expect((await getSessions('2026-04-06', '2026-04-06', undefined, testToken)).sessions).toBe(7);
    // Take the data_embed screens' buttons away from the test user's roles.
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path IN ('/data_embed/funnel', '/data_embed/sessions'))`,
    );
    for (const path of [
      `/api/data_embed/funnel/?funnel=${fid}&start=2026-02-10&end=2026-02-10`,
      `/api/data_embed/funnel/export/?funnel=${fid}&start=2026-02-10&end=2026-02-10`,
      '/api/data_embed/sessions/?start=2026-04-06&end=2026-04-06',
      '/api/data_embed/sessions/export/?start=2026-04-06&end=2026-04-06',
    ]) {
      expectFailure(await call(srv, path, { token: testToken }), 4000, `您没有执行该操作的权限。 (GET: ${path.split('?')[0]})`);
    }
    // The superuser still reads them.
    expect((await getSessions('2026-04-06', '2026-04-06')).sessions).toBe(7);
  });
});
