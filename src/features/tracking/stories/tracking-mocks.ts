import { pickerGameRows } from '../../../../stories/mocks/game-rows';
import { Server } from 'mock-socket';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  envelope,
  eventAnalysis,
  eventCounts,
  eventDefineRow,
  eventProperties,
  funnelDefineRow,
  funnelPlayersPage,
  funnelResult,
  gameRow,
  listPage,
  menuItem,
  sessionsResult,
  allowedOrigins,
  trackingAppRow,
  trackingCredentials,
  trackingPublicKey,
  trackLive,
  trackLiveFrame,
  TRACK_LIVE_FRAME,
  type TrackLiveEntry,
  type EventAnalysis,
  type EventDefineRow,
  type EventProperty,
  type FunnelDefineRow,
  type FunnelResult,
  type GameKind,
  type MenuItem,
  type SessionsResult,
  type TrackingAppRow,
} from '../../../../contracts/schemas';
import { failure, ok } from '../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../stories/mocks/handlers';
import { audit } from '../../../../stories/mocks/system-rows';
import { mockSocketConnector } from '../../../../stories/mocks/mock-socket-connector';

/**
 * A mock of event tracking's back end for the screen stories: the menus of 埋点配置 and
 * 埋点分析, the four configuration resources (paging, search, the note's filters, create / update /
 * delete, a definition in use refused on delete with the server's words, secret regeneration) and the
 * three reports computed from the query. Every row and answer goes through its contract schema
 * (contracts/schemas/embed/: config, event, funnel, sessions; the game picker's gameRow), so a change
 * of the wire shapes breaks the mocks instead of letting the stories drift.
 */

interface Screen {
  id: number;
  name: string;
  path: string;
  component: string;
  buttons: string[];
}

const CRUD = ['Retrieve', 'Update', 'Search', 'Create', 'Delete'];
const REPORT = ['Search', 'Retrieve', 'Export'];

export const TRACKING_SCREENS: Record<string, Screen> = {
  event: { id: 401, name: '事件分析', path: '/data_embed/event', component: 'data_embed/event', buttons: REPORT },
  funnel: { id: 402, name: '漏斗分析', path: '/data_embed/funnel', component: 'data_embed/funnel', buttons: REPORT },
  sessions: { id: 403, name: '会话分析', path: '/data_embed/sessions', component: 'data_embed/sessions', buttons: REPORT },
  game: { id: 411, name: '埋点应用', path: '/embed_configure/game', component: 'embed_configure/game', buttons: CRUD },
  event_define: { id: 412, name: '事件定义', path: '/embed_configure/event_define', component: 'embed_configure/event_define', buttons: CRUD },
  global_event_define: { id: 413, name: '全局事件', path: '/embed_configure/global_event_define', component: 'embed_configure/global_event_define', buttons: CRUD },
  funnel_define: { id: 414, name: '漏斗定义', path: '/embed_configure/funnel_define', component: 'embed_configure/funnel_define', buttons: CRUD },
};

export interface TrackingMockOptions {
  /** Only Search and Retrieve. */
  readOnly?: boolean;
  /** These resources / reports answer a failure (error states): 'game', 'event_define', …, 'report.event', 'report.funnel', 'report.sessions', 'properties', 'event_counts'. */
  failing?: string[];
  /** These answer never (loading states). */
  slow?: string[];
  /** These lists are empty / these reports have no data. */
  empty?: string[];
  /** Long names and many series (long content). */
  long?: boolean;
  /** Session answers carry computed_at (events arrived since the kept days were computed) unless asked with fresh=1. */
  outdatedSessions?: boolean;
  /** What GET …/{id}/live/ answers: the sample entries (default), none, or many with long values ('live' in slow / failing for loading / error). */
  live?: 'sample' | 'empty' | 'long';
}

export interface TrackingMockState {
  reports: Array<{ report: string; query: URLSearchParams }>;
  created: Array<{ resource: string; body: Record<string, unknown> }>;
  updated: Array<{ resource: string; id: number; body: Record<string, unknown> }>;
  deleted: Array<{ resource: string; id: number }>;
  regenerated: number[];
  exports: URLSearchParams[];
  /** Apps whose public key was regenerated. */
  publicKeys: number[];
  /** Bodies of the allowed-origins saves (PATCH …/{id}/). */
  origins: Array<{ id: number; allowed_origins: unknown }>;
  /** GET …/live/ calls, by app. */
  liveCalls: number[];
  /** The pickers' calls (data_embed/properties, data_embed/event_counts), apart from the reports. */
  pickerCalls: Array<{ report: string; query: URLSearchParams }>;
  /** The funnel drill-down's list calls and export calls. */
  drills: URLSearchParams[];
  drillExports: URLSearchParams[];
}

