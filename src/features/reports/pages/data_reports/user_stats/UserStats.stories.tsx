import { expect, userEvent, waitFor } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { lastDays } from '../../../../../../stories/mocks/dates';
import { mockActivity, mockToday, statsOf } from '../reports-mocks';
import { at, cells, mock, pct, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/** 用户统计 (data_reports/user_stats) on the data reports mock back end. */
export default { title: 'Pages/DataReports/UserStats', ...routesOn() } satisfies PageMeta;

const PATH = '/data_reports/user_stats';
const num = (n: number) => n.toLocaleString('zh-CN');

/** The last 30 days of the platform's accounts (counted once across games), no game picker; every figure from the raw mock activity. */
export const UserStats: PageStory = pageStory(at(PATH), chartReady('user-stats-chart'), async (canvas, context) => {
  const { start, end } = lastDays(30);
  const raw = mockActivity(false);
  const expected = statsOf(raw, 'user_stats', start, end, null, mockToday());
  const rows = cells(canvas.getByTestId('user-stats-table'));
  await expect(rows).toHaveLength(30);
  const row = (d: (typeof expected.days)[number]) => [d.day, num(d.new_players), num(d.active_players), num(d.paying_players), formatMoney(d.revenue), formatMoney(d.arpu), pct(d.d1), pct(d.d7)];
  await expect(rows[0]).toEqual(row(expected.days[29]!));
  await expect(rows[10]).toEqual(row(expected.days[19]!));
  const t = expected.total;
  await expect(cells(canvas.getByTestId('user-stats-table'), 'tfoot')[0]).toEqual(['合计', num(t.new_players), num(t.active_players), num(t.paying_players), formatMoney(t.revenue), formatMoney(t.arpu), pct(t.d1), pct(t.d7)]);
  // Accounts count once: fewer than the (game, account) players of the same range.
  await expect(t.active_players).toBeLessThan(statsOf(raw, 'game_stats', start, end, null, mockToday()).total.active_players);
  await expect(canvas.queryByTestId('user-stats-game')).toBeNull();
  await expect(canvas.getByTestId('user-stats-definition')).toHaveTextContent('跨游戏只计一次');
  await expect(mock(context).reports.at(-1)?.query.toString()).toBe(`start=${start}&end=${end}`);
});

/** Sorted by day-1 retention: unknown days last; 导出 with the range. */
export const SortAndExport: PageStory = pageStory(at(PATH), chartReady('user-stats-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('user-stats-sort-d1'));
  const rows = cells(canvas.getByTestId('user-stats-table'));
  await expect(rows.at(-1)?.[6]).toBe('-');
  const known = rows.map((r) => r[6] ?? '-').filter((v) => v !== '-').map((v) => Number.parseFloat(v));
  await expect(known).toEqual([...known].sort((a, b) => b - a));
  await userEvent.click(canvas.getByTestId('user-stats-export'));
  const { start, end } = lastDays(30);
  await waitFor(() => expect(mock(context).exports.map((e) => `${e.report}?${e.query.toString()}`)).toEqual([`user_stats?start=${start}&end=${end}`]), slow);
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: true }), 'user-stats-empty');

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['user_stats'] }), 'user-stats-loading');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['user_stats'] }), 'user-stats-error', SERVICE_ERROR);

/** A longer history with more accounts (a year of activity): every day a row, the summary visible. */
export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('user-stats-chart'), async (canvas) => {
  await expect(cells(canvas.getByTestId('user-stats-table'))).toHaveLength(30);
  await expect(canvas.getByTestId('user-stats-total')).toBeVisible();
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('user-stats-chart'), async (canvas) => {
  await expect(canvas.getByTestId('user-stats-total')).toHaveTextContent('Total');
  await expect(canvas.getByTestId('user-stats-definition')).toHaveTextContent('counted once across games');
  await expect(canvas.getByText('Day-1 retention')).toBeVisible();
});
