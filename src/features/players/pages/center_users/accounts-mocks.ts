import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  accountDetail,
  accountRow,
  ACCOUNT_SESSION_GAP_SECONDS,
  envelope,
  gameUserDetail,
  gameUserDevices,
  gameUserRow,
  listPage,
  menuItem,
  playerSessions,
  playerTrackEvent,
  type AccountBan,
  type AccountDetail,
  type AccountRow,
  type GameUserRow,
  type MenuItem,
  type PlayerTrackEvent,
} from '../../../../../contracts/schemas';
import { failure, menuEntry, ok } from '../../../../../stories/mocks/fixtures';
import { MockBackend } from '../../../../../stories/mocks/handlers';
import { mockExportFile, playersBackend } from './players-mocks';

/**
 * A mock of the 平台账号 / 游戏用户 back end for their stories, on top of the players mock
 * (menus, game picker): generated accounts (some banned), their players per game, each player's raw events;
 * the detail, behaviour track and sessions are computed from those raw events with the server's rules
 * (sessions: contracts/schemas/players/accounts.ts), ban/unban change the mock's accounts. Every answer goes
 * through its contract schema.
 */

export const ACCOUNT_SCREENS = {
  accounts: { id: 601, name: '平台账号', path: '/center_users/accounts', component: 'center_users/accounts', buttons: ['Search', 'Retrieve', 'Update', 'Export'] },
  game_users: { id: 603, name: '游戏用户', path: '/center_users/game_users', component: 'center_users/game_users', buttons: ['Search', 'Retrieve', 'Export'] },
} as const;

export interface AccountsMockOptions {
  /** These answer a failure: 'accounts', 'game_users', 'detail', 'track', 'devices', 'sessions', 'ban'. */
  failing?: string[];
  /** These never answer (loading states). */
  slow?: string[];
  /** These have no rows. */
  empty?: string[];
  /** Long ids, game names, ban reasons. */
  long?: boolean;
  /** 平台账号 without its Update button (a role that may not ban). */
  readOnly?: boolean;
  /** Both screens without their Export button (a role that may not export). */
  noExport?: boolean;
}

export interface AccountsMockState {
  lists: Array<{ list: string; query: URLSearchParams }>;
  views: Array<{ view: string; query: URLSearchParams }>;
  writes: Array<{ path: string; body: Record<string, unknown> }>;
  /** Each export: its list (accounts, game_users) and query. */
  exports: Array<{ list: string; query: URLSearchParams }>;
}

const GAMES: Array<[number, string]> = [[3, '星穹远征'], [5, '消消乐园'], [8, '跳一跳冒险']];
const LONG_GAME = '一个名字很长很长的大型多人在线角色扮演游戏国际版';
const DAY = 86_400_000;
/** Yesterday 04:00 UTC: the mock's days stay in the screens' default ranges whenever the stories run. */
const BASE = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000 + 4 * 3_600_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

interface MockAccount {
  id: string;
  games: Array<[number, string]>;
  first: number;
  last: number;
  paid: number;
  orders: number;
  bans: AccountBan[];
}

function accountsOf(long: boolean): MockAccount[] {
  return Array.from({ length: 45 }, (_, i) => {
    const h = hash(`acc:${i}`);
    const id = long && i === 0 ? `player-with-a-very-long-identifier-from-a-partner-sdk-${h}` : `p-${String(1000 + i)}`;
    const games = GAMES.filter((_, k) => k === i % 3 || (i % 5 === 0 && k !== i % 3)).map(([g, n]): [number, string] => [g, long && g === 3 ? LONG_GAME : n]);
    const first = BASE - ((h % 60) + 3) * DAY;
    const last = BASE - (i % 7) * DAY;
    const orders = i % 4 === 0 ? 1 + (h % 5) : 0;
    const bans: AccountBan[] =
      i % 9 === 4
        ? [{ id: i, reason: long ? '多次使用外挂加速器并在世界频道散布广告，经客服核实后封禁，申诉请联系客服邮箱'.repeat(2) : '使用外挂', expires_at: i % 2 ? new Date(BASE + 30 * DAY).toISOString() : null, banned_at: new Date(BASE - DAY).toISOString(), banned_by: '超级管理员', lifted_at: null, lifted_by: '', lift_reason: '', state: 'active' }]
        : [];
    return { id, games, first, last, paid: orders * 600 * (1 + (h % 10)), orders, bans };
  });
}

