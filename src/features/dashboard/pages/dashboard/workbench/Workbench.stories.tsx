import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend, storyConsole } from '../../../../../../stories/console';
import type { WorkbenchWidget } from '../../../../../../contracts/schemas';
import { gameKpisMock, workbenchBackend, type WorkbenchMockOptions, type WorkbenchMockState } from './workbench-mocks';
import { liveSocket, realtimeMock } from '../../../mocks/dashboard-live';
import { formatMoney } from '../../../../../stores/format/money';
import { SERVICE_ERROR, shows, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 工作台 (dashboard/workbench) on the workbench mock back end. */
export default { title: 'Pages/Workbench', ...routesOn(workbenchBackend()) } satisfies PageMeta;

const at = (extra: Record<string, unknown> = {}, backend: WorkbenchMockOptions = {}) => ({ console: { path: '/dashboard/workbench', signedIn: true, ...extra }, backend: workbenchBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }) => (storyBackend(context) as unknown as { workbench: WorkbenchMockState }).workbench;
const kinds = (root: HTMLElement) => [...root.querySelectorAll('[data-kind]')].map((el) => el.getAttribute('data-kind'));
const SAVED: WorkbenchWidget[] = [
  { i: 'messages', kind: 'messages', x: 0, y: 0, w: 6, h: 5 },
  { i: 'shortcuts', kind: 'shortcuts', x: 6, y: 0, w: 6, h: 5 },
];

/** The default layout: every widget with its data; shortcuts only for pages in the user's menu. */
export const Default: PageStory = pageStory(at(), shown('wb-grid'), async (canvas, context) => {
  await waitFor(() => expect(kinds(context.canvasElement)).toEqual(['welcome', 'counts', 'trend', 'shortcuts', 'messages', 'logins']), slow);
  await waitFor(() => expect(canvas.getByTestId('wb-last-login')).toHaveTextContent('上次登录：2026-11-24 09:02:47（10.0.3.21）'), slow);
  await waitFor(() => expect(canvas.getAllByTestId('wb-shortcut').map((b) => b.textContent)).toEqual(['游戏查询', '用户管理', 'H5 游戏', '消息中心']), slow);
  await expect(canvas.getByTestId('wb-unread')).toHaveTextContent('未读 1 条');
  await expect(canvas.getByText('默认布局')).toBeVisible();
});

/** A saved layout is shown as saved: two widgets only. */
export const SavedLayout: PageStory = {
  parameters: at({}, { widgets: SAVED }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(kinds(canvasElement)).toEqual(['messages', 'shortcuts']), slow);
  },
};

export const Loading: PageStory = shows(at({}, { slow: ['layout'] }), 'wb-loading', '加载中');

export const Error: PageStory = shows(at({}, { failing: ['layout'] }), 'wb-error', SERVICE_ERROR);

/** A user who removed every widget; nothing recorded yet. */
export const Empty: PageStory = shows(at({}, { widgets: [], empty: true }), 'wb-empty', '工作台上还没有小组件。');

/** Widgets whose data failed show it in their own box; the rest of the page works. */
export const WidgetErrors: PageStory = pageStory(at({}, { failing: ['shortcuts', 'logins', 'messages'] }), shown('wb-grid'), async (canvas) => {
  await waitFor(() => expect(canvas.getAllByText('加载失败').length).toBeGreaterThanOrEqual(3), slow);
});

/** Long titles are cut with an ellipsis; many messages scroll inside their widget. */
export const LongContent: PageStory = {
  parameters: at({}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('wb-shortcut')).toHaveLength(5), slow);
    const widget = canvas.getByTestId('wb-widget-messages');
    await waitFor(() => expect(widget.querySelectorAll('li')).toHaveLength(6), slow);
    const body = widget.querySelector('.wb-widget-body') as HTMLElement;
    await expect(body.scrollWidth).toBeLessThanOrEqual(body.clientWidth + 1);
  },
};

/** Edit mode: remove a widget, add a second trend, save; the server gets the whole layout. */
export const EditAndSave: PageStory = {
  parameters: at({}, { widgets: SAVED }),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(kinds(context.canvasElement)).toEqual(['messages', 'shortcuts']), slow);
    await userEvent.click(canvas.getByTestId('workbench-update'));
    await expect(canvas.getByTestId('wb-palette')).toBeVisible();
    // Single-instance kinds already placed are greyed out in the palette.
    await expect(canvas.getByTestId('wb-add-messages')).toBeDisabled();
    await userEvent.click(canvas.getByTestId('wb-remove-messages'));
    await userEvent.click(canvas.getByTestId('wb-add-trend'));
    await userEvent.click(canvas.getByTestId('wb-add-trend'));
    await expect(canvas.getByText('有未保存的修改')).toBeVisible();
    await userEvent.click(canvas.getByTestId('wb-save'));
    await waitFor(() => expect(mock(context).puts).toHaveLength(1));
    const sent = mock(context).puts[0] as { widgets: WorkbenchWidget[] };
    await expect(sent.widgets.map((w) => w.kind)).toEqual(['shortcuts', 'trend', 'trend']);
    await expect(new Set(sent.widgets.map((w) => w.i)).size).toBe(3);
    await waitFor(() => expect(canvas.queryByTestId('wb-palette')).toBeNull());
    await waitFor(() => expect(kinds(context.canvasElement)).toEqual(['shortcuts', 'trend', 'trend']));
  },
};

