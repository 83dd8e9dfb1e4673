import { expect, waitFor, within } from 'storybook/test';
import { automationBackend } from '../automation-mocks';
import { at, cells, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 执行节点 (automation/celery) on the automation mock back end. */
export default { title: 'Pages/Automation/Celery', ...routesOn(automationBackend()) } satisfies PageMeta;

const PATH = '/automation/celery';

/** Workers online, lost and stopped with heartbeat age, jobs in flight, counts and load; queues with depth. */
export const Workers: PageStory = pageStory(at(PATH), shown('workers-table'), async (canvas) => {
  await expect(canvas.getByTestId('worker-web-1-4801-status')).toHaveTextContent('在线');
  await expect(canvas.getByTestId('worker-web-3-4803-status')).toHaveTextContent('失联');
  await expect(canvas.getByTestId('worker-web-4-4804-status')).toHaveTextContent('已停止');
  await expect(canvas.getByTestId('worker-web-3-4803-heartbeat')).toHaveTextContent(/^4[7-9] 秒前$/);
  await expect(canvas.getByTestId('workers-summary')).toHaveTextContent('在线 2 失联 1 已停止 1');
  const row = cells(canvas.getByTestId('workers-table'))[0] ?? [];
  await expect(row.slice(5, 8)).toEqual(['1', '1237', '3']);
  await expect(row[8]).toContain('CPU 7.0%');
  const queue = cells(canvas.getByTestId('queues-table')).find((r) => r[1] === '队列探测');
  // Depth = queued + retrying.
  await expect(queue?.slice(2)).toEqual(['13', '12', '0', '1', '4', '300']);
});

/** The page asks again every 5 s while it is visible. */
export const AutoRefresh: PageStory = pageStory(at(PATH), shown('workers-table'), async (canvas, context) => {
  const asked = () => mock(context).calls.filter((c) => c.path.endsWith('/celery/')).length;
  const first = asked();
  await waitFor(() => expect(asked()).toBeGreaterThan(first), { timeout: 12_000 });
  await expect(canvas.getByTestId('workers-auto-refresh')).toHaveTextContent('每 5 秒自动刷新');
});

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['workers'] }), 'workers-loading');

export const Empty: PageStory = {
  parameters: at(PATH, {}, { empty: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('workers-empty', {}, slow)).toHaveTextContent('还没有执行节点');
    await expect(canvas.getByTestId('queues-empty')).toBeInTheDocument();
  },
};

export const Error: PageStory = shows(at(PATH, {}, { failing: ['workers'] }), 'workers-error', SERVICE_ERROR);

/** 14 workers, one with a very long instance and host name. */
export const Long: PageStory = {
  parameters: at(PATH, {}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByTestId('workers-table', {}, slow);
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(14);
  },
};

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), shown('workers-table'), async (canvas) => {
  await expect(canvas.getByTestId('worker-web-3-4803-status')).toHaveTextContent('Lost');
  await expect(canvas.getByTestId('worker-web-1-4801-heartbeat')).toHaveTextContent(/s ago$/);
});
