import { expect, userEvent, waitFor, within } from 'storybook/test';
import { lastDays } from '../../../../../../stories/mocks/dates';
import { mockToday, playersBackend, playersOfDay } from '../players-mocks';
import { at, cells, mock, SERVICE_ERROR, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/**
 * 留存分析's drill-down on the players mock back end (answers shaped by contracts/schemas/players): a
 * cell (cohort day × day N) opens the players of that cohort retained on day N with the matrix's
 * game and channel; the new-players figure opens the whole cohort; paging; 导出; loading, empty,
 * error, long content; English.
 */
export default { title: 'Pages/Players/RetentionDrill', ...routesOn(playersBackend()) } satisfies PageMeta;

const PATH = '/center_users/retention';
const body = () => within(document.body);
const dialog = () => body().findByTestId('retention-drill', {}, slow);
/** A cohort whose day 3 has begun: a week ago. */
const weekAgo = () => new Date(Date.parse(`${mockToday()}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);

export const CellPlayers: PageStory = pageStory(at(PATH), chartReady('retention-chart'), async (canvas, context) => {
  const day = weekAgo();
  const expected = playersOfDay(day, false, mockToday()).filter((p) => p.back.has(3)).length;
  const cell = canvas.getByTestId(`retention-drill-${day}-3`);
  await expect(cell).toHaveAttribute('title', '查看这些玩家');
  await expect(cell.closest('td')?.getAttribute('title')).toBe(`${expected} / ${playersOfDay(day, false, mockToday()).length} 人`);
  await userEvent.click(cell);
  const d = await dialog();
  // The list's count is the cell's retained figure.
  await waitFor(() => expect(within(d).getByTestId('retention-drill-total')).toHaveTextContent(`共 ${expected} 人`), slow);
  await expect(within(d).getByTestId('retention-drill-summary')).toHaveTextContent(`${day} 注册 · 第 3 日留存`);
  await expect([...(mock(context).drills.at(-1)?.entries() ?? [])]).toEqual([['day', day], ['n', '3'], ['page', '1'], ['limit', '20']]);
  await expect(cells(within(d).getByTestId('retention-drill-table')).length).toBe(Math.min(20, expected));
  await userEvent.click(within(d).getByTestId('retention-drill-export'));
  await waitFor(() => expect(mock(context).drillExports.at(-1)?.toString()).toBe(`day=${day}&n=3`), slow);
});

export const NewPlayersWithFilters: PageStory = pageStory(at(PATH), chartReady('retention-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('retention-channel'));
  await userEvent.click(await body().findByRole('option', { name: 'huawei' }, slow));
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('channel')).toBe('huawei'), slow);
  const day = lastDays(30).start;
  const expected = playersOfDay(day, false, mockToday()).filter((p) => p.channel === 'huawei').length;
  await waitFor(() => expect(canvas.getByTestId(`retention-drill-${day}-0`)).toHaveTextContent(String(expected)), slow);
  await userEvent.click(canvas.getByTestId(`retention-drill-${day}-0`));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('retention-drill-total')).toHaveTextContent(`共 ${expected} 人`), slow);
  await expect(within(d).getByTestId('retention-drill-summary')).toHaveTextContent(`${day} 注册的全部新增玩家`);
  await expect(d).toHaveTextContent('渠道：huawei');
  await expect(mock(context).drills.at(-1)?.get('channel')).toBe('huawei');
  await expect(cells(within(d).getByTestId('retention-drill-table')).every((r) => r[2] === 'huawei')).toBe(true);
});

const openWeekAgo = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(canvas.getByTestId(`retention-drill-${weekAgo()}-1`));
  return dialog();
};

export const Loading: PageStory = pageStory(at(PATH, {}, { slow: ['drill'] }), chartReady('retention-chart'), async (canvas) => {
  const d = await openWeekAgo(canvas);
  await expect(await within(d).findByTestId('retention-drill-loading', {}, slow)).toHaveTextContent('正在加载玩家…');
});

export const Empty: PageStory = pageStory(at(PATH, {}, { empty: ['drill'] }), chartReady('retention-chart'), async (canvas) => {
  const d = await openWeekAgo(canvas);
  await expect(await within(d).findByTestId('retention-drill-empty', {}, slow)).toHaveTextContent('没有符合条件的玩家。');
  await expect(within(d).getByTestId('retention-drill-export')).toBeDisabled();
});

export const Failed: PageStory = pageStory(at(PATH, {}, { failing: ['drill'] }), chartReady('retention-chart'), async (canvas, context) => {
  const d = await openWeekAgo(canvas);
  await expect(await within(d).findByTestId('retention-drill-error', {}, slow)).toHaveTextContent(SERVICE_ERROR);
  const calls = mock(context).drills.length;
  await userEvent.click(within(d).getByTestId('retention-drill-error-retry'));
  await waitFor(() => expect(mock(context).drills.length).toBe(calls + 1), slow);
});

export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('retention-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId(`retention-drill-${weekAgo()}-0`));
  const d = await dialog();
  const table = await within(d).findByTestId('retention-drill-table', {}, slow);
  await expect(cells(table).some((r) => /^player-with-a-very-long-distinct-id/.test(r[1] ?? ''))).toBe(true);
  // Page 2 of a long cohort.
  await userEvent.click(within(d).getByRole('button', { name: '第 2 页' }));
  await waitFor(() => expect(mock(context).drills.at(-1)?.get('page')).toBe('2'), slow);
  await waitFor(() => expect(within(d).getByTestId('retention-drill-table').getAttribute('aria-busy')).not.toBe('true'), slow);
  const content = d.querySelector('.p-dialog-content') as HTMLElement;
  await expect(content.scrollWidth).toBeLessThanOrEqual(content.clientWidth + 1);
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('retention-chart'), async (canvas) => {
  const day = weekAgo();
  const expected = playersOfDay(day, false, mockToday()).filter((p) => p.back.has(7)).length;
  await userEvent.click(canvas.getByTestId(`retention-drill-${day}-7`));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('retention-drill-total')).toHaveTextContent(`${expected} players`), slow);
  await expect(within(d).getByTestId('retention-drill-summary')).toHaveTextContent(`Registered ${day} · retained on Day 7`);
  await expect(within(d).getByText('Active days (days 0–7)')).toBeVisible();
});
