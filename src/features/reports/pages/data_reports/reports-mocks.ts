import { dayPlayersPage } from '../../../../../contracts/schemas/reports/day-players';
import { pickerGameRows } from '../../../../../stories/mocks/game-rows';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { envelope, gameRow, listPage, menuItem, statsResult, type MenuItem, type StatsResult } from '../../../../../contracts/schemas';
import { formatDate } from '../../../../stores/format';
import { failure, ok } from '../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../stories/mocks/handlers';

/**
 * A mock of the data reports back end for the data_reports/* stories: the menus of 数据报表,
 * the game picker, and both reports computed from generated raw activity (per account and game: the active
 * days, paid orders with their refunds) exactly as the server defines them (contracts/schemas/reports);
 * every answer goes through its contract schema, so a change of the wire shape breaks the mocks.
 */

export const REPORT_SCREENS = {
  game_stats: { id: 702, name: '游戏统计', path: '/data_reports/game_stats', component: 'data_reports/game_stats' },
  user_stats: { id: 703, name: '用户统计', path: '/data_reports/user_stats', component: 'data_reports/user_stats' },
} as const;

export interface ReportsMockOptions {
  /** These answer a failure: 'game_stats', 'user_stats', 'drill' (游戏统计's drill-down; also in slow). */
  failing?: string[];
  /** These answer never (loading states). */
  slow?: string[];
  /** No activity at all. */
  empty?: boolean;
  /** Long game names and a year of days (long content). */
  long?: boolean;
  /** The screens without their Export button. */
  noExport?: boolean;
}

export interface ReportsMockState {
  reports: Array<{ report: string; query: URLSearchParams }>;
  exports: Array<{ report: string; query: URLSearchParams }>;
  /** 游戏统计's drill-down: list calls and export calls. */
  drills: URLSearchParams[];
  drillExports: URLSearchParams[];
}

const LONG_GAME = '一个名字很长很长的大型多人在线角色扮演游戏国际版';
const GAMES = (long: boolean): Array<[number, string]> => [[3, '星穹远征'], [5, '消消乐园'], [8, '跳一跳冒险'], ...(long ? [[11, LONG_GAME] as [number, string]] : [])];
const DAY_MS = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (s: string) => Date.parse(`${s}T00:00:00Z`);
const plus = (s: string, n: number) => ymd(dayMs(s) + n * DAY_MS);
const daysOf = (start: string, end: string) => {
  const out: string[] = [];
  for (let t = dayMs(start); t <= dayMs(end); t += DAY_MS) out.push(ymd(t));
  return out;
};
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** Raw activity of one account in one game: its active days, its paid orders (day, fen) and refunds (day, fen). */
export interface MockActivity {
  account: string;
  game: number;
  days: Set<string>;
  paid: Array<[string, number]>;
  refunds: Array<[string, number]>;
}

/** Today as the stories' stores see it (local day). */
export const mockToday = () => formatDate(new Date());

/** Generated accounts over the 120 days up to today; most play one game, some two. */
export function mockActivity(long: boolean, today = mockToday()): MockActivity[] {
  const out: MockActivity[] = [];
  const games = GAMES(long);
  const span = long ? 400 : 120;
  for (let i = 0; i < (long ? 900 : 500); i++) {
    const account = `acct-${i}`;
    const join = plus(today, -(hash(`join:${i}`) % span));
    const mine = games.filter(([g], k) => k === hash(`g:${i}`) % games.length || hash(`two:${i}:${g}`) % 5 === 0);
    for (const [game] of mine) {
      const first = plus(join, hash(`late:${i}:${game}`) % 3);
      if (first > today) continue;
      const a: MockActivity = { account, game, days: new Set([first]), paid: [], refunds: [] };
      for (let k = 1; k <= 60 && plus(first, k) <= today; k++) if (hash(`${i}:${game}:${k}`) % 1000 < 550 / Math.sqrt(k)) a.days.add(plus(first, k));
      for (const d of a.days) {
        if (hash(`pay:${i}:${game}:${d}`) % 100 < 9) {
          const amount = (1 + (hash(`amt:${i}:${d}`) % 30)) * 600;
          a.paid.push([d, amount]);
          const back = plus(d, hash(`ref:${i}:${d}`) % 3);
          if (hash(`refund:${i}:${d}`) % 100 < 12 && back <= today) a.refunds.push([back, amount]);
        }
      }
      out.push(a);
    }
  }
  return out;
}