/** A player's raw events in a game: sessions of start, level ups, end, with gaps (some under 30 minutes). */
export function mockEvents(game: number, id: string): PlayerTrackEvent[] {
  const h = hash(`${game}:${id}`);
  const out: PlayerTrackEvent[] = [];
  let t = BASE - 12 * DAY;
  let n = 0;
  const push = (event: string, time: number, properties: PlayerTrackEvent['properties'] = {}) =>
    out.push({ uuid: `00000000-0000-4000-8000-${String(h % 1e6).padStart(6, '0')}${String(n++).padStart(6, '0')}`, time: new Date(time).toISOString(), event, properties, banned: false });
  push('register', t, { channel: 'huawei', device_id: `dev-${h % 997}`, device_model: 'HUAWEI Mate 60', os: 'android', os_version: '14' });
  for (let s = 0; s < 14; s++) {
    push('login', t + 2_000, { device_id: `dev-${h % 997}` });
    push('session_start', t + 4_000);
    const len = (((h >>> s) % 40) + 1) * 60_000;
    push('level_up', t + 4_000 + len / 2, { level: s + 2 });
    push('session_end', t + 4_000 + len, { duration: len / 1000 });
    if (s % 3 === 1) push('level_up', t + 4_000 + len + 20 * 60_000, { level: 99 });
    t += ((s % 4) + 1) * 6 * 3_600_000;
  }
  return out;
}

/** Sessions by the documented rule, from the raw mock events (events up to 60 s before a session_start, no session_end between, are in its session). */
export function mockSessions(events: readonly PlayerTrackEvent[]) {
  const sorted = [...events].sort((a, b) => a.time.localeCompare(b.time) || a.uuid.localeCompare(b.uuid));
  const leadsIn = sorted.map((e, i) => {
    if (e.event === 'session_start' || e.event === 'session_end') return false;
    const next = sorted.slice(i + 1).find((x) => x.event === 'session_start' || x.event === 'session_end');
    return next?.event === 'session_start' && Date.parse(next.time) - Date.parse(e.time) <= 60_000;
  });
  const out: Array<{ start: string; end: string; seconds: number; events: number }> = [];
  let prev: PlayerTrackEvent | null = null;
  for (const [i, e] of sorted.entries()) {
    const plain = !prev || e.event === 'session_start' || prev.event === 'session_end' || Date.parse(e.time) - Date.parse(prev.time) >= ACCOUNT_SESSION_GAP_SECONDS * 1000;
    if (!(i > 0 && leadsIn[i - 1]) && (leadsIn[i] || plain)) out.push({ start: e.time, end: e.time, seconds: 0, events: 0 });
    const s = out[out.length - 1] as (typeof out)[number];
    s.end = e.time;
    s.seconds = (Date.parse(s.end) - Date.parse(s.start)) / 1000;
    s.events++;
    prev = e;
  }
  return out;
}

const active = (a: MockAccount) => a.bans.find((b) => b.state === 'active') ?? null;
const rowOf = (a: MockAccount): AccountRow =>
  accountRow.parse({
    id: a.id,
    distinct_id: a.id,
    status: active(a) ? 'banned' : 'normal',
    ban: active(a),
    first_seen: ymd(a.first),
    last_seen: ymd(a.last),
    games: a.games.length,
    game_list: a.games.map(([game, game_name]) => ({ game, game_name })),
    total_paid: a.paid,
    orders: a.orders,
  });
const detailOf = (a: MockAccount): AccountDetail =>
  accountDetail.parse({
    ...rowOf(a),
    bindings: Number(a.id.slice(2)) % 2 === 0 ? [{ kind: 'phone', value: '138****1000', time: new Date(a.first).toISOString() }, { kind: 'wechat_openid', value: 'oWx1****jk', time: new Date(a.first).toISOString() }] : [],
    bans: a.bans,
    game_figures: a.games.map(([game, game_name], k) => ({ game, game_name, first_day: ymd(a.first), last_day: ymd(a.last), active_days: 5 + k, revenue: k === 0 ? a.paid : 0, orders: k === 0 ? a.orders : 0 })),
    flagged_events: active(a) ? 3 : 0,
  });
const usersOf = (accounts: MockAccount[]): GameUserRow[] =>
  accounts.flatMap((a) =>
    a.games.map(([game, game_name], k) =>
      gameUserRow.parse({
        id: `${game}:${a.id}`, game, game_name, distinct_id: a.id, status: active(a) ? 'banned' : 'normal', first_seen: ymd(a.first), last_seen: ymd(a.last), active_days: 5 + k,
        channel: k % 2 ? '' : 'huawei', device_model: 'HUAWEI Mate 60', os: 'android', total_paid: k === 0 ? a.paid : 0, orders: k === 0 ? a.orders : 0,
      }),
    ),
  );

