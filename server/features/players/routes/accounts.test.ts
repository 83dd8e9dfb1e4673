import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountDetail,
  accountRow,
  gameUserDetail,
  gameUserDevices,
  gameUserRow,
  listPage,
  orderIngestResult,
  playerSessions,
  playerTrackEvent,
  trackingCredentials,
  trackResult,
} from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, SERVER_TIMEOUT_MS, signedPost, suiteServer } from '../../../test/helpers';
import { prng, refSessionsAll, uuidFrom } from '../../../test/tracking-reference';

/**
 * Platform accounts and game players against a random history (fixed seed) sent through
 * the real signed ingestion APIs: 36 accounts, some in both games, with register/login (bindings on some),
 * session events with gaps, paid and refunded orders. Every account's first/last day, games and total paid,
 * every game player's row, a player's event count and its sessions are compared with plain-JS computations
 * from the raw rows of this test; the kept tables equal a rebuild; ban/unban (flagged events, expiry, the
 * operation log), bad input (nothing written) and permissions.
 */

let srv: TestServer;
let ctx: AppContext;
let sa: string;
let testToken: string;
let tz = 'Asia/Shanghai';
const DAY = 86_400_000;
const GAP = 30 * 60_000;
const creds = new Map<number, { app_key: string; secret: string }>();

interface Ev {
  game: number;
  uuid: string;
  event: string;
  distinct_id: string;
  time: number;
  properties: Record<string, string | number>;
}
interface Order {
  game: number;
  order_id: string;
  distinct_id: string;
  amount: number;
  time: number;
  refunded: boolean;
}
const events: Ev[] = [];
const orders: Order[] = [];
const rand = prng(4916);

const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
async function post(path: string, game: number, body: unknown) {
  const c = creds.get(game);
  if (!c) throw new Error('no app');
  return signedPost(srv, path, c, body);
}
async function sendEvents(list: Ev[]) {
  for (const game of [1, 2]) {
    const mine = list.filter((e) => e.game === game).map((e) => ({ uuid: e.uuid, event: e.event, distinct_id: e.distinct_id, time: new Date(e.time).toISOString(), properties: e.properties }));
    for (let i = 0; i < mine.length; i += 200) expect(expectData(await post('/api/embed/track/', game, { events: mine.slice(i, i + 200) }), trackResult).rejected).toEqual([]);
  }
  // The player upkeep (migration 057) runs after the ingestion's commits: drained, so the reads below see it.
  await ctx.playerUpkeep.drain();
}
const wire = (o: Order, status: 'paid' | 'refunded', time: number) => ({
  order_id: o.order_id, distinct_id: o.distinct_id, amount: o.amount, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status, time: new Date(time).toISOString(),
});

