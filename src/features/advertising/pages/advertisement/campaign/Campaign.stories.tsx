import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../../../stories/console';
import { formatMoney } from '../../../../../stores/format/money';
import { advertisingBackend, campaignDay, mockCampaigns, type AdvertisingMockOptions, type AdvertisingMockState } from '../advertising-mocks';
import { cells, SERVICE_ERROR, shows, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 广告计划 (advertisement/campaign): figures, charts, the campaigns and their spend on the advertising mock back end. */
export default { title: 'Pages/Advertisement/Campaign', ...routesOn(advertisingBackend()) } satisfies PageMeta;

const at = (extra: Record<string, unknown> = {}, backend: AdvertisingMockOptions = {}) => ({ console: { path: '/advertisement/campaign', signedIn: true, ...extra }, backend: advertisingBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }) => (storyBackend(context) as unknown as { ads: AdvertisingMockState }).ads;
const daysOf = (start: string, end: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

/** Figures per campaign equal the mock's daily rows summed; KPIs, both charts and the campaign list show. */
export const Figures: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const table = await canvas.findByTestId('ads-perf-table', {}, slow);
    const q = mock(context).calls.find((c) => c.path.endsWith('/performance/'))?.query;
    const days = daysOf(q?.get('start') ?? '', q?.get('end') ?? '');
    const first = mockCampaigns(false)[0];
    const spend = days.reduce((s, d) => s + campaignDay(first?.id ?? 0, d).spend, 0);
    const installs = days.reduce((s, d) => s + campaignDay(first?.id ?? 0, d).installs, 0);
    const row = cells(table).find((r) => r[0] === first?.name) ?? [];
    await expect([row[4], row[7], row[8]]).toEqual([formatMoney(spend), String(installs), formatMoney(Math.round(spend / installs))]);
    await expect(canvas.getByTestId('ads-spend-chart')).toBeInTheDocument();
    await expect(canvas.getByTestId('ads-funnel-chart')).toBeInTheDocument();
    await expect(await canvas.findByTestId('campaigns-table', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(cells(canvas.getByTestId('campaigns-table')).length).toBe(4), slow);
  },
};

/** 每日花费: the days entered; a day typed in yuan is PUT as fen and the total follows. */
export const Spend: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(cells(canvas.getByTestId('campaigns-table')).length).toBe(4), slow);
    const [button] = await canvas.findAllByTestId('row-spend', {}, slow);
    await userEvent.click(button as HTMLElement);
    const dialog = within(await within(document.body).findByTestId('spend-dialog', {}, slow));
    await expect(await dialog.findByTestId('spend-total', {}, slow)).toHaveTextContent(formatMoney(20_050));
    await userEvent.type(dialog.getByTestId('spend-amount'), '12.3');
    await userEvent.click(dialog.getByTestId('spend-save'));
    await waitFor(() => expect(dialog.getByTestId('spend-total')).toHaveTextContent(formatMoney(20_050 + 1_230)), slow);
    const put = mock(context).calls.find((c) => c.method === 'PUT');
    await expect((put?.body as { days: Array<{ amount: number }> }).days[0]?.amount).toBe(1_230);
  },
};

/** A fractional fen amount is refused in the dialog before anything is sent. */
export const SpendRefused: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(cells(canvas.getByTestId('campaigns-table')).length).toBe(4), slow);
    const [button] = await canvas.findAllByTestId('row-spend', {}, slow);
    await userEvent.click(button as HTMLElement);
    const dialog = within(await within(document.body).findByTestId('spend-dialog', {}, slow));
    await userEvent.type(dialog.getByTestId('spend-amount'), '1.234');
    await expect(dialog.getByTestId('spend-save')).toBeDisabled();
    await expect(dialog.getByText('请输入不小于 0 的金额（元），最多两位小数。')).toBeVisible();
  },
};

export const Empty: PageStory = shows(at({}, { empty: true }), 'ads-perf-empty');

export const Loading: PageStory = shows(at({}, { slow: ['performance'] }), 'ads-perf-loading');

export const Error: PageStory = shows(at({}, { failing: ['performance'] }), 'ads-perf-error', SERVICE_ERROR);

/** Fourteen campaigns, one with a very long name. */
export const LongContent: PageStory = {
  parameters: at({}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(cells(canvas.getByTestId('ads-perf-table'))).toHaveLength(14), slow);
  },
};

/** A read-only analyst: no 新增, the spend dialog shows the days without the entry form. */
export const ReadOnly: PageStory = {
  parameters: at({}, { readOnly: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(cells(canvas.getByTestId('campaigns-table')).length).toBe(4), slow);
    await expect(canvas.queryByTestId('crud-add')).toBeNull();
    const [button] = await canvas.findAllByTestId('row-spend', {}, slow);
    await userEvent.click(button as HTMLElement);
    const dialog = within(await within(document.body).findByTestId('spend-dialog', {}, slow));
    await dialog.findByTestId('spend-total', {}, slow);
    await expect(dialog.queryByTestId('spend-save')).toBeNull();
  },
};

export const English: PageStory = pageStory(at({ language: 'en' }), shown('ads-perf-table'), async (canvas) => {
  await expect(canvas.getAllByText('Attributed revenue')[0]).toBeVisible();
  await expect(canvas.getByText('Daily clicks and installs')).toBeVisible();
});

/** The campaign list shows its status once: 状态 (投放中/已暂停/已结束), no second column repeating it. */
export const StatusColumnOnce: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(cells(canvas.getByTestId('campaigns-table')).length).toBe(4), slow);
    const heads = [...canvas.getByTestId('campaigns-table').querySelectorAll('[role="columnheader"]')].map((th) => th.textContent?.trim() ?? '');
    await expect(heads.filter((h) => h.startsWith('状态'))).toHaveLength(1);
    await expect(heads.some((h) => h.startsWith('投放中'))).toBe(false);
  },
};
