import { beforeAll, describe, expect, it } from 'vitest';
import { funnelResult } from '../../../../contracts/schemas/tracking/funnel';
import { funnelPlayersPage, type FunnelPlayersPage } from '../../../../contracts/schemas/tracking/funnel-players';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import { formatDatetime } from '../../../domain/time';
import { call, expectData, expectFailure, suiteServer } from '../../../test/helpers';
import { prng } from '../../../test/tracking-reference';
import { SERVER_TIMEOUT_MS } from '../../../test/timeouts';
import type { TestServer } from '../../../testing';

/**
 * 漏斗分析's drill-down (GET /api/data_embed/funnel/players/ and its export) on raw events written
 * straight into tracking_events: for every step and both kinds, the list's total equals the figure
 * GET /api/data_embed/funnel/ answers for the same parameters, and the rows are the players a plain-JS
 * walk over the crafted events finds (never hard-coded); a breakdown group's players; paging; the
 * export; bad input (4000, never 5xx) and the Export right.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let analyst: string;
let game: number;

const H = 3_600_000;
const M = 60_000;
const day0 = (d: string) => Date.parse(`${d}T00:00:00+08:00`);

interface Ev {
  time: number;
  uuid: string;
  game: number;
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
}
let seq = 0;
const ev = (g: number, player: string, event: string, time: number, properties: Record<string, unknown> = {}): Ev => {
  seq++;
  return { time, uuid: `00000000-0000-4000-9000-${seq.toString(16).padStart(12, '0')}`, game: g, event, distinct_id: player, properties };
};

async function insert(rows: Ev[]): Promise<void> {
  const months = new Set(rows.map((r) => new Date(r.time).toISOString().slice(0, 7)));
  for (const m of months) await ctx.db.query('SELECT tracking_ensure_partition($1::timestamptz)', [`${m}-15T00:00:00Z`]);
  const chunk = rows.map((r) => ({ ...r, time: new Date(r.time).toISOString() }));
  await ctx.db.query(
    `INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties)
     SELECT x.time, x.uuid, x.game, x.event, x.distinct_id, x.properties
     FROM jsonb_to_recordset($1::jsonb) AS x(time timestamptz, uuid uuid, game int, event text, distinct_id text, properties jsonb)`,
    [JSON.stringify(chunk)],
  );
}

const STEPS = ['da', 'db', 'dc'];
const WINDOW = 3600;

/**
 * Independent walk: per player of the game, the first step-1 event in [lo, hi), then greedily the
 * earliest next-step event at or after the previous one within the window. Answers each player's step times.
 */
function walk(events: Ev[], g: number, lo: number, hi: number): Map<string, { times: number[]; channel: string | null }> {
  const out = new Map<string, { times: number[]; channel: string | null }>();
  const players = [...new Set(events.filter((e) => e.game === g).map((e) => e.distinct_id))];
  for (const p of players) {
    const mine = events.filter((e) => e.game === g && e.distinct_id === p).sort((a, b) => a.time - b.time || a.uuid.localeCompare(b.uuid));
    const entry = mine.find((e) => e.event === STEPS[0] && e.time >= lo && e.time < hi);
    if (!entry) continue;
    const times = [entry.time];
    for (let i = 1; i < STEPS.length; i++) {
      const prev = times[i - 1] as number;
      const next = mine.find((e) => e.event === STEPS[i] && e.time >= prev && e.time <= entry.time + WINDOW * 1000);
      if (!next) break;
      times.push(next.time);
    }
    const c = entry.properties.channel;
    out.set(p, { times, channel: typeof c === 'string' ? c : null });
  }
  return out;
}

