import { expect, userEvent, waitFor, within } from 'storybook/test';
import { liveBackend, monitorMock, type LiveMockOptions, type LiveMockState } from '../../../mocks/dashboard-live';
import { storyBackend } from '../../../../../../stories/console';
import { shows, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, routesOn } from '../../../../../../stories/kit';

/** 服务监控 (dashboard/monitor): every instance, its figures, history charts and slow statements. */
export default { title: 'Pages/Dashboard/Monitor', ...routesOn(liveBackend()) } satisfies PageMeta;

const PATH = '/dashboard/monitor';
const mock = (context: { parameters: Record<string, unknown> }) => (storyBackend(context) as unknown as { live: LiveMockState }).live;
const at = (backend: LiveMockOptions = {}, extra: Record<string, unknown> = {}) => ({ console: { path: PATH, signedIn: true, ...extra }, backend: liveBackend(backend) });

/** Three instances (one lost); the answering one selected, its charts drawn; another chosen by a click. */
export const Instances: PageStory = {
  parameters: at(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const expected = monitorMock();
    const rows = await canvas.findAllByTestId('monitor-instance-row', {}, slow);
    await expect(rows).toHaveLength(expected.instances.length);
    await expect(rows[2]).toHaveTextContent('失联');
    await expect(rows[0]).toHaveTextContent('当前实例');
    await waitFor(() => expect(canvas.getByTestId('monitor-latency-chart').dataset.ready).toBe('true'), slow);
    await expect(canvas.getByTestId('monitor-db-value')).toHaveTextContent('6 / 4 /');
    await expect(canvas.getByTestId('monitor-slow')).toHaveTextContent('FROM tracking_events');
    await userEvent.click(canvas.getAllByTestId('monitor-instance-select')[1] as HTMLElement);
    await waitFor(() => expect(canvas.getAllByTestId('monitor-instance-row')[1]).toHaveAttribute('data-selected', 'true'));
    await expect(canvas.getByText(/近期趋势（console-b-5177-0a7e3b）/)).toBeVisible();
  },
};

export const Loading: PageStory = shows(at({ slow: ['monitor'] }), 'monitor-state', '加载中…');

export const Empty: PageStory = shows(at({ empty: true }), 'monitor-empty', '还没有实例上报数据。');

export const Error: PageStory = {
  parameters: at({ failing: ['monitor'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('monitor-state')).toHaveTextContent('服务暂不可用，请稍后重试'), slow);
    await expect(canvas.getByTestId('monitor-state-retry')).toBeVisible();
  },
};

/** Many instances with long names and a long SQL text: the tables wrap instead of overflowing the page. */
export const LongContent: PageStory = {
  parameters: at({ long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByTestId('monitor-instance-row', {}, slow)).toHaveLength(7);
    const sql = canvas.getByTestId('monitor-slow');
    await expect(sql).toHaveTextContent('WITH ev AS MATERIALIZED');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
  },
};

export const English: PageStory = {
  parameters: at({}, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Server instances', {}, slow)).toBeVisible();
    await expect(canvas.getAllByText('Lost').length).toBeGreaterThan(0);
  },
};

/** The range picker: each range is read from the server (downsampled: 24 hours in 8-minute points), drawn in the charts. */
export const RangePicker: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(canvas.getByTestId('monitor-bucket')).toHaveTextContent('每 5 秒'), slow);
    await expect(canvas.getByTestId('monitor-range-15m')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByTestId('monitor-range-24h'));
    await waitFor(() => expect(canvas.getByTestId('monitor-bucket')).toHaveTextContent('每 480 秒'), slow);
    await expect(canvas.getByTestId('monitor-range-24h')).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByTestId('monitor-range-15m')).toHaveAttribute('aria-pressed', 'false');
    await expect(mock(context).seriesRanges).toContain('24h');
    await waitFor(() => expect(canvas.getByTestId('monitor-latency-chart').dataset.ready).toBe('true'), slow);
    await userEvent.click(canvas.getByTestId('monitor-range-6h'));
    await waitFor(() => expect(canvas.getByTestId('monitor-bucket')).toHaveTextContent('每 120 秒'), slow);
  },
};

