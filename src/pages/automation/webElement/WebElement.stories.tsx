import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '../../../app/routes';
import { automationBackend } from '../automation-mocks';
import { at, mock, slow } from '../story-kit';

/** 页面元素 (automation/webElement; issue 17 §5): page locators of H5 games on the CRUD page, checked by the task pages.check. */
const meta = {
  title: 'Pages/Automation/WebElement',
  component: AppRoutes,
  parameters: { backend: automationBackend() },
} satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const PATH = '/automation/webElement';

/** The locators with their expectation and last result: passed, failed (with the reason), never checked. */
export const List: Story = {
  parameters: at(PATH),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('page-check-1', {}, slow)).toHaveTextContent('通过');
    await expect(canvas.getByTestId('page-check-2')).toHaveTextContent('未通过');
    await expect(canvas.getByTestId('page-check-3')).toHaveTextContent('未检查');
    const table = canvas.getByTestId('webElement-table');
    await expect(table).toHaveTextContent('文本不包含「开始」');
    await expect(table).toHaveTextContent('文本 包含 “开始”');
    await expect(table).toHaveTextContent('href 包含 “privacy”');
    await expect(canvas.getByTestId('webElement-intro')).toHaveTextContent('CSS 选择器');
  },
};

/** 立即检查 on a row queues pages.check for that locator alone; the list then shows its new result. */
export const CheckNow: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await canvas.findByTestId('page-check-2', {}, slow);
    const row = canvas.getByTestId('page-check-2').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '立即检查' }));
    await expect(await within(document.body).findByText(/页面检查已加入队列/, {}, slow)).toBeVisible();
    await expect(mock(context).calls.find((c) => c.path.endsWith('/task/pages.check/run/'))?.body).toEqual({ args: { locator: 2 } });
  },
};

/** A selector the parser cannot read is refused by the server; the message shows under the selector. */
export const CreateRefused: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await userEvent.click(await canvas.findByTestId('crud-add', {}, slow));
    const form = within(await body.findByTestId('crud-form', {}, slow));
    await userEvent.type(form.getByLabelText('名称'), '开始按钮');
    await userEvent.click(form.getByTestId('form-game'));
    await userEvent.click(await body.findByRole('option', { name: '开心斗地主' }));
    await userEvent.type(form.getByLabelText('CSS 选择器'), 'div >>> p');
    await userEvent.click(form.getByTestId('crud-form-submit'));
    await expect(await form.findByTestId('form-error-selector', {}, slow)).toHaveTextContent('CSS 选择器无效');
    await userEvent.clear(form.getByLabelText('CSS 选择器'));
    await userEvent.type(form.getByLabelText('CSS 选择器'), '#start');
    await userEvent.click(form.getByTestId('crud-form-submit'));
    await waitFor(() => expect(body.queryByTestId('crud-form')).toBeNull(), slow);
    await expect(mock(context).calls.filter((c) => c.method === 'POST' && c.path.endsWith('/webElement/')).at(-1)?.body).toMatchObject({ name: '开始按钮', game: 12, selector: '#start', check_kind: 'exists' });
    await expect(await canvas.findByTestId('page-check-4', {}, slow)).toHaveTextContent('未检查');
  },
};

export const Empty: Story = {
  parameters: at(PATH, {}, { empty: true }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('webElement-empty', {}, slow)).toBeInTheDocument();
  },
};

export const Error: Story = {
  parameters: at(PATH, {}, { failing: ['webElement'] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('webElement-error', {}, slow)).toHaveTextContent('服务暂不可用，请稍后重试');
  },
};

export const Loading: Story = {
  parameters: at(PATH, {}, { slow: ['webElement'] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('webElement-table', {}, slow)).toBeInTheDocument();
    await expect(within(canvasElement).queryByTestId('page-check-1')).toBeNull();
  },
};

/** Long names and selectors wrap inside their cells. */
export const LongContent: Story = {
  parameters: at(PATH, {}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('page-check-10', {}, slow)).toHaveTextContent('未通过');
    const table = canvas.getByTestId('webElement-table');
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.parentElement?.scrollWidth ?? table.scrollWidth);
  },
};

export const English: Story = {
  parameters: at(PATH, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('page-check-1', {}, slow)).toHaveTextContent('Passed');
    await expect(canvas.getByTestId('page-check-3')).toHaveTextContent('Not checked');
    await expect(canvas.getByRole('button', { name: 'Check all' })).toBeVisible();
  },
};