const events: Ev[] = [];
let fid = 0;
const START = '2026-03-03';
const END = '2026-03-04';

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, analyst] } = s));
beforeAll(async () => {
  const [g] = await ctx.db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 1');
  game = (g as { id: number }).id;
  const rand = prng(20260303);
  const t0 = day0(START);
  // 60 players over three days (one day before the range): random walks through the steps with random delays
  // (some beyond the window), random channels, plus noise events of another game.
  for (let i = 0; i < 60; i++) {
    const p = `dp${String(i).padStart(2, '0')}`;
    let t = t0 - 24 * H + Math.floor(rand() * 72 * H);
    const channel = ['a', 'b', 'c', undefined][Math.floor(rand() * 4)];
    events.push(ev(game, p, 'da', t, channel === undefined ? {} : { channel }));
    for (const step of ['db', 'dc']) {
      if (rand() < 0.3) break;
      t += Math.floor(rand() * 50 * M);
      events.push(ev(game, p, step, t));
    }
    if (rand() < 0.2) events.push(ev(game + 1, p, 'da', t0 + H), ev(game + 1, p, 'db', t0 + 2 * H));
  }
  await insert(events);
  const [row] = await ctx.db.query<{ id: number }>('INSERT INTO tracking_funnels (game, name, steps, window_seconds) VALUES ($1, $2, $3::jsonb, $4) RETURNING id', [
    game,
    '下钻漏斗',
    JSON.stringify(STEPS.map((event) => ({ event }))),
    WINDOW,
  ]);
  fid = (row as { id: number }).id;
}, SERVER_TIMEOUT_MS);

async function players(q: Record<string, string>, token = sa): Promise<FunnelPlayersPage> {
  return expectData(await call(srv, `/api/data_embed/funnel/players/?${new URLSearchParams({ funnel: String(fid), start: START, end: END, ...q })}`, { token }), funnelPlayersPage);
}

/** Every row of a drill-down, page by page. */
async function allPlayers(q: Record<string, string>): Promise<FunnelPlayersPage['data']> {
  const rows: FunnelPlayersPage['data'] = [];
  for (let page = 1; ; page++) {
    const res = await players({ ...q, page: String(page), limit: '7' });
    rows.push(...res.data);
    if (!res.is_next) return rows;
  }
}