/** 恢复默认 then 保存: the saved layout is forgotten (DELETE), the default shows. 取消 leaves everything. */
export const ResetToDefault: PageStory = {
  parameters: at({}, { widgets: SAVED }),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(kinds(context.canvasElement)).toEqual(['messages', 'shortcuts']), slow);
    await userEvent.click(canvas.getByTestId('workbench-update'));
    await userEvent.click(canvas.getByTestId('wb-remove-shortcuts'));
    await userEvent.click(canvas.getByTestId('wb-cancel'));
    await expect(kinds(context.canvasElement)).toEqual(['messages', 'shortcuts']);
    await userEvent.click(canvas.getByTestId('workbench-update'));
    await userEvent.click(canvas.getByTestId('wb-reset'));
    await userEvent.click(canvas.getByTestId('wb-save'));
    await waitFor(() => expect(mock(context).deletes).toBe(1));
    await expect(mock(context).puts).toHaveLength(0);
    await waitFor(() => expect(kinds(context.canvasElement)).toHaveLength(6));
  },
};

/** A refused save keeps the edit mode and shows the server's message. */
export const SaveRefused: PageStory = {
  parameters: at({}, { widgets: SAVED, failing: ['save'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('workbench-update')).toBeEnabled(), slow);
    await userEvent.click(canvas.getByTestId('workbench-update'));
    await userEvent.click(canvas.getByTestId('wb-add-welcome'));
    await userEvent.click(canvas.getByTestId('wb-save'));
    await expect(await canvas.findByTestId('wb-save-error')).toHaveTextContent('服务暂不可用，请稍后重试');
    await expect(canvas.getByTestId('wb-palette')).toBeVisible();
  },
};

/** Without the menu's Update button there is no 编辑布局. */
export const WithoutUpdate: PageStory = {
  parameters: at({}, { readOnly: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('workbench-retrieve')).toBeVisible(), slow);
    await expect(canvas.queryByTestId('workbench-update')).toBeNull();
  },
};

/** A cached page (menu cache) keeps what was typed across a tab switch. */
export const CachedAcrossTabs: PageStory = {
  parameters: at({ bootstrap: true }, {}),
  play: async (context) => {
    const { location } = storyConsole(context);
    const canvas = within(context.canvasElement);
    const filter = await canvas.findByTestId('workbench-shortcut-filter', {}, slow);
    await userEvent.type(filter, '游戏');
    await waitFor(() => expect(canvas.getAllByTestId('wb-shortcut').map((b) => b.textContent)).toEqual(['游戏查询', 'H5 游戏']));
    const page = canvas.getByTestId('workbench');
    const grid = canvas.getByTestId('wb-grid');
    location.navigate('/game/query');
    await waitFor(() => expect(canvas.getByTestId('workbench-shortcut-filter')).not.toBeVisible(), slow);
    await expect(canvas.getByTestId('workbench')).toBe(page);
    await expect(canvas.getByTestId('wb-grid')).toBe(grid);
    location.navigate('/dashboard/workbench');
    await waitFor(() => expect(canvas.getByTestId('workbench-shortcut-filter')).toBeVisible(), slow);
    await expect(canvas.getByTestId('workbench')).toBe(page);
    await expect(canvas.getByTestId('wb-grid')).toBe(grid);
    await expect(canvas.getByTestId('workbench-shortcut-filter')).toHaveValue('游戏');
  },
};

export const English: PageStory = {
  parameters: at({ language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('wb-last-login')).toHaveTextContent('Last sign-in: 2026-11-24 09:02:47 (10.0.3.21)'), slow);
    await expect(canvas.getByText('Frequent pages')).toBeVisible();
    await expect(canvas.getByTestId('workbench-update')).toHaveTextContent('Edit layout');
  },
};

// the realtime mini-chart widget.
const REALTIME: WorkbenchWidget[] = [{ i: 'rt', kind: 'realtime', x: 0, y: 0, w: 6, h: 4 }];
const rtSocket = liveSocket();

