import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '../../../app/routes';
import { storyBackend } from '../../../../stories/console';
import { trackingBackend, type TrackingMockState } from './tracking-mocks';
import { shows, slow } from '../../../../stories/kit';

/**
 * 事件分析 (data_embed/event) at its menu route through the real route table, layout and
 * page registry, signed in as superadmin, on the tracking mock back end (stories/tracking/tracking-mocks.ts).
 */
const meta = {
  title: 'Pages/Tracking/EventAnalysis',
  component: AppRoutes,
  parameters: { backend: trackingBackend(), console: { path: '/data_embed/event', signedIn: true } },
} satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const mock = (context: { parameters: Record<string, unknown> }): TrackingMockState => (storyBackend(context) as unknown as { tracking: TrackingMockState }).tracking;
const bodyRows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')] as HTMLTableRowElement[];

/** The first game's first event: a daily trend of the last 7 days, chart drawn and the table under it. */
export const Trend: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const chart = await canvas.findByTestId('event-chart', {}, slow);
    await waitFor(() => expect(chart.dataset.ready).toBe('true'), slow);
    await expect(chart.querySelector('canvas')).not.toBeNull();
    const table = canvas.getByTestId('event-table');
    await expect(bodyRows(table)).toHaveLength(1);
    await expect(table.querySelectorAll('thead th')).toHaveLength(1 + 7 + 1);
    await expect(bodyRows(table)[0]?.textContent).toContain('进入战斗');
    const sent = mock(context).reports.at(-1)?.query;
    await expect(sent?.get('game')).toBe('3');
    await expect(sent?.getAll('event')).toEqual(['battle_start']);
    await expect(sent?.get('interval')).toBe('day');
    await expect(sent?.get('measure')).toBe('total');
  },
};

/** Two series, unique players, a breakdown by channel (top groups + others) compared with the previous period. */
export const BreakdownAndCompare: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await userEvent.click(canvas.getByTestId('analysis-events'));
    await userEvent.click(await body.findByRole('option', { name: /登录 \(login\)/ }, slow));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByTestId('analysis-measure'));
    await userEvent.click(await body.findByRole('option', { name: '触发人数' }));
    await userEvent.click(canvas.getByTestId('analysis-breakdown'));
    await userEvent.click(await body.findByRole('option', { name: /^channel / }));
    await userEvent.click(canvas.getByLabelText('对比上一周期'));
    await userEvent.click(canvas.getByTestId('analysis-run'));
    await waitFor(() => expect(canvas.getByTestId('event-table').querySelectorAll('thead th').length).toBe(1 + 7 + 3), slow);
    const rows = bodyRows(canvas.getByTestId('event-table'));
    await expect(rows.length).toBe(8);
    await expect(rows.map((r) => r.cells[0]?.textContent)).toContain('登录 · 其他');
    await expect(canvas.getByText(/上一周期：/)).toBeVisible();
    const sent = mock(context).reports.at(-1)?.query;
    await expect(sent?.getAll('event')).toEqual(['battle_start', 'login']);
    await expect(sent?.get('measure')).toBe('unique');
    await expect(sent?.get('breakdown')).toBe('channel');
    await expect(sent?.get('compare')).toBe('1');
    await userEvent.click(within(canvas.getByTestId('analysis-chart-kind')).getByText('柱状图'));
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'));
  },
};

/** Sum of a numeric property with a filter; the export sends the same query. */
export const SumWithFilterAndExport: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await userEvent.click(canvas.getByTestId('analysis-measure'));
    await userEvent.click(await body.findByRole('option', { name: '属性求和' }));
    await expect(canvas.getByTestId('analysis-property')).toHaveTextContent('stage');
    await userEvent.click(canvas.getByTestId('analysis-add-filter'));
    const filter = canvas.getByTestId('analysis-filter');
    await userEvent.type(within(filter).getByLabelText('值'), '3');
    await userEvent.click(canvas.getByTestId('analysis-run'));
    await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('measure')).toBe('sum'), slow);
    const sent = mock(context).reports.at(-1)?.query;
    await expect(sent?.get('property')).toBe('stage');
    await expect(JSON.parse(sent?.get('filters') ?? '[]')).toEqual([{ property: 'stage', op: 'eq', value: 3 }]);
    await userEvent.click(canvas.getByTestId('analysis-export'));
    await waitFor(() => expect(mock(context).exports).toHaveLength(1), slow);
    await expect(mock(context).exports[0]?.get('property')).toBe('stage');
    await expect(await body.findByText('导出成功')).toBeVisible();
  },
};

