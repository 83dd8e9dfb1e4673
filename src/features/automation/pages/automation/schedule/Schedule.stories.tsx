import { expect, userEvent, waitFor, within } from 'storybook/test';
import { automationBackend } from '../automation-mocks';
import { at, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, crudForm, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 定时调度 (automation/schedule): a CRUD resource description with a task's arguments form and crontab/interval pickers. */
export default { title: 'Pages/Automation/Schedule', ...routesOn(automationBackend()) } satisfies PageMeta;

const PATH = '/automation/schedule';
const rowOf = (canvas: ReturnType<typeof within>, id: number) => within(canvas.getByTestId(`schedule-enabled-${id}`).closest('tr') as HTMLElement);

/** The schedules with their task, period, enabled state, next and last run and last state. */
export const List: PageStory = pageStory(at(PATH), shown('schedule-enabled-1'), async (canvas) => {
  await expect(canvas.getByTestId('schedule-enabled-1')).toHaveTextContent('已启用');
  await expect(canvas.getByTestId('schedule-enabled-4')).toHaveTextContent('已停用');
  await expect(canvas.getByTestId('schedule-state-2')).toHaveTextContent('失败');
  await expect(canvas.getByTestId('schedule-next-4')).toHaveTextContent('-');
  await expect(rowOf(canvas, 1).getByText('重算汇总数据')).toBeVisible();
});

/** A new schedule: task picker, the task's arguments form (its defaults), a crontab; the body sent. */
export const Create: PageStory = pageStory(at(PATH), shown('crud-add'), async (canvas, context) => {
  const form = await crudForm(canvas);
  await userEvent.type(form.getByTestId('form-name'), '每天清理登录日志');
  await expect(form.getByTestId('form-args')).toHaveTextContent('请先选择任务。');
  await userEvent.click(form.getByTestId('form-task'));
  await userEvent.click(await body().findByRole('option', { name: '清理日志' }));
  const keep = await form.findByLabelText('保留天数', {}, slow);
  await expect(keep).toHaveValue('90');
  await userEvent.clear(keep);
  await userEvent.type(keep, '30');
  await userEvent.tab();
  // Neither a crontab nor an interval: refused before sending.
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await expect(await form.findByTestId('form-error-crontab')).toHaveTextContent('请在 Crontab 和间隔周期中选择一个');
  await userEvent.click(form.getByTestId('form-crontab'));
  await userEvent.click(await body().findByRole('option', { name: /^30 3 \* \* \*/ }));
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await waitFor(() => expect(body().queryByTestId('crud-form')).toBeNull(), slow);
  const post = mock(context).calls.find((c) => c.method === 'POST');
  await expect(post?.body).toMatchObject({ name: '每天清理登录日志', task: 'logs.cleanup', args: { log: 'both', older_than_days: 30 }, crontab: 1, interval: null, enabled: true });
});

/** An argument out of range is named in the form; nothing is sent. */
export const InvalidArguments: PageStory = pageStory(at(PATH), shown('crud-add'), async (canvas, context) => {
  const form = await crudForm(canvas);
  await userEvent.type(form.getByTestId('form-name'), '坏参数');
  await userEvent.click(form.getByTestId('form-task'));
  await userEvent.click(await body().findByRole('option', { name: '发送公告' }));
  await form.findByLabelText('标题', {}, slow);
  await userEvent.click(form.getByTestId('form-interval'));
  await userEvent.click(await body().findByRole('option', { name: /^每 1 小时/ }));
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await expect(await form.findByTestId('form-error-args')).toHaveTextContent('标题:该字段是必填项。');
  await expect(mock(context).calls.some((c) => c.method === 'POST')).toBe(false);
});

/** Run now queues a run of the schedule; disable and enable save that field alone. */
export const RunNowAndDisable: PageStory = pageStory(at(PATH), shown('schedule-enabled-1'), async (canvas, context) => {
  await userEvent.click(rowOf(canvas, 1).getByTestId('row-runNow'));
  await waitFor(() => expect(mock(context).calls.some((c) => c.method === 'POST' && c.path.endsWith('/schedule/1/run/'))).toBe(true), slow);
  await waitFor(() => expect(canvas.getByTestId('schedule-state-1')).toHaveTextContent('排队中'), slow);
  await userEvent.click(rowOf(canvas, 1).getByTestId('row-disable'));
  await waitFor(() => expect(canvas.getByTestId('schedule-enabled-1')).toHaveTextContent('已停用'), slow);
  await expect(mock(context).calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: false });
  await userEvent.click(rowOf(canvas, 1).getByTestId('row-enable'));
  await waitFor(() => expect(canvas.getByTestId('schedule-enabled-1')).toHaveTextContent('已启用'), slow);
});

/** Editing keeps the saved arguments in the task's form. */
export const Edit: PageStory = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await canvas.findByTestId('schedule-enabled-2', {}, slow);
    await userEvent.click(rowOf(canvas, 2).getByTestId('row-edit'));
    const form = within(await body.findByTestId('crud-form', {}, slow));
    await expect(await form.findByLabelText('保留天数', {}, slow)).toHaveValue('90');
    await userEvent.click(form.getByTestId('crud-form-submit'));
    await waitFor(() => expect(body.queryByTestId('crud-form')).toBeNull(), slow);
    await expect(mock(context).calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ task: 'logs.cleanup', args: { log: 'both', older_than_days: 90 }, crontab: 2, interval: null });
  },
};

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['schedule'] }), 'schedule-table');

export const Empty: PageStory = shows(at(PATH, {}, { empty: true }), 'schedule-empty');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['schedule'] }), 'schedule-error', SERVICE_ERROR);

export const Long: PageStory = shows(at(PATH, {}, { long: true }), 'schedule-enabled-4');

export const English: PageStory = {
  parameters: at(PATH, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('schedule-enabled-1', {}, slow)).toHaveTextContent('Enabled');
    await expect(rowOf(canvas, 1).getByText('Recompute rollups')).toBeVisible();
    await expect(rowOf(canvas, 1).getByTestId('row-runNow')).toHaveTextContent('Run now');
  },
};