/** The audit columns of a row (stories/system/system-rows), description '' unless given. */
const stamp = (id: number) => ({ ...audit(id), description: '' });

const prop = (name: string, type: string, required = false) => ({ name, type, required });

/** Every game the catalogue picker offers (GET /api/game/detail/, gameRow). */
function pickerGames(long: boolean) {
  const games: Array<[number, string, GameKind]> = [
    [3, '星穹远征', 'android'],
    [5, '消消乐园', 'h5'],
    [8, '跳一跳冒险', 'mini'],
    [9, '像素农场', 'soft'],
    ...(long ? [[11, '一个名字很长很长的大型多人在线角色扮演游戏国际版', 'android'] as [number, string, GameKind]] : []),
  ];
  return pickerGameRows(games);
}

function appRows(long: boolean): TrackingAppRow[] {
  const games = [
    [3, '星穹远征', 'android'],
    [5, '消消乐园', 'h5'],
    [8, '跳一跳冒险', 'mini'],
    ...(long ? [[11, '一个名字很长很长的大型多人在线角色扮演游戏国际版', 'android'] as const] : []),
  ] as const;
  return z.array(trackingAppRow).parse(games.map(([game, name, kind], i) => ({
    ...stamp(i + 1),
    game,
    game_name: name,
    game_kind: kind,
    app_key: `ak_${String(game).padStart(2, '0')}7f3c9e1b2a4d6f80`,
    public_key: `pk_${String(game).padStart(2, '0')}a1b2c3d4e5f60718293a4b5c6d7e8f`,
    allowed_origins: i === 0 ? ['https://game.example.com', 'http://localhost:5173'] : long && i === 3 ? Array.from({ length: 12 }, (_, n) => `https://a-very-long-subdomain-name-for-testing-${n}.cdn.games.example.com:8443`) : [],
    secret_mask: `••••${['3f9a', 'c0d1', '77be', '9e9e'][i] ?? '0000'}`,
    enabled: i !== 2,
    description: i === 0 ? '正式服与测试服共用' : '',
    last_event_time: i === 2 ? null : '2026-11-24T09:58:12+08:00',
    events_7d: [184_233, 9_412, 0, 52][i] ?? 0,
  })));
}

function globalRows(): EventDefineRow[] {
  return z.array(eventDefineRow).parse([
    { id: 1, event: 'register', name: '注册', properties: [prop('channel', 'string')], in_use: true },
    { id: 2, event: 'login', name: '登录', properties: [prop('channel', 'string'), prop('device', 'string')], in_use: true },
    { id: 3, event: 'session_start', name: '会话开始', properties: [], in_use: true },
    { id: 4, event: 'session_end', name: '会话结束', properties: [], in_use: true },
    { id: 5, event: 'pay', name: '付费', properties: [prop('amount', 'number', true), prop('currency', 'string', true), prop('order_id', 'string')], in_use: true },
    { id: 6, event: 'level_up', name: '升级', properties: [prop('level', 'number', true)], in_use: false },
  ].map((r) => ({ ...stamp(r.id), ...r, game: null, game_name: null, enabled: true })));
}

function eventRows(long: boolean): EventDefineRow[] {
  return z.array(eventDefineRow).parse([
    { id: 21, game: 3, game_name: '星穹远征', event: 'battle_start', name: '进入战斗', properties: [prop('stage', 'number', true), prop('mode', 'string'), prop('auto', 'boolean')], in_use: true, enabled: true },
    { id: 22, game: 3, game_name: '星穹远征', event: 'gacha', name: '抽卡', properties: [prop('pool', 'string', true), prop('times', 'number', true), prop('cost', 'number')], in_use: false, enabled: true },
    { id: 23, game: 5, game_name: '消消乐园', event: 'level_clear', name: '过关', properties: [prop('level', 'number', true), prop('stars', 'number')], in_use: true, enabled: false },
    ...(long
      ? [{ id: 24, game: 3, game_name: '星穹远征', event: 'guild_war_reward_claimed_after_season_settlement', name: '公会战赛季结算后领取奖励（跨服排行榜）', properties: Array.from({ length: 12 }, (_, i) => prop(`reward_item_${i + 1}`, i % 2 ? 'number' : 'string')), in_use: false, enabled: true }]
      : []),
  ].map((r) => ({ ...stamp(r.id), ...r })));
}

