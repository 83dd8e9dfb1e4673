import { expect, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../../../stories/console';
import { formatMoney } from '../../../../../stores/format/money';
import { cooperateBackend, gameMonth, type CooperateMockOptions, type CooperateMockState } from '../cooperate-mocks';
import { cells, SERVICE_ERROR, shows, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 合作概览 (cooperate/overview) on the partner mock back end. */
export default { title: 'Pages/Cooperate/Overview', ...routesOn(cooperateBackend()) } satisfies PageMeta;

const at = (extra: Record<string, unknown> = {}, backend: CooperateMockOptions = {}) => ({ console: { path: '/cooperate/overview', signedIn: true, ...extra }, backend: cooperateBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }) => (storyBackend(context) as unknown as { cooperate: CooperateMockState }).cooperate;

/** Partners by revenue with their games, revenue and current rate; the total KPI adds up. */
export const Partners: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const table = await canvas.findByTestId('coop-overview-table', {}, slow);
    const rows = cells(table);
    const end = mock(context).calls.find((c) => c.path.endsWith('/overview/'))?.query.get('end') ?? '';
    const month = end.slice(0, 7);
    const a = gameMonth(3, month).revenue + gameMonth(5, month).revenue;
    const b = gameMonth(8, month).revenue;
    const expected = [
      ['云顶科技', a, '70.0%'],
      ['北极光网络', b, '60.0%'],
    ].sort((x, y) => (y[1] as number) - (x[1] as number));
    await expect(rows.slice(0, 2).map((r) => [r[0], r[5], r[9]])).toEqual(expected.map(([n, v, r]) => [n, formatMoney(v as number), r]));
    await expect(rows[2]?.[9]).toBe('未设置');
    await expect(canvas.getByTestId('coop-kpi-revenue-value')).toHaveTextContent(formatMoney(a + b));
    await expect(canvas.getByTestId('coop-overview-chart')).toBeInTheDocument();
  },
};

export const Empty: PageStory = shows(at({}, { empty: true }), 'coop-overview-empty', '还没有合作方。');

export const Loading: PageStory = shows(at({}, { slow: ['overview'] }), 'coop-overview-loading');

export const Error: PageStory = shows(at({}, { failing: ['overview'] }), 'coop-overview-error', SERVICE_ERROR);

/** Eleven partners, one with a very long name. */
export const LongContent: PageStory = {
  parameters: at({}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(cells(canvas.getByTestId('coop-overview-table'))).toHaveLength(11), slow);
  },
};

export const English: PageStory = pageStory(at({ language: 'en' }), shown('coop-overview-table'), async (canvas) => {
  await expect(canvas.getByText('Share of revenue')).toBeVisible();
  await expect(canvas.getByText('Revenue by partner')).toBeVisible();
});