/** A longer range still on its way: the charts' place says so (the table and figures stay). */
export const SeriesLoading: PageStory = {
  parameters: at({ slow: ['series'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByTestId('monitor-instance-row', {}, slow);
    await userEvent.click(canvas.getByTestId('monitor-range-1h'));
    await expect(await canvas.findByTestId('monitor-series-state', {}, slow)).toHaveTextContent('加载中…');
    await expect(canvas.getByTestId('monitor-figures')).toBeVisible();
  },
};

export const SeriesError: PageStory = {
  parameters: at({ failing: ['series'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('monitor-series-state', {}, slow)).toHaveTextContent('服务暂不可用，请稍后重试');
    await expect(canvas.getByTestId('monitor-series-state-retry')).toBeVisible();
  },
};

/** The thresholds changed and saved: the body carries every metric, the answer is shown, the editor closes. */
export const ThresholdsEdit: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByTestId('threshold-cpu-limit', {}, slow)).toHaveTextContent('90 %');
    await expect(canvas.getByTestId('monitor-alerts-empty')).toHaveTextContent('当前没有超过阈值的指标。');
    await userEvent.click(canvas.getByTestId('monitor-thresholds-edit'));
    const limit = canvas.getByTestId('threshold-cpu-limit');
    await userEvent.clear(limit);
    await userEvent.type(limit, '75');
    await userEvent.click(canvas.getByTestId('threshold-memory-enabled'));
    await userEvent.click(canvas.getByTestId('monitor-thresholds-save'));
    await waitFor(() => expect(canvas.getByTestId('threshold-cpu-limit')).toHaveTextContent('75 %'), slow);
    await expect(canvas.getByTestId('monitor-thresholds-saved')).toHaveTextContent('已保存');
    const sent = mock(context).thresholdPuts[0] as { thresholds: Array<{ metric: string; limit: number; enabled: boolean }> };
    await expect(sent.thresholds).toHaveLength(5);
    await expect(sent.thresholds[0]).toMatchObject({ metric: 'cpu', limit: 75, enabled: true });
    await expect(sent.thresholds[1]).toMatchObject({ metric: 'memory', enabled: false });
  },
};

/** A value out of range: the row says why at once, and the server's refusal (4000) is shown; the editor stays open. */
export const ThresholdsRefused: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByTestId('monitor-thresholds-edit', {}, slow));
    const limit = canvas.getByTestId('threshold-cpu-limit');
    await userEvent.clear(limit);
    await userEvent.type(limit, '5000');
    await expect(canvas.getByRole('alert')).toHaveTextContent('阈值必须在 1 到 1600 % 之间');
    await userEvent.click(canvas.getByTestId('monitor-thresholds-save'));
    await waitFor(() => expect(canvas.getByTestId('monitor-thresholds-error')).toHaveTextContent('告警阈值:cpu 的阈值必须在 1 到 1600 % 之间'), slow);
    await expect(canvas.getByTestId('monitor-thresholds-save')).toBeVisible();
    await userEvent.click(canvas.getByTestId('monitor-thresholds-cancel'));
    await expect(canvas.getByTestId('threshold-cpu-limit')).toHaveTextContent('90 %');
  },
};

/** Without the right to change them: the same values, no edit button, a note why. */
export const ThresholdsReadOnly: PageStory = {
  parameters: at({ readOnlyThresholds: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('monitor-thresholds-readonly', {}, slow)).toHaveTextContent('只读');
    await expect(canvas.queryByTestId('monitor-thresholds-edit')).toBeNull();
    await expect(canvas.getByTestId('threshold-cpu-enabled')).toBeDisabled();
    await expect(canvas.getByTestId('threshold-latency_p99-limit')).toHaveTextContent('2000 ms');
  },
};

export const ThresholdsLoading: PageStory = shows(at({ slow: ['thresholds'] }), 'monitor-thresholds-state', '加载中…');

export const ThresholdsError: PageStory = shows(at({ failing: ['thresholds'] }), 'monitor-thresholds-state', '服务暂不可用，请稍后重试');

/** An open breach is listed under the thresholds. */
export const Alerts: PageStory = shows(at({ alerts: true }), 'monitor-alerts', /console-b-5177-0a7e3b：请求延迟 p99（毫秒） = 2412.5（阈值 2000）/);

export const EnglishRangesAndThresholds: PageStory = {
  parameters: at({ alerts: true }, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('monitor-range-24h', {}, slow)).toHaveTextContent('Last 24 hours');
    await expect(await canvas.findByText('Alert thresholds', {}, slow)).toBeVisible();
    await expect(canvas.getByTestId('monitor-alerts')).toHaveTextContent('Request latency p99 (ms) = 2412.5 (threshold 2000)');
    await userEvent.click(canvas.getByTestId('monitor-thresholds-edit'));
    const sustain = canvas.getByTestId('threshold-memory-sustain');
    await userEvent.clear(sustain);
    await userEvent.type(sustain, '2');
    await expect(canvas.getByRole('alert')).toHaveTextContent('The sustain time must be a whole number of seconds between 5 and 3600');
  },
};
