import { pickerGameRows } from '../../../../../stories/mocks/game-rows';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { deviceRow, envelope, gameRow, listPage, menuItem, RETENTION_DAYS, retentionPlayersPage, retentionResult, type DeviceRow, type MenuItem, type RetentionResult } from '../../../../../contracts/schemas';
import { formatDate } from '../../../../stores/format';
import { failure, menuEntry, ok } from '../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../stories/mocks/handlers';

/**
 * A mock of the players back end for the center_users/* stories: the menus of 用户中心,
 * the game picker, and the retention report computed from generated raw players (each with its
 * registration day, channel and active days), as the server defines it (contracts/schemas/players);
 * every answer goes through its contract schema, so a change of the wire shape breaks the mocks.
 */

export const PLAYERS_SCREENS = {
  devices: { id: 602, name: '设备管理', path: '/center_users/devices', component: 'center_users/devices', buttons: ['Search', 'Retrieve', 'Export'] },
  retention: { id: 604, name: '留存分析', path: '/center_users/retention', component: 'center_users/retention', buttons: ['Search', 'Retrieve', 'Export'] },
} as const;

export interface PlayersMockOptions {
  /** These answer a failure: 'retention', 'devices'. */
  failing?: string[];
  /** These answer never (loading states). */
  slow?: string[];
  /** These have no players. */
  empty?: string[];
  /** Long game names and many channels (long content). */
  long?: boolean;
}

export interface PlayersMockState {
  reports: Array<{ report: string; query: URLSearchParams }>;
  lists: URLSearchParams[];
  /** The query of each devices export. */
  exports: URLSearchParams[];
  /** The retention drill-down's list calls and export calls. */
  drills: URLSearchParams[];
  drillExports: URLSearchParams[];
}