const rate = (r: number, n: number) => (n > 0 ? Math.round((r / n) * 1e6) / 1e6 : null);
const perHead = (amount: number, people: number) => (people === 0 ? 0 : Math.sign(amount) * Math.round(Math.abs(amount) / people) || 0);

/** A report of raw activity, exactly as the server defines it: per (game, account) for game_stats, per account for user_stats. */
export function statsOf(raw: MockActivity[], report: 'game_stats' | 'user_stats', start: string, end: string, game: number | null, today: string): StatsResult {
  const key = (a: MockActivity) => (report === 'user_stats' ? a.account : `${a.game}:${a.account}`);
  const mine = raw.filter((a) => report === 'user_stats' || game === null || a.game === game);
  const players = new Map<string, { days: Set<string>; payDays: Set<string> }>();
  const money = new Map<string, { gross: number; refunds: number }>();
  for (const a of mine) {
    const p = players.get(key(a)) ?? { days: new Set<string>(), payDays: new Set<string>() };
    a.days.forEach((d) => p.days.add(d));
    for (const [d, amount] of a.paid) {
      p.payDays.add(d);
      const m = money.get(d) ?? { gross: 0, refunds: 0 };
      m.gross += amount;
      money.set(d, m);
    }
    for (const [d, amount] of a.refunds) {
      const m = money.get(d) ?? { gross: 0, refunds: 0 };
      m.refunds += amount;
      money.set(d, m);
    }
    players.set(key(a), p);
  }
  const list = [...players.values()].map((p) => ({ ...p, first: [...p.days].sort()[0] ?? '' }));
  const sum = { n: 0, p1: 0, r1: 0, p7: 0, r7: 0, gross: 0, refunds: 0 };
  const activeRange = new Set<number>();
  const payingRange = new Set<number>();
  const days = daysOf(start, end).map((day) => {
    const fresh = list.filter((p) => p.first === day);
    const r1 = fresh.filter((p) => p.days.has(plus(day, 1))).length;
    const r7 = fresh.filter((p) => p.days.has(plus(day, 7))).length;
    const active = list.flatMap((p, i) => (p.days.has(day) ? [i] : []));
    const paying = list.flatMap((p, i) => (p.payDays.has(day) ? [i] : []));
    active.forEach((i) => activeRange.add(i));
    paying.forEach((i) => payingRange.add(i));
    const m = money.get(day) ?? { gross: 0, refunds: 0 };
    sum.n += fresh.length;
    sum.gross += m.gross;
    sum.refunds += m.refunds;
    if (plus(day, 1) <= today) Object.assign(sum, { p1: sum.p1 + fresh.length, r1: sum.r1 + r1 });
    if (plus(day, 7) <= today) Object.assign(sum, { p7: sum.p7 + fresh.length, r7: sum.r7 + r7 });
    const revenue = m.gross - m.refunds;
    return {
      day,
      new_players: fresh.length,
      active_players: active.length,
      paying_players: paying.length,
      revenue,
      arpu: perHead(revenue, active.length),
      d1: plus(day, 1) <= today ? rate(r1, fresh.length) : null,
      d7: plus(day, 7) <= today ? rate(r7, fresh.length) : null,
      d1_retained: r1,
      d7_retained: r7,
    };
  });
  const revenue = sum.gross - sum.refunds;
  return statsResult.parse({
    start,
    end,
    game: report === 'game_stats' ? game : null,
    today,
    currency: 'CNY',
    days,
    total: {
      new_players: sum.n,
      active_players: activeRange.size,
      paying_players: payingRange.size,
      revenue,
      gross: sum.gross,
      refunds: sum.refunds,
      arpu: perHead(revenue, activeRange.size),
      d1: rate(sum.r1, sum.p1),
      d7: rate(sum.r7, sum.p7),
      d1_retained: sum.r1,
      d7_retained: sum.r7,
    },
  });
}

function menusOf(noExport: boolean): MenuItem[] {
  const item = (id: number, parent: number | null, name: string, extra: Partial<MenuItem>) =>
    menuItem.parse({ id, parent, icon: 'table', sort: id, path: '', name, title: name, is_link: false, is_catalog: false, web_path: '', component: '', component_name: '', cache: false, visible: true, menuPermission: [], frame_out: false, ...extra });
  const buttons = noExport ? ['Search', 'Retrieve'] : ['Search', 'Retrieve', 'Export'];
  return [
    item(700, null, '数据报表', { is_catalog: true }),
    ...Object.values(REPORT_SCREENS).map((s) => item(s.id, 700, s.name, { path: s.path, web_path: s.path, component: s.component, component_name: s.component.split('/')[1], menuPermission: buttons })),
  ];
}

