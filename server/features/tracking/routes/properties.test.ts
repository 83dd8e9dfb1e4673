import { beforeAll, describe, expect, it } from 'vitest';
import { eventCounts, eventProperties, PROPERTIES_SAMPLE_PER_EVENT, type EventProperty } from '../../../../contracts/schemas/tracking/properties';
import type { AppContext } from '../../../context';
import { call, expectData, expectFailure, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom, type RawEvent } from '../../../test/tracking-reference';
import { SERVER_TIMEOUT_MS } from '../../../test/timeouts';
import type { TestServer } from '../../../testing';

/**
 * The analysis pickers' calls: GET /api/data_embed/properties/ (every property seen on the chosen events
 * in the range, observed type, declared ones first) and GET /api/data_embed/event_counts/, against a
 * plain-JS computation over the raw rows written straight into tracking_events; the sample bound; bad
 * input and permissions.
 */

let srv: TestServer;
let ctx: AppContext;
let superToken: string;
let testToken: string;
let g: number;
let other: number;

const H = 3_600_000;
const day0 = (d: string) => Date.parse(`${d}T00:00:00+08:00`);
const rand = prng(20261202);
const rows: RawEvent[] = [];
const ev = (game: number, event: string, time: number, properties: Record<string, unknown>) => rows.push({ time, uuid: uuidFrom(rand), game, event, distinct_id: `p${Math.floor(rand() * 50)}`, properties });

async function insert(list: RawEvent[]): Promise<void> {
  const months = new Set(list.map((r) => new Date(r.time).toISOString().slice(0, 7)));
  for (const m of months) await ctx.db.query('SELECT tracking_ensure_partition($1::timestamptz)', [`${m}-15T00:00:00Z`]);
  for (let i = 0; i < list.length; i += 2000) {
    const chunk = list.slice(i, i + 2000).map((r) => ({ ...r, time: new Date(r.time).toISOString() }));
    await ctx.db.query(
      `INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties)
       SELECT x.time, x.uuid, x.game, x.event, x.distinct_id, x.properties
       FROM jsonb_to_recordset($1::jsonb) AS x(time timestamptz, uuid uuid, game int, event text, distinct_id text, properties jsonb)`,
      [JSON.stringify(chunk)],
    );
  }
  await ctx.db.query('SELECT tracking_rebuild_rollups($1)', [ctx.config.analyticsTz]);
}

/** The declared properties of an event for game `game`: its own definition over the global one. */
async function declared(game: number, event: string): Promise<Array<{ name: string; type: string }>> {
  const [own] = await ctx.db.query<{ properties: Array<{ name: string; type: string }> }>('SELECT properties FROM tracking_event_defines WHERE game = $1 AND event = $2', [game, event]);
  if (own) return own.properties;
  const [global] = await ctx.db.query<{ properties: Array<{ name: string; type: string }> }>('SELECT properties FROM tracking_event_defines WHERE game IS NULL AND event = $1', [event]);
  return global?.properties ?? [];
}

/** The expected answer, from the raw rows: the newest `sample` events of each chosen event in [lo, hi). */
async function reference(game: number, events: string[], lo: number, hi: number, sample = PROPERTIES_SAMPLE_PER_EVENT): Promise<EventProperty[]> {
  const counts = new Map<string, Map<string, number>>();
  for (const event of events) {
    const mine = rows.filter((r) => r.game === game && r.event === event && r.time >= lo && r.time < hi).sort((a, b) => b.time - a.time);
    for (const r of mine.slice(0, sample)) {
      for (const [name, value] of Object.entries(r.properties)) {
        const type = typeof value;
        if (type !== 'string' && type !== 'number' && type !== 'boolean') continue;
        const c = counts.get(name) ?? new Map<string, number>();
        c.set(type, (c.get(type) ?? 0) + 1);
        counts.set(name, c);
      }
    }
  }
  const typeOf = (c: Map<string, number>) => (['string', 'number', 'boolean'] as const).reduce<'string' | 'number' | 'boolean' | null>((best, t) => ((c.get(t) ?? 0) > (best ? (c.get(best) ?? 0) : 0) ? t : best), null);
  const out: EventProperty[] = [];
  for (const event of events) {
    for (const p of await declared(game, event)) {
      if (out.some((o) => o.name === p.name)) continue;
      const c = counts.get(p.name);
      out.push({ name: p.name, type: (c && typeOf(c)) ?? (p.type === 'number' || p.type === 'boolean' ? p.type : 'string'), declared: true });
    }
  }
  const total = (c: Map<string, number>) => [...c.values()].reduce((a, b) => a + b, 0);
  const rest = [...counts.entries()].filter(([name]) => !out.some((o) => o.name === name)).sort((a, b) => total(b[1]) - total(a[1]) || (a[0] < b[0] ? -1 : 1));
  for (const [name, c] of rest) out.push({ name, type: typeOf(c) ?? 'string', declared: false });
  return out;
}

