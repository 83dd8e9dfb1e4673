import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { figuresOf, incomeBackend, ordersAround } from '../income-mocks';
import { at, cells, lastDays, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/** 收入排行 (center_income/rank) on the revenue mock back end. */
export default { title: 'Pages/Income/Rank', ...routesOn(incomeBackend()) } satisfies PageMeta;

const PATH = '/center_income/rank';

/** Top games: ranked by revenue, agreeing with the raw orders. */
export const TopGames: PageStory = pageStory(at(PATH), chartReady('rank-chart'), async (canvas, context) => {
  const rows = cells(canvas.getByTestId('rank-table'));
  const { start, end } = lastDays(30);
  const orders = ordersAround(start, end, false, null);
  const expected = [3, 5, 8].map((g) => ({ g, name: orders.find((o) => o.game === g)?.game_name, revenue: figuresOf(orders, start, end, (o) => o.game === g).revenue })).sort((a, b) => b.revenue - a.revenue);
  await expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual(expected.map((e, i) => [String(i + 1), e.name, formatMoney(e.revenue)]));
  await expect(mock(context).reports.at(-1)?.query.get('limit')).toBe('10');
});

/** Top players, 20 of them: each with their game. */
export const TopPlayers: PageStory = pageStory(at(PATH), chartReady('rank-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('rank-tab-player'));
  await userEvent.click(canvas.getByTestId('rank-limit'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '前 20 名' }, slow));
  await waitFor(() => expect(cells(canvas.getByTestId('rank-table'))).toHaveLength(20), slow);
  await expect(canvas.getByText('所属游戏')).toBeVisible();
  const q = mock(context).reports.at(-1)?.query;
  await expect([q?.get('by'), q?.get('limit')]).toEqual(['player', '20']);
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: ['rank'] }), 'rank-empty', '所选范围内没有订单。');

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['rank'] }), 'rank-loading');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['rank'] }), 'rank-error', SERVICE_ERROR);

/** 100 players with long identifiers. */
export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('rank-chart'), async (canvas) => {
  await userEvent.click(canvas.getByTestId('rank-tab-channel'));
  // The channels with orders paid or refunded in the range (the mock's days depend on today), top 10.
  const { start, end } = lastDays(30);
  const orders = ordersAround(start, end, true, null);
  const channels = [...new Set(orders.map((o) => o.channel))].filter((c) => {
    const f = figuresOf(orders, start, end, (o) => o.channel === c);
    return f.orders > 0 || f.refund_orders > 0;
  });
  await expect(channels.length).toBeGreaterThan(5);
  await waitFor(() => expect(cells(canvas.getByTestId('rank-table')).length).toBe(Math.min(10, channels.length)), slow);
  await expect(cells(canvas.getByTestId('rank-table')).some((r) => r[1] === 'official-website-partner-program-2026')).toBe(channels.includes('official-website-partner-program-2026'));
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('rank-chart'), async (canvas) => {
  await expect(canvas.getByText('Top 10 by revenue')).toBeVisible();
  await expect(canvas.getByText('Top channels')).toBeVisible();
});
