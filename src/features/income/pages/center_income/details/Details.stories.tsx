import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '../../../../../app/routes';
import { formatMoney } from '../../../../../stores/format/money';
import { incomeBackend } from '../income-mocks';
import { at, mock, SERVICE_ERROR, shows, slow } from '../story-kit';

/** 收入明细 (center_income/details): the orders list and its streamed export, on the revenue mock back end. */
const meta = {
  title: 'Pages/Income/Details',
  component: AppRoutes,
  parameters: { backend: incomeBackend() },
} satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const PATH = '/center_income/details';
const body = () => within(document.body);
const rowsOf = (canvas: ReturnType<typeof within>) => canvas.getByTestId('orders-table').querySelectorAll('tbody tr');

/** Newest first, 20 a page: amounts as money in the order's currency and in CNY, status tags, no write buttons. */
export const Orders: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    const first = mock(context).lists[0];
    await expect([first?.get('ordering'), first?.get('limit'), first?.get('page')]).toEqual(['-time', '20', '1']);
    const text = canvas.getByTestId('orders-table').textContent ?? '';
    await expect(text).toMatch(/¥\d{1,3}(,\d{3})*\.\d{2}/);
    await expect(text).toMatch(/已支付|已退款/);
    await expect(canvas.queryByTestId('crud-add')).toBeNull();
    await expect(canvas.queryByTestId('row-edit')).toBeNull();
    await expect(formatMoney(680)).toBe('¥6.80');
  },
};

/** Search by status 已退款: every row is refunded and shows its refund time. */
export const SearchRefunded: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await userEvent.click(canvas.getByTestId('search-status'));
    await userEvent.click(await body().findByRole('option', { name: '已退款' }, slow));
    await userEvent.click(canvas.getByTestId('orders-search-submit'));
    await waitFor(() => expect(mock(context).lists.at(-1)?.get('status')).toBe('refunded'), slow);
    await waitFor(() => expect([...rowsOf(canvas)].every((tr) => (tr.textContent ?? '').includes('已退款'))).toBe(true), slow);
  },
};

/** 导出: the dialog shows bytes received and the rows announced, then the file name; the filters travel with it. */
export const Export: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await userEvent.click(canvas.getByTestId('toolbar-export'));
    await expect(await body().findByTestId('orders-export-dialog', {}, slow)).toBeInTheDocument();
    await expect(await body().findByTestId('orders-export-done', {}, slow)).toHaveTextContent(/导出完成：订单明细\.xlsx（\d+ 条）/);
    await expect(mock(context).exports.at(-1)?.get('ordering')).toBe('-time');
    await userEvent.click(body().getByTestId('orders-export-close'));
  },
};

/** A large export in progress: bytes and rows visible; 取消导出 stops it. */
export const ExportCancel: Story = {
  parameters: at(PATH, {}, { slow: ['export'] }),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await userEvent.click(canvas.getByTestId('toolbar-export'));
    const progress = await body().findByTestId('orders-export-progress', {}, slow);
    await waitFor(() => expect(progress).toHaveTextContent(/已接收 \d+(\.\d)? (B|KB) · 共 \d+ 条订单/), slow);
    await userEvent.click(body().getByTestId('orders-export-cancel'));
    await expect(await body().findByTestId('orders-export-cancelled', {}, slow)).toHaveTextContent('已取消导出。');
  },
};

export const ExportFailed: Story = {
  parameters: at(PATH, {}, { failing: ['export'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await userEvent.click(canvas.getByTestId('toolbar-export'));
    await expect(await body().findByTestId('orders-export-failed', {}, slow)).toHaveTextContent('导出失败：条件无效');
  },
};

export const Empty: Story = {
  parameters: at(PATH, {}, { empty: ['details'] }),
  play: async ({ canvasElement }) => {
    // The empty row is in the table from its first render; it shows once the (empty) answer has replaced the loading mask.
    await waitFor(() => expect(within(canvasElement).getByTestId('orders-empty')).toBeVisible(), slow);
    await expect(within(canvasElement).getByTestId('orders-empty')).toHaveTextContent(/暂无数据|没有/);
  },
};

export const Loading: Story = {
  parameters: at(PATH, {}, { slow: ['details'] }),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByTestId('orders-table', {}, slow);
    await waitFor(() => expect(table.querySelector('.pi-spin, .p-datatable-loading-icon')).not.toBeNull(), slow);
    await expect(table.querySelectorAll('tbody tr td[data-testid^="cell-"]').length).toBe(0);
  },
};

export const Error: Story = shows(at(PATH, {}, { failing: ['details'] }), 'orders-error', SERVICE_ERROR);

/** Long player ids and game names stay in their columns. */
export const LongContent: Story = {
  parameters: at(PATH, {}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
  },
};

export const English: Story = {
  parameters: at(PATH, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(rowsOf(canvas).length).toBe(20), slow);
    await expect(canvas.getByText('In CNY')).toBeVisible();
    await expect(canvas.getByTestId('orders-table').textContent ?? '').toMatch(/Paid|Refunded/);
  },
};