/** The realtime widget subscribes on the socket and draws the last 30 minutes; a pushed frame replaces its figures at once. */
export const RealtimeLive: PageStory = pageStory(at({ realtime: rtSocket.connector }, { widgets: REALTIME }), chartReady('wb-realtime-chart'), async (canvas) => {
  await expect(canvas.getByTestId('wb-realtime-online')).toHaveTextContent(String(realtimeMock().online));
  await expect(canvas.getByTestId('wb-realtime-revenue')).toHaveTextContent(formatMoney(realtimeMock().revenue_today));
  await waitFor(() => expect(rtSocket.subscribed()).toBe(true), slow);
  const pushed = realtimeMock({ bump: 40 });
  rtSocket.push({ ...pushed, online: 987 });
  await waitFor(() => expect(canvas.getByTestId('wb-realtime-online')).toHaveTextContent('987'), slow);
  await expect(canvas.getByTestId('wb-realtime-logins')).toHaveTextContent(String(pushed.logins_per_minute));
  await expect(canvas.getByTestId('wb-realtime')).toHaveAttribute('data-source', 'socket');
  await expect(canvas.getByTestId('wb-realtime-source')).toHaveTextContent('实时推送');
  await expect(canvas.getByRole('button', { name: '打开实时概况' })).toBeVisible();
});

/** Added from the palette (once: it is a single-instance kind), then saved with its default size. */
export const RealtimeAdd: PageStory = {
  parameters: at({}, { widgets: SAVED }),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(kinds(context.canvasElement)).toEqual(['messages', 'shortcuts']), slow);
    await userEvent.click(canvas.getByTestId('workbench-update'));
    await expect(canvas.getByTestId('wb-add-realtime')).toHaveTextContent('实时概况');
    await userEvent.click(canvas.getByTestId('wb-add-realtime'));
    await expect(canvas.getByTestId('wb-add-realtime')).toBeDisabled();
    await expect(await canvas.findByTestId('wb-realtime-online', {}, slow)).toHaveTextContent(String(realtimeMock().online));
    await userEvent.click(canvas.getByTestId('wb-save'));
    await waitFor(() => expect(mock(context).puts).toHaveLength(1));
    const sent = (mock(context).puts[0] as { widgets: WorkbenchWidget[] }).widgets.find((w) => w.kind === 'realtime');
    await expect(sent).toMatchObject({ w: 6, h: 4 });
  },
};

export const RealtimeLoading: PageStory = shows(at({}, { widgets: REALTIME, slow: ['realtime'] }), 'wb-realtime-loading', '加载中');

export const RealtimeError: PageStory = shows(at({}, { widgets: REALTIME, failing: ['realtime'] }), 'wb-realtime-error', SERVICE_ERROR);

/** A quiet hour: the figures are 0 and the chart gives way to a sentence. */
export const RealtimeEmpty: PageStory = {
  parameters: at({}, { widgets: REALTIME, empty: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('wb-realtime-empty', {}, slow)).toHaveTextContent('最近一小时没有登录或支付');
    await expect(canvas.getByTestId('wb-realtime-online')).toHaveTextContent('0');
  },
};

/** Large figures in the smallest size (3 × 3): they are cut with an ellipsis, nothing overflows the widget. */
export const RealtimeLongContent: PageStory = {
  parameters: at({ realtime: liveSocket().connector }, { widgets: [{ i: 'rt', kind: 'realtime', x: 0, y: 0, w: 3, h: 3 }] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('wb-realtime-revenue', {}, slow)).toHaveTextContent('28,164');
    const body = canvas.getByTestId('wb-realtime').parentElement as HTMLElement;
    await expect(body.scrollWidth).toBeLessThanOrEqual(body.clientWidth + 1);
  },
};

export const RealtimeEnglish: PageStory = pageStory(at({ language: 'en' }, { widgets: REALTIME }), chartReady('wb-realtime-chart'), async (canvas) => {
  await expect(canvas.getByTestId('wb-widget-rt')).toHaveTextContent('Live overview');
  await expect(canvas.getByTestId('wb-widget-rt')).toHaveTextContent('Revenue today');
  await expect(canvas.getByTestId('wb-realtime-source')).toHaveTextContent('Polling');
});

// the game KPI widget (today's active players, revenue, new players, top games).
const KPIS: WorkbenchWidget[] = [{ i: 'kpis', kind: 'game_kpis', x: 0, y: 0, w: 6, h: 5 }];