const get = (path: string, token = superToken) => call(srv, path, { token });

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [superToken, testToken] } = s));
beforeAll(async () => {
  const games = (await ctx.db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 2')).map((x) => x.id);
  [g, other] = games as [number, number];
  // The game's own level_up definition (wins over the global one): level, then a declared property nobody sends.
  await ctx.db.query(
    `INSERT INTO tracking_event_defines (game, event, name, properties) VALUES ($1, 'level_up', '升级', '[{"name":"level","type":"number","required":true},{"name":"stage_name","type":"datetime","required":false}]'::jsonb)`,
    [g],
  );
  const t0 = day0('2026-06-01');
  for (let i = 0; i < 300; i++) {
    const t = t0 + Math.floor(rand() * 3 * 24 * H);
    ev(g, 'level_up', t, {
      level: i % 10 === 0 ? String(i) : i, // mostly numbers: number
      channel: ['tap', 'huawei', 'appstore'][i % 3],
      os: i % 2 ? 'ios' : 'android',
      ...(i % 4 === 0 ? { vip: i % 3 === 0 ? 1 : 'gold' } : {}),
      ...(i % 5 === 0 ? { first_try: i % 2 === 0 } : {}),
      ...(i % 7 === 0 ? { note: null } : {}),
    });
  }
  for (let i = 0; i < 40; i++) ev(g, 'pay', t0 + Math.floor(rand() * 3 * 24 * H), { amount: 600 * (1 + (i % 5)), currency: 'CNY', channel: 'tap', coupon: i % 2 === 0 });
  for (let i = 0; i < 500; i++) ev(g, 'login', t0 + Math.floor(rand() * 3 * 24 * H), { device_id: `dev-${i}`, login_only: 'x' });
  // Outside the range (the day before and the day after), another game: never listed.
  ev(g, 'level_up', t0 - H, { before_range: 1 });
  ev(g, 'level_up', day0('2026-06-04') + H, { after_range: 1 });
  ev(other, 'level_up', t0 + H, { other_game: 'x' });
  await insert(rows);
}, SERVER_TIMEOUT_MS);

describe('GET /api/data_embed/properties/', () => {
  it('lists every property seen on the chosen events in the range, declared first, with the observed type', async () => {
    const lo = day0('2026-06-01');
    const hi = day0('2026-06-04');
    for (const events of [['level_up'], ['level_up', 'pay'], ['pay', 'level_up'], ['login']]) {
      const res = expectData(await get(`/api/data_embed/properties/?game=${g}&events=${events.join(',')}&start=2026-06-01&end=2026-06-03`), eventProperties);
      expect(res, events.join(',')).toEqual(await reference(g, events, lo, hi));
    }
    const both = expectData(await get(`/api/data_embed/properties/?game=${g}&events=level_up,pay&start=2026-06-01&end=2026-06-03`), eventProperties);
    // Declared first: the game's own level_up (level, stage_name never sent: its declared datetime as string), then pay's global ones.
    expect(both.filter((p) => p.declared).map((p) => [p.name, p.type])).toEqual([
      ['level', 'number'],
      ['stage_name', 'string'],
      ['amount', 'number'],
      ['currency', 'string'],
      ['order_id', 'string'],
    ]);
    const seen = new Map(both.filter((p) => !p.declared).map((p) => [p.name, p.type]));
    expect(Object.fromEntries(seen)).toEqual({ channel: 'string', os: 'string', vip: 'string', first_try: 'boolean', coupon: 'boolean' });
    // Only properties of the range, of this game and of the chosen events; a property only ever null is not a type.
    for (const name of ['before_range', 'after_range', 'other_game', 'login_only', 'note']) expect(both.some((p) => p.name === name), name).toBe(false);
    // A range without the chosen events: only the declared ones.
    const empty = expectData(await get(`/api/data_embed/properties/?game=${g}&events=pay&start=2026-01-01&end=2026-01-02`), eventProperties);
    expect(empty.map((p) => [p.name, p.declared])).toEqual([['amount', true], ['currency', true], ['order_id', true]]);
  });

  it('reads at most the newest 5,000 events of each chosen event (a property only on older ones is not listed)', async () => {
    const t0 = day0('2026-06-10');
    const start = rows.length;
    for (let i = 0; i < PROPERTIES_SAMPLE_PER_EVENT + 50; i++) ev(g, 'bulk', t0 + i * 1000, i < 50 ? { ancient: 1, kind: 'a' } : { kind: 'b', n: i });
    await insert(rows.slice(start));
    const res = expectData(await get(`/api/data_embed/properties/?game=${g}&events=bulk&start=2026-06-10&end=2026-06-10`), eventProperties);
    expect(res).toEqual(await reference(g, ['bulk'], t0 - 10 * H, t0 + 14 * H));
    expect(res.map((p) => p.name)).toEqual(['kind', 'n']);
  });

  it('bad input: a clear 4000, never a 5xx', async () => {
    const bad: Array<[string, string]> = [
      ['/api/data_embed/properties/?start=2026-06-01&end=2026-06-02&events=a', 'game 必须是游戏编号'],
      ['/api/data_embed/properties/?game=x&start=2026-06-01&end=2026-06-02&events=a', 'game 必须是游戏编号'],
      ['/api/data_embed/properties/?game=1&start=2026-06-01&end=2026-06-02', 'events 不能为空：以逗号分隔的事件标识'],
      ['/api/data_embed/properties/?game=1&start=2026-06-01&end=2026-06-02&events=,', 'events 不能为空：以逗号分隔的事件标识'],
      ['/api/data_embed/properties/?game=1&start=2026-06-01&end=2026-06-02&events=a,b,c,d,e,f,g,h,i,j,k', 'events 最多 10 个'],
      [`/api/data_embed/properties/?game=1&start=2026-06-01&end=2026-06-02&events=${encodeURIComponent("a;DROP TABLE x")}`, 'events 中有不合法的事件标识'],
      ['/api/data_embed/properties/?game=1&start=2026-06-31&end=2026-07-02&events=a', 'start 不是有效的日期'],
      ['/api/data_embed/properties/?game=1&start=2026-06-03&end=2026-06-02&events=a', 'end 不能早于 start'],
      ['/api/data_embed/properties/?game=1&start=2025-01-01&end=2026-06-02&events=a', '日期范围不能超过 366 天'],
      ['/api/data_embed/properties/?game=1&start=2026-06-01&start=2026-06-02&end=2026-06-02&events=a', 'start 必须是 YYYY-MM-DD'],
      ['/api/data_embed/event_counts/?game=1&start=2026-06-01', 'end 必须是 YYYY-MM-DD'],
      ['/api/data_embed/event_counts/?game=0&start=2026-06-01&end=2026-06-02', 'game 必须是游戏编号'],
    ];
    for (const [path, msg] of bad) expectFailure(await get(path, testToken), 4000, msg);
  });
});

describe('GET /api/data_embed/event_counts/', () => {
  it("the game's events in the range, most first, from the raw rows", async () => {
    const lo = day0('2026-06-01');
    const hi = day0('2026-06-04');
    const counts = new Map<string, number>();
    for (const r of rows) if (r.game === g && r.time >= lo && r.time < hi) counts.set(r.event, (counts.get(r.event) ?? 0) + 1);
    const expected = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([event, events]) => ({ event, events }));
    const res = expectData(await get(`/api/data_embed/event_counts/?game=${g}&start=2026-06-01&end=2026-06-03`), eventCounts);
    expect(res).toEqual(expected);
    expect(res[0]).toEqual({ event: 'login', events: 500 });
    expect(expectData(await get(`/api/data_embed/event_counts/?game=${g}&start=2026-01-01&end=2026-01-02`), eventCounts)).toEqual([]);
  });

  it('the analyst reads both (the event analysis Search); without a token, nothing', async () => {
    expect((await get(`/api/data_embed/event_counts/?game=${g}&start=2026-06-01&end=2026-06-03`, testToken)).body.code).toBe(2000);
    expect((await get(`/api/data_embed/properties/?game=${g}&events=pay&start=2026-06-01&end=2026-06-03`, testToken)).body.code).toBe(2000);
    expect((await call(srv, `/api/data_embed/properties/?game=${g}&events=pay&start=2026-06-01&end=2026-06-03`)).body.code).not.toBe(2000);
  });
});
