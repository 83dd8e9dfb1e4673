import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatMoney } from '../../../../../stores/format/money';
import { lastDays } from '../../../../../../stories/mocks/dates';
import { mockActivity, mockToday, statsOf } from '../reports-mocks';
import { at, cells, mock, pct, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 游戏统计 (data_reports/game_stats) on the data reports mock back end. */
export default { title: 'Pages/DataReports/GameStats', ...routesOn() } satisfies PageMeta;

const PATH = '/data_reports/game_stats';
const num = (n: number) => n.toLocaleString('zh-CN');

/** The last 30 days of every game, newest first; each figure and the summary as computed from the raw mock activity. */
export const GameStats: PageStory = pageStory(at(PATH), chartReady('game-stats-chart'), async (canvas, context) => {
  const { start, end } = lastDays(30);
  const expected = statsOf(mockActivity(false), 'game_stats', start, end, null, mockToday());
  const rows = cells(canvas.getByTestId('game-stats-table'));
  await expect(rows).toHaveLength(30);
  const row = (d: (typeof expected.days)[number]) => [d.day, num(d.new_players), num(d.active_players), num(d.paying_players), formatMoney(d.revenue), formatMoney(d.arpu), pct(d.d1), pct(d.d7)];
  await expect(rows[0]).toEqual(row(expected.days[29]!));
  await expect(rows[29]).toEqual(row(expected.days[0]!));
  // Today has no day 1 yet.
  await expect(rows[0]?.slice(6)).toEqual(['-', '-']);
  const t = expected.total;
  await expect(cells(canvas.getByTestId('game-stats-table'), 'tfoot')[0]).toEqual(['合计', num(t.new_players), num(t.active_players), num(t.paying_players), formatMoney(t.revenue), formatMoney(t.arpu), pct(t.d1), pct(t.d7)]);
  await expect(t.refunds).toBeGreaterThan(0);
  await expect(canvas.getByTestId('game-stats-definition')).toHaveTextContent('选择“全部游戏”时按游戏分别计数后相加');
  await expect(mock(context).reports.at(-1)?.query.toString()).toBe(`start=${start}&end=${end}`);
});

/** A game asks again with it; the sortable columns order the rows (again = the other way). */
export const GameAndSort: PageStory = pageStory(at(PATH), chartReady('game-stats-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('game-stats-game'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '消消乐园' }, slow));
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.toString()).toMatch(/^game=5&start=/), slow);
  const { start, end } = lastDays(30);
  const expected = statsOf(mockActivity(false), 'game_stats', start, end, 5, mockToday());
  await waitFor(() => expect(cells(canvas.getByTestId('game-stats-table'), 'tfoot')[0]?.[1]).toBe(num(expected.total.new_players)), slow);
  await userEvent.click(canvas.getByTestId('game-stats-sort-active_players'));
  const most = Math.max(...expected.days.map((d) => d.active_players));
  await expect(cells(canvas.getByTestId('game-stats-table'))[0]?.[2]).toBe(num(most));
  await expect(canvas.getByTestId('game-stats-sort-active_players').closest('th')).toHaveAttribute('aria-sort', 'descending');
  await userEvent.click(canvas.getByTestId('game-stats-sort-active_players'));
  await expect(cells(canvas.getByTestId('game-stats-table'))[0]?.[2]).toBe(num(Math.min(...expected.days.map((d) => d.active_players))));
  await userEvent.click(canvas.getByTestId('game-stats-sort-day'));
  await expect(cells(canvas.getByTestId('game-stats-table'))[0]?.[0]).toBe(end);
});

/** 导出 asks the export with the shown game and range. */
export const Export: PageStory = pageStory(at(PATH), chartReady('game-stats-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('game-stats-export'));
  const { start, end } = lastDays(30);
  await waitFor(() => expect(mock(context).exports.map((e) => `${e.report}?${e.query.toString()}`)).toEqual([`game_stats?start=${start}&end=${end}`]), slow);
});

/** Without the Export button (a role with Search only): no 导出. */
export const NoExport: PageStory = pageStory(at(PATH, {}, { noExport: true }), shown('game-stats-table'), async (canvas) => {
  await expect(canvas.queryByTestId('game-stats-export')).toBeNull();
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: true }), 'game-stats-empty');

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['game_stats'] }), 'game-stats-loading');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['game_stats'] }), 'game-stats-error', SERVICE_ERROR);

/** A long game name in the picker and a whole year of days. */
export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('game-stats-chart'), async (canvas) => {
  await userEvent.click(canvas.getByTestId('game-stats-game'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '一个名字很长很长的大型多人在线角色扮演游戏国际版' }, slow));
  await waitFor(() => expect(cells(canvas.getByTestId('game-stats-table'))).toHaveLength(30), slow);
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('game-stats-chart'), async (canvas) => {
  await expect(canvas.getByTestId('game-stats-total')).toHaveTextContent('Total');
  await expect(canvas.getByTestId('game-stats-definition')).toHaveTextContent('day-1 / day-7 retention');
  await expect(canvas.getByText('Day-7 retention')).toBeVisible();
});
