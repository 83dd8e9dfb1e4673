import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../stories/console';
import { trackingBackend, type TrackingMockOptions, type TrackingMockState } from './tracking-mocks';
import { cells, SERVICE_ERROR, slow } from '../../../../stories/kit';
import { type PageMeta, type PageStory, chartReady, pageStory, routesOn } from '../../../../stories/kit';

/**
 * 漏斗分析's drill-down on the tracking mock back end (answers shaped by contracts/schemas/tracking):
 * a step's figure opens its players with the funnel's filters; converted / dropped; paging; 导出 with
 * the same conditions; a breakdown group's players; loading, empty, error, long content; English; no
 * 导出 without the Export button.
 */
export default { title: 'Pages/Tracking/FunnelDrill', ...routesOn(trackingBackend()) } satisfies PageMeta;

const mock = (context: { parameters: Record<string, unknown> }): TrackingMockState => (storyBackend(context) as unknown as { tracking: TrackingMockState }).tracking;
const at = (path: string, extra: Record<string, unknown> = {}, options?: TrackingMockOptions) => ({
  console: { path, signedIn: true, ...extra },
  ...(options ? { backend: trackingBackend(options) } : {}),
});
const body = () => within(document.body);
const dialog = () => body().findByTestId('funnel-drill', {}, slow);

export const StepPlayers: PageStory = pageStory(at('/data_embed/funnel'), chartReady('funnel-chart'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('funnel-drill-2'));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('funnel-drill-total')).toHaveTextContent('共 3,452 人'), slow);
  // The list's count is the figure clicked, with the report's own filters.
  await expect(within(d).getByTestId('funnel-drill-summary')).toHaveTextContent('第 2 步 login · 转化');
  const report = mock(context).reports.at(-1)?.query;
  const asked = mock(context).drills.at(-1);
  await expect([asked?.get('funnel'), asked?.get('start'), asked?.get('end'), asked?.get('step'), asked?.get('kind'), asked?.get('page')]).toEqual([report?.get('funnel'), report?.get('start'), report?.get('end'), '2', 'converted', '1']);
  const rows = cells(within(d).getByTestId('funnel-drill-table'));
  await expect(rows).toHaveLength(20);
  await expect(rows[0]?.[0]).toBe('u100000');
  // Page 2.
  await userEvent.click(within(d).getByRole('button', { name: '第 2 页' }));
  await waitFor(() => expect(cells(within(d).getByTestId('funnel-drill-table'))[0]?.[0]).toBe('u100020'), slow);
  // Dropped after the step: 3,452 − 1,899.
  await userEvent.click(within(d).getByText('流失'));
  await waitFor(() => expect(within(d).getByTestId('funnel-drill-total')).toHaveTextContent('共 1,553 人'), slow);
  await expect(mock(context).drills.at(-1)?.get('kind')).toBe('dropped');
  await expect(mock(context).drills.at(-1)?.get('page')).toBe('1');
  // 导出: the same conditions, no paging.
  await userEvent.click(within(d).getByTestId('funnel-drill-export'));
  await waitFor(() => expect(mock(context).drillExports).toHaveLength(1), slow);
  const exported = mock(context).drillExports[0];
  await expect([exported?.get('funnel'), exported?.get('step'), exported?.get('kind'), exported?.has('page')]).toEqual([report?.get('funnel'), '2', 'dropped', false]);
  await userEvent.click(within(d).getByTestId('funnel-drill-close'));
  await waitFor(() => expect(body().queryByTestId('funnel-drill')).toBeNull(), slow);
});

