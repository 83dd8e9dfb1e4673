import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  DEFAULT_WORKBENCH,
  envelope,
  listPage,
  menuItem,
  myLogin,
  receivedMessage,
  unreadCount,
  workbenchLayout,
  workbenchLayoutInput,
  workbenchShortcut,
  type MenuItem,
  type MyLogin,
  type ReceivedMessage,
  type WorkbenchShortcut,
  type WorkbenchWidget,
} from '../../../../../../contracts/schemas';
import { realtimeSnapshot } from '../../../../../../contracts/schemas/dashboard/live';
import { gameKpis, type GameKpis } from '../../../../../../contracts/schemas/dashboard/workbench';
import { realtimeMock } from '../../../mocks/dashboard-live';
import { failure, menuEntry, ok } from '../../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../../stories/mocks/handlers';

/**
 * A mock of the workbench calls for the dashboard/workbench stories: the layout (saved
 * in this mock, validated by the contract's own schema as the server does), shortcuts, own sign-ins,
 * received messages, and menus with the pages the shortcuts name. Every answer goes through its
 * contract schema.
 */
export interface WorkbenchMockOptions {
  /** The saved layout (default: none, i.e. the default layout). */
  widgets?: WorkbenchWidget[];
  /** These answer a failure: 'layout', 'save', 'shortcuts', 'logins', 'messages', 'realtime'. */
  failing?: string[];
  /** These never answer (loading states). */
  slow?: string[];
  /** Many shortcuts and messages with long titles. */
  long?: boolean;
  /** No shortcuts, sign-ins or messages yet. */
  empty?: boolean;
  /** The workbench menu without its Update button. */
  readOnly?: boolean;
  /** The game KPIs answered without revenue (a user without 收入概览). */
  noRevenue?: boolean;
}

const LONG_GAME = '一个名字很长很长的大型多人在线角色扮演游戏国际版（测试服务器・华东二区）';

/** Today's game KPIs (schema-parsed); the totals are the sums of the games listed plus the rest. */
export function gameKpisMock(opts: { empty?: boolean; long?: boolean; noRevenue?: boolean } = {}): GameKpis {
  const games = opts.empty
    ? []
    : [
        { game: 3, name: opts.long ? LONG_GAME : '星穹远征', active_players: 1284, new_players: 96, revenue: 1_523_400 },
        { game: 5, name: '消消乐园', active_players: 2310, new_players: 311, revenue: 864_800 },
        { game: 8, name: opts.long ? `${LONG_GAME} 怀旧版` : '三国策略', active_players: 402, new_players: 12, revenue: 298_000 },
        { game: 2, name: '跑酷达人', active_players: 97, new_players: 40, revenue: 12_800 },
      ];
  const revenue = opts.long ? 98_765_432_100 : games.reduce((a, g) => a + g.revenue, 0);
  const byActive = [...games].sort((a, b) => b.active_players - a.active_players);
  return gameKpis.parse({
    day: '2026-12-03',
    timezone: 'Asia/Shanghai',
    at: '2026-12-02T18:00:00.000Z',
    currency: 'CNY',
    active_players: opts.long ? 12_345_678 : games.reduce((a, g) => a + g.active_players, 0),
    new_players: games.reduce((a, g) => a + g.new_players, 0),
    revenue_allowed: !opts.noRevenue,
    revenue: opts.noRevenue ? null : revenue,
    orders: opts.noRevenue ? null : opts.empty ? 0 : 1_204,
    top_by: opts.noRevenue ? 'active_players' : 'revenue',
    top_games: (opts.noRevenue ? byActive : games).map((g) => ({ ...g, revenue: opts.noRevenue ? null : g.revenue })),
  });
}

export interface WorkbenchMockState {
  widgets: WorkbenchWidget[] | null;
  puts: unknown[];
  deletes: number;
}

const LONG = '一个名字非常非常长的菜单页面用来检查常用页面小组件的截断显示效果';

function menusOf(readOnly: boolean, long: boolean): MenuItem[] {
  const page = (id: number, parent: number, name: string, path: string, component: string, icon: string, buttons: string[] = ['Retrieve'], cache = false) =>
    menuEntry(id, parent, name, { path, web_path: path, component, component_name: component.split('/')[1] ?? component, icon, menuPermission: buttons, cache });
  return [
    menuEntry(700, null, '仪表盘', { icon: 'dashboard', is_catalog: true }),
    page(701, 700, '工作台', '/dashboard/workbench', 'dashboard/workbench', 'th-large', readOnly ? ['Retrieve'] : ['Retrieve', 'Update'], true),
    // the realtime widget's page.
    page(702, 700, '实时概况', '/dashboard/realtime', 'dashboard/realtime', 'line-chart'),
    menuEntry(710, null, '系统管理', { icon: 'cog', is_catalog: true }),
    page(711, 710, '用户管理', '/system/user', 'system/user', 'user'),
    page(712, 710, '消息中心', '/messageCenter', 'system/messageCenter/index', 'envelope-o'),
    page(713, 710, '操作日志', '/system/operationLog', 'system/log/operationLog', 'file-text-o'),
    menuEntry(720, null, '游戏管理', { icon: 'gamepad', is_catalog: true }),
    page(721, 720, '游戏查询', '/game/query', 'game/query', 'search'),
    page(722, 720, long ? LONG : 'H5 游戏', '/game/h5', 'game/h5', 'html5'),
  ];
}