function menusOf(readOnly: boolean, noExport = false): MenuItem[] {
  return [
    menuEntry(600, null, '用户中心', { icon: 'users', is_catalog: true }),
    ...Object.values(ACCOUNT_SCREENS).map((s) =>
      menuEntry(s.id, 600, s.name, { path: s.path, web_path: s.path, component: s.component, component_name: s.component.split('/')[1], menuPermission: s.buttons.filter((b) => !(readOnly && b === 'Update') && !(noExport && b === 'Export')) }),
    ),
  ];
}

const page = <T>(rows: T[], q: URLSearchParams) => {
  const limit = Math.min(100, Number(q.get('limit') ?? 20));
  const p = Number(q.get('page') ?? 1);
  const data = rows.slice((p - 1) * limit, p * limit);
  return { page: p, limit, total: rows.length, is_next: p * limit < rows.length, is_previous: p > 1, data };
};

/** The mock back end of 平台账号 and 游戏用户 (players mock underneath: game picker, shell). */
export function accountsBackend(options: AccountsMockOptions = {}): MockBackend & { accounts: AccountsMockState } {
  const long = !!options.long;
  const state: AccountsMockState = { lists: [], views: [], writes: [], exports: [] };
  const players = playersBackend({ long });
  let accounts = accountsOf(long);
  const menus = menusOf(!!options.readOnly, !!options.noExport);
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const gate = async (name: string) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    await delay(40);
    return null;
  };
  const find = (id: string | null) => accounts.find((a) => a.id === id);
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...(['accounts', 'game_users'] as const).map((list) =>
      http.get(`*/api/center_users/${list}/export_data/`, ({ request }) => {
        state.exports.push({ list, query: new URL(request.url).searchParams });
        return mockExportFile(list === 'accounts' ? '平台账号' : '游戏用户');
      }),
    ),
    http.get('*/api/center_users/accounts/detail/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.views.push({ view: 'account', query: q });
      const refused = await gate('detail');
      if (refused) return refused;
      const a = find(q.get('distinct_id'));
      return HttpResponse.json(a ? ok(accountDetail, detailOf(a)) : failure(4000, `账号不存在：${q.get('distinct_id') ?? ''}`));
    }),
    http.post('*/api/center_users/accounts/:action/', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const path = `/api/center_users/accounts/${String(params.action)}/`;
      state.writes.push({ path, body });
      const refused = await gate('ban');
      if (refused) return refused;
      const a = find(String(body.distinct_id));
      if (!a) return HttpResponse.json(failure(4000, '账号不存在'));
      if (params.action === 'ban') {
        if (typeof body.reason !== 'string' || body.reason.trim() === '') return HttpResponse.json(failure(4000, '请填写封禁原因 reason'));
        a.bans = [{ id: 900 + a.bans.length, reason: body.reason, expires_at: typeof body.expires_at === 'string' ? body.expires_at : null, banned_at: new Date().toISOString(), banned_by: '超级管理员', lifted_at: null, lifted_by: '', lift_reason: '', state: 'active' }, ...a.bans];
      } else {
        const b = active(a);
        if (!b) return HttpResponse.json(failure(4000, '该账号当前未被封禁'));
        a.bans = a.bans.map((x) => (x === b ? { ...x, state: 'lifted' as const, lifted_at: new Date().toISOString(), lifted_by: '超级管理员', lift_reason: String(body.reason ?? '') } : x));
      }
      return HttpResponse.json(ok(accountDetail, detailOf(a), params.action === 'ban' ? '封禁成功' : '解封成功'));
    }),
    http.get('*/api/center_users/accounts/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.lists.push({ list: 'accounts', query: q });
      const refused = await gate('accounts');
      if (refused) return refused;
      let rows = options.empty?.includes('accounts') ? [] : accounts.map(rowOf);
      const search = (q.get('search') ?? '').toLowerCase();
      if (search) rows = rows.filter((r) => r.distinct_id.toLowerCase().includes(search));
      if (q.get('status')) rows = rows.filter((r) => r.status === q.get('status'));
      if (q.get('game')) rows = rows.filter((r) => r.game_list.some((g) => String(g.game) === q.get('game')));
      const ordering = q.get('ordering') ?? '-last_seen';
      const field = ordering.replace(/^-/, '') as 'last_seen' | 'first_seen';
      const sign = ordering.startsWith('-') ? -1 : 1;
      rows = [...rows].sort((a, b) => sign * (a[field].localeCompare(b[field]) || a.distinct_id.localeCompare(b.distinct_id)));
      return HttpResponse.json(ok(listPage(accountRow), page(rows, q)));
    }),
    http.get('*/api/center_users/game_users/:view/', async ({ request, params }) => {
      const q = new URL(request.url).searchParams;
      const view = String(params.view);
      state.views.push({ view, query: q });
      const refused = await gate(view);
      if (refused) return refused;
      const game = Number(q.get('game'));
      const id = q.get('distinct_id') ?? '';
      const row = usersOf(accounts).find((u) => u.game === game && u.distinct_id === id);
      if (!row) return HttpResponse.json(failure(4000, `该游戏中没有玩家 ${id}`));
      const events = options.empty?.includes(view) ? [] : mockEvents(game, id).map((e) => ({ ...e, banned: row.status === 'banned' && e.event === 'session_end' }));
      if (view === 'detail') {
        return HttpResponse.json(
          ok(gameUserDetail, {
            ...row, registered_at: events[0]?.time ?? null, device_id: 'dev-1', os_version: '14', events: events.length, flagged_events: events.filter((e) => e.banned).length,
            last_event_at: events.at(-1)?.time ?? null, event_names: [...new Set(events.map((e) => e.event))].sort(), gross: row.total_paid, refunds: 0, refund_orders: 0,
          }),
        );
      }
      if (view === 'track') {
        let rows = [...events].reverse();
        if (q.get('event')) rows = rows.filter((e) => e.event === q.get('event'));
        if (q.get('start') && q.get('end')) rows = rows.filter((e) => e.time.slice(0, 10) >= (q.get('start') ?? '') && e.time.slice(0, 10) <= (q.get('end') ?? ''));
        return HttpResponse.json(ok(listPage(playerTrackEvent), page(rows, q)));
      }
      if (view === 'devices') {
        const devices = events.length === 0 ? [] : [{ device_id: `dev-${hash(`${game}:${id}`) % 997}`, device_model: long ? 'A Very Long Device Model Name Pro Max Ultra 5G (2026 Edition)' : 'HUAWEI Mate 60', os: 'android', os_version: '14', first_seen: events[0]?.time ?? '', last_seen: events.at(-1)?.time ?? '', accounts: 2, other_accounts: [{ game: 5, game_name: '消消乐园', distinct_id: 'p-1044' }], registration: true }];
        return HttpResponse.json(ok(gameUserDevices, { devices, models: devices.map((d) => ({ device_model: d.device_model, os: d.os, os_version: d.os_version, devices: 1 })) }));
      }
      const all = mockSessions(events).filter((s) => s.start.slice(0, 10) >= (q.get('start') ?? '') && s.start.slice(0, 10) <= (q.get('end') ?? '9999'));
      const p = page([...all].reverse(), q);
      const seconds = all.reduce((s, x) => s + x.seconds, 0);
      return HttpResponse.json(
        ok(playerSessions, { start: q.get('start') ?? '', end: q.get('end') ?? '', gap_seconds: ACCOUNT_SESSION_GAP_SECONDS, total: { sessions: all.length, events: all.reduce((s, x) => s + x.events, 0), seconds, avg_seconds: all.length ? Math.round((seconds / all.length) * 10) / 10 : 0 }, page: p.page, limit: p.limit, data: p.data }),
      );
    }),
    http.get('*/api/center_users/game_users/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.lists.push({ list: 'game_users', query: q });
      const refused = await gate('game_users');
      if (refused) return refused;
      let rows = options.empty?.includes('game_users') ? [] : usersOf(accounts);
      if (q.get('game')) rows = rows.filter((r) => String(r.game) === q.get('game'));
      const search = (q.get('search') ?? '').toLowerCase();
      if (search) rows = rows.filter((r) => r.distinct_id.toLowerCase().includes(search));
      if (q.get('status')) rows = rows.filter((r) => r.status === q.get('status'));
      rows = [...rows].sort((a, b) => b.last_seen.localeCompare(a.last_seen) || b.distinct_id.localeCompare(a.distinct_id) || b.game - a.game);
      return HttpResponse.json(ok(listPage(gameUserRow), page(rows, q)));
    }),
    ...players.handlers,
  ];
  const reset = () => {
    players.reset();
    accounts = accountsOf(long);
    Object.assign(state, { lists: [], views: [], writes: [] });
  };
  return Object.assign(new MockBackend(handlers, players.state, reset), { accounts: state });
}