function funnelRows(): FunnelDefineRow[] {
  return z.array(funnelDefineRow).parse([
    { id: 31, game: 3, game_name: '星穹远征', name: '注册到首次付费', steps: [{ event: 'register' }, { event: 'login' }, { event: 'battle_start' }, { event: 'pay', filters: [{ property: 'amount', op: 'gte', value: 6 }] }], window_seconds: 7 * 86_400, enabled: true },
    { id: 32, game: 5, game_name: '消消乐园', name: '新手关卡', steps: [{ event: 'register' }, { event: 'level_clear', filters: [{ property: 'level', op: 'eq', value: 1 }] }, { event: 'level_clear', filters: [{ property: 'level', op: 'eq', value: 3 }] }], window_seconds: 3600, enabled: true },
  ].map((r) => ({ ...stamp(r.id), ...r })));
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dayOf = (s: string) => new Date(`${s}T00:00:00Z`);

/** Bucket labels as the note says the server writes them (day; week = its Monday; hour 'YYYY-MM-DD HH:00'). */
export function bucketLabels(start: string, end: string, interval: string): string[] {
  const out: string[] = [];
  const last = dayOf(end);
  for (let d = dayOf(start); d <= last; d = new Date(d.getTime() + 86_400_000)) {
    if (interval === 'hour') for (let h = 0; h < 24; h++) out.push(`${ymd(d)} ${String(h).padStart(2, '0')}:00`);
    else if (interval === 'week') {
      const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
      if (!out.includes(ymd(monday))) out.push(ymd(monday));
    } else out.push(ymd(d));
  }
  return out;
}

/** A believable, deterministic figure for a bucket. */
function figure(seed: string, i: number, measure: string): number {
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) % 9973;
  const base = 200 + (h % 700);
  const wave = Math.round(base * (1 + 0.3 * Math.sin((i + h) / 2.3)) + ((h * (i + 3)) % 47));
  if (measure === 'unique') return Math.round(wave * 0.42);
  if (measure === 'per_user') return Math.round((2 + ((h + i) % 30) / 10) * 100) / 100;
  if (measure === 'avg') return Math.round((30 + ((h + i * 7) % 60)) * 100) / 100;
  if (measure === 'sum') return wave * 6;
  return wave;
}

function eventReport(q: URLSearchParams, empty: boolean, long: boolean): EventAnalysis {
  const start = q.get('start') ?? '';
  const end = q.get('end') ?? '';
  const interval = q.get('interval') ?? 'day';
  const measure = q.get('measure') ?? 'total';
  const events = q.getAll('event');
  const breakdown = q.get('breakdown');
  const times = bucketLabels(start, end, interval);
  const groups = breakdown ? (long ? [...Array.from({ length: 10 }, (_, i) => `渠道-${i + 1}-一个很长的渠道名称`), '__other__'] : ['huawei', 'xiaomi', 'taptap', '__other__']) : [null];
  const lines = (offset: number) =>
    events.flatMap((event) =>
      groups.map((group) => {
        const values = times.map((_, i) => (empty ? 0 : Math.round(figure(`${event}${group ?? ''}`, i + offset, measure) / (group ? 3 : 1))));
        return { key: group === null ? event : `${event}/${group}`, event, group, values, total: values.reduce((a, b) => a + b, 0) };
      }),
    );
  const current = lines(0);
  const days = Math.round((dayOf(end).getTime() - dayOf(start).getTime()) / 86_400_000) + 1;
  const prevEnd = ymd(new Date(dayOf(start).getTime() - 86_400_000));
  const prevStart = ymd(new Date(dayOf(start).getTime() - days * 86_400_000));
  const first = current[0];
  return eventAnalysis.parse({
    start,
    end,
    interval,
    measure,
    times,
    series: first && first.group === null ? times.map((time, i) => ({ time, value: first.values[i] ?? 0 })) : [],
    lines: current,
    ...(q.get('compare') === '1' ? { previous: { start: prevStart, end: prevEnd, times: bucketLabels(prevStart, prevEnd, interval), lines: lines(5).map((l) => ({ ...l, values: l.values.map((v) => Math.round(v * 0.85)), total: Math.round(l.total * 0.85) })) } } : {}),
  });
}