suiteServer(['superadmin', 'test'], (s) => ({ srv, ctx, tokens: [sa, testToken] } = s), {}, SERVER_TIMEOUT_MS * 2);
beforeAll(async () => {
  tz = ctx.config.analyticsTz;
  for (const game of [1, 2]) {
    const app = expectData(await call(srv, '/api/embed_configure/game/', { token: sa, body: { game } }), trackingCredentials.partial().passthrough()) as { id: number };
    creds.set(game, expectData(await call(srv, `/api/embed_configure/game/${app.id}/regenerate/`, { token: sa, method: 'POST' }), trackingCredentials));
  }
  const now = Date.now() - 10 * 60_000;
  for (let p = 0; p < 36; p++) {
    const id = `acc-${p}`;
    for (const game of p % 3 === 0 ? [1, 2] : [1]) {
      let t = now - Math.floor((3 + rand() * 17) * DAY);
      const device = { device_id: `dev-a${p % 30}`, device_model: p % 2 ? 'HUAWEI Mate 60' : 'iPhone 15', os: p % 2 ? 'android' : 'ios', os_version: p % 2 ? '14' : '17.1' };
      const bind: Record<string, string> = {};
      if (p % 4 === 0) bind.phone = `1380013${String(1000 + p)}`;
      if (p % 5 === 0) bind.wechat_openid = `oWx${p}abcdefghijk`;
      const ev = (event: string, time: number, properties: Record<string, string | number> = {}) => events.push({ game, uuid: uuidFrom(rand), event, distinct_id: id, time, properties });
      ev('register', t, { channel: p % 2 ? 'huawei' : 'apple', ...device, ...bind });
      let n = 0;
      while (t < now - DAY && n < 12) {
        ev('login', t + 1000, device);
        // A session with explicit start/end, then (sometimes) a few events after a gap, sometimes within 30 minutes.
        ev('session_start', t + 2000);
        const len = Math.floor(rand() * 40) * 60_000;
        ev('level_up', t + 3000 + len / 2, { level: n + 1 });
        ev('session_end', t + 4000 + len, { duration: len / 1000 });
        if (rand() < 0.5) ev('level_up', t + 4000 + len + (rand() < 0.5 ? GAP - 60_000 : GAP + 60_000), { level: 99 });
        if (rand() < 0.3) orders.push({ game, order_id: `O${game}-${p}-${n}`, distinct_id: id, amount: 100 * (1 + Math.floor(rand() * 60)), time: t + 5000, refunded: rand() < 0.25 });
        t += Math.floor((0.3 + rand() * 2.5) * DAY);
        n++;
      }
    }
  }
  await sendEvents(events);
  for (const game of [1, 2]) {
    const mine = orders.filter((o) => o.game === game);
    expect(expectData(await post('/api/ingest/orders/', game, { orders: mine.map((o) => wire(o, 'paid', o.time)) }), orderIngestResult).rejected).toEqual([]);
    const refunds = mine.filter((o) => o.refunded).map((o) => wire(o, 'refunded', Math.min(now, o.time + DAY)));
    if (refunds.length > 0) expect(expectData(await post('/api/ingest/orders/', game, { orders: refunds }), orderIngestResult).rejected).toEqual([]);
  }
}, SERVER_TIMEOUT_MS * 2);

/** Reference per account from the raw events and orders of this test. */
function accountsRef() {
  const by = new Map<string, { days: Set<string>; games: Set<number>; paid: number; orders: number; perGame: Map<number, Set<string>> }>();
  const of = (id: string) => {
    let a = by.get(id);
    if (!a) by.set(id, (a = { days: new Set(), games: new Set(), paid: 0, orders: 0, perGame: new Map() }));
    return a;
  };
  const active = (a: ReturnType<typeof of>, game: number, ms: number) => {
    a.days.add(dayOf(ms));
    a.games.add(game);
    const g = a.perGame.get(game) ?? new Set<string>();
    g.add(dayOf(ms));
    a.perGame.set(game, g);
  };
  for (const e of events) active(of(e.distinct_id), e.game, e.time);
  for (const o of orders) {
    const a = of(o.distinct_id);
    active(a, o.game, o.time);
    a.paid += o.refunded ? 0 : o.amount;
    a.orders += 1;
  }
  return by;
}

/**
 * Sessions of one player in one game, by the documented rule (a login or register sent within 60 s
 * before its session_start is in that session), from the raw events: the shared plain-JS computation of
 * the analysis tests (server/test/tracking-reference.ts).
 */