/**
 * The property pickers offer every property seen on the chosen events in the range (the server's list), declared ones first,
 * each with its type and origin: a breakdown by `os`, which no definition declares.
 */
export const PropertiesFromData: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await expect(await canvas.findByTestId('analysis-properties-summary', {}, slow)).toHaveTextContent('可选属性 9 个（已声明 3 个，其余来自数据）');
    const asked = mock(context).pickerCalls.filter((c) => c.report === 'properties').at(-1)?.query;
    await expect(asked?.get('events')).toBe('battle_start');
    await expect(asked?.get('game')).toBe('3');
    await userEvent.click(canvas.getByTestId('analysis-breakdown'));
    const options = await body.findAllByTestId('property-option', {}, slow);
    await expect(options.map((o) => o.querySelector('.tracking-prop-name')?.textContent)).toEqual(['stage', 'mode', 'auto', 'channel', 'os', 'app_version', 'device_model', 'is_vip', 'vip_level']);
    await expect(options[0]).toHaveTextContent('数值');
    await expect(options[0]).toHaveTextContent('已声明');
    await expect(options[4]).toHaveTextContent('来自数据');
    await userEvent.click(await body.findByRole('option', { name: 'os 文本 来自数据' }));
    await userEvent.click(canvas.getByTestId('analysis-run'));
    await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('breakdown')).toBe('os'), slow);
    // Adding an event asks again for both.
    await userEvent.click(canvas.getByTestId('analysis-events'));
    // The picker's select-all box is named in the interface language (it has no visible label beside the filter).
    await expect((await body.findAllByRole('checkbox', { name: '全选' }, slow)).length).toBeGreaterThan(0);
    await userEvent.click(await body.findByRole('option', { name: /付费 \(pay\)/ }, slow));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(mock(context).pickerCalls.filter((c) => c.report === 'properties').at(-1)?.query.get('events')).toBe('battle_start,pay'), slow);
    await expect(await canvas.findByText('可选属性 12 个（已声明 6 个，其余来自数据）', {}, slow)).toBeVisible();
    // Left open for the screenshot: the list with the seen properties.
    await userEvent.click(canvas.getByTestId('analysis-breakdown'));
    await body.findAllByTestId('property-option', {}, slow);
  },
};

/**
 * The events picker left open (the axe check after the story then reads the open list): its search box
 * and its select-all box are named in the interface language, and each option says whether it is chosen.
 */
const pickerOpen =
  (names: { search: string; selectAll: string }): Story['play'] =>
  async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await userEvent.click(canvas.getByTestId('analysis-events'));
    await expect(await body.findByRole('searchbox', { name: names.search }, slow)).toBeVisible();
    await expect((await body.findAllByRole('checkbox', { name: names.selectAll })).length).toBeGreaterThan(0);
    await expect(await body.findByRole('option', { name: /\(pay\)/ })).toHaveAttribute('aria-selected', 'false');
  };

export const EventsPickerOpen: Story = { play: pickerOpen({ search: '搜索选项', selectAll: '全选' }) };

export const EventsPickerOpenEnglish: Story = {
  parameters: { console: { path: '/data_embed/event', signedIn: true, language: 'en' } },
  play: pickerOpen({ search: 'Search the options', selectAll: 'Select all' }),
};

/** The same in English, the list left open. */
export const PropertiesFromDataEnglish: Story = {
  parameters: { console: { path: '/data_embed/event', signedIn: true, language: 'en' } },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await expect(await canvas.findByTestId('analysis-properties-summary', {}, slow)).toHaveTextContent('9 properties (3 declared, the others seen in the data)');
    await userEvent.click(canvas.getByTestId('analysis-breakdown'));
    const options = await body.findAllByTestId('property-option', {}, slow);
    await expect(options[4]).toHaveTextContent('From data');
    await expect(options[7]).toHaveTextContent('Boolean');
  },
};

/** The event analysis opens on the event with the most data in the range: in 消消乐园 login (its own level_clear is disabled), not the first defined register. */
export const OpensOnTheBusiestEvent: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await userEvent.click(canvas.getByTestId('analysis-game'));
    await userEvent.click(await body.findByRole('option', { name: '消消乐园' }));
    await waitFor(() => expect(mock(context).pickerCalls.filter((c) => c.report === 'event_counts').at(-1)?.query.get('game')).toBe('5'), slow);
    await waitFor(() => expect(canvas.getByTestId('analysis-events')).toHaveTextContent('登录 (login)'), slow);
    await expect(canvas.getByTestId('analysis-events')).not.toHaveTextContent('注册');
  },
};

