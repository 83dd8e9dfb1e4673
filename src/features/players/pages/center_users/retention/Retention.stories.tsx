import { expect, userEvent, waitFor, within } from 'storybook/test';
import { lastDays } from '../../../../../../stories/mocks/dates';
import { mockToday, playersBackend, playersOfDay, retentionOf } from '../players-mocks';
import { at, cells, mock, SERVICE_ERROR, shows, slow } from '../story-kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../../../stories/kit';

/** 留存分析 (center_users/retention) on the players mock back end. */
export default { title: 'Pages/Players/Retention', ...routesOn(playersBackend()) } satisfies PageMeta;

const PATH = '/center_users/retention';
const pct = (r: number | null) => (r === null ? '-' : `${(r * 100).toFixed(1)}%`);

/** The last 30 cohorts, newest first, every figure as computed from the raw mock players; the definition on the page. */
export const Retention: PageStory = pageStory(at(PATH), chartReady('retention-chart'), async (canvas, context) => {
  const { start, end } = lastDays(30);
  const today = mockToday();
  const expected = retentionOf(
    [...Array(30).keys()].flatMap((i) => playersOfDay(new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), false, today)),
    start,
    end,
    null,
    null,
    today,
    false,
  );
  const rows = cells(canvas.getByTestId('retention-table'));
  await expect(rows).toHaveLength(30);
  await expect(rows[0]?.[0]).toBe(end);
  const oldest = expected.cohorts[0]!;
  await expect(rows[29]).toEqual([oldest.day, String(oldest.players), ...(['1', '3', '7', '14', '30'] as const).map((k) => pct(oldest.retention[k]))]);
  // Today's cohort has no day 1 yet.
  await expect(rows[0]?.slice(2)).toEqual(['-', '-', '-', '-', '-']);
  const total = cells(canvas.getByTestId('retention-table'), 'tfoot')[0] ?? [];
  await expect(total.slice(0, 4)).toEqual(['全部同期群', expected.total.players.toLocaleString('zh-CN'), pct(expected.total.retention['1']), pct(expected.total.retention['3'])]);
  await expect(canvas.getByTestId('retention-definition')).toHaveTextContent('第 N 日留存');
  await expect(mock(context).reports.at(-1)?.query.toString()).toBe(`start=${start}&end=${end}`);
});

/** A game and a channel (the unknown one too) ask again with them. */
export const GameAndChannel: PageStory = pageStory(at(PATH), chartReady('retention-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('retention-game'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '消消乐园' }, slow));
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('game')).toBe('5'), slow);
  await userEvent.click(canvas.getByTestId('retention-channel'));
  await userEvent.click(await within(document.body).findByRole('option', { name: '未知渠道' }, slow));
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('channel')).toBe(''), slow);
  await userEvent.click(canvas.getByTestId('retention-channel'));
  await userEvent.click(await within(document.body).findByRole('option', { name: 'huawei' }, slow));
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.toString()).toContain('game=5&start='), slow);
  await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('channel')).toBe('huawei'), slow);
  await waitFor(() => expect(cells(canvas.getByTestId('retention-table'))).toHaveLength(30), slow);
});

export const Empty: PageStory = shows(at(PATH, {}, { empty: ['retention'] }), 'retention-empty', '所选范围内没有新增玩家。');

export const Loading: PageStory = shows(at(PATH, {}, { slow: ['retention'] }), 'retention-loading');

export const Error: PageStory = shows(at(PATH, {}, { failing: ['retention'] }), 'retention-error', SERVICE_ERROR);

export const LongContent: PageStory = pageStory(at(PATH, {}, { long: true }), chartReady('retention-chart'), async (canvas) => {
  await expect(cells(canvas.getByTestId('retention-table'))).toHaveLength(30);
  await userEvent.click(canvas.getByTestId('retention-channel'));
  await expect(await within(document.body).findByRole('option', { name: 'official-website-partner-program-2026' }, slow)).toBeInTheDocument();
});

export const English: PageStory = pageStory(at(PATH, { language: 'en' }), chartReady('retention-chart'), async (canvas) => {
  await expect(canvas.getByTestId('retention-total')).toHaveTextContent('All cohorts');
  await expect(canvas.getByTestId('retention-definition')).toHaveTextContent('retained on day N');
  await expect(canvas.getByText('Day 30')).toBeVisible();
});