describe('funnel drill-down', () => {
  it('each step, converted and dropped: the count is the figure and the rows are the players a walk over the events finds', async () => {
    const figure = expectData(await call(srv, `/api/data_embed/funnel/?funnel=${fid}&start=${START}&end=${END}`, { token: sa }), funnelResult);
    const walked = walk(events, game, day0(START), day0('2026-03-05'));
    expect(figure.steps[0]?.players).toBe(walked.size);
    expect(walked.size).toBeGreaterThan(10);
    for (let k = 1; k <= STEPS.length; k++) {
      const converted = [...walked].filter(([, w]) => w.times.length >= k);
      // After the last step there is no next one to drop out before: nobody.
      const dropped = k < STEPS.length ? converted.filter(([, w]) => w.times.length === k) : [];
      const conv = await allPlayers({ step: String(k), kind: 'converted' });
      const drop = await allPlayers({ step: String(k), kind: 'dropped' });
      const here = figure.steps[k - 1]?.players ?? -1;
      const next = figure.steps[k]?.players ?? here;
      expect((await players({ step: String(k), kind: 'converted' })).total, `step ${k}`).toBe(here);
      expect((await players({ step: String(k), kind: 'dropped' })).total, `step ${k} dropped`).toBe(here - next);
      expect(conv.map((r) => r.distinct_id).sort()).toEqual(converted.map(([p]) => p).sort());
      expect(drop.map((r) => r.distinct_id).sort()).toEqual(dropped.map(([p]) => p).sort());
      for (const r of conv) {
        const w = walked.get(r.distinct_id)?.times ?? [];
        expect([Date.parse(r.entered_at), Date.parse(r.reached_at), r.next_at === null ? null : Date.parse(r.next_at)]).toEqual([w[0], w[k - 1], w[k] ?? null]);
      }
      // Newest arrival at the step first.
      const reached = conv.map((r) => Date.parse(r.reached_at));
      expect(reached).toEqual([...reached].sort((a, b) => b - a));
    }
  });

  it('a breakdown group lists the players of that group (the figure of the group)', async () => {
    const figure = expectData(await call(srv, `/api/data_embed/funnel/?funnel=${fid}&start=${START}&end=${END}&breakdown=channel`, { token: sa }), funnelResult);
    const walked = walk(events, game, day0(START), day0('2026-03-05'));
    for (const g of figure.breakdown ?? []) {
      const group = g.value ?? '__none__';
      const expected = [...walked].filter(([, w]) => w.channel === g.value && w.times.length >= 2).map(([p]) => p).sort();
      const rows = await allPlayers({ step: '2', kind: 'converted', breakdown: 'channel', group });
      expect(rows.length, group).toBe(g.steps[1]?.players);
      expect(rows.map((r) => r.distinct_id).sort()).toEqual(expected);
    }
  });

  it('paging: pages partition the list; a page past the end is empty with the same total', async () => {
    const all = await allPlayers({ step: '1' });
    const first = await players({ step: '1', limit: '5' });
    expect(first.data).toEqual(all.slice(0, 5));
    expect(first.event).toBe('da');
    const past = await players({ step: '1', page: '999', limit: '5' });
    expect(past.data).toEqual([]);
    expect(past.total).toBe(all.length);
  });

  it('the export holds the same players as the list (the analyst holds the Export button)', async () => {
    const rows = await allPlayers({ step: '2', kind: 'dropped' });
    const res = await fetch(`${srv.baseUrl}/api/data_embed/funnel/players/export_data/?funnel=${fid}&start=${START}&end=${END}&step=2&kind=dropped`, { headers: { authorization: `JWT ${analyst}` } });
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toMatch(/^attachment;filename=漏斗玩家-下钻漏斗-第2步流失-2026-03-03_2026-03-04-\d{14}\.xlsx$/);
    const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]).toEqual(['玩家', '进入时间(北京时间)', '到达本步时间(北京时间)', '到达下一步时间(北京时间)']);
    expect(sheet.slice(1).map((r) => [r[0], r[2]])).toEqual(rows.map((r) => [r.distinct_id, formatDatetime(r.reached_at)]));
  });

  it('bad input answers 4000 with the reason, never 5xx; an unknown funnel 404', async () => {
    const base = `funnel=${fid}&start=${START}&end=${END}`;
    const cases: Array<[string, number, string]> = [
      [`${base}`, 4000, 'step 必须是 1 到 10 的整数'],
      [`${base}&step=0`, 4000, 'step 必须是 1 到 10 的整数'],
      [`${base}&step=4`, 4000, 'step 必须是 1 到 3 的整数'],
      [`${base}&step=1&kind=lost`, 4000, 'kind 只能是 converted 或 dropped'],
      [`${base}&step=1&limit=101`, 4000, 'limit 必须是 1 到 100 的整数'],
      [`${base}&step=1&group=a`, 4000, 'group 需要同时给出 breakdown'],
      [`funnel=${fid}&start=2026-03-04&end=2026-03-03&step=1`, 4000, 'end 不能早于 start'],
      [`funnel=999999&start=${START}&end=${END}&step=1`, 404, '漏斗不存在'],
    ];
    for (const [q, code, msg] of cases) {
      for (const path of ['/api/data_embed/funnel/players/', '/api/data_embed/funnel/players/export_data/']) {
        if (path.endsWith('export_data/') && q.includes('limit=')) continue;
        expectFailure(await call(srv, `${path}?${q}`, { token: sa }), code, msg);
      }
    }
  });

  it('permissions: the funnel\'s Search grants the list, only its Export button the export', async () => {
    const q = `funnel=${fid}&start=${START}&end=${END}&step=1`;
    expect((await call(srv, `/api/data_embed/funnel/players/?${q}`)).body.code).not.toBe(2000);
    expect((await call(srv, `/api/data_embed/funnel/players/?${q}`, { token: analyst })).body.code).toBe(2000);
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path = '/data_embed/funnel' AND b.value = 'Export')`,
    );
    expect((await call(srv, `/api/data_embed/funnel/players/?${q}`, { token: analyst })).body.code).toBe(2000);
    expectFailure(await call(srv, `/api/data_embed/funnel/players/export_data/?${q}`, { token: analyst }), 4000, '您没有执行该操作的权限。 (GET: /api/data_embed/funnel/players/export_data/)');
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path = '/data_embed/funnel')`,
    );
    expectFailure(await call(srv, `/api/data_embed/funnel/players/?${q}`, { token: analyst }), 4000, '您没有执行该操作的权限。 (GET: /api/data_embed/funnel/players/)');
  });
});
