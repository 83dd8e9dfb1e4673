import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { figuresOf, incomeBackend, ordersAround } from '../income-mocks';
import { at, lastDays, mock, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/** 收入概览 (center_income/overview) on the revenue mock back end. */
export default { title: 'Pages/Income/Overview', ...routesOn(incomeBackend()) } satisfies PageMeta;

const PATH = '/center_income/overview';

/** All games: three periods of KPIs agreeing with the raw orders, both trend charts drawn. */
export const Overview: PageStory = pageStory(at(PATH), chartReady('overview-revenue-chart'), async (canvas, context) => {
  await waitFor(() => expect(canvas.getByTestId('overview-players-chart').dataset.ready).toBe('true'), slow);
  for (const days of [1, 7, 30]) {
    const { start, end } = lastDays(days);
    const f = figuresOf(ordersAround(start, end, false, null), start, end);
    await expect(canvas.getByTestId(`kpi-${days}-revenue-value`)).toHaveTextContent(formatMoney(f.revenue));
    await expect(canvas.getByTestId(`kpi-${days}-refunds-value`)).toHaveTextContent(formatMoney(f.refunds));
    await expect(canvas.getByTestId(`kpi-${days}-paying-value`)).toHaveTextContent(f.paying_players.toLocaleString('zh-CN'));
  }
  await expect(canvas.getByText('近 30 天')).toBeVisible();
  const asked = mock(context).reports.filter((r) => r.report === 'overview');
  await expect(asked.every((r) => !r.query.has('game'))).toBe(true);
});

/** One game from the picker: every call asks for it. */
export const OneGame: PageStory = pageStory(at(PATH), chartReady('overview-revenue-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('overview-game'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '消消乐园' }, slow));
  const { start, end } = lastDays(30);
  const f = figuresOf(ordersAround(start, end, false, 5), start, end);
  await waitFor(() => expect(canvas.getByTestId('kpi-30-revenue-value')).toHaveTextContent(formatMoney(f.revenue)), slow);
  await expect(mock(context).reports.at(-1)?.query.get('game')).toBe('5');
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: ['overview', 'history'] }), 'overview-empty', '所选范围内没有订单。');

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['overview'] }), 'overview-loading');

export const Error: PageStory = {
  parameters: at(PATH, {}, { failing: ['overview'] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('overview-error', {}, slow)).toHaveTextContent('服务暂不可用，请稍后重试');
    await expect(canvas.getByTestId('overview-error-retry')).toBeVisible();
  },
};

/** Long game names in the picker, many orders: the cards keep their layout. */
export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('overview-revenue-chart'), async (canvas) => {
  const { start, end } = lastDays(30);
  await expect(canvas.getByTestId('kpi-30-revenue-value')).toHaveTextContent(formatMoney(figuresOf(ordersAround(start, end, true, null), start, end).revenue));
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('overview-revenue-chart'), async (canvas) => {
  await expect(canvas.getByText('Last 30 days')).toBeVisible();
  await expect(canvas.getByText('Revenue trend (last 30 days)')).toBeVisible();
});
