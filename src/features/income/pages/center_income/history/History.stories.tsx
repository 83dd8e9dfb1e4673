import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { figuresOf, incomeBackend, ordersAround } from '../income-mocks';
import { at, cells, lastDays, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/** 历史收入 (center_income/history) on the revenue mock back end. */
export default { title: 'Pages/Income/History', ...routesOn(incomeBackend()) } satisfies PageMeta;

const PATH = '/center_income/history';

/** The last 30 days against the previous period: a row per day (newest first), totals agreeing with the raw orders. */
export const History: PageStory = pageStory(at(PATH), chartReady('history-chart'), async (canvas, context) => {
  const rows = cells(canvas.getByTestId('history-table'));
  await expect(rows).toHaveLength(30);
  const { start, end } = lastDays(30);
  const f = figuresOf(ordersAround(start, end, false, null), start, end);
  const totals = cells(canvas.getByTestId('history-table'), 'tfoot')[0] ?? [];
  await expect(totals.slice(0, 4)).toEqual(['合计', formatMoney(f.revenue), formatMoney(f.gross), formatMoney(f.refunds)]);
  // Newest day first.
  await expect([rows[0]?.[0], rows.at(-1)?.[0]]).toEqual([end, start]);
  await expect(canvas.getByTestId('history-compare-range')).toHaveTextContent('对比区间');
  await expect(mock(context).reports.at(-1)?.query.get('compare')).toBe('previous');
});

/** Same days last month, then no comparison: the compared columns go. */
export const CompareChoices: PageStory = pageStory(at(PATH), chartReady('history-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('history-compare'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '上月同期' }, slow));
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('compare')).toBe('last_month'), slow);
  await userEvent.click(canvas.getByTestId('history-compare'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '不对比' }, slow));
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.has('compare')).toBe(false), slow);
  await waitFor(() => expect(cells(canvas.getByTestId('history-table'))[0]).toHaveLength(6), slow);
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: ['history'] }), 'history-empty', '所选范围内没有订单。');

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['history'] }), 'history-loading');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['history'] }), 'history-error', SERVICE_ERROR);

export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('history-chart'), async (canvas) => {
  await expect(cells(canvas.getByTestId('history-table'))).toHaveLength(30);
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('history-chart'), async (canvas) => {
  await expect(canvas.getByText('Compared revenue')).toBeVisible();
  await expect(canvas.getByTestId('history-totals')).toHaveTextContent('Total');
});
