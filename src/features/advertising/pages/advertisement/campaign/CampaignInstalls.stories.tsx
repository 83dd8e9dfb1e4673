import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../../../stories/console';
import { advertisingBackend, campaignInstallRows, mockCampaigns, type AdvertisingMockOptions, type AdvertisingMockState } from '../advertising-mocks';
import { cells, SERVICE_ERROR, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, pageStory, routesOn, shown } from '../../../../../../stories/kit';
import { formatInstant } from '../../../../../stores/format';

/**
 * 广告计划's drill-down on the advertising mock back end (answers shaped by contracts/schemas/advertising):
 * a campaign's installs figure opens the installs attributed to it for the range, game and window on
 * screen — their count is the figure — paged, exported with the screen's Export button; loading, empty,
 * error, long content; English.
 */
export default { title: 'Pages/Advertisement/CampaignInstalls', ...routesOn(advertisingBackend()) } satisfies PageMeta;

const at = (extra: Record<string, unknown> = {}, backend: AdvertisingMockOptions = {}) => ({ console: { path: '/advertisement/campaign', signedIn: true, ...extra }, backend: advertisingBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }) => (storyBackend(context) as unknown as { ads: AdvertisingMockState }).ads;
const body = () => within(document.body);
const dialog = () => body().findByTestId('campaign-installs', {}, slow);
const first = () => mockCampaigns(false)[0]!;
const perfQuery = (context: { parameters: Record<string, unknown> }) => mock(context).calls.filter((c) => c.path.endsWith('/performance/')).at(-1)?.query;
const installCalls = (context: { parameters: Record<string, unknown> }) => mock(context).calls.filter((c) => c.path.endsWith('/installs/'));
const open = async (canvas: ReturnType<typeof within>, campaign = first().id) => {
  await userEvent.click(await canvas.findByTestId(`ads-installs-drill-${campaign}`, {}, slow));
  return dialog();
};

/** The figure in the table = the dialog's total; the list asks with the answer's range and window; page 2; export. */
export const CountIsTheFigure: PageStory = pageStory(at(), shown('ads-perf-table'), async (canvas, context) => {
  const c = first();
  const figure = canvas.getByTestId(`ads-installs-drill-${c.id}`).textContent ?? '';
  const q = perfQuery(context);
  const start = q?.get('start') ?? '';
  const end = q?.get('end') ?? '';
  const rows = campaignInstallRows(c, start, end, 7, false);
  await expect(figure).toBe(String(rows.length));
  const d = await open(canvas);
  await waitFor(() => expect(within(d).getByTestId('campaign-installs-total')).toHaveTextContent(`共 ${rows.length} 个激活`), slow);
  await expect(within(d).getByTestId('campaign-installs-summary')).toHaveTextContent(`${start} 至 ${end} · 全部游戏 · 归因窗口 7 天`);
  await expect([...(installCalls(context).at(-1)?.query.entries() ?? [])]).toEqual([['campaign', String(c.id)], ['start', start], ['end', end], ['window', '7'], ['page', '1'], ['limit', '20']]);
  const table = within(d).getByTestId('campaign-installs-table');
  await expect(cells(table).map((r) => [r[0], r[4]])).toEqual(rows.slice(0, 20).map((r) => [r.distinct_id, formatInstant(r.install_time)]));
  await userEvent.click(within(d).getByRole('button', { name: /2/ }));
  await waitFor(() => expect(installCalls(context).at(-1)?.query.get('page')).toBe('2'), slow);
  await waitFor(() => expect(cells(within(d).getByTestId('campaign-installs-table'))[0]?.[0]).toBe(rows[20]?.distinct_id), slow);
  await userEvent.click(within(d).getByTestId('campaign-installs-export'));
  await waitFor(() => expect(mock(context).calls.find((x) => x.path.endsWith('/installs/export_data/'))?.query.toString()).toBe(`campaign=${c.id}&start=${start}&end=${end}&window=7`), slow);
});

