import { expect, userEvent, waitFor, within } from 'storybook/test';
import { lastDays } from '../../../../../../stories/mocks/dates';
import { mockActivity, mockToday, statsOf } from '../reports-mocks';
import { at, cells, mock, SERVICE_ERROR, slow } from '../story-kit';
import { type PageMeta, type PageStory, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/**
 * 游戏统计's drill-down on the data reports mock back end (answers shaped by contracts/schemas/reports):
 * a day's new / active / paying figure opens its players, the count equal to the figure; switching the
 * metric; 导出; loading, empty, error, long content; English.
 */
export default { title: 'Pages/DataReports/DayPlayers', ...routesOn() } satisfies PageMeta;

const PATH = '/data_reports/game_stats';
const body = () => within(document.body);
const dialog = () => body().findByTestId('day-players', {}, slow);
const figures = (day: string) => {
  const { start, end } = lastDays(30);
  return statsOf(mockActivity(false), 'game_stats', start, end, null, mockToday()).days.find((d) => d.day === day)!;
};
const dayBefore = () => new Date(Date.parse(`${mockToday()}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);

export const ActiveThenPaying: PageStory = pageStory(at(PATH), shown('game-stats-table'), async (canvas, context) => {
  const day = dayBefore();
  const f = figures(day);
  await userEvent.click(canvas.getByTestId(`game-stats-drill-${day}-active`));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('day-players-total')).toHaveTextContent(`共 ${f.active_players.toLocaleString('zh-CN')} 人`), slow);
  await expect(within(d).getByTestId('day-players-summary')).toHaveTextContent(`${day} · 活跃玩家`);
  await expect([...(mock(context).drills.at(-1)?.entries() ?? [])]).toEqual([['day', day], ['metric', 'active'], ['page', '1'], ['limit', '20']]);
  await userEvent.click(within(d).getByText('付费玩家'));
  await waitFor(() => expect(within(d).getByTestId('day-players-total')).toHaveTextContent(`共 ${f.paying_players} 人`), slow);
  await expect(cells(within(d).getByTestId('day-players-table')).every((r) => Number(r[3]) >= 1)).toBe(true);
  await userEvent.click(within(d).getByTestId('day-players-export'));
  await waitFor(() => expect(mock(context).drillExports.at(-1)?.toString()).toBe(`day=${day}&metric=paying`), slow);
});

export const NewPlayers: PageStory = pageStory(at(PATH), shown('game-stats-table'), async (canvas) => {
  const day = dayBefore();
  const f = figures(day);
  await userEvent.click(canvas.getByTestId(`game-stats-drill-${day}-new`));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('day-players-total')).toHaveTextContent(`共 ${f.new_players} 人`), slow);
  await expect(cells(within(d).getByTestId('day-players-table')).every((r) => r[2] === day)).toBe(true);
});

const open = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(canvas.getByTestId(`game-stats-drill-${dayBefore()}-active`));
  return dialog();
};

export const Loading: PageStory = pageStory(at(PATH, {}, { slow: ['drill'] }), shown('game-stats-table'), async (canvas) => {
  const d = await open(canvas);
  await expect(await within(d).findByTestId('day-players-loading', {}, slow)).toHaveTextContent('正在加载玩家…');
});

export const Failed: PageStory = pageStory(at(PATH, {}, { failing: ['drill'] }), shown('game-stats-table'), async (canvas) => {
  const d = await open(canvas);
  await expect(await within(d).findByTestId('day-players-error', {}, slow)).toHaveTextContent(SERVICE_ERROR);
});

export const EmptyDay: PageStory = pageStory(at(PATH), shown('game-stats-table'), async (canvas) => {
  const { start, end } = lastDays(30);
  const days = statsOf(mockActivity(false), 'game_stats', start, end, null, mockToday()).days;
  const none = days.find((r) => r.paying_players === 0);
  if (!none) return;
  await userEvent.click(canvas.getByTestId(`game-stats-drill-${none.day}-paying`));
  const d = await dialog();
  await expect(await within(d).findByTestId('day-players-empty', {}, slow)).toHaveTextContent('没有符合条件的玩家。');
});

export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), shown('game-stats-table'), async (canvas) => {
  const d = await open(canvas);
  await within(d).findByTestId('day-players-table', {}, slow);
  const content = d.querySelector('.p-dialog-content') as HTMLElement;
  await expect(content.scrollWidth).toBeLessThanOrEqual(content.clientWidth + 1);
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), shown('game-stats-table'), async (canvas) => {
  const day = dayBefore();
  const f = figures(day);
  await userEvent.click(canvas.getByTestId(`game-stats-drill-${day}-new`));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('day-players-total')).toHaveTextContent(`${f.new_players} players`), slow);
  await expect(within(d).getByTestId('day-players-summary')).toHaveTextContent(`${day} · New players`);
});
