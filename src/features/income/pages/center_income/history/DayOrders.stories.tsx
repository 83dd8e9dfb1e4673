import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { figuresOf, incomeBackend, ordersAround } from '../income-mocks';
import { at, cells, lastDays, mock, SERVICE_ERROR, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/**
 * 历史收入's drill-down on the revenue mock back end (answers shaped by contracts/schemas/income): a
 * day's revenue (or its order count) opens the orders paid that day — their count and sum are the
 * day's orders and gross — and 当天退款 those refunded that day; the day's revenue = paid − refunded;
 * the game filter of the answer; 导出; loading, empty, error, long content; English.
 */
export default { title: 'Pages/Income/DayOrders', ...routesOn(incomeBackend()) } satisfies PageMeta;

const PATH = '/center_income/history';
const body = () => within(document.body);
const dialog = () => body().findByTestId('day-orders', {}, slow);
/** A day of the range with refunds (orders refunded the day after they were paid). */
const dayWithRefunds = () => {
  const { start, end } = lastDays(30);
  const orders = ordersAround(start, end, false, null);
  const days = [...new Set(orders.filter((o) => o.refund_time !== null).map((o) => o.refund_time!.slice(0, 10)))].filter((d) => d >= start && d <= end).sort();
  return days[Math.floor(days.length / 2)] ?? end;
};

export const PaidAndRefunded: PageStory = pageStory(at(PATH), chartReady('history-chart'), async (canvas, context) => {
  const day = dayWithRefunds();
  const f = figuresOf(ordersAround(day, day, false, null), day, day);
  await userEvent.click(canvas.getByTestId(`history-drill-${day}`));
  const d = await dialog();
  // Paid that day: count = the day's orders, sum = its gross.
  await waitFor(() => expect(within(d).getByTestId('day-orders-total')).toHaveTextContent(`共 ${f.orders} 笔`), slow);
  await expect(within(d).getByTestId('day-orders-summary')).toHaveTextContent(`${day} 支付的订单 · 合计 ${formatMoney(f.gross)}`);
  await expect(within(d).getByTestId('day-orders-revenue')).toHaveTextContent(`当天收入 ${formatMoney(f.revenue)} = 支付 ${formatMoney(f.gross)} − 退款 ${formatMoney(f.refunds)}`);
  await expect([...(mock(context).drills.at(-1)?.entries() ?? [])]).toEqual([['day', day], ['kind', 'paid'], ['page', '1'], ['limit', '20']]);
  await expect(cells(within(d).getByTestId('day-orders-table')).length).toBe(Math.min(20, f.orders));
  // Refunded that day: refund_orders and refunds.
  await userEvent.click(within(d).getByText('当天退款'));
  await waitFor(() => expect(within(d).getByTestId('day-orders-summary')).toHaveTextContent(`${day} 退款的订单 · 合计 ${formatMoney(f.refunds)}`), slow);
  await expect(within(d).getByTestId('day-orders-total')).toHaveTextContent(`共 ${f.refund_orders} 笔`);
  await expect(cells(within(d).getByTestId('day-orders-table')).every((r) => r[4] === '已退款')).toBe(true);
  await userEvent.click(within(d).getByTestId('day-orders-export'));
  await waitFor(() => expect(mock(context).drillExports.at(-1)?.toString()).toBe(`day=${day}&kind=refunded`), slow);
});

export const RefundsCellAndGame: PageStory = pageStory(at(PATH), chartReady('history-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('history-game'));
  await userEvent.click(await body().findByRole('option', { name: '星穹远征' }, slow));
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('game')).toBe('3'), slow);
  const day = dayWithRefunds();
  const f = figuresOf(ordersAround(day, day, false, 3), day, day);
  const cell = await canvas.findByTestId(`history-drill-${day}-refunded`, {}, slow);
  await userEvent.click(cell);
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('day-orders-total')).toHaveTextContent(`共 ${f.refund_orders} 笔`), slow);
  await expect([mock(context).drills.at(-1)?.get('game'), mock(context).drills.at(-1)?.get('kind')]).toEqual(['3', 'refunded']);
  await expect(cells(within(d).getByTestId('day-orders-table')).every((r) => r[1] === '星穹远征')).toBe(true);
});

const openLast = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(canvas.getByTestId(`history-drill-${lastDays(30).end}-orders`));
  return dialog();
};

export const Loading: PageStory = pageStory(at(PATH, {}, { slow: ['day_orders'] }), chartReady('history-chart'), async (canvas) => {
  const d = await openLast(canvas);
  await expect(await within(d).findByTestId('day-orders-loading', {}, slow)).toHaveTextContent('正在加载订单…');
});

export const Empty: PageStory = pageStory(at(PATH, {}, { empty: ['day_orders'] }), chartReady('history-chart'), async (canvas) => {
  const d = await openLast(canvas);
  await expect(await within(d).findByTestId('day-orders-empty', {}, slow)).toHaveTextContent('当天没有此类订单。');
  await expect(within(d).getByTestId('day-orders-export')).toBeDisabled();
});

export const Failed: PageStory = pageStory(at(PATH, {}, { failing: ['day_orders'] }), chartReady('history-chart'), async (canvas, context) => {
  const d = await openLast(canvas);
  await expect(await within(d).findByTestId('day-orders-error', {}, slow)).toHaveTextContent(SERVICE_ERROR);
  const calls = mock(context).drills.length;
  await userEvent.click(within(d).getByTestId('day-orders-error-retry'));
  await waitFor(() => expect(mock(context).drills.length).toBe(calls + 1), slow);
});

export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('history-chart'), async (canvas) => {
  const d = await openLast(canvas);
  const table = await within(d).findByTestId('day-orders-table', {}, slow);
  await expect(cells(table).length).toBeGreaterThan(0);
  const content = d.querySelector('.p-dialog-content') as HTMLElement;
  await expect(content.scrollWidth).toBeLessThanOrEqual(content.clientWidth + 1);
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('history-chart'), async (canvas) => {
  const { end } = lastDays(30);
  const f = figuresOf(ordersAround(end, end, false, null), end, end);
  await userEvent.click(canvas.getByTestId(`history-drill-${end}`));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('day-orders-total')).toHaveTextContent(`${f.orders} orders`), slow);
  await expect(within(d).getByTestId('day-orders-summary')).toHaveTextContent(`${end}: orders paid · ${formatMoney(f.gross)} in all`);
  await expect(within(d).getByText('Refunded that day')).toBeVisible();
});
