import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { figuresOf, incomeBackend, ordersAround } from '../income-mocks';
import { at, cells, lastDays, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/** 收入分布 (center_income/distribution) on the revenue mock back end. */
export default { title: 'Pages/Income/Distribution', ...routesOn(incomeBackend()) } satisfies PageMeta;

const PATH = '/center_income/distribution';

/** By game (pie): a row per game, largest first, the total agreeing with the raw orders. */
export const ByGame: PageStory = pageStory(at(PATH), chartReady('distribution-chart'), async (canvas) => {
  const rows = cells(canvas.getByTestId('distribution-table'));
  await expect(rows.map((r) => r[0]).sort()).toEqual(['星穹远征', '消消乐园', '跳一跳冒险'].sort());
  const { start, end } = lastDays(30);
  const orders = ordersAround(start, end, false, null);
  await expect(cells(canvas.getByTestId('distribution-table'), 'tfoot')[0]?.slice(0, 3)).toEqual(['合计', formatMoney(figuresOf(orders, start, end).revenue), '100.0%']);
  await expect(rows[0]?.[1]).toBe(formatMoney(figuresOf(orders, start, end, (o) => o.game === 3).revenue));
});

/** Payment method as bars. */
export const ByMethodBars: PageStory = pageStory(at(PATH), chartReady('distribution-chart'), async (canvas, context) => {
  await userEvent.click(within(canvas.getByTestId('distribution-by')).getByText('支付方式'));
  await userEvent.click(within(canvas.getByTestId('distribution-chart-kind')).getByText('柱状图'));
  await waitFor(() => expect(cells(canvas.getByTestId('distribution-table')).map((r) => r[0]).sort()).toEqual(['alipay', 'apple', 'card', 'wechat']), slow);
  await expect(mock(context).reports.at(-1)?.query.get('by')).toBe('method');
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: ['distribution'] }), 'distribution-empty', '所选范围内没有订单。');

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['distribution'] }), 'distribution-loading');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['distribution'] }), 'distribution-error', SERVICE_ERROR);

/** Ten channels, one with a very long name: the label is cut with its full text as the title. */
export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('distribution-chart'), async (canvas) => {
  await userEvent.click(within(canvas.getByTestId('distribution-by')).getByText('渠道'));
  await waitFor(() => expect(cells(canvas.getByTestId('distribution-table')).length).toBeGreaterThan(5), slow);
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('distribution-chart'), async (canvas) => {
  await expect(canvas.getByText('Revenue by Game')).toBeVisible();
});