const shortcutsOf = (long: boolean, empty: boolean): WorkbenchShortcut[] =>
  empty
    ? []
    : z.array(workbenchShortcut).parse([
        { path: '/game/query', visits: 42, last_visit: '2026-11-24 18:00:00' },
        { path: '/system/user', visits: 17, last_visit: '2026-11-24 17:00:00' },
        { path: '/game/h5', visits: 9, last_visit: '2026-11-24 16:00:00' },
        { path: '/messageCenter', visits: 4, last_visit: '2026-11-23 09:00:00' },
        // Not in this user's menu (a page they may no longer open): not shown.
        { path: '/system/role', visits: 3, last_visit: '2026-11-20 09:00:00' },
        ...(long ? [{ path: '/system/operationLog', visits: 2, last_visit: '2026-11-19 09:00:00' }] : []),
      ]);

const loginsOf = (empty: boolean): MyLogin[] =>
  empty
    ? []
    : z.array(myLogin).parse([
        { ip: '10.0.3.21', browser: 'Chrome 131', os: 'Windows 10', create_datetime: '2026-11-25 08:58:12' },
        { ip: '10.0.3.21', browser: 'Chrome 131', os: 'Windows 10', create_datetime: '2026-11-24 09:02:47' },
        { ip: '192.168.1.8', browser: 'Firefox 132', os: 'macOS', create_datetime: '2026-11-22 20:15:03' },
      ]);

const messagesOf = (long: boolean, empty: boolean): ReceivedMessage[] => {
  if (empty) return [];
  const base = { content: '<p>内容</p>', target_type: 1, target_user: [1], target_role: [], target_dept: [], creator: 1, creator_name: '超级管理员', modifier: '1', modifier_name: '超级管理员', dept_belong_id: '1', description: null };
  const titles = long ? Array.from({ length: 6 }, (_, i) => (i === 0 ? `${'版本发布与维护窗口的详细安排说明'.repeat(3)}` : `运营通知 ${i + 1}`)) : ['版本发布通知', '周末维护窗口', '新游戏上线'];
  return titles.map((title, i) => receivedMessage.parse({ ...base, id: 100 + i, title, create_datetime: `2026-11-2${4 - Math.min(i, 3)} 10:0${i}:00`, update_datetime: '2026-11-24 10:00:00', is_read: i > 0 }));
};

export function workbenchBackend(options: WorkbenchMockOptions = {}): MockBackend & { workbench: WorkbenchMockState } {
  const state: WorkbenchMockState = { widgets: options.widgets ?? null, puts: [], deletes: 0 };
  const initial = options.widgets ?? null;
  const base = mockBackend();
  const menus = menusOf(options.readOnly ?? false, options.long ?? false);
  const web = envelope(listPage(menuItem)).parse({ code: 2000, msg: 'success', data: { page: 1, limit: 1, total: menus.length, data: menus } });
  const gate = async (name: string) => {
    if (options.slow?.includes(name)) await delay('infinite');
    if (options.failing?.includes(name)) return HttpResponse.json(failure(4000, '服务暂不可用，请稍后重试'));
    return null;
  };
  const layout = () => ok(workbenchLayout, state.widgets ? { widgets: state.widgets, saved: true, update_datetime: '2026-11-24 10:00:00' } : { widgets: [...DEFAULT_WORKBENCH], saved: false, update_datetime: null });
  const messages = messagesOf(options.long ?? false, options.empty ?? false);

  const handlers: HttpHandler[] = [
    http.get('*/api/system/menu/web_router/', () => HttpResponse.json(web)),
    http.get('*/api/system/workbench/layout/', async () => (await gate('layout')) ?? HttpResponse.json(layout())),
    http.put('*/api/system/workbench/layout/', async ({ request }) => {
      const body: unknown = await request.json();
      state.puts.push(body);
      const refused = await gate('save');
      if (refused) return refused;
      const parsed = workbenchLayoutInput.safeParse(body);
      if (!parsed.success) return HttpResponse.json(failure(4000, `小组件:${parsed.error.issues[0]?.message ?? '不合法'}`));
      state.widgets = parsed.data.widgets;
      return HttpResponse.json(layout());
    }),
    http.delete('*/api/system/workbench/layout/', () => {
      state.deletes += 1;
      state.widgets = null;
      return HttpResponse.json(layout());
    }),
    http.post('*/api/system/workbench/visit/', () => HttpResponse.json(ok(z.null(), null))),
    http.get('*/api/system/workbench/shortcuts/', async () => (await gate('shortcuts')) ?? HttpResponse.json(ok(z.array(workbenchShortcut), shortcutsOf(options.long ?? false, options.empty ?? false)))),
    http.get('*/api/system/workbench/my_logins/', async () => (await gate('logins')) ?? HttpResponse.json(ok(z.array(myLogin), loginsOf(options.empty ?? false)))),
    http.get('*/api/system/message_center/get_self_receive/', async () =>
      (await gate('messages')) ?? HttpResponse.json(ok(listPage(receivedMessage), { page: 1, limit: 6, total: messages.length, data: messages }))),
    http.get('*/api/system/message_center/get_unread_msg/', () => HttpResponse.json(ok(unreadCount, { count: messages.filter((m) => !m.is_read).length }, '获取成功'))),
    // the realtime figures (the realtime widget; empty = a quiet hour).
    http.get('*/api/dashboard/realtime/', async () => (await gate('realtime')) ?? HttpResponse.json(ok(realtimeSnapshot, realtimeMock({ empty: options.empty ?? false, long: options.long ?? false })))),
    // today's game KPIs (the game_kpis widget).
    http.get('*/api/system/datav/game_kpis/', async () =>
      (await gate('kpis')) ?? HttpResponse.json(ok(gameKpis, gameKpisMock({ empty: options.empty ?? false, long: options.long ?? false, noRevenue: options.noRevenue ?? false })))),
    ...base.handlers,
  ];
  const reset = () => {
    base.reset();
    state.widgets = initial;
    state.puts = [];
    state.deletes = 0;
  };
  return Object.assign(new MockBackend(handlers, base.state, reset), { workbench: state });
}