/** The game filter and window of the answer on screen go with the list. */
export const GameAndWindow: PageStory = pageStory(at(), shown('ads-perf-table'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('ads-perf-window'));
  await userEvent.click(await body().findByRole('option', { name: '14 天' }, slow));
  await waitFor(() => expect(perfQuery(context)?.get('window')).toBe('14'), slow);
  await userEvent.click(canvas.getByTestId('ads-perf-game'));
  await userEvent.click(await body().findByRole('option', { name: first().game_name }, slow));
  await waitFor(() => expect(perfQuery(context)?.get('game')).toBe(String(first().game)), slow);
  const d = await open(canvas);
  await waitFor(() => expect(installCalls(context).at(-1)?.query.get('game')).toBe(String(first().game)), slow);
  await expect(installCalls(context).at(-1)?.query.get('window')).toBe('14');
  await waitFor(() => expect(within(d).getByTestId('campaign-installs-summary')).toHaveTextContent(`${first().game_name} · 归因窗口 14 天`), slow);
});

/** Without the screen's Export button the list opens, without 导出. */
export const WithoutExport: PageStory = pageStory(at({}, { noExport: true }), shown('ads-perf-table'), async (canvas) => {
  const d = await open(canvas);
  await within(d).findByTestId('campaign-installs-table', {}, slow);
  await expect(within(d).queryByTestId('campaign-installs-export')).toBeNull();
});

export const Loading: PageStory = pageStory(at({}, { slow: ['installs'] }), shown('ads-perf-table'), async (canvas) => {
  const d = await open(canvas);
  await expect(await within(d).findByTestId('campaign-installs-loading', {}, slow)).toHaveTextContent('正在加载激活玩家…');
});

/** The data changed since the figure: the list answers none. */
export const Empty: PageStory = pageStory(at({}, { noInstalls: true }), shown('ads-perf-table'), async (canvas) => {
  const d = await open(canvas);
  await expect(await within(d).findByTestId('campaign-installs-empty', {}, slow)).toHaveTextContent('该范围内没有归因到此计划的激活。');
  await expect(within(d).getByTestId('campaign-installs-export')).toBeDisabled();
});

export const Failed: PageStory = pageStory(at({}, { failing: ['installs'] }), shown('ads-perf-table'), async (canvas, context) => {
  const d = await open(canvas);
  await expect(await within(d).findByTestId('campaign-installs-error', {}, slow)).toHaveTextContent(SERVICE_ERROR);
  const calls = installCalls(context).length;
  await userEvent.click(within(d).getByTestId('campaign-installs-error-retry'));
  await waitFor(() => expect(installCalls(context).length).toBe(calls + 1), slow);
});

/** A very long campaign name, player and device id: the dialog does not scroll sideways. */
export const LongContent: PageStory = pageStory(at({}, { long: true }), shown('ads-perf-table'), async (canvas) => {
  const d = await open(canvas, mockCampaigns(true)[0]!.id);
  const table = await within(d).findByTestId('campaign-installs-table', {}, slow);
  await expect(cells(table)[0]?.[0]).toBe('player-with-a-very-long-account-identifier-0123456789-abcdefghijklmnop');
  const content = d.querySelector('.p-dialog-content') as HTMLElement;
  await expect(content.scrollWidth).toBeLessThanOrEqual(content.clientWidth + 1);
});

export const English: PageStory = pageStory(at({ language: 'en' }), shown('ads-perf-table'), async (canvas, context) => {
  const q = perfQuery(context);
  const n = campaignInstallRows(first(), q?.get('start') ?? '', q?.get('end') ?? '', 7, false).length;
  const d = await open(canvas);
  await waitFor(() => expect(within(d).getByTestId('campaign-installs-total')).toHaveTextContent(`${n} installs`), slow);
  await expect(within(d).getByText(`Installs of ${first().name}`)).toBeVisible();
  await expect(within(d).getByTestId('campaign-installs-summary')).toHaveTextContent('All games · attribution window 7 days');
});
