import { beforeAll, describe, expect, it } from 'vitest';
import { orderIngestResult, RETENTION_DAYS, retentionPlayersPage, retentionResult, trackingCredentials, trackResult, type RetentionPlayersPage } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, uuidFrom } from '../../../test/tracking-reference';

/**
 * 留存分析's drill-down (GET /api/center_users/retention/players/ and its export) on a crafted history
 * sent through the real ingestion (register events with channels, logins, paid orders): for cells of
 * the matrix (cohort day × day N, with and without the game and channel filters) the list's total is
 * the figure GET /api/center_users/retention/ answers, and the rows are the players a plain-JS walk
 * over the crafted events finds; the export; bad input (4000); the Export right.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let analyst: string;
const DAY = 86_400_000;
const CHANNELS = ['tap', 'huawei'];
let games: number[] = [];
let tz = 'Asia/Shanghai';

interface Act {
  game: number;
  player: string;
  time: number;
  kind: 'register' | 'login' | 'order';
  channel?: string;
}
const acts: Act[] = [];
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** Per (game, player) of the crafted history: first active day, channel of the earliest register ('' without), active days. */
function reference() {
  const out = new Map<string, { game: number; player: string; first: string; channel: string; days: Set<string> }>();
  for (const a of [...acts].sort((x, y) => x.time - y.time)) {
    const key = `${a.game}:${a.player}`;
    let e = out.get(key);
    if (!e) out.set(key, (e = { game: a.game, player: a.player, first: dayOf(a.time), channel: '', days: new Set() }));
    e.days.add(dayOf(a.time));
    if (a.kind === 'register' && e.channel === '' && !acts.some((b) => b.game === a.game && b.player === a.player && b.kind === 'register' && b.time < a.time)) e.channel = a.channel ?? '';
  }
  return [...out.values()];
}

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, analyst] } = s), {}, SERVER_TIMEOUT_MS * 2);
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  games = (await ctx.db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 2')).map((g) => g.id);
  const now = Date.now() - 5 * 60_000;
  const rand = prng(2026);
  for (const game of games) {
    for (let p = 0; p < 40; p++) {
      const player = `rp${game}-${String(p).padStart(2, '0')}`;
      const join = now - Math.floor(rand() * 12 * DAY);
      if (p % 7 !== 3) acts.push({ game, player, time: join, kind: 'register', channel: CHANNELS[p % 2] as string });
      for (let k = 0; k < 12; k++) {
        const t = join + k * DAY + Math.floor(rand() * 3_600_000);
        if (t > now) break;
        if (k === 0 || rand() < 0.45) acts.push({ game, player, time: t, kind: rand() < 0.15 ? 'order' : 'login' });
      }
    }
  }
  for (const game of games) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    const creds = expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials);
    const mine = acts.filter((a) => a.game === game);
    const events = mine.filter((a) => a.kind !== 'order').map((a) => ({ uuid: uuidFrom(rand), event: a.kind, distinct_id: a.player, time: new Date(a.time).toISOString(), properties: a.kind === 'register' ? { channel: a.channel ?? '' } : {} }));
    for (let i = 0; i < events.length; i += 200) expect(expectData(await signedPost(srv, '/api/embed/track/', creds, { events: events.slice(i, i + 200) }), trackResult).rejected).toEqual([]);
    const orders = mine.filter((a) => a.kind === 'order').map((a, i) => ({ order_id: `RP${game}-${i}`, distinct_id: a.player, amount: 600, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status: 'paid', time: new Date(a.time).toISOString() }));
    if (orders.length > 0) expect(expectData(await signedPost(srv, '/api/ingest/orders/', creds, { orders }), orderIngestResult).rejected).toEqual([]);
  }
  await ctx.playerUpkeep.drain();
}, SERVER_TIMEOUT_MS * 2);

const page = async (q: Record<string, string>, token = sa): Promise<RetentionPlayersPage> =>
  expectData(await call(srv, `/api/center_users/retention/players/?${new URLSearchParams(q)}`, { token }), retentionPlayersPage);

async function all(q: Record<string, string>): Promise<RetentionPlayersPage['data']> {
  const rows: RetentionPlayersPage['data'] = [];
  for (let p = 1; ; p++) {
    const res = await page({ ...q, page: String(p), limit: '9' });
    rows.push(...res.data);
    if (!res.is_next) return rows;
  }
}

