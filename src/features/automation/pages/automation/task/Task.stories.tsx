import { expect, userEvent, waitFor, within } from 'storybook/test';
import { automationBackend } from '../automation-mocks';
import { at, mock, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 任务管理 (automation/task) on the automation mock back end. */
export default { title: 'Pages/Automation/Task', ...routesOn(automationBackend()) } satisfies PageMeta;

const PATH = '/automation/task';
const run = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Clicks 立即执行 of the task kind `kind` and gives its run dialog once open. */
async function runDialog(canvas: ReturnType<typeof within>, kind: string) {
  await userEvent.click(await canvas.findByTestId(`kind-${kind}-run`, {}, slow));
  return within(await body().findByTestId('run-dialog', {}, slow));
}

/** The task kinds with their last day's runs, and the runs with state tags, attempts, duration, result or error. */
export const Runs: PageStory = pageStory(at(PATH), shown('runs-table'), async (canvas) => {
  await expect(await canvas.findByTestId('kind-diagnostics.probe', {}, slow)).toHaveTextContent('队列探测');
  await expect(canvas.getByTestId('kind-codes.expire-recent')).toHaveTextContent('近 24 小时没有运行');
  await expect(canvas.getByTestId(`run-${run(1)}-state`)).toHaveTextContent('运行中');
  await expect(canvas.getByTestId(`run-${run(2)}-state`)).toHaveTextContent('等待重试');
  await expect(canvas.getByTestId(`run-${run(5)}-state`)).toHaveTextContent('失败');
  await expect(canvas.getByTestId(`run-${run(5)}-result`)).toHaveTextContent('连接数据库超时');
  await expect(canvas.getByTestId(`run-${run(4)}-result`)).toHaveTextContent('{"message":"ok","rows":40}');
  // Retry on finished failures, cancel on runs still going.
  await expect(canvas.getByTestId(`run-${run(5)}-retry`)).toBeVisible();
  await expect(canvas.queryByTestId(`run-${run(5)}-cancel`)).toBeNull();
  await expect(canvas.getByTestId(`run-${run(1)}-cancel`)).toBeVisible();
  await expect(canvas.getByTestId('runs-auto-refresh')).toBeVisible();
});

/** Filtering by state and by task asks the server with those conditions, from the first page. */
export const Filters: PageStory = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await canvas.findByTestId('runs-table', {}, slow);
    await userEvent.click(canvas.getByTestId('runs-state'));
    await userEvent.click(await body.findByRole('option', { name: '失败' }));
    await waitFor(() => expect(mock(context).calls.filter((c) => c.path.endsWith('/runs/')).at(-1)?.query.get('state')).toBe('failed'), slow);
    await waitFor(() => expect([...canvas.getByTestId('runs-table').querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-state'))).toEqual(['failed']), slow);
    await userEvent.click(canvas.getByTestId('runs-task'));
    await userEvent.click(await body.findByRole('option', { name: '清理日志' }));
    await waitFor(() => expect(mock(context).calls.filter((c) => c.path.endsWith('/runs/')).at(-1)?.query.toString()).toBe('task=logs.cleanup&state=failed&page=1&limit=20'), slow);
  },
};

/** Run now: the dialog is built from the kind's arguments; the run is queued, then running, then succeeded (auto refresh). */
export const RunNow: PageStory = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const dialog = await runDialog(canvas, 'diagnostics.probe');
    await expect(dialog.getByLabelText('返回消息')).toHaveValue('ok');
    const fails = dialog.getByLabelText('先失败次数');
    await userEvent.clear(fails);
    await userEvent.type(fails, '2');
    await userEvent.tab();
    await userEvent.click(dialog.getByTestId('run-submit'));
    await waitFor(() => expect(body().queryByTestId('run-dialog')).toBeNull(), slow);
    const post = mock(context).calls.find((c) => c.method === 'POST' && c.path.endsWith('/diagnostics.probe/run/'));
    await expect(post?.body).toEqual({ args: { message: 'ok', sleep_ms: 0, fail_attempts: 2 } });
    await waitFor(() => expect(canvas.getByTestId(`run-${run(1001)}-state`)).toHaveTextContent('成功'), slow);
  },
};

