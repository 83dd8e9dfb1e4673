import { expect, userEvent, waitFor, within } from 'storybook/test';
import { automationBackend } from '../automation-mocks';
import { at, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, crudForm, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 页面元素 (automation/webElement): page locators of H5 games on the CRUD page, checked by the task pages.check. */
export default { title: 'Pages/Automation/WebElement', ...routesOn(automationBackend()) } satisfies PageMeta;

const PATH = '/automation/webElement';

/** The locators with their expectation and last result: passed, failed (with the reason), never checked. */
export const List: PageStory = pageStory(at(PATH), shown('page-check-1'), async (canvas) => {
  await expect(canvas.getByTestId('page-check-1')).toHaveTextContent('通过');
  await expect(canvas.getByTestId('page-check-2')).toHaveTextContent('未通过');
  await expect(canvas.getByTestId('page-check-3')).toHaveTextContent('未检查');
  const table = canvas.getByTestId('webElement-table');
  await expect(table).toHaveTextContent('文本不包含「开始」');
  await expect(table).toHaveTextContent('文本 包含 “开始”');
  await expect(table).toHaveTextContent('href 包含 “privacy”');
  await expect(canvas.getByTestId('webElement-intro')).toHaveTextContent('CSS 选择器');
});

/** 立即检查 on a row queues pages.check for that locator alone; the list then shows its new result. */
export const CheckNow: PageStory = pageStory(at(PATH), shown('page-check-2'), async (canvas, context) => {
  const row = canvas.getByTestId('page-check-2').closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: '立即检查' }));
  await expect(await within(document.body).findByText(/页面检查已加入队列/, {}, slow)).toBeVisible();
  await expect(mock(context).calls.find((c) => c.path.endsWith('/task/pages.check/run/'))?.body).toEqual({ args: { locator: 2 } });
});

/** A selector the parser cannot read is refused by the server; the message shows under the selector. */
export const CreateRefused: PageStory = pageStory(at(PATH), shown('crud-add'), async (canvas, context) => {
  const form = await crudForm(canvas);
  await userEvent.type(form.getByLabelText('名称'), '开始按钮');
  await userEvent.click(form.getByTestId('form-game'));
  await userEvent.click(await body().findByRole('option', { name: '开心斗地主' }));
  await userEvent.type(form.getByLabelText('CSS 选择器'), 'div >>> p');
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await expect(await form.findByTestId('form-error-selector', {}, slow)).toHaveTextContent('CSS 选择器无效');
  await userEvent.clear(form.getByLabelText('CSS 选择器'));
  await userEvent.type(form.getByLabelText('CSS 选择器'), '#start');
  await userEvent.click(form.getByTestId('crud-form-submit'));
  await waitFor(() => expect(body().queryByTestId('crud-form')).toBeNull(), slow);
  await expect(mock(context).calls.filter((c) => c.method === 'POST' && c.path.endsWith('/webElement/')).at(-1)?.body).toMatchObject({ name: '开始按钮', game: 12, selector: '#start', check_kind: 'exists' });
  await expect(await canvas.findByTestId('page-check-4', {}, slow)).toHaveTextContent('未检查');
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: true }), 'webElement-empty');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['webElement'] }), 'webElement-error', SERVICE_ERROR);

export const Loading: PageStory = {
  parameters: at(PATH, {}, { slow: ['webElement'] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('webElement-table', {}, slow)).toBeInTheDocument();
    await expect(within(canvasElement).queryByTestId('page-check-1')).toBeNull();
  },
};

/** Long names and selectors wrap inside their cells. */
export const LongContent: PageStory = {
  parameters: at(PATH, {}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('page-check-10', {}, slow)).toHaveTextContent('未通过');
    const table = canvas.getByTestId('webElement-table');
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.parentElement?.scrollWidth ?? table.scrollWidth);
  },
};

export const English: PageStory = {
  parameters: at(PATH, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('page-check-1', {}, slow)).toHaveTextContent('Passed');
    await expect(canvas.getByTestId('page-check-3')).toHaveTextContent('Not checked');
    await expect(canvas.getByRole('button', { name: 'Check all' })).toBeVisible();
  },
};

// a locator's check history (检查记录) in a drawer.
const openHistory = async (canvasElement: HTMLElement, id: number) => {
  const canvas = within(canvasElement);
  await canvas.findByTestId(`page-check-${id}`, {}, slow);
  const row = canvas.getByTestId(`page-check-${id}`).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: /检查记录|History/ }));
  return within(await within(document.body).findByTestId('check-history', {}, slow));
};

