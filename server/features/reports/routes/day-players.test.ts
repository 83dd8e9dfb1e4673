import { beforeAll, describe, expect, it } from 'vitest';
import { orderIngestResult, statsResult, trackingCredentials, trackResult } from '../../../../contracts/schemas';
import { dayPlayersPage, type DayPlayersPage } from '../../../../contracts/schemas/reports/day-players';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * 游戏统计's drill-down (GET /api/data_reports/game_stats/players/ and its export) on a crafted history
 * sent through the real ingestion (logins and paid orders): for every day of the range, one game and
 * every game, the new / active / paying lists' counts are the day row's figures of
 * GET /api/data_reports/game_stats/, and the rows are the players a plain-JS pass over the crafted
 * history finds; the export; bad input (4000); the Export right.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let analyst: string;
const DAY = 86_400_000;
let tz = 'Asia/Shanghai';
let games: number[] = [];

interface Act {
  game: number;
  player: string;
  time: number;
  kind: 'login' | 'order';
}
const acts: Act[] = [];
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, analyst] } = s), {}, SERVER_TIMEOUT_MS * 2);
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  games = (await ctx.db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 2')).map((g) => g.id);
  const now = Date.now() - 5 * 60_000;
  const rand = prng(777);
  for (const game of games) {
    for (let p = 0; p < 35; p++) {
      const player = `dp${game}-${String(p).padStart(2, '0')}`;
      const join = now - Math.floor(rand() * 7 * DAY);
      for (let k = 0; k < 7; k++) {
        const t = join + k * DAY + Math.floor(rand() * 3_600_000);
        if (t > now) break;
        if (k === 0 || rand() < 0.5) acts.push({ game, player, time: t, kind: rand() < 0.25 ? 'order' : 'login' });
      }
    }
  }
  for (const game of games) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    const creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
    const mine = acts.filter((a) => a.game === game);
    const events = mine.filter((a) => a.kind === 'login').map((a) => ({ uuid: uuidFrom(rand), event: 'login', distinct_id: a.player, time: new Date(a.time).toISOString(), properties: {} }));
    expect(expectData(await signedPost(srv, '/api/embed/track/', creds, { events }), trackResult).rejected).toEqual([]);
    const orders = mine.filter((a) => a.kind === 'order').map((a, i) => ({ order_id: `DP${game}-${i}`, distinct_id: a.player, amount: 600, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status: 'paid', time: new Date(a.time).toISOString() }));
    if (orders.length > 0) expect(expectData(await signedPost(srv, '/api/ingest/orders/', creds, { orders }), orderIngestResult).rejected).toEqual([]);
  }
  await ctx.playerUpkeep.drain();
}, SERVER_TIMEOUT_MS * 2);

const page = async (q: Record<string, string>, token = sa): Promise<DayPlayersPage> =>
  expectData(await call(srv, `/api/data_reports/game_stats/players/?${new URLSearchParams(q)}`, { token }), dayPlayersPage);

async function all(q: Record<string, string>): Promise<DayPlayersPage['data']> {
  const rows: DayPlayersPage['data'] = [];
  for (let p = 1; ; p++) {
    const res = await page({ ...q, page: String(p), limit: '11' });
    rows.push(...res.data);
    if (!res.is_next) return rows;
  }
}

describe('game statistics drill-down', () => {
  it('every day, one game: new / active / paying counts are the day row\'s figures, rows are the walked players', async () => {
    const today = dayOf(Date.now());
    const start = shift(today, -7);
    let checked = 0;
    for (const game of games) {
      const report = expectData(await call(srv, `/api/data_reports/game_stats/?start=${start}&end=${today}&game=${game}`, { token: sa }), statsResult);
      const mine = acts.filter((a) => a.game === game);
      const first = new Map<string, string>();
      for (const a of [...mine].sort((x, y) => x.time - y.time)) if (!first.has(a.player)) first.set(a.player, dayOf(a.time));
      for (const row of report.days) {
        const expected = {
          new: [...first].filter(([, d]) => d === row.day).map(([p]) => p),
          active: [...new Set(mine.filter((a) => dayOf(a.time) === row.day).map((a) => a.player))],
          paying: [...new Set(mine.filter((a) => a.kind === 'order' && dayOf(a.time) === row.day).map((a) => a.player))],
        };
        const figure = { new: row.new_players, active: row.active_players, paying: row.paying_players };
        for (const metric of ['new', 'active', 'paying'] as const) {
          const q = { day: row.day, metric, game: String(game) };
          expect((await page(q)).total, `${game} ${row.day} ${metric}`).toBe(figure[metric]);
          const rows = await all(q);
          expect(rows.map((r) => r.distinct_id).sort()).toEqual(expected[metric].sort());
          for (const r of rows) {
            const paidThatDay = mine.filter((a) => a.player === r.distinct_id && a.kind === 'order' && dayOf(a.time) === row.day).length;
            expect([r.registered, r.orders, r.paid]).toEqual([first.get(r.distinct_id), paidThatDay, paidThatDay * 600]);
          }
          checked += figure[metric] > 0 ? 1 : 0;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('every game: the count is the all-games figure', async () => {
    const day = shift(dayOf(Date.now()), -2);
    const report = expectData(await call(srv, `/api/data_reports/game_stats/?start=${day}&end=${day}`, { token: sa }), statsResult);
    const row = report.days[0];
    for (const [metric, figure] of [['new', row?.new_players], ['active', row?.active_players], ['paying', row?.paying_players]] as const) {
      expect((await all({ day, metric })).length, metric).toBe(figure);
    }
  });

  it('the export holds the list\'s players; bad input answers 4000; the Export button is needed for the export only', async () => {
    const q = { day: shift(dayOf(Date.now()), -1), metric: 'active', game: String(games[0]) };
    const rows = await all(q);
    const res = await fetch(`${srv.baseUrl}/api/data_reports/game_stats/players/export_data/?${new URLSearchParams(q)}`, { headers: { authorization: `JWT ${analyst}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-rows')).toBe(String(rows.length));
    const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(sheet.slice(1).map((r) => r[1])).toEqual(rows.map((r) => r.distinct_id));
    const bad: Array<[string, string]> = [
      ['metric=new', 'day 必须是 YYYY-MM-DD'],
      [`day=${q.day}`, 'metric 只能是 new、active 或 paying'],
      [`day=${q.day}&metric=gone`, 'metric 只能是 new、active 或 paying'],
      [`day=${q.day}&metric=new&game=x`, 'game 必须是游戏编号'],
      [`day=${q.day}&metric=new&page=0`, 'page 必须是 1 到 1000000 的整数'],
    ];
    for (const [qs, msg] of bad) expectFailure(await call(srv, `/api/data_reports/game_stats/players/?${qs}`, { token: sa }), 4000, msg);
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path = '/data_reports/game_stats' AND b.value = 'Export')`,
    );
    expect((await call(srv, `/api/data_reports/game_stats/players/?${new URLSearchParams(q)}`, { token: analyst })).body.code).toBe(2000);
    expectFailure(await call(srv, `/api/data_reports/game_stats/players/export_data/?${new URLSearchParams(q)}`, { token: analyst }), 4000, '您没有执行该操作的权限。 (GET: /api/data_reports/game_stats/players/export_data/)');
  });
});
