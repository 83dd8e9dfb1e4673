import { expect, userEvent, waitFor, within } from 'storybook/test';
import { liveBackend, monitorMock, type LiveMockOptions } from '../../../mocks/dashboard-live';
import { shows, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, routesOn } from '../../../../../../stories/kit';

/** 服务监控 (dashboard/monitor): every instance, its figures, history charts and slow statements. */
export default { title: 'Pages/Dashboard/Monitor', ...routesOn(liveBackend()) } satisfies PageMeta;

const PATH = '/dashboard/monitor';
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