function funnelReport(q: URLSearchParams, funnels: FunnelDefineRow[], empty: boolean): FunnelResult | null {
  const f = funnels.find((r) => r.id === Number(q.get('funnel')));
  if (!f) return null;
  const steps = (scale: number) => {
    let players = empty ? 0 : Math.round(4210 * scale);
    const first = players;
    return f.steps.map((s, i) => {
      const before = players;
      if (i > 0) players = Math.round(players * [0.82, 0.55, 0.31, 0.6][i - 1]!);
      return { event: s.event, players, conversion: first ? players / first : 0, step_conversion: i === 0 ? (first ? 1 : 0) : before ? players / before : 0, median_seconds: i === 0 ? null : [95, 1830, 40_210, 600][i - 1]! };
    });
  };
  const breakdown = q.get('breakdown');
  // Top values by players, then the rest ('__other__'), and the players whose entering event lacked the property (null).
  const groups: Array<[string | null, number]> = [['huawei', 0.39], ['xiaomi', 0.3], ['taptap', 0.2], ['__other__', 0.07], [null, 0.04]];
  return funnelResult.parse({
    funnel: { id: f.id, name: f.name, game: f.game, window_seconds: f.window_seconds },
    start: q.get('start') ?? '',
    end: q.get('end') ?? '',
    steps: steps(1),
    ...(breakdown ? { breakdown: groups.map(([value, share]) => ({ value, steps: steps(share) })) } : {}),
  });
}

function sessionReport(q: URLSearchParams, empty: boolean): SessionsResult {
  const days = bucketLabels(q.get('start') ?? '', q.get('end') ?? '', 'day');
  const game = q.get('game');
  const k = empty ? 0 : game ? 0.4 : 1;
  const dayRows = days.map((day, i) => ({ day, sessions: Math.round((1800 + ((i * 137) % 400)) * k), avg_seconds: 640 + ((i * 53) % 200), median_seconds: 410 + ((i * 31) % 120), events_per_session: Math.round((7 + (i % 5) / 3) * 100) / 100 }));
  const sessions = dayRows.reduce((a, d) => a + d.sessions, 0);
  const games = [
    { game: 3, game_name: '星穹远征', sessions: Math.round(sessions * 0.62), players: Math.round(sessions * 0.62 * 0.31), avg_seconds: 812, median_seconds: 530 },
    { game: 5, game_name: '消消乐园', sessions: Math.round(sessions * 0.38), players: Math.round(sessions * 0.38 * 0.27), avg_seconds: 402, median_seconds: 288 },
  ].filter((g) => !game || String(g.game) === game);
  return sessionsResult.parse({
    start: q.get('start') ?? '',
    end: q.get('end') ?? '',
    game: game ? Number(game) : null,
    sessions,
    players: Math.round(sessions * 0.29),
    avg_seconds: sessions ? 688 : 0,
    median_seconds: sessions ? 433 : 0,
    events_per_session: sessions ? 7.42 : 0,
    histogram: [
      [0, 60, 0.12],
      [60, 300, 0.24],
      [300, 900, 0.31],
      [900, 1800, 0.18],
      [1800, 3600, 0.1],
      [3600, null, 0.05],
    ].map(([from, to, share]) => ({ from_seconds: from as number, to_seconds: to, sessions: Math.round(sessions * (share as number)) })),
    days: dayRows,
    games: sessions ? games : [],
  });
}

function menusOf(options: TrackingMockOptions): MenuItem[] {
  const item = (id: number, parent: number | null, name: string, extra: Partial<MenuItem>) =>
    menuItem.parse({ id, parent, icon: 'list', sort: id, path: '', name, title: name, is_link: false, is_catalog: false, web_path: '', component: '', component_name: '', cache: false, visible: true, menuPermission: [], frame_out: false, ...extra });
  return [
    item(400, null, '埋点分析', { icon: 'crosshairs', is_catalog: true }),
    item(410, null, '埋点配置', { icon: 'sliders', is_catalog: true }),
    ...Object.values(TRACKING_SCREENS).map((s) =>
      item(s.id, s.component.startsWith('data_embed/') ? 400 : 410, s.name, {
        path: s.path,
        web_path: s.path,
        component: s.component,
        component_name: s.component.split('/')[1],
        menuPermission: options.readOnly ? s.buttons.filter((b) => b === 'Search' || b === 'Retrieve') : s.buttons,
      }),
    ),
  ];
}