/** A required argument left empty is named under its input; nothing is sent. */
export const RunNowInvalid: PageStory = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const dialog = await runDialog(canvas, 'messages.announce');
    await userEvent.click(dialog.getByTestId('run-submit'));
    await expect(await dialog.findByTestId('run-arg-title-problem')).toHaveTextContent('标题:该字段是必填项。');
    await expect(mock(context).calls.some((c) => c.method === 'POST')).toBe(false);
  },
};

/** Cancel asks first; retry queues a new run named as a retry of the failed one. */
export const CancelAndRetry: PageStory = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByTestId(`run-${run(1)}-cancel`, {}, slow));
    const confirm = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.p-confirm-dialog');
      if (!found) throw new globalThis.Error('no confirmation yet');
      return found;
    }, slow);
    await expect(confirm).toHaveTextContent('确定取消这次运行（兑换码过期处理）吗？');
    // The dialog opens with an animation: click once it takes pointer events.
    await waitFor(() => userEvent.click(within(confirm).getByRole('button', { name: '取消' })), slow);
    await waitFor(() => expect(canvas.getByTestId(`run-${run(1)}-state`)).toHaveTextContent('已取消'), slow);
    await waitFor(() => expect(document.querySelector('.p-confirm-dialog, .p-dialog-mask')).toBeNull(), slow);
    await userEvent.click(canvas.getByTestId(`run-${run(5)}-retry`));
    await waitFor(() => expect(canvas.getByTestId(`run-${run(1001)}`)).toHaveTextContent(`重试自 ${run(5).slice(0, 8)}`), slow);
  },
};

/** A read-only operator sees the kinds and runs without run, retry or cancel. */
export const ReadOnly: PageStory = pageStory(at(PATH, {}, { readOnly: true }), shown('runs-table'), async (canvas) => {
  await canvas.findByTestId('kind-diagnostics.probe', {}, slow);
  await expect(canvas.queryByTestId('kind-diagnostics.probe-run')).toBeNull();
  await expect(canvas.queryByTestId(`run-${run(5)}-retry`)).toBeNull();
  await expect(canvas.queryByTestId(`run-${run(1)}-cancel`)).toBeNull();
});

export const Loading: PageStory = {
  parameters: at(PATH, {}, { slow: ['kinds', 'runs'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('kinds-loading', {}, slow)).toBeInTheDocument();
    await expect(await canvas.findByTestId('runs-loading', {}, slow)).toBeInTheDocument();
  },
};

export const Empty: PageStory = {
  parameters: at(PATH, {}, { empty: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('runs-empty', {}, slow)).toHaveTextContent('没有符合条件的运行记录。');
    await expect(await canvas.findByTestId('kinds-empty', {}, slow)).toBeInTheDocument();
  },
};

export const Error: PageStory = {
  parameters: at(PATH, {}, { failing: ['kinds', 'runs'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('runs-error', {}, slow)).toHaveTextContent('服务暂不可用，请稍后重试');
    await expect(await canvas.findByTestId('kinds-error', {}, slow)).toBeInTheDocument();
  },
};

/** 60 runs with long names, errors and results: the table pages (20 a page) and long texts are cut. */
export const Long: PageStory = {
  parameters: at(PATH, {}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByTestId('runs-table', {}, slow);
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(20);
    await expect(canvas.getByTestId('runs-pager')).toHaveTextContent('共 60 条');
  },
};

/** The same screen in English. */
export const English: PageStory = pageStory(at(PATH, { language: 'en' }), shown('runs-table'), async (canvas) => {
  await expect(await canvas.findByTestId('kind-diagnostics.probe', {}, slow)).toHaveTextContent('Queue probe');
  await expect(canvas.getByTestId(`run-${run(5)}-state`)).toHaveTextContent('Failed');
  await expect(canvas.getByTestId(`run-${run(5)}-retry`)).toHaveTextContent('Retry');
});