export const GroupPlayers: PageStory = pageStory(at('/data_embed/funnel'), chartReady('funnel-chart'), async (canvas, context) => {
  // The breakdown offers the entering event's properties, declared or seen in its data.
  await userEvent.click(canvas.getByTestId('funnel-breakdown'));
  await userEvent.click(await within(document.body).findByRole('option', { name: /^channel / }, slow));
  await userEvent.click(canvas.getByTestId('funnel-run'));
  await canvas.findByTestId('funnel-breakdown-table', {}, slow);
  await userEvent.click(canvas.getByTestId('funnel-drill-2-xiaomi'));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('funnel-drill-summary')).toHaveTextContent('分组 xiaomi'), slow);
  // The group's figure clicked is the list's count.
  const figure = canvas.getByTestId('funnel-drill-2-xiaomi').textContent ?? '';
  await expect(figure).toMatch(/^\d[\d,]*$/);
  await waitFor(() => expect(within(d).getByTestId('funnel-drill-total')).toHaveTextContent(`共 ${figure} 人`), slow);
  await expect([mock(context).drills.at(-1)?.get('breakdown'), mock(context).drills.at(-1)?.get('group')]).toEqual(['channel', 'xiaomi']);
  // Players whose entering event lacked the property: group __none__.
  await userEvent.click(within(d).getByTestId('funnel-drill-close'));
  await userEvent.click(canvas.getByTestId('funnel-drill-1-none'));
  await waitFor(() => expect(mock(context).drills.at(-1)?.get('group')).toBe('__none__'), slow);
});

const open = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(canvas.getByTestId('funnel-drill-1'));
  return dialog();
};

export const Loading: PageStory = pageStory(at('/data_embed/funnel', {}, { slow: ['drill.funnel'] }), chartReady('funnel-chart'), async (canvas) => {
  const d = await open(canvas);
  await expect(await within(d).findByTestId('funnel-drill-loading', {}, slow)).toHaveTextContent('正在加载玩家…');
  await expect(within(d).queryByTestId('funnel-drill-total')).toBeNull();
});

export const Empty: PageStory = pageStory(at('/data_embed/funnel', {}, { empty: ['drill.funnel'] }), chartReady('funnel-chart'), async (canvas) => {
  const d = await open(canvas);
  await expect(await within(d).findByTestId('funnel-drill-empty', {}, slow)).toHaveTextContent('没有符合条件的玩家。');
  await expect(within(d).getByTestId('funnel-drill-total')).toHaveTextContent('共 0 人');
  await expect(within(d).getByTestId('funnel-drill-export')).toBeDisabled();
});

export const Failed: PageStory = pageStory(at('/data_embed/funnel', {}, { failing: ['drill.funnel'] }), chartReady('funnel-chart'), async (canvas, context) => {
  const d = await open(canvas);
  await expect(await within(d).findByTestId('funnel-drill-error', {}, slow)).toHaveTextContent(SERVICE_ERROR);
  const calls = mock(context).drills.length;
  await userEvent.click(within(d).getByTestId('funnel-drill-error-retry'));
  await waitFor(() => expect(mock(context).drills.length).toBe(calls + 1), slow);
});

export const LongContent: PageStory = pageStory(at('/data_embed/funnel', {}, { long: true }), chartReady('funnel-chart'), async (canvas) => {
  const d = await open(canvas);
  const table = await within(d).findByTestId('funnel-drill-table', {}, slow);
  await expect(cells(table)[0]?.[0]).toMatch(/^player-with-a-very-long-distinct-id/);
  // Long ids wrap inside the dialog: nothing sticks out sideways.
  const content = d.querySelector('.p-dialog-content') as HTMLElement;
  await expect(content.scrollWidth).toBeLessThanOrEqual(content.clientWidth + 1);
});

export const English: PageStory = pageStory(at('/data_embed/funnel', { language: 'en' }), chartReady('funnel-chart'), async (canvas) => {
  await userEvent.click(canvas.getByTestId('funnel-drill-3'));
  const d = await dialog();
  await waitFor(() => expect(within(d).getByTestId('funnel-drill-total')).toHaveTextContent('1,899 players'), slow);
  await expect(within(d).getByTestId('funnel-drill-summary')).toHaveTextContent('Step 3 battle_start · Converted');
  await expect(within(d).getByText('Dropped')).toBeVisible();
  await expect(within(d).getByTestId('funnel-drill-export')).toHaveTextContent('Export');
});

export const WithoutExport: PageStory = pageStory(at('/data_embed/funnel', {}, { readOnly: true }), chartReady('funnel-chart'), async (canvas) => {
  const d = await open(canvas);
  await within(d).findByTestId('funnel-drill-table', {}, slow);
  await expect(within(d).queryByTestId('funnel-drill-export')).toBeNull();
});