/** Events stored per game in any range (most first): game 3 has most battle_start, game 5 most login (its level_clear is disabled). */
const EVENT_COUNTS: Record<number, Array<{ event: string; events: number }>> = {
  3: [
    { event: 'battle_start', events: 18_423 },
    { event: 'login', events: 9_120 },
    { event: 'level_up', events: 3_311 },
    { event: 'pay', events: 412 },
  ],
  5: [
    { event: 'level_clear', events: 5_310 },
    { event: 'login', events: 2_004 },
  ],
};

/** Properties every event carries in the data besides what its definition declares. */
const COMMON_SEEN: Array<[string, EventProperty['type']]> = [
  ['channel', 'string'],
  ['os', 'string'],
  ['app_version', 'string'],
  ['device_model', 'string'],
  ['is_vip', 'boolean'],
  ['vip_level', 'number'],
];

/** The properties answer of the chosen events: declared ones first (the game's own definition over the global one), then the seen ones. */
function seenProperties(events: string[], defs: EventDefineRow[], long: boolean): EventProperty[] {
  const out: EventProperty[] = [];
  for (const event of events) {
    const def = defs.find((d) => d.event === event);
    for (const p of def?.properties ?? []) {
      if (!out.some((o) => o.name === p.name)) out.push({ name: p.name, type: p.type === 'number' || p.type === 'boolean' ? p.type : 'string', declared: true });
    }
  }
  const seen: Array<[string, EventProperty['type']]> = long
    ? [...COMMON_SEEN, ...Array.from({ length: 48 }, (_, i): [string, EventProperty['type']] => [`custom_dimension_from_the_live_ops_campaign_${String(i + 1).padStart(2, '0')}`, i % 3 === 0 ? 'number' : i % 3 === 1 ? 'boolean' : 'string'])]
    : COMMON_SEEN;
  for (const [name, type] of seen) if (!out.some((o) => o.name === name)) out.push({ name, type, declared: false });
  return out;
}

interface Table {
  schema: z.ZodObject;
  rows: () => Array<Record<string, unknown>>;
}