function pickerGames(long: boolean) {
  return pickerGameRows(GAMES(long));
}

/** The mock back end of the data reports (on top of the shell's: login, dictionaries, departments). */
export function reportsBackend(options: ReportsMockOptions = {}): MockBackend & { dataReports: ReportsMockState } {
  const long = !!options.long;
  const state: ReportsMockState = { reports: [], exports: [], drills: [], drillExports: [] };
  const base = mockBackend();
  const menus = menusOf(!!options.noExport);
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const games = pickerGames(long);
  let raw: MockActivity[] | null = null;
  const activity = () => (raw ??= options.empty ? [] : mockActivity(long));
  const answer = async (report: 'game_stats' | 'user_stats', request: Request) => {
    const q = new URL(request.url).searchParams;
    state.reports.push({ report, query: q });
    if (options.slow?.includes(report)) await delay('infinite');
    if (options.failing?.includes(report)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    const start = q.get('start') ?? '';
    const end = q.get('end') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || start > end) return HttpResponse.json(failure(4000, 'end 不能早于 start'));
    await delay(60);
    return HttpResponse.json(ok(statsResult, statsOf(activity(), report, start, end, q.get('game') ? Number(q.get('game')) : null, mockToday())));
  };
  const sheet = (report: 'game_stats' | 'user_stats', request: Request) => {
    state.exports.push({ report, query: new URL(request.url).searchParams });
    const name = report === 'game_stats' ? '游戏统计.xlsx' : '用户统计.xlsx';
    return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), {
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`, 'x-export-rows': '31' },
    });
  };
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/game/detail/', () => HttpResponse.json(ok(listPage(gameRow), { page: 1, limit: 999, total: games.length, is_next: false, is_previous: false, data: games }))),
    // 游戏统计's drill-down: the same generated activity as the report, so the count is the day's figure.
    http.get('*/api/data_reports/game_stats/players/export_data/', ({ request }) => {
      state.drillExports.push(new URL(request.url).searchParams);
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('游戏统计玩家.xlsx')}` },
      });
    }),
    http.get('*/api/data_reports/game_stats/players/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.drills.push(q);
      if (options.slow?.includes('drill')) await delay('infinite');
      if (options.failing?.includes('drill')) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
      await delay(60);
      const day = q.get('day') ?? '';
      const metric = q.get('metric');
      const game = q.get('game') ? Number(q.get('game')) : null;
      const names = new Map(GAMES(long));
      const rows = activity()
        .filter((a) => game === null || a.game === game)
        .map((a) => ({ a, first: [...a.days].sort()[0] ?? '', paid: a.paid.filter(([d]) => d === day) }))
        .filter(({ a, first, paid }) => (metric === 'new' ? first === day : metric === 'active' ? a.days.has(day) : paid.length > 0))
        .sort((x, y) => x.a.game - y.a.game || (x.a.account < y.a.account ? -1 : 1))
        .map(({ a, first, paid }) => ({ game: a.game, game_name: names.get(a.game) ?? `#${a.game}`, distinct_id: a.account, registered: first, orders: paid.length, paid: paid.reduce((t, [, v]) => t + v, 0) }));
      const limit = Number(q.get('limit') ?? 20);
      const page = Number(q.get('page') ?? 1);
      const data = rows.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(ok(dayPlayersPage, { page, limit, total: rows.length, is_next: page * limit < rows.length, is_previous: page > 1, data }));
    }),
    http.get('*/api/data_reports/game_stats/export/', ({ request }) => sheet('game_stats', request)),
    http.get('*/api/data_reports/user_stats/export/', ({ request }) => sheet('user_stats', request)),
    http.get('*/api/data_reports/game_stats/', ({ request }) => answer('game_stats', request)),
    http.get('*/api/data_reports/user_stats/', ({ request }) => answer('user_stats', request)),
  ];
  const reset = () => {
    base.reset();
    Object.assign(state, { reports: [], exports: [], drills: [], drillExports: [] });
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { dataReports: state });
}