/** Today's figures: active and new players, revenue as money with its orders, top games by revenue. */
export const GameKpis: PageStory = pageStory(at({}, { widgets: KPIS }), shown('wb-kpis'), async (canvas) => {
  const k = gameKpisMock();
  await expect(canvas.getByTestId('wb-kpi-active')).toHaveTextContent(k.active_players.toLocaleString('zh-CN'));
  await expect(canvas.getByTestId('wb-kpi-new')).toHaveTextContent(String(k.new_players));
  await expect(canvas.getByTestId('wb-kpi-revenue')).toHaveTextContent(formatMoney(k.revenue ?? 0));
  await expect(canvas.getByTestId('wb-kpi-revenue')).toHaveTextContent('1,204 笔订单'.replace('1,204', (1204).toLocaleString('zh-CN')));
  await expect(canvas.getByTestId('wb-widget-kpis')).toHaveTextContent('今日热门游戏（按收入）');
  const rows = canvas.getAllByTestId('wb-kpi-game');
  await expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(k.top_games.map((g) => g.name));
  await expect(rows[0]).toHaveTextContent(formatMoney(k.top_games[0]?.revenue ?? 0));
});

/** A user without 收入概览: no revenue anywhere, top games by active players. */
export const GameKpisWithoutRevenue: PageStory = pageStory(at({}, { widgets: KPIS, noRevenue: true }), shown('wb-kpis'), async (canvas) => {
  await expect(canvas.getByTestId('wb-kpi-revenue')).toHaveTextContent('无收入查看权限');
  await expect(canvas.getByTestId('wb-widget-kpis')).toHaveTextContent('今日热门游戏（按活跃玩家）');
  await expect(canvas.getByTestId('wb-kpis')).not.toHaveTextContent('¥');
  await expect(canvas.getAllByTestId('wb-kpi-game')[0]).toHaveTextContent('消消乐园');
});

export const GameKpisLoading: PageStory = shows(at({}, { widgets: KPIS, slow: ['kpis'] }), 'wb-widget-kpis', '加载中');

export const GameKpisError: PageStory = shows(at({}, { widgets: KPIS, failing: ['kpis'] }), 'wb-kpis-error', SERVICE_ERROR);

/** No player yet today: zeros and a sentence instead of the table. */
export const GameKpisEmpty: PageStory = pageStory(at({}, { widgets: KPIS, empty: true }), shown('wb-kpis-empty'), async (canvas) => {
  await expect(canvas.getByTestId('wb-kpis-empty')).toHaveTextContent('今天还没有玩家活跃。');
  await expect(canvas.getByTestId('wb-kpi-active')).toHaveTextContent('0');
});

/** Huge figures and long game names in the smallest size (3 × 3): they wrap, nothing overflows the widget horizontally. */
export const GameKpisLongContent: PageStory = pageStory(at({}, { widgets: [{ i: 'kpis', kind: 'game_kpis', x: 0, y: 0, w: 3, h: 3 }], long: true }), shown('wb-kpis'), async (canvas) => {
  await expect(canvas.getByTestId('wb-kpi-revenue')).toHaveTextContent(formatMoney(98_765_432_100));
  const body = canvas.getByTestId('wb-kpis').parentElement as HTMLElement;
  await expect(body.scrollWidth).toBeLessThanOrEqual(body.clientWidth + 1);
});

/** Added from the palette (once), then saved with its default size. */
export const GameKpisAdd: PageStory = {
  parameters: at({}, { widgets: SAVED }),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(kinds(context.canvasElement)).toEqual(['messages', 'shortcuts']), slow);
    await userEvent.click(canvas.getByTestId('workbench-update'));
    await expect(canvas.getByTestId('wb-add-game_kpis')).toHaveTextContent('今日游戏数据');
    await userEvent.click(canvas.getByTestId('wb-add-game_kpis'));
    await expect(canvas.getByTestId('wb-add-game_kpis')).toBeDisabled();
    await expect(await canvas.findByTestId('wb-kpi-active', {}, slow)).toBeVisible();
    await userEvent.click(canvas.getByTestId('wb-save'));
    await waitFor(() => expect(mock(context).puts).toHaveLength(1));
    const sent = (mock(context).puts[0] as { widgets: WorkbenchWidget[] }).widgets.find((w) => w.kind === 'game_kpis');
    await expect(sent).toMatchObject({ w: 6, h: 5 });
  },
};

export const GameKpisEnglish: PageStory = pageStory(at({ language: 'en' }, { widgets: KPIS }), shown('wb-kpis'), async (canvas) => {
  await expect(canvas.getByTestId('wb-widget-kpis')).toHaveTextContent('Game figures today');
  await expect(canvas.getByTestId('wb-kpi-active')).toHaveTextContent('Active players today');
  await expect(canvas.getByTestId('wb-kpi-active')).toHaveTextContent(gameKpisMock().active_players.toLocaleString('en-US'));
  await expect(canvas.getByTestId('wb-widget-kpis')).toHaveTextContent('Top games today (by revenue)');
});