/** The mock back end of the tracking screens (on top of the shell's: login, dictionaries, departments). */
export function trackingBackend(options: TrackingMockOptions = {}): MockBackend & { tracking: TrackingMockState } {
  const long = !!options.long;
  const state: TrackingMockState = { reports: [], created: [], updated: [], deleted: [], regenerated: [], exports: [], publicKeys: [], origins: [], liveCalls: [], pickerCalls: [], drills: [], drillExports: [] };
  const TABLES: Record<string, Table> = {
    game: { schema: trackingAppRow, rows: () => appRows(long) },
    event_define: { schema: eventDefineRow, rows: () => eventRows(long) },
    global_event_define: { schema: eventDefineRow, rows: () => globalRows() },
    funnel_define: { schema: funnelDefineRow, rows: () => funnelRows() },
  };
  const fresh = (): Record<string, Array<Record<string, unknown>>> => Object.fromEntries(Object.entries(TABLES).map(([name, t]) => [name, t.rows()]));
  const games = pickerGames(long);
  let tables = fresh();
  let nextId = 1000;
  const base = mockBackend();
  const menus = menusOf(options);
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const gate = async (name: string) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    return null;
  };
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/data_embed/event/export/', ({ request }) => {
      state.exports.push(new URL(request.url).searchParams);
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('事件分析.xlsx')}` },
      });
    }),
    // 漏斗分析's drill-down: the players behind a step, total = the step's figure of the same report
    // (converted) or the step's minus the next one's (dropped); 'drill.funnel' in slow / failing / empty.
    http.get('*/api/data_embed/funnel/players/export_data/', ({ request }) => {
      state.drillExports.push(new URL(request.url).searchParams);
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('漏斗玩家.xlsx')}` },
      });
    }),
    http.get('*/api/data_embed/funnel/players/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.drills.push(q);
      const refused = await gate('drill.funnel');
      if (refused) return refused;
      await delay(80);
      const report = funnelReport(q, z.array(funnelDefineRow).parse(tables.funnel_define), !!options.empty?.includes('drill.funnel'));
      if (!report) return HttpResponse.json(failure(404, '漏斗不存在'));
      const step = Number(q.get('step'));
      const group = q.get('group');
      const stepsOf = group === null ? report.steps : (report.breakdown?.find((g) => (g.value ?? '__none__') === group)?.steps ?? []);
      const here = stepsOf[step - 1];
      if (!here) return HttpResponse.json(failure(4000, `step 必须是 1 到 ${report.steps.length} 的整数`));
      const next = stepsOf[step]?.players ?? here.players;
      const total = q.get('kind') === 'dropped' ? here.players - next : here.players;
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 20);
      const from = (page - 1) * limit;
      const t0 = Date.parse('2026-11-20T02:00:00Z');
      const data = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => {
        const n = from + i;
        const reached = t0 - n * 97_000;
        return {
          distinct_id: long && n % 3 === 0 ? `player-with-a-very-long-distinct-id-from-an-external-account-system-${String(n).padStart(6, '0')}@sso.games.example.com` : `u${String(100_000 + n)}`,
          entered_at: new Date(reached - 3_600_000).toISOString(),
          reached_at: new Date(reached).toISOString(),
          next_at: q.get('kind') === 'dropped' || n % 4 === 0 ? null : new Date(reached + 600_000).toISOString(),
        };
      });
      return HttpResponse.json(ok(funnelPlayersPage, { page, limit, total, is_next: from + data.length < total, is_previous: page > 1, event: here.event, data }));
    }),
    // The pickers: the properties of the chosen events (declared first, then seen in the data) and the events with data.
    http.get('*/api/data_embed/properties/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.pickerCalls.push({ report: 'properties', query: q });
      const refused = await gate('properties');
      if (refused) return refused;
      await delay(80);
      const events = (q.get('events') ?? '').split(',').filter((e) => e !== '');
      if (events.length === 0) return HttpResponse.json(failure(4000, 'events 不能为空：以逗号分隔的事件标识'));
      const game = Number(q.get('game'));
      const defs = [...z.array(eventDefineRow).parse(tables.event_define).filter((r) => r.game === game), ...globalRows()];
      const data = options.empty?.includes('properties') ? [] : seenProperties(events, defs, long);
      return HttpResponse.json(ok(eventProperties, data));
    }),
    http.get('*/api/data_embed/event_counts/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.pickerCalls.push({ report: 'event_counts', query: q });
      const refused = await gate('event_counts');
      if (refused) return refused;
      const game = Number(q.get('game'));
      const data = options.empty?.includes('event_counts') ? [] : (EVENT_COUNTS[game] ?? []);
      return HttpResponse.json(ok(eventCounts, data));
    }),
    http.get('*/api/data_embed/:report/', async ({ request, params }) => {
      const report = String(params.report);
      const q = new URL(request.url).searchParams;
      state.reports.push({ report, query: q });
      const refused = await gate(`report.${report}`);
      if (refused) return refused;
      await delay(120);
      const empty = !!options.empty?.includes(`report.${report}`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(q.get('start') ?? '')) return HttpResponse.json(failure(4000, 'start 必须是 YYYY-MM-DD'));
      if (report === 'event') return HttpResponse.json(ok(eventAnalysis, eventReport(q, empty, long)));
      if (report === 'funnel') {
        const data = funnelReport(q, z.array(funnelDefineRow).parse(tables.funnel_define), empty);
        return HttpResponse.json(data ? ok(funnelResult, data) : failure(4000, '漏斗不存在'));
      }
      if (report === 'sessions') {
        const answer = sessionReport(q, empty);
        const outdated = options.outdatedSessions && q.get('fresh') !== '1';
        return HttpResponse.json(ok(sessionsResult, outdated ? { ...answer, computed_at: '2026-11-24T02:30:00.000Z' } : answer));
      }
      return HttpResponse.json(failure(404, '接口地址不正确'));
    }),
    // The catalogue's game picker (root.games): every game whatever its kind.
    http.get('*/api/game/detail/', () => HttpResponse.json(ok(listPage(gameRow), { page: 1, limit: 999, total: games.length, is_next: false, is_previous: false, data: games }))),
    http.post('*/api/embed_configure/game/:id/regenerate/', ({ params }) => {
      const id = Number(params.id);
      state.regenerated.push(id);
      return HttpResponse.json(ok(trackingCredentials, { app_key: `ak_new_${id}_5e0d2c41b7a39f16`, secret: `sk_${id}_9c1f4e7a2b8d6053e1a7c9b4f2d8e6a0` }, '已重新生成，旧的 App Key 和密钥已失效'));
    }),
    http.post('*/api/embed_configure/game/:id/public_key/', async ({ params }) => {
      const id = Number(params.id);
      const refused = await gate('public_key');
      if (refused) return refused;
      state.publicKeys.push(id);
      const key = `pk_${'e'.repeat(30)}${String(id).padStart(2, '0')}`;
      tables.game = (tables.game ?? []).map((r) => (r.id === id ? { ...r, public_key: key } : r));
      return HttpResponse.json(ok(trackingPublicKey, { public_key: key }, '已重新生成公开密钥，旧的公开密钥已失效'));
    }),
    http.patch('*/api/embed_configure/game/:id/', async ({ request, params }) => {
      const id = Number(params.id);
      const body = (await request.json()) as Record<string, unknown>;
      state.origins.push({ id, allowed_origins: body.allowed_origins });
      const parsed = allowedOrigins.safeParse(body.allowed_origins);
      if (!parsed.success) return HttpResponse.json(failure(4000, `允许的来源:${parsed.error.issues[0]?.message ?? '参数错误'}`));
      const row = (tables.game ?? []).find((r) => r.id === id);
      if (!row) return HttpResponse.json(failure(400, '接口地址不正确'));
      const next = { ...row, allowed_origins: parsed.data };
      tables.game = (tables.game ?? []).map((r) => (r.id === id ? next : r));
      return HttpResponse.json(ok(trackingAppRow, trackingAppRow.parse(next), '更新成功'));
    }),
    http.get('*/api/embed_configure/game/:id/live/', async ({ params, request }) => {
      const id = Number(params.id);
      state.liveCalls.push(id);
      const refused = await gate('live');
      if (refused) return refused;
      await delay(60);
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 100);
      const entries = options.live === 'empty' ? [] : liveEntries(options.live === 'long' ? 150 : 6, options.live === 'long');
      return HttpResponse.json(ok(trackLive, entries.slice(0, limit)));
    }),
  ];
  for (const [name, resource] of Object.entries(TABLES)) {
    const path = `*/api/embed_configure/${name}/`;
    const one = (id: number) => tables[name]?.find((r) => r.id === id);
    /** A stored row as the server writes it: the template's columns, the body's known fields, the game's name; checked by the schema. */
    const write = (body: Record<string, unknown>, over: Record<string, unknown>) => {
      const template = resource.rows()[0] ?? {};
      const known = Object.fromEntries(Object.entries(body).filter(([k]) => k in template && !['id', 'game_name', 'game_kind', 'app_key', 'secret_mask'].includes(k)));
      const picked = games.find((g) => g.id === (known.game ?? template.game));
      const named = name === 'global_event_define' ? { game: null, game_name: null } : picked ? { game_name: picked.name, ...(name === 'game' ? { game_kind: picked.kind } : {}) } : {};
      return resource.schema.safeParse({ ...template, ...known, ...named, ...over });
    };
    handlers.push(
      http.get(path, async ({ request }) => {
        const refused = await gate(name);
        if (refused) return refused;
        const q = new URL(request.url).searchParams;
        const search = (q.get('search') ?? '').toLowerCase();
        let rows = options.empty?.includes(name) ? [] : (tables[name] ?? []);
        if (search) rows = rows.filter((r) => ['game_name', 'app_key', 'event', 'name'].some((k) => String(r[k] ?? '').toLowerCase().includes(search)));
        for (const key of ['game', 'enabled', 'event']) {
          const v = q.get(key);
          if (v !== null && v !== '') rows = rows.filter((r) => (key === 'enabled' ? String(r.enabled ? 1 : 0) === v || String(r.enabled) === v : key === 'event' ? String(r.event).includes(v) : String(r[key]) === v));
        }
        const limit = Number(q.get('limit') ?? 10);
        const page = Number(q.get('page') ?? 1);
        const data = rows.slice((page - 1) * limit, page * limit);
        return HttpResponse.json(envelope(listPage(resource.schema)).parse({ code: 2000, msg: data.length ? 'success' : '暂无数据', data: { page, limit, total: rows.length, is_next: page * limit < rows.length, is_previous: page > 1, data } }));
      }),
      http.get(`${path}:id/`, ({ params }) => {
        const row = one(Number(params.id));
        return HttpResponse.json(row ? ok(resource.schema, row, '获取成功') : failure(400, '接口地址不正确'));
      }),
      http.post(path, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const id = nextId++;
        const over: Record<string, unknown> = {
          ...stamp(id),
          in_use: false,
          ...(name === 'game' ? { app_key: `ak_${id}`, secret_mask: '••••abcd', public_key: `pk_${String(id).padStart(32, '0')}`, allowed_origins: [], last_event_time: null, events_7d: 0 } : {}),
        };
        if ('description' in body) over.description = body.description ?? '';
        const parsed = write(body, over);
        if (!parsed.success) return HttpResponse.json(failure(4000, parsed.error.issues[0]?.message ?? '参数错误'));
        state.created.push({ resource: name, body });
        tables[name] = [parsed.data, ...(tables[name] ?? [])];
        return HttpResponse.json(ok(resource.schema, parsed.data, '新增成功'));
      }),
      http.put(`${path}:id/`, async ({ request, params }) => {
        const id = Number(params.id);
        const body = (await request.json()) as Record<string, unknown>;
        const row = one(id);
        if (!row) return HttpResponse.json(failure(400, '接口地址不正确'));
        const parsed = write({ ...row, ...body }, { id });
        if (!parsed.success) return HttpResponse.json(failure(4000, parsed.error.issues[0]?.message ?? '参数错误'));
        state.updated.push({ resource: name, id, body });
        tables[name] = (tables[name] ?? []).map((r) => (r.id === id ? parsed.data : r));
        return HttpResponse.json(ok(resource.schema, parsed.data, '更新成功'));
      }),
      http.delete(`${path}:id/`, ({ params }) => {
        const id = Number(params.id);
        const row = one(id);
        if (row?.in_use === true) return HttpResponse.json(failure(4000, '事件已有数据，不能删除，只能停用'));
        state.deleted.push({ resource: name, id });
        tables[name] = (tables[name] ?? []).filter((r) => r.id !== id);
        return HttpResponse.json(ok(z.array(z.never()), [], '删除成功'));
      }),
    );
  }
  const reset = () => {
    base.reset();
    tables = fresh();
    nextId = 1000;
    Object.assign(state, { reports: [], created: [], updated: [], deleted: [], regenerated: [], exports: [], publicKeys: [], origins: [], liveCalls: [], drills: [], drillExports: [] });
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { tracking: state });
}