function sessionsRef(game: number, id: string) {
  return refSessionsAll(events.filter((e) => e.game === game && e.distinct_id === id)).sort((a, b) => a.start - b.start);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('accounts and game players equal an independent computation from the raw rows', () => {
  it('every account: first/last day, games, total paid (paid − refunded, minor units), orders', async () => {
    const ref = accountsRef();
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const p = expectData(await call(srv, `/api/center_users/accounts/?limit=10&page=${page}&search=acc-`, { token: sa }), listPage(accountRow.strict()).strict());
      expect(p.total).toBe(ref.size);
      for (const row of p.data) {
        const r = ref.get(row.distinct_id);
        expect(r, row.distinct_id).toBeDefined();
        const days = [...(r?.days ?? [])].sort();
        expect([row.first_seen, row.last_seen, row.games, row.total_paid, row.orders, row.status], row.distinct_id).toEqual([days[0], days.at(-1), r?.games.size, r?.paid, r?.orders, 'normal']);
        seen.add(row.distinct_id);
      }
      if (!p.is_next) break;
    }
    expect(seen.size).toBe(36);
    expect([...ref.values()].reduce((s, a) => s + a.paid, 0)).toBeGreaterThan(10_000);
    expect([...ref.values()].some((a) => a.orders > 0 && a.paid < 100 * a.orders)).toBe(true);
    // Newest last day first by default.
    const first = expectData(await call(srv, '/api/center_users/accounts/?limit=100', { token: sa }), listPage(accountRow));
    const lasts = first.data.map((r) => r.last_seen);
    expect(lasts).toEqual([...lasts].sort().reverse());
    const inGame2 = expectData(await call(srv, '/api/center_users/accounts/?game=2&limit=100', { token: sa }), listPage(accountRow));
    expect(inGame2.total).toBe(12);
  });

  it('the kept account tables equal a rebuild from player_active_days', async () => {
    const snap = async () => ({
      g: await ctx.db.query("SELECT distinct_id, game, first_day::text, last_day::text, active_days FROM account_games ORDER BY 1, 2"),
      a: await ctx.db.query("SELECT distinct_id, first_day::text, last_day::text, games FROM player_accounts ORDER BY 1"),
    });
    const kept = await snap();
    expect(kept.a.length).toBe(36);
    await ctx.db.query('SELECT players_rebuild_accounts()');
    expect(await snap()).toEqual(kept);
  });

  it('the detail: masked bindings, per-game figures', async () => {
    const ref = accountsRef();
    const d = expectData(await call(srv, '/api/center_users/accounts/detail/?distinct_id=acc-0', { token: sa }), accountDetail.strict());
    expect(d.bindings.map((b) => [b.kind, b.value])).toEqual([
      ['phone', '138****1000'],
      ['wechat_openid', 'oWx0****jk'],
    ]);
    expect(d.game_figures.map((g) => g.game).sort((a, b) => a - b)).toEqual([...(ref.get('acc-0')?.perGame.keys() ?? [])].sort((a, b) => a - b));
    for (const g of d.game_figures) {
      expect(g.active_days).toBe(ref.get('acc-0')?.perGame.get(g.game)?.size);
      const paid = orders.filter((o) => o.distinct_id === 'acc-0' && o.game === g.game && !o.refunded).reduce((s, o) => s + o.amount, 0);
      expect(g.revenue).toBe(paid);
    }
    const plain = expectData(await call(srv, '/api/center_users/accounts/detail/?distinct_id=acc-1', { token: sa }), accountDetail);
    expect(plain.bindings).toEqual([]);
    expect(plain.bans).toEqual([]);
  });

  it('game players: every row of game 2, a channel filter', async () => {
    const ref = accountsRef();
    const p = expectData(await call(srv, '/api/center_users/game_users/?game=2&limit=100', { token: sa }), listPage(gameUserRow.strict()).strict());
    expect(p.total).toBe(12);
    for (const row of p.data) {
      const days = [...(ref.get(row.distinct_id)?.perGame.get(2) ?? [])].sort();
      const paid = orders.filter((o) => o.distinct_id === row.distinct_id && o.game === 2 && !o.refunded).reduce((s, o) => s + o.amount, 0);
      expect([row.first_seen, row.last_seen, row.active_days, row.total_paid, row.id], row.distinct_id).toEqual([days[0], days.at(-1), days.length, paid, `2:${row.distinct_id}`]);
      expect(row.channel).toBe(Number(row.distinct_id.slice(4)) % 2 ? 'huawei' : 'apple');
    }
    const huawei = expectData(await call(srv, '/api/center_users/game_users/?game=1&channel=huawei&limit=100', { token: sa }), listPage(gameUserRow));
    expect(huawei.total).toBe(18);
    const all = expectData(await call(srv, '/api/center_users/game_users/?limit=100', { token: sa }), listPage(gameUserRow));
    expect(all.total).toBe(48);
  });

  it('a player: detail, behaviour track (paged, by event and day), device profile, sessions (30-minute gap)', async () => {
    const id = 'acc-3';
    const mine = events.filter((e) => e.game === 1 && e.distinct_id === id);
    const d = expectData(await call(srv, `/api/center_users/game_users/detail/?game=1&distinct_id=${id}`, { token: sa }), gameUserDetail.strict());
    expect(d.events).toBe(mine.length);
    expect(d.event_names).toEqual([...new Set(mine.map((e) => e.event))].sort());
    expect(d.registered_at).toBe(iso(Math.min(...mine.filter((e) => e.event === 'register').map((e) => e.time))));
    const track = expectData(await call(srv, `/api/center_users/game_users/track/?game=1&distinct_id=${id}&limit=5`, { token: sa }), listPage(playerTrackEvent.strict()).strict());
    expect(track.total).toBe(mine.length);
    const newest = [...mine].sort((a, b) => b.time - a.time || (a.uuid < b.uuid ? 1 : -1)).slice(0, 5);
    expect(track.data.map((e) => [e.uuid, e.time, e.event])).toEqual(newest.map((e) => [e.uuid, iso(e.time), e.event]));
    const ups = expectData(await call(srv, `/api/center_users/game_users/track/?game=1&distinct_id=${id}&event=level_up&limit=100`, { token: sa }), listPage(playerTrackEvent));
    expect(ups.total).toBe(mine.filter((e) => e.event === 'level_up').length);
    const firstDay = dayOf(Math.min(...mine.map((e) => e.time)));
    const oneDay = expectData(await call(srv, `/api/center_users/game_users/track/?game=1&distinct_id=${id}&start=${firstDay}&end=${firstDay}&limit=100`, { token: sa }), listPage(playerTrackEvent));
    expect(oneDay.total).toBe(mine.filter((e) => dayOf(e.time) === firstDay).length);

    const dev = expectData(await call(srv, `/api/center_users/game_users/devices/?game=1&distinct_id=${id}`, { token: sa }), gameUserDevices.strict());
    expect(dev.devices.map((x) => [x.device_id, x.device_model, x.registration])).toEqual([['dev-a3', 'HUAWEI Mate 60', true]]);
    // acc-33 shares dev-a3 in game 1 and 2.
    expect(dev.devices[0]?.other_accounts.map((a) => `${a.game}:${a.distinct_id}`)).toEqual(['1:acc-33', '2:acc-3', '2:acc-33']);

    let checked = 0;
    for (const [game, who] of [[1, 'acc-3'], [2, 'acc-3'], [1, 'acc-7'], [1, 'acc-10']] as Array<[number, string]>) {
      const ref = sessionsRef(game, who);
      const start = dayOf(Date.now() - 25 * DAY);
      const end = dayOf(Date.now());
      const s = expectData(await call(srv, `/api/center_users/game_users/sessions/?game=${game}&distinct_id=${who}&start=${start}&end=${end}&limit=100`, { token: sa }), playerSessions.strict());
      expect(s.total.sessions, who).toBe(ref.length);
      expect(s.total.events).toBe(ref.reduce((n, x) => n + x.events, 0));
      expect(s.data.map((x) => [x.start, x.end, x.events, x.seconds])).toEqual([...ref].reverse().map((x) => [iso(x.start), iso(x.end), x.events, (x.end - x.start) / 1000]));
      expect(s.gap_seconds).toBe(1800);
      checked += ref.length;
      // A range that starts after the first sessions: only the sessions that start in it.
      const later = dayOf(ref[2]?.start ?? Date.now());
      const part = expectData(await call(srv, `/api/center_users/game_users/sessions/?game=${game}&distinct_id=${who}&start=${later}&end=${end}&limit=2`, { token: sa }), playerSessions);
      expect(part.total.sessions).toBe(ref.filter((x) => dayOf(x.start) >= later).length);
      expect(part.data).toHaveLength(Math.min(2, part.total.sessions));
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('ban and unban', () => {
  const ban = (body: unknown, token = sa) => call(srv, '/api/center_users/accounts/ban/', { token, method: 'POST', body: body as Record<string, unknown> });
  const unban = (body: unknown, token = sa) => call(srv, '/api/center_users/accounts/unban/', { token, method: 'POST', body: body as Record<string, unknown> });
  const bansCount = async () => Number((await ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM account_bans'))[0]?.n);
  const flags = async (uuids: string[]) => (await ctx.db.query<{ uuid: string; banned: boolean }>('SELECT uuid::text, banned FROM tracking_events WHERE uuid = ANY($1::uuid[]) ORDER BY uuid', [uuids])).map((r) => r.banned);
  const fresh = (id: string, n: number): Ev[] => Array.from({ length: n }, (_, i) => ({ game: 1, uuid: uuidFrom(rand), event: 'level_up', distinct_id: id, time: Date.now() - 60_000 + i, properties: { level: 100 + i } }));

  it('a banned account: listed as banned, its new events stored and flagged; unbanned: no longer; logged', async () => {
    const until = new Date(Date.now() + 7 * DAY).toISOString();
    const d = expectData(await ban({ distinct_id: 'acc-5', reason: '外挂：加速器', expires_at: until }), accountDetail);
    expect(d.status).toBe('banned');
    expect(d.ban).toMatchObject({ reason: '外挂：加速器', expires_at: until, state: 'active', banned_by: expect.any(String) });
    const banned = expectData(await call(srv, '/api/center_users/accounts/?status=banned', { token: sa }), listPage(accountRow));
    expect(banned.data.map((r) => r.distinct_id)).toEqual(['acc-5']);
    const normal = expectData(await call(srv, '/api/center_users/accounts/?status=normal&limit=100&search=acc-', { token: sa }), listPage(accountRow));
    expect(normal.total).toBe(35);
    const gu = expectData(await call(srv, '/api/center_users/game_users/?game=1&status=banned', { token: sa }), listPage(gameUserRow));
    expect(gu.data.map((r) => r.distinct_id)).toEqual(['acc-5']);

    const during = fresh('acc-5', 3);
    const other = fresh('acc-6', 2);
    await sendEvents([...during, ...other]);
    expect(await flags(during.map((e) => e.uuid))).toEqual([true, true, true]);
    expect(await flags(other.map((e) => e.uuid))).toEqual([false, false]);
    const older = events.filter((e) => e.distinct_id === 'acc-5').slice(0, 3);
    expect(await flags(older.map((e) => e.uuid))).toEqual([false, false, false]);
    const track = expectData(await call(srv, '/api/center_users/game_users/track/?game=1&distinct_id=acc-5&limit=3', { token: sa }), listPage(playerTrackEvent));
    expect(track.data.map((e) => e.banned)).toEqual([true, true, true]);
    expect(expectData(await call(srv, '/api/center_users/accounts/detail/?distinct_id=acc-5', { token: sa }), accountDetail).flagged_events).toBe(3);

    expectFailure(await ban({ distinct_id: 'acc-5', reason: '再次' }), 4000, '该账号已处于封禁中，请先解封再重新封禁');
    const lifted = expectData(await unban({ distinct_id: 'acc-5', reason: '申诉通过' }), accountDetail);
    expect(lifted.status).toBe('normal');
    expect(lifted.bans[0]).toMatchObject({ state: 'lifted', lift_reason: '申诉通过', reason: '外挂：加速器' });
    const after = fresh('acc-5', 2);
    await sendEvents(after);
    expect(await flags(after.map((e) => e.uuid))).toEqual([false, false]);
    expectFailure(await unban({ distinct_id: 'acc-5' }), 4000, '该账号当前未被封禁');

    // Both writes are in the operation log under the screen's name.
    await expect
      .poll(async () => (await ctx.db.query<{ p: string; m: string }>("SELECT request_path AS p, request_modular AS m FROM operation_log WHERE request_path LIKE '/api/center_users/accounts/%' AND response_code = '2000' ORDER BY id")).map((r) => `${r.m} ${r.p}`))
      .toEqual(['平台账号 /api/center_users/accounts/ban/', '平台账号 /api/center_users/accounts/unban/']);
  });

  it('an expired ban no longer applies (not listed, events not flagged) and a new ban replaces it', async () => {
    expectData(await ban({ distinct_id: 'acc-8', reason: '刷单', expires_at: new Date(Date.now() + 3_600_000).toISOString() }), accountDetail);
    // Time passes: the expiry is now behind us.
    await ctx.db.query("UPDATE account_bans SET expires_at = now() - interval '1 second' WHERE distinct_id = 'acc-8'");
    const d = expectData(await call(srv, '/api/center_users/accounts/detail/?distinct_id=acc-8', { token: sa }), accountDetail);
    expect([d.status, d.ban, d.bans[0]?.state]).toEqual(['normal', null, 'expired']);
    expect((expectData(await call(srv, '/api/center_users/accounts/?status=banned', { token: sa }), listPage(accountRow))).data.map((r) => r.distinct_id)).not.toContain('acc-8');
    const e = fresh('acc-8', 1);
    await sendEvents(e);
    expect(await flags(e.map((x) => x.uuid))).toEqual([false]);
    expectFailure(await unban({ distinct_id: 'acc-8' }), 4000, '该账号当前未被封禁');
    const again = expectData(await ban({ distinct_id: 'acc-8', reason: '再次刷单' }), accountDetail);
    expect(again.ban).toMatchObject({ reason: '再次刷单', expires_at: null, state: 'active' });
    expect(again.bans.map((b) => b.state)).toEqual(['active', 'expired']);
    expectData(await unban({ distinct_id: 'acc-8' }), accountDetail);
  });

  it('bad input: a clear 4000 and nothing written', async () => {
    const before = await bansCount();
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const [body, msg] of [
      [{ distinct_id: 'acc-9' }, '请填写封禁原因 reason'],
      [{ distinct_id: 'acc-9', reason: '   ' }, '请填写封禁原因 reason'],
      [{ distinct_id: 'acc-9', reason: 5 }, '原因 reason 应为文字'],
      [{ distinct_id: 'acc-9', reason: 'x'.repeat(501) }, '最长 500 个字符'],
      [{ distinct_id: 'acc-9', reason: '外挂', expires_at: past }, '解封时间 expires_at 必须晚于当前时间'],
      [{ distinct_id: 'acc-9', reason: '外挂', expires_at: '2030-01-01' }, '带时区的 ISO 8601'],
      [{ distinct_id: 'acc-9', reason: '外挂', expires_at: 12 }, '带时区的 ISO 8601'],
      [{ distinct_id: 'nobody-here', reason: '外挂' }, '账号不存在：nobody-here'],
      [{ reason: '外挂' }, '缺少账号 distinct_id'],
      [{ distinct_id: 'x'.repeat(200), reason: '外挂' }, '最长 128 个字符'],
    ] as Array<[unknown, string]>) {
      const res = await ban(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect(res.body.code).toBe(4000);
      expect(String(res.body.msg)).toContain(msg);
    }
    const arr = await call(srv, '/api/center_users/accounts/ban/', { token: sa, method: 'POST', raw: '[1]', headers: { 'content-type': 'application/json' } });
    expect(arr.body.code).toBe(4000);
    expectFailure(await unban({ distinct_id: 'nobody-here' }), 4000, '账号不存在：nobody-here');
    expect(await bansCount()).toBe(before);

    for (const [path, msg] of [
      ['/api/center_users/accounts/?limit=100000', 'limit 必须是 1 到 100 的整数'],
      ['/api/center_users/accounts/?status=gone', 'status 只能是 normal、banned'],
      ['/api/center_users/accounts/?ordering=id;DROP', 'ordering 只能是'],
      ['/api/center_users/accounts/detail/', '缺少玩家 distinct_id'],
      ['/api/center_users/accounts/detail/?distinct_id=nobody', '账号不存在'],
      ['/api/center_users/game_users/?limit=100000', 'limit 必须是 1 到 100 的整数'],
      ['/api/center_users/game_users/detail/?distinct_id=acc-1', '缺少游戏 game'],
      ['/api/center_users/game_users/detail/?game=2&distinct_id=acc-1', '该游戏中没有玩家 acc-1'],
      ['/api/center_users/game_users/track/?game=1&distinct_id=acc-1&start=2026-03-02&end=2026-03-01', 'end 不能早于 start'],
      ['/api/center_users/game_users/track/?game=1&distinct_id=acc-1&start=2026-02-30&end=2026-03-01', 'start 不是有效的日期'],
      ['/api/center_users/game_users/track/?game=1&distinct_id=acc-1&start=2026-03-01', 'start 与 end 须同时给出'],
      ['/api/center_users/game_users/track/?game=1&distinct_id=acc-1&page=0', 'page 必须是'],
      ['/api/center_users/game_users/sessions/?game=1&distinct_id=acc-1', '缺少日期范围 start、end'],
      ['/api/center_users/game_users/sessions/?game=1&distinct_id=acc-1&start=2020-01-01&end=2026-01-01', '日期范围不能超过 366 天'],
      ['/api/center_users/game_users/devices/?game=1&game=2&distinct_id=acc-1', '参数 game 只能出现一次'],
    ] as Array<[string, string]>) {
      const res = await call(srv, path, { token: sa });
      expect(res.status, path).toBeLessThan(500);
      expect(res.body.code, path).toBe(4000);
      expect(String(res.body.msg), path).toContain(msg);
    }
  });

  it('permissions: no screen, no data; Search/Retrieve without Update cannot ban; no token, nothing', async () => {
    expectFailure(await call(srv, '/api/center_users/accounts/', { token: testToken }), 4000, '您没有执行该操作的权限。 (GET: /api/center_users/accounts/)');
    // The analyst reads the game players (its screen), not the accounts' ban.
    expect((await call(srv, '/api/center_users/game_users/track/?game=1&distinct_id=acc-1', { token: testToken })).body.code).toBe(2000);
    await ctx.db.query(
      `INSERT INTO role_buttons (role_id, button_id)
       SELECT ur.role_id, b.id FROM user_roles ur JOIN users u ON u.id = ur.user_id, menu_buttons b JOIN menus m ON m.id = b.menu
       WHERE u.username = 'test' AND m.web_path = '/center_users/accounts' AND b.value IN ('Search', 'Retrieve') ON CONFLICT DO NOTHING`,
    );
    await expect.poll(async () => (await call(srv, '/api/center_users/accounts/?limit=1', { token: testToken })).body.code).toBe(2000);
    expect((await call(srv, '/api/center_users/accounts/detail/?distinct_id=acc-1', { token: testToken })).body.code).toBe(2000);
    const before = await bansCount();
    expectFailure(await ban({ distinct_id: 'acc-1', reason: '越权' }, testToken), 4000, '您没有执行该操作的权限。 (POST: /api/center_users/accounts/ban/)');
    expectFailure(await unban({ distinct_id: 'acc-1' }, testToken), 4000, '您没有执行该操作的权限。 (POST: /api/center_users/accounts/unban/)');
    expect((await call(srv, '/api/center_users/accounts/ban/', { method: 'POST', body: { distinct_id: 'acc-1', reason: 'x' } })).body.code).not.toBe(2000);
    expect(await bansCount()).toBe(before);
  });
});