export const PropertiesLoading: Story = shows({ backend: trackingBackend({ slow: ['properties'] }) }, 'analysis-properties-loading', '正在读取所选事件的属性…');

export const PropertiesEmpty: Story = shows({ backend: trackingBackend({ empty: ['properties'] }) }, 'analysis-properties-empty', '所选事件在此范围内没有属性。');

/** The list failed: the declared properties stay choosable, and a retry asks again. */
export const PropertiesFailed: Story = {
  parameters: { backend: trackingBackend({ failing: ['properties'] }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    const error = await canvas.findByTestId('analysis-properties-error', {}, slow);
    await expect(error).toHaveTextContent('读取属性失败：服务暂不可用，请稍后重试');
    const before = mock(context).pickerCalls.filter((c) => c.report === 'properties').length;
    await userEvent.click(within(error).getByTestId('analysis-properties-retry'));
    await waitFor(() => expect(mock(context).pickerCalls.filter((c) => c.report === 'properties').length).toBe(before + 1), slow);
    await userEvent.click(canvas.getByTestId('analysis-breakdown'));
    const options = await body.findAllByTestId('property-option', {}, slow);
    await expect(options.map((o) => o.querySelector('.tracking-prop-name')?.textContent)).toEqual(['stage', 'mode', 'auto']);
  },
};

/** A long list (48 more properties with long names): the picker filters, long names wrap. */
export const PropertiesLongList: Story = {
  parameters: { backend: trackingBackend({ long: true }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await expect(await canvas.findByTestId('analysis-properties-summary', {}, slow)).toHaveTextContent('可选属性 57 个');
    await userEvent.click(canvas.getByTestId('analysis-breakdown'));
    await waitFor(() => expect(document.querySelector('.p-dropdown-filter')).not.toBeNull(), slow);
    await userEvent.type(document.querySelector('.p-dropdown-filter') as HTMLElement, 'campaign_4');
    await waitFor(() => expect(body.getAllByTestId('property-option').length).toBe(9), slow);
    await userEvent.click(body.getByRole('option', { name: /^custom_dimension_from_the_live_ops_campaign_42 / }));
    await userEvent.click(canvas.getByTestId('analysis-run'));
    await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('breakdown')).toBe('custom_dimension_from_the_live_ops_campaign_42'), slow);
  },
};

export const Loading: Story = shows({ backend: trackingBackend({ slow: ['report.event'] }) }, 'analysis-loading', '加载中');

export const Empty: Story = shows({ backend: trackingBackend({ empty: ['report.event'] }) }, 'analysis-empty', '所选范围内没有数据。');

export const NoTrackingApps: Story = shows({ backend: trackingBackend({ empty: ['game'] }) }, 'analysis-no-apps', '还没有埋点应用');

export const Failed: Story = {
  parameters: { backend: trackingBackend({ failing: ['report.event'] }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const error = await canvas.findByTestId('analysis-error', {}, slow);
    await expect(error).toHaveTextContent('加载失败：服务暂不可用，请稍后重试');
    const before = mock(context).reports.length;
    await userEvent.click(within(error).getByTestId('analysis-error-retry'));
    await waitFor(() => expect(mock(context).reports.length).toBe(before + 1));
  },
};

/** Long names, two events broken down into ten groups + others each (22 lines): the legend scrolls, so does the table. */
export const LongContent: Story = {
  parameters: { backend: trackingBackend({ long: true }) },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await userEvent.click(canvas.getByTestId('analysis-events'));
    await userEvent.click(await body.findByRole('option', { name: /guild_war_reward_claimed_after_season_settlement/ }, slow));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByTestId('analysis-breakdown'));
    await userEvent.click(await body.findByRole('option', { name: /^reward_item_1 / }));
    await userEvent.click(canvas.getByTestId('analysis-run'));
    await waitFor(() => expect(bodyRows(canvas.getByTestId('event-table')).length).toBe(22), slow);
    await expect(canvas.getByText('公会战赛季结算后领取奖励（跨服排行榜） · 渠道-10-一个很长的渠道名称')).toBeInTheDocument();
  },
};

export const English: Story = {
  parameters: { console: { path: '/data_embed/event', signedIn: true, language: 'en' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('event-chart').dataset.ready).toBe('true'), slow);
    await expect(canvas.getByText('Granularity')).toBeVisible();
    await expect(canvas.getByText('Compare with previous period')).toBeVisible();
    await expect(canvas.getByTestId('event-table').querySelector('thead th')?.textContent).toBe('Series');
  },
};