/** What a mock export answers: a (token) xlsx file under the server's file name. */
export function mockExportFile(title: string): HttpResponse<ArrayBuffer> {
  return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]).buffer, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment;filename=${encodeURIComponent(`${title}.xlsx`)}`,
      'X-Export-Rows': '1',
    },
  });
}

const LONG_GAME = '一个名字很长很长的大型多人在线角色扮演游戏国际版';
const GAMES = (long: boolean): Array<[number, string]> => [[3, '星穹远征'], [5, '消消乐园'], [8, '跳一跳冒险'], ...(long ? [[11, LONG_GAME] as [number, string]] : [])];
const CHANNELS = ['huawei', 'xiaomi', 'taptap', 'appstore', ''];
const LONG_CHANNELS = [...CHANNELS, 'vivo', 'bilibili', 'douyin', 'kuaishou', 'official-website-partner-program-2026'];
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

/** A generated player: game, registration day, channel, and the days after it (1..30) it came back. */
export interface MockPlayer {
  game: number;
  day: string;
  channel: string;
  back: Set<number>;
}

/** The players who registered on a day (every game), with their returns (fewer the later: churn). */
export function playersOfDay(day: string, long: boolean, today: string): MockPlayer[] {
  const out: MockPlayer[] = [];
  const channels = long ? LONG_CHANNELS : CHANNELS;
  for (const [game] of GAMES(long)) {
    const n = (hash(`${day}:${game}`) % 12) + (game === 3 ? 14 : 4);
    for (let i = 0; i < n; i++) {
      const back = new Set<number>();
      for (let k = 1; k <= 30; k++) if (plus(day, k) <= today && hash(`${day}:${game}:${i}:${k}`) % 1000 < 600 / Math.sqrt(k)) back.add(k);
      out.push({ game, day, channel: channels[hash(`${day}:${game}:${i}`) % channels.length] ?? '', back });
    }
  }
  return out;
}

const rate = (r: number, n: number) => (n > 0 ? Math.round((r / n) * 1e6) / 1e6 : null);

/** The retention answer of raw players, exactly as the server defines it. */
export function retentionOf(all: MockPlayer[], start: string, end: string, game: number | null, channel: string | null, today: string, long: boolean): RetentionResult {
  const mine = all.filter((p) => (game === null || p.game === game) && (channel === null || p.channel === channel));
  const keys = RETENTION_DAYS.map(String) as Array<'1' | '3' | '7' | '14' | '30'>;
  const cohorts = daysOf(start, end).map((day) => {
    const ps = mine.filter((p) => p.day === day);
    const retained = Object.fromEntries(keys.map((k) => [k, ps.filter((p) => p.back.has(Number(k))).length]));
    const retention = Object.fromEntries(keys.map((k) => [k, plus(day, Number(k)) > today ? null : rate(retained[k] ?? 0, ps.length)]));
    return { day, players: ps.length, retained, retention };
  });
  const curve = Array.from({ length: 30 }, (_, i) => {
    const known = mine.filter((p) => plus(p.day, i + 1) <= today);
    const r = known.filter((p) => p.back.has(i + 1)).length;
    return { n: i + 1, players: known.length, retained: r, retention: rate(r, known.length) };
  });
  const channels = [...new Set(all.filter((p) => game === null || p.game === game).map((p) => p.channel))].sort();
  void long;
  return retentionResult.parse({
    start,
    end,
    game,
    channel,
    today,
    cohorts,
    total: {
      players: mine.length,
      retention: Object.fromEntries(keys.map((k) => [k, curve[Number(k) - 1]?.retention ?? null])),
      retained: Object.fromEntries(keys.map((k) => [k, curve[Number(k) - 1]?.retained ?? 0])),
    },
    curve,
    channels,
  });
}

const ANDROID = ['HUAWEI Mate 60', 'Xiaomi 14', 'OPPO Find X7', 'vivo X100', 'Honor Magic6'];
const IOS = ['iPhone 15', 'iPhone 14', 'iPhone 13'];

/** The devices (57; every 7th shared by 2-3 accounts), newest first by last seen, parsed by the schema. */
export function mockDevices(long: boolean): DeviceRow[] {
  const now = Date.parse(`${mockToday()}T12:00:00Z`);
  const games = GAMES(long);
  return z.array(deviceRow).parse(
    Array.from({ length: 57 }, (_, i) => {
      const h = hash(`device:${i}`);
      const ios = h % 4 === 0;
      const n = i % 7 === 3 ? 2 + (h % 2) : 1;
      const first = now - ((h % 40) + 5) * DAY_MS;
      const last = now - (i % 9) * DAY_MS - (h % 3600) * 1000;
      const [game, gameName] = games[h % games.length] ?? [3, '星穹远征'];
      return {
        id: i + 1,
        device_id: long && i === 0 ? `dev-a-very-long-device-identifier-from-a-custom-sdk-${h}` : `dev-${h.toString(16).padStart(12, '0').slice(0, 12)}`,
        device_model: long && i === 1 ? 'A Very Long Device Model Name Pro Max Ultra 5G (2026 Edition)' : ios ? IOS[h % IOS.length] : ANDROID[h % ANDROID.length],
        os: ios ? 'ios' : 'android',
        os_version: ios ? '17.1' : '14',
        first_seen: new Date(first).toISOString(),
        last_seen: new Date(last).toISOString(),
        accounts: n,
        account_list: Array.from({ length: n }, (_, k) => ({ game, game_name: gameName, distinct_id: `p-${String((h >>> 3) % 900 + k).padStart(4, '0')}`, first_seen: new Date(first + k * DAY_MS).toISOString(), last_seen: new Date(last).toISOString() })),
      };
    }),
  );
}

function menusOf(): MenuItem[] {
  return [
    menuEntry(600, null, '用户中心', { icon: 'users', is_catalog: true }),
    ...Object.values(PLAYERS_SCREENS).map((s) => menuEntry(s.id, 600, s.name, { path: s.path, web_path: s.path, component: s.component, component_name: s.component.split('/')[1], menuPermission: [...s.buttons] })),
  ];
}

function pickerGames(long: boolean) {
  return pickerGameRows(GAMES(long));
}

/** Today as the stories' stores see it (local day). */
export const mockToday = () => formatDate(new Date());

/** The mock back end of the players screens (on top of the shell's: login, dictionaries, departments). */
export function playersBackend(options: PlayersMockOptions = {}): MockBackend & { players: PlayersMockState } {
  const long = !!options.long;
  const state: PlayersMockState = { reports: [], lists: [], exports: [], drills: [], drillExports: [] };
  const base = mockBackend();
  const menus = menusOf();
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const games = pickerGames(long);
  const gate = async (name: string) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    return null;
  };
  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    ...base.handlers,
    http.get('*/api/game/detail/', () => HttpResponse.json(ok(listPage(gameRow), { page: 1, limit: 999, total: games.length, is_next: false, is_previous: false, data: games }))),
    http.get('*/api/center_users/devices/export_data/', ({ request }) => {
      state.exports.push(new URL(request.url).searchParams);
      return mockExportFile('设备管理');
    }),
    http.get('*/api/center_users/devices/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.lists.push(q);
      const refused = await gate('devices');
      if (refused) return refused;
      await delay(60);
      let rows = options.empty?.includes('devices') ? [] : mockDevices(long);
      const search = (q.get('search') ?? '').toLowerCase();
      if (search) rows = rows.filter((r) => r.device_id.toLowerCase().includes(search) || r.device_model.toLowerCase().includes(search));
      if (q.get('os')) rows = rows.filter((r) => r.os === q.get('os'));
      if (q.get('shared') === '1') rows = rows.filter((r) => r.accounts >= 2);
      if (q.get('shared') === '0') rows = rows.filter((r) => r.accounts < 2);
      if (q.get('game')) rows = rows.filter((r) => r.account_list.some((a) => String(a.game) === q.get('game')));
      if (q.get('distinct_id')) rows = rows.filter((r) => r.account_list.some((a) => a.distinct_id === q.get('distinct_id')));
      const ordering = q.get('ordering') ?? '-last_seen';
      const field = ordering.replace(/^-/, '') as 'last_seen' | 'first_seen' | 'accounts';
      const sign = ordering.startsWith('-') ? -1 : 1;
      rows = [...rows].sort((a, b) => sign * (field === 'accounts' ? a.accounts - b.accounts : a[field].localeCompare(b[field])) || sign * (a.id - b.id));
      const limit = Math.min(100, Number(q.get('limit') ?? 20));
      const page = Number(q.get('page') ?? 1);
      const data = rows.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(envelope(listPage(deviceRow)).parse({ code: 2000, msg: data.length ? 'success' : '暂无数据', data: { page, limit, total: rows.length, is_next: page * limit < rows.length, is_previous: page > 1, data } }));
    }),
    // 留存分析's drill-down: the same generated players as the matrix, so the count is the cell's figure; 'drill' in slow / failing / empty.
    http.get('*/api/center_users/retention/players/export_data/', ({ request }) => {
      state.drillExports.push(new URL(request.url).searchParams);
      return mockExportFile('留存玩家');
    }),
    http.get('*/api/center_users/retention/players/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.drills.push(q);
      const refused = await gate('drill');
      if (refused) return refused;
      await delay(60);
      const day = q.get('day') ?? '';
      const n = Number(q.get('n'));
      const today = mockToday();
      const game = q.get('game') ? Number(q.get('game')) : null;
      const channel = q.has('channel') ? (q.get('channel') ?? '') : null;
      const names = new Map(GAMES(long));
      const all = options.empty?.includes('drill') ? [] : playersOfDay(day, long, today);
      const rows = all
        .map((p, i) => ({ p, i }))
        .filter(({ p }) => (game === null || p.game === game) && (channel === null || p.channel === channel) && (n === 0 || p.back.has(n)))
        .map(({ p, i }) => ({
          game: p.game,
          game_name: names.get(p.game) ?? `#${p.game}`,
          distinct_id: long && i % 4 === 0 ? `player-with-a-very-long-distinct-id-from-an-external-account-system-${day}-${i}@sso.games.example.com` : `${p.game}-${day.replaceAll('-', '')}-${String(i).padStart(3, '0')}`,
          channel: p.channel,
          active_days: 1 + [...p.back].filter((k) => k <= n).length,
        }));
      const limit = Number(q.get('limit') ?? 20);
      const page = Number(q.get('page') ?? 1);
      const data = rows.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(ok(retentionPlayersPage, { page, limit, total: rows.length, is_next: page * limit < rows.length, is_previous: page > 1, data }));
    }),
    http.get('*/api/center_users/retention/', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.reports.push({ report: 'retention', query: q });
      const refused = await gate('retention');
      if (refused) return refused;
      const start = q.get('start') ?? '';
      const end = q.get('end') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || start > end) return HttpResponse.json(failure(4000, 'end 不能早于 start'));
      await delay(80);
      const today = mockToday();
      const raw = options.empty?.includes('retention') ? [] : daysOf(start, end).flatMap((d) => playersOfDay(d, long, today));
      const game = q.get('game') ? Number(q.get('game')) : null;
      return HttpResponse.json(ok(retentionResult, retentionOf(raw, start, end, game, q.has('channel') ? (q.get('channel') ?? '') : null, today, long)));
    }),
  ];
  const reset = () => {
    base.reset();
    Object.assign(state, { reports: [], lists: [], drills: [], drillExports: [] });
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { players: state });
}