const LIVE_BASE = Date.parse('2026-11-24T02:00:00.000Z');

/** Live entries, newest first: accepted events, a duplicate, a rejection with the server's reason, a refused batch. */
export function liveEntries(n: number, long = false): TrackLiveEntry[] {
  const out: TrackLiveEntry[] = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(LIVE_BASE - i * 7_000).toISOString();
    const kind = i % 6;
    out.push({
      time: kind === 5 ? null : at,
      received: at,
      event: kind === 5 ? null : kind === 3 ? 'levle_up' : ['level_up', 'session_start', 'pay', '', 'login'][kind] || 'level_up',
      distinct_id: kind === 5 ? null : long ? `player-${'x'.repeat(90)}-${i}` : `player-${1000 + i}`,
      status: kind === 2 ? 'duplicate' : kind === 3 || kind === 5 ? 'rejected' : 'accepted',
      reason: kind === 3 ? (long ? `未定义的事件「levle_up」${'：请先在事件定义中添加它，或检查拼写是否正确'.repeat(3)}` : '未定义的事件「levle_up」') : kind === 5 ? '来源 https://evil.example.com 不在该埋点应用允许的来源（allowed_origins）中' : null,
      // The server's code for the reason; the long ones carry a code this console does not know (its text is shown as sent).
      reason_code: kind === 3 ? (long ? 'reason_from_a_newer_server' : 'unknown_event') : kind === 5 ? 'origin_not_allowed' : null,
      reason_args: kind === 3 ? { event: 'levle_up' } : kind === 5 ? { origin: 'https://evil.example.com' } : {},
    });
  }
  return trackLive.parse(out);
}

let liveSerial = 0;

/**
 * A mock-socket server for the live view stories: records what the console sends (subscriptions)
 * and pushes schema-checked `embed_live` frames (trackLiveFrame) to its clients.
 */
export function trackingLiveSocket(opts: { noServer?: boolean } = {}) {
  const url = `ws://tracking-live-${++liveSerial}.local/api/ws/story-access-token/`;
  const received: unknown[] = [];
  const server = opts.noServer ? null : new Server(url, { mock: false });
  server?.on('connection', (socket) => {
    socket.send(JSON.stringify({ sender: 'system', contentType: 'SYSTEM', content: '连接成功', refresh_unread: false }));
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
  });
  const connector = mockSocketConnector(url);
  return {
    connector,
    received,
    subscribed: () => received.some((f) => (f as { type?: string; topic?: string }).type === 'subscribe' && (f as { topic?: string }).topic === TRACK_LIVE_FRAME),
    push: (app: number, entries: TrackLiveEntry[]) => server?.clients().forEach((c) => c.send(JSON.stringify(trackLiveFrame.parse({ type: TRACK_LIVE_FRAME, app, entries })))),
    stop: () => server?.stop(),
  };
}
