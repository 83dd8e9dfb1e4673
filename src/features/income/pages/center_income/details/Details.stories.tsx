import { expect, userEvent, waitFor } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { incomeBackend } from '../income-mocks';
import { at, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, body, emptyShown, pageStory, routesOn, rowsOf, rowsShown, tableLoading } from '../../../../../../stories/kit';

/** 收入明细 (center_income/details): the orders list and its streamed export, on the revenue mock back end. */
export default { title: 'Pages/Income/Details', ...routesOn(incomeBackend()) } satisfies PageMeta;

const PATH = '/center_income/details';

/** Newest first, 20 a page: amounts as money in the order's currency and in CNY, status tags, no write buttons. */
export const Orders: PageStory = pageStory(at(PATH), rowsShown('orders-table'), async (canvas, context) => {
  const first = mock(context).lists[0];
  await expect([first?.get('ordering'), first?.get('limit'), first?.get('page')]).toEqual(['-time', '20', '1']);
  const text = canvas.getByTestId('orders-table').textContent ?? '';
  await expect(text).toMatch(/¥\d{1,3}(,\d{3})*\.\d{2}/);
  await expect(text).toMatch(/已支付|已退款/);
  await expect(canvas.queryByTestId('crud-add')).toBeNull();
  await expect(canvas.queryByTestId('row-edit')).toBeNull();
  await expect(formatMoney(680)).toBe('¥6.80');
});

/** Search by status 已退款: every row is refunded and shows its refund time. */
export const SearchRefunded: PageStory = pageStory(at(PATH), rowsShown('orders-table'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('search-status'));
  await userEvent.click(await body().findByRole('option', { name: '已退款' }, slow));
  await userEvent.click(canvas.getByTestId('orders-search-submit'));
  await waitFor(() => expect(mock(context).lists.at(-1)?.get('status')).toBe('refunded'), slow);
  await waitFor(() => expect([...rowsOf(canvas, 'orders-table')].every((tr) => (tr.textContent ?? '').includes('已退款'))).toBe(true), slow);
});

/** 导出: the dialog shows bytes received and the rows announced, then the file name; the filters travel with it. */
export const Export: PageStory = pageStory(at(PATH), rowsShown('orders-table'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('toolbar-export'));
  await expect(await body().findByTestId('orders-export-dialog', {}, slow)).toBeInTheDocument();
  await expect(await body().findByTestId('orders-export-done', {}, slow)).toHaveTextContent(/导出完成：订单明细\.xlsx（\d+ 条）/);
  await expect(mock(context).exports.at(-1)?.get('ordering')).toBe('-time');
  await userEvent.click(body().getByTestId('orders-export-close'));
});

/** A large export in progress: bytes and rows visible; 取消导出 stops it. */
export const ExportCancel: PageStory = pageStory(at(PATH, {}, { slow: ['export'] }), rowsShown('orders-table'), async (canvas) => {
  await userEvent.click(canvas.getByTestId('toolbar-export'));
  const progress = await body().findByTestId('orders-export-progress', {}, slow);
  await waitFor(() => expect(progress).toHaveTextContent(/已接收 \d+(\.\d)? (B|KB) · 共 \d+ 条订单/), slow);
  await userEvent.click(body().getByTestId('orders-export-cancel'));
  await expect(await body().findByTestId('orders-export-cancelled', {}, slow)).toHaveTextContent('已取消导出。');
});

export const ExportFailed: PageStory = pageStory(at(PATH, {}, { failing: ['export'] }), rowsShown('orders-table'), async (canvas) => {
  await userEvent.click(canvas.getByTestId('toolbar-export'));
  await expect(await body().findByTestId('orders-export-failed', {}, slow)).toHaveTextContent('导出失败：条件无效');
});

export const Empty: PageStory = emptyShown(at(PATH, {}, { empty: ['details'] }), 'orders-empty', /暂无数据|没有/);

export const Loading: PageStory = tableLoading(at(PATH, {}, { slow: ['details'] }), 'orders-table', async (table) => {
  await expect(table.querySelectorAll('tbody tr td[data-testid^="cell-"]').length).toBe(0);
});

export const Error: PageStory = shows(at(PATH, {}, { failing: ['details'] }), 'orders-error', SERVICE_ERROR);

/** Long player ids and game names stay in their columns. */
export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), rowsShown('orders-table'));

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), rowsShown('orders-table'), async (canvas) => {
  await expect(canvas.getByText('In CNY')).toBeVisible();
  await expect(canvas.getByTestId('orders-table').textContent ?? '').toMatch(/Paid|Refunded/);
});
