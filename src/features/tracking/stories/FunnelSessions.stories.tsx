import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../stories/console';
import { trackingBackend, type TrackingMockState } from './tracking-mocks';
import { cells, SERVICE_ERROR, shows, slow } from '../../../../stories/kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../stories/kit';

/** 漏斗分析 and 会话分析 (data_embed/funnel, data_embed/sessions) on the tracking mock back end. */
export default { title: 'Pages/Tracking/FunnelAndSessions', ...routesOn(trackingBackend()) } satisfies PageMeta;

const mock = (context: { parameters: Record<string, unknown> }): TrackingMockState => (storyBackend(context) as unknown as { tracking: TrackingMockState }).tracking;
const at = (path: string, extra: Record<string, unknown> = {}) => ({ console: { path, signedIn: true, ...extra } });

/** The first funnel at once: chart, steps with players, step and overall conversion, median time. */
export const Funnel: PageStory = pageStory(at('/data_embed/funnel'), chartReady('funnel-chart'), async (canvas, context) => {
  const rows = cells(canvas.getByTestId('funnel-table'));
  await expect(rows).toHaveLength(4);
  await expect(rows[0]).toEqual(['1. register', '4,210', '-', '100.0%', '-']);
  await expect(rows[1]).toEqual(['2. login', '3,452', '82.0%', '82.0%', '1分 35秒']);
  await expect(canvas.getByTestId('funnel-window')).toHaveTextContent('转化窗口：7 天');
  await expect(mock(context).reports.at(-1)?.query.get('funnel')).toBe('31');
});

export const FunnelBreakdown: PageStory = pageStory(at('/data_embed/funnel'), chartReady('funnel-chart'), async (canvas, context) => {
  // The breakdown offers the entering event's properties, declared or seen in its data.
  await userEvent.click(canvas.getByTestId('funnel-breakdown'));
  await userEvent.click(await within(document.body).findByRole('option', { name: /^channel / }, slow));
  await userEvent.click(canvas.getByTestId('funnel-run'));
  const table = await canvas.findByTestId('funnel-breakdown-table', {}, slow);
  await expect(cells(table).map((r) => r[0])).toEqual(['huawei', 'xiaomi', 'taptap', '其他', '（未设置）']);
  await expect(mock(context).reports.at(-1)?.query.get('breakdown')).toBe('channel');
  // The picker asked for the properties of the funnel's entering event, in its game.
  const asked = mock(context).pickerCalls.filter((c) => c.report === 'properties').at(-1)?.query;
  await expect([asked?.get('events'), asked?.get('game')]).toEqual(['register', '3']);
});

export const FunnelEmpty: PageStory = shows({ ...at('/data_embed/funnel'), backend: trackingBackend({ empty: ['report.funnel'] }) }, 'funnel-empty', '所选范围内没有数据。');

export const NoFunnels: PageStory = shows({ ...at('/data_embed/funnel'), backend: trackingBackend({ empty: ['funnel_define'] }) }, 'funnel-none', '还没有漏斗');

export const FunnelLoading: PageStory = shows({ ...at('/data_embed/funnel'), backend: trackingBackend({ slow: ['report.funnel'] }) }, 'funnel-loading');

export const FunnelError: PageStory = shows({ ...at('/data_embed/funnel'), backend: trackingBackend({ failing: ['report.funnel'] }) }, 'funnel-error', SERVICE_ERROR);

export const FunnelEnglish: PageStory = pageStory(at('/data_embed/funnel', { language: 'en' }), chartReady('funnel-chart'), async (canvas) => {
  await expect(cells(canvas.getByTestId('funnel-table'))[1]?.[4]).toBe('1m 35s');
  await expect(canvas.getByTestId('funnel-window')).toHaveTextContent('Conversion window: 7 days');
});

/** All games: KPI cards, both charts, the by-day and per-game tables. */
export const Sessions: PageStory = pageStory(at('/data_embed/sessions'), chartReady('sessions-histogram'), async (canvas, context) => {
  await waitFor(() => expect(canvas.getByTestId('sessions-days-chart').dataset.ready).toBe('true'), slow);
  await expect(canvas.getByTestId('kpi-avg-value')).toHaveTextContent('11分 28秒');
  await expect(canvas.getByTestId('kpi-events-value')).toHaveTextContent('7.42');
  await expect(cells(canvas.getByTestId('sessions-days'))).toHaveLength(7);
  await expect(cells(canvas.getByTestId('sessions-games')).map((r) => r[0])).toEqual(['星穹远征', '消消乐园']);
  await expect(mock(context).reports.at(-1)?.query.has('game')).toBe(false);
});

export const SessionsOneGame: PageStory = pageStory(at('/data_embed/sessions'), chartReady('sessions-histogram'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('sessions-game'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '消消乐园' }, slow));
  await waitFor(() => expect(cells(canvas.getByTestId('sessions-games')).map((r) => r[0])).toEqual(['消消乐园']), slow);
  await expect(mock(context).reports.at(-1)?.query.get('game')).toBe('5');
});

/** Events arrived after the kept days were computed: the page says as of when, and 刷新 asks with fresh=1. */
export const SessionsOutdated: PageStory = {
  parameters: { ...at('/data_embed/sessions'), backend: trackingBackend({ outdatedSessions: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const note = await canvas.findByTestId('sessions-outdated', {}, slow);
    await expect(note).toHaveTextContent(/^数据截至 2026-11-24 \d{2}:30:00：之后到达的事件正在后台计算/);
    await userEvent.click(canvas.getByTestId('sessions-refresh'));
    await waitFor(() => expect(canvas.queryByTestId('sessions-outdated')).toBeNull(), slow);
    await expect(canvas.getByTestId('kpi-sessions')).toBeVisible();
  },
};

export const SessionsEmpty: PageStory = shows({ ...at('/data_embed/sessions'), backend: trackingBackend({ empty: ['report.sessions'] }) }, 'sessions-empty', '所选范围内没有数据。');

export const SessionsLoading: PageStory = shows({ ...at('/data_embed/sessions'), backend: trackingBackend({ slow: ['report.sessions'] }) }, 'sessions-loading');

export const SessionsError: PageStory = shows({ ...at('/data_embed/sessions'), backend: trackingBackend({ failing: ['report.sessions'] }) }, 'sessions-error', SERVICE_ERROR);

export const SessionsEnglish: PageStory = pageStory(at('/data_embed/sessions', { language: 'en' }), chartReady('sessions-histogram'), async (canvas) => {
  await expect(canvas.getByTestId('kpi-avg-value')).toHaveTextContent('11m 28s');
  await expect(canvas.getByText('Session length distribution')).toBeVisible();
});