describe('retention drill-down', () => {
  it('every known cell (cohort × day 1, 3, 7; one game, one game and channel): count = the matrix figure, rows = the walked players', async () => {
    const ref = reference();
    const today = dayOf(Date.now());
    const start = shift(today, -12);
    let cells = 0;
    for (const game of games) {
      for (const channel of [undefined, 'tap']) {
        const q = new URLSearchParams({ start, end: today, game: String(game), ...(channel ? { channel } : {}) });
        const matrix = expectData(await call(srv, `/api/center_users/retention/?${q}`, { token: sa }), retentionResult);
        for (const cohort of matrix.cohorts) {
          if (cohort.players === 0) continue;
          const mine = ref.filter((r) => r.game === game && r.first === cohort.day && (channel === undefined || r.channel === channel));
          for (const n of [0, ...RETENTION_DAYS.filter((d) => d <= 7)]) {
            if (shift(cohort.day, n) > today) continue;
            const figure = n === 0 ? cohort.players : cohort.retained[String(n) as '1' | '3' | '7'];
            const expected = mine.filter((r) => n === 0 || r.days.has(shift(cohort.day, n))).map((r) => r.player).sort();
            const filters = { day: cohort.day, n: String(n), game: String(game), ...(channel ? { channel } : {}) };
            const rows = await all(filters);
            expect((await page(filters)).total, `${game} ${channel} ${cohort.day} d${n}`).toBe(figure);
            expect(rows.map((r) => r.distinct_id).sort()).toEqual(expected);
            for (const r of rows) {
              const e = mine.find((m) => m.player === r.distinct_id);
              expect([r.game, r.channel, r.active_days]).toEqual([game, e?.channel, [...(e?.days ?? [])].filter((d) => d >= cohort.day && d <= shift(cohort.day, n)).length]);
            }
            cells++;
          }
        }
      }
    }
    expect(cells).toBeGreaterThan(20);
  });

  it('every game: the count is the all-games figure; the crafted players among the rows are those walked', async () => {
    const ref = reference();
    const today = dayOf(Date.now());
    const day = shift(today, -8);
    const matrix = expectData(await call(srv, `/api/center_users/retention/?start=${day}&end=${day}`, { token: sa }), retentionResult);
    const rows = await all({ day, n: '1' });
    expect(rows.length).toBe(matrix.cohorts[0]?.retained['1']);
    const crafted = rows.filter((r) => games.includes(r.game) && r.distinct_id.startsWith('rp')).map((r) => `${r.game}:${r.distinct_id}`).sort();
    expect(crafted).toEqual(ref.filter((r) => r.first === day && r.days.has(shift(day, 1))).map((r) => `${r.game}:${r.player}`).sort());
  });

  it('the export holds the list\'s players; bad input answers 4000; the Export button is needed for the export only', async () => {
    const day = shift(dayOf(Date.now()), -6);
    const filters = { day, n: '0', game: String(games[0]) };
    const rows = await all(filters);
    const res = await fetch(`${srv.baseUrl}/api/center_users/retention/players/export_data/?${new URLSearchParams(filters)}`, { headers: { authorization: `JWT ${analyst}` } });
    expect(res.status).toBe(200);
    const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]).toEqual(['游戏', '玩家', '渠道', '活跃天数(第0至0天)']);
    expect(sheet.slice(1).map((r) => r[1])).toEqual(rows.map((r) => r.distinct_id));
    const bad: Array<[string, string]> = [
      ['n=1', 'day 必须是 YYYY-MM-DD'],
      [`day=${day}`, 'n 必须是 0 到 30 的整数'],
      [`day=${day}&n=31`, 'n 必须是 0 到 30 的整数'],
      [`day=2026-02-30&n=1`, 'day 不是有效的日期'],
      [`day=${day}&n=1&game=x`, 'game 必须是游戏编号'],
      [`day=${day}&n=1&limit=500`, 'limit 必须是 1 到 100 的整数'],
      [`day=${day}&n=1&n=2`, '参数 n 只能出现一次'],
    ];
    for (const [q, msg] of bad) expectFailure(await call(srv, `/api/center_users/retention/players/?${q}`, { token: sa }), 4000, msg);
    await ctx.db.query(
      `DELETE FROM role_buttons WHERE role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = 'test')
         AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.web_path = '/center_users/retention' AND b.value = 'Export')`,
    );
    expect((await call(srv, `/api/center_users/retention/players/?${new URLSearchParams(filters)}`, { token: analyst })).body.code).toBe(2000);
    expectFailure(await call(srv, `/api/center_users/retention/players/export_data/?${new URLSearchParams(filters)}`, { token: analyst }), 4000, '您没有执行该操作的权限。 (GET: /api/center_users/retention/players/export_data/)');
    expect((await call(srv, `/api/center_users/retention/players/?${new URLSearchParams(filters)}`)).body.code).not.toBe(2000);
  });
});