/** 检查记录 opens the locator's past results, newest first: time, outcome, the reason or the found value; paged by 10 on the server; filtered by outcome. */
export const History: PageStory = {
  parameters: at(PATH),
  play: async (context) => {
    const drawer = await openHistory(context.canvasElement, 2);
    await expect(drawer.getByText('检查记录：开始按钮')).toBeVisible();
    const table = await drawer.findByTestId('check-history-table', {}, slow);
    const rows = table.querySelectorAll('tbody tr');
    await expect(rows).toHaveLength(10);
    await expect(rows[0]).toHaveTextContent('2026-11-25 01:00:03');
    await expect(rows[0]).toHaveTextContent('未通过');
    await expect(rows[0]).toHaveTextContent('文本不包含「开始」');
    await expect(rows[0]).toHaveTextContent('实际：继续游戏');
    await expect(table).toHaveTextContent('页面返回 HTTP 502');
    await expect(drawer.getByTestId('check-history-pager')).toHaveTextContent('共 23 条');
    const calls = () => mock(context).calls.filter((c) => c.path.endsWith('/webElement/results/'));
    await expect(calls().at(-1)?.query.toString()).toBe('locator=2&page=1&limit=10');
    // The third page: the 3 oldest, which passed.
    const pageThree = [...drawer.getByTestId('check-history-pager').querySelectorAll<HTMLElement>('.p-paginator-page')].find((b) => b.textContent === '3') as HTMLElement;
    await userEvent.click(pageThree);
    await waitFor(() => expect(drawer.getByTestId('check-history-table').querySelectorAll('tbody tr')).toHaveLength(3), slow);
    await expect(drawer.getByTestId('check-history-table').querySelector('tbody tr')).toHaveTextContent('开始游戏');
    await expect(calls().at(-1)?.query.toString()).toBe('locator=2&page=3&limit=10');
    // Only the passed ones, from page 1.
    await userEvent.click(drawer.getByRole('button', { name: '通过' }));
    await waitFor(() => expect(calls().at(-1)?.query.toString()).toBe('locator=2&passed=true&page=1&limit=10'), slow);
    await waitFor(() => expect(drawer.getByTestId('check-history-pager')).toHaveTextContent('共 8 条'), slow);
    for (const tr of drawer.getByTestId('check-history-table').querySelectorAll('tbody tr')) await expect(tr).toHaveAttribute('data-passed', 'true');
  },
};

/** Checking a locator now adds a result to its history. */
export const HistoryAfterCheck: PageStory = pageStory(at(PATH), shown('page-check-1'), async (canvas, context) => {
  const row = canvas.getByTestId('page-check-1').closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: '立即检查' }));
  await within(document.body).findByText(/页面检查已加入队列/, {}, slow);
  const drawer = await openHistory(context.canvasElement, 1);
  await waitFor(() => expect(drawer.getByTestId('check-history-pager')).toHaveTextContent('共 4 条'), slow);
});

/** A locator never checked: the drawer says so. */
export const HistoryEmpty: PageStory = {
  parameters: at(PATH, {}, { noResults: true }),
  play: async ({ canvasElement }) => {
    const drawer = await openHistory(canvasElement, 3);
    await expect(await drawer.findByTestId('check-history-empty', {}, slow)).toHaveTextContent('还没有检查记录');
  },
};

export const HistoryLoading: PageStory = {
  parameters: at(PATH, {}, { slow: ['results'] }),
  play: async ({ canvasElement }) => {
    const drawer = await openHistory(canvasElement, 2);
    await expect(await drawer.findByTestId('check-history-loading', {}, slow)).toBeVisible();
  },
};

/** A failed read shows the server's message and a retry. */
export const HistoryError: PageStory = {
  parameters: at(PATH, {}, { failing: ['results'] }),
  play: async ({ canvasElement }) => {
    const drawer = await openHistory(canvasElement, 2);
    await expect(await drawer.findByTestId('check-history-error', {}, slow)).toHaveTextContent('服务暂不可用，请稍后重试');
  },
};

/** Long reasons and page addresses wrap inside the drawer (no sideways scrolling of the page). */
export const HistoryLongContent: PageStory = {
  parameters: at(PATH, {}, { long: true }),
  play: async ({ canvasElement }) => {
    const drawer = await openHistory(canvasElement, 10);
    const table = await drawer.findByTestId('check-history-table', {}, slow);
    await expect(table).toHaveTextContent('页面可能已改版');
    const panel = within(document.body).getByTestId('check-history');
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
  },
};

export const HistoryEnglish: PageStory = {
  parameters: at(PATH, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const drawer = await openHistory(canvasElement, 2);
    await expect(drawer.getByText('Check history: 开始按钮')).toBeVisible();
    const table = await drawer.findByTestId('check-history-table', {}, slow);
    await expect(table).toHaveTextContent('Checked at');
    await expect(table.querySelector('tbody tr')).toHaveTextContent('Failed');
    await expect(drawer.getByTestId('check-history-pager')).toHaveTextContent('23 in all');
  },
};
