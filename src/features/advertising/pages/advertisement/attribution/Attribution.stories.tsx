import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../../../stories/console';
import { advertisingBackend, type AdvertisingMockOptions, type AdvertisingMockState } from '../advertising-mocks';
import { cells, SERVICE_ERROR, shows, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 归因明细 (advertisement/attribution) on the advertising mock back end. */
export default { title: 'Pages/Advertisement/Attribution', ...routesOn(advertisingBackend()) } satisfies PageMeta;

const at = (extra: Record<string, unknown> = {}, backend: AdvertisingMockOptions = {}) => ({ console: { path: '/advertisement/attribution', signedIn: true, ...extra }, backend: advertisingBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }) => (storyBackend(context) as unknown as { ads: AdvertisingMockState }).ads;

/** Installs with their campaign and click, organic ones without; the KPIs; next page asks page 2. */
export const Installs: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const table = await canvas.findByTestId('att-table', {}, slow);
    const rows = cells(table);
    await expect(rows).toHaveLength(20);
    await expect(rows[0]?.[7]).toBe('最后点击');
    await expect(rows[2]?.[5]).toBe('-');
    await expect(rows[2]?.[7]).toBe('自然新增');
    await expect(canvas.getByTestId('att-kpi-installs-value')).toHaveTextContent('36');
    await expect(canvas.getByTestId('att-kpi-attributed-value')).toHaveTextContent('24');
    await userEvent.click(canvas.getByTestId('att-next'));
    await waitFor(() => expect(cells(canvas.getByTestId('att-table'))).toHaveLength(16), slow);
    await expect(mock(context).calls.at(-1)?.query.get('page')).toBe('2');
  },
};

export const Empty: PageStory = shows(at({}, { empty: true }), 'att-empty', '该范围内没有新增。');

export const Loading: PageStory = shows(at({}, { slow: ['attribution'] }), 'att-loading');

export const Error: PageStory = shows(at({}, { failing: ['attribution'] }), 'att-error', SERVICE_ERROR);

/** 130 installs over 7 pages; a very long player id and campaign name stay in their cells. */
export const LongContent: PageStory = {
  parameters: at({}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(cells(canvas.getByTestId('att-table'))).toHaveLength(20), slow);
    await expect(canvas.getByTestId('att-pager')).toHaveTextContent('第 1 / 7 页，共 130 条');
  },
};

export const English: PageStory = pageStory(at({ language: 'en' }), shown('att-table'), async (canvas) => {
  await expect(canvas.getAllByText('Last click')[0]).toBeVisible();
  await expect(canvas.getByText('Attributed to ads')).toBeVisible();
});
