import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend } from '../../../../../../stories/console';
import { formatMoney } from '../../../../../stores/format/money';
import { cooperateBackend, gameMonth, type CooperateMockOptions, type CooperateMockState } from '../cooperate-mocks';
import { cells, SERVICE_ERROR, shows, slow } from '../../../../../../stories/kit';
import { type PageMeta, type PageStory, pageStory, routesOn, shown } from '../../../../../../stories/kit';

/** 合作报表 (cooperate/reports) on the partner mock back end. */
export default { title: 'Pages/Cooperate/Reports', ...routesOn(cooperateBackend()) } satisfies PageMeta;

const at = (extra: Record<string, unknown> = {}, backend: CooperateMockOptions = {}) => ({ console: { path: '/cooperate/reports', signedIn: true, ...extra }, backend: cooperateBackend(backend) });
const mock = (context: { parameters: Record<string, unknown> }) => (storyBackend(context) as unknown as { cooperate: CooperateMockState }).cooperate;
const monthBack = (n: number) => {
  const d = new Date();
  const p = new Date(d.getFullYear(), d.getMonth() - n, 1);
  return `${p.getFullYear()}-${String(p.getMonth() + 1).padStart(2, '0')}`;
};
const lastMonth = () => monthBack(1);

/** This month by default (lock disabled until it ends); one month back: each game's revenue, the partner's 70 % and the platform's rest, and the total. */
export const Settlements: PageStory = pageStory(at(), shown('settlement-1-table'), async (canvas, context) => {
  await expect(mock(context).calls.find((c) => c.path.endsWith('/reports/'))?.query.get('month')).toBe(monthBack(0));
  await expect(canvas.getByTestId('settlement-1-lock')).toBeDisabled();
  await expect(canvas.getByTestId('reports-month-next')).toBeDisabled();
  await userEvent.click(canvas.getByTestId('reports-month-prev'));
  const month = lastMonth();
  await waitFor(() => expect(mock(context).calls.at(-1)?.query.get('month')).toBe(month), slow);
  await waitFor(() => expect(canvas.getByTestId('settlement-1-lock')).toBeEnabled(), slow);
  const table = canvas.getByTestId('settlement-1-table');
  const g3 = gameMonth(3, month);
  const share3 = Math.round((g3.revenue * 7000) / 10_000);
  await expect(cells(table)[0]).toEqual(['星穹远征', formatMoney(g3.gross), formatMoney(g3.refunds), formatMoney(g3.revenue), String(g3.orders), String(g3.refund_orders), '70.00%', formatMoney(share3), formatMoney(g3.revenue - share3)]);
  const total = gameMonth(3, month).revenue + gameMonth(5, month).revenue;
  await expect(cells(table, 'tfoot')[0]?.[3]).toBe(formatMoney(total));
  await expect(canvas.getByTestId('settlement-4-rate')).toHaveTextContent('未设置分成比例（按 0% 计）');
});

/** Setting a rate from this month on: saved, the history shows it, the month re-read. */
export const SetRate: PageStory = {
  parameters: at(),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const body = within(document.body);
    await userEvent.click(await canvas.findByTestId('settlement-2-rate-btn', {}, slow));
    const input = await body.findByLabelText('合作方分成比例（%）', {}, slow);
    await userEvent.clear(input);
    await userEvent.type(input, '55.5');
    await userEvent.tab();
    await userEvent.click(body.getByTestId('rate-save'));
    await waitFor(() => expect(body.queryByTestId('rate-dialog')).toBeNull(), slow);
    const post = mock(context).calls.find((c) => c.method === 'POST' && c.path.endsWith('/rates/'));
    await expect(post?.body).toEqual({ partner: 2, effective_month: monthBack(0), rate_bp: 5550 });
    await waitFor(() => expect(canvas.getByTestId('settlement-2-rate')).toHaveTextContent('分成比例 55.50%'), slow);
  },
};

/** Locking last month after confirming: the card shows 已锁定 and the actions are gone. */
export const Lock: PageStory = pageStory(at(), shown('settlement-1-table'), async (canvas, context) => {
  await userEvent.click(canvas.getByTestId('reports-month-prev'));
  await waitFor(() => expect(canvas.getByTestId('settlement-1-lock')).toBeEnabled(), slow);
  await userEvent.click(canvas.getByTestId('settlement-1-lock'));
  const dialog = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.p-confirm-dialog');
    if (!found) throw new globalThis.Error('no confirmation yet');
    return found;
  }, slow);
  await expect(dialog).toHaveTextContent(`确认锁定「云顶科技」${lastMonth()} 的结算？`);
  await userEvent.click(within(dialog).getByRole('button', { name: '锁定该月' }));
  await waitFor(() => expect(canvas.getByTestId('settlement-1-status')).toHaveTextContent('已锁定'), slow);
  await expect(canvas.queryByTestId('settlement-1-lock')).toBeNull();
  await expect(mock(context).calls.find((c) => c.path.endsWith('/lock/'))?.body).toEqual({ partner: 1, month: lastMonth() });
});

/** The analyst (no Update button): figures and export, no rate or lock actions. */
export const ReadOnly: PageStory = pageStory(at({}, { readOnly: true }), shown('settlement-1-table'), async (canvas) => {
  await expect(canvas.queryByTestId('settlement-1-rate-btn')).toBeNull();
  await expect(canvas.queryByTestId('settlement-1-lock')).toBeNull();
  await expect(canvas.getByTestId('reports-export')).toBeVisible();
});

export const Empty: PageStory = shows(at({}, { empty: true }), 'reports-empty', '所选月份没有合作方。');

export const Loading: PageStory = shows(at({}, { slow: ['reports'] }), 'reports-loading');

export const Error: PageStory = shows(at({}, { failing: ['reports'] }), 'reports-error', SERVICE_ERROR);

/** Eleven partners, long partner and game names. */
export const LongContent: PageStory = pageStory(at({}, { long: true }), shown('settlement-10-table'), async (canvas) => {
  await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(11);
});

export const English: PageStory = pageStory(at({ language: 'en' }), shown('settlement-1-table'), async (canvas) => {
  await expect(canvas.getAllByText('Partner share')[0]).toBeVisible();
  await expect(canvas.getAllByRole('button', { name: 'Lock month' })[0]).toBeVisible();
});
