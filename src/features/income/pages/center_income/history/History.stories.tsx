import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '../../../../../app/routes';
import { formatMoney } from '../../../../../stores/format/money';
import { figuresOf, incomeBackend, ordersAround } from '../income-mocks';
import { at, cells, lastDays, mock, SERVICE_ERROR, shows, slow } from '../story-kit';

/** 历史收入 (center_income/history) on the revenue mock back end. */
const meta = {
  title: 'Pages/Income/History',
  component: AppRoutes,
  parameters: { backend: incomeBackend() },
} satisfies Meta<typeof AppRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

const PATH = '/center_income/history';

/** The last 30 days against the previous period: a row per day, totals agreeing with the raw orders. */
export const History: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(canvas.getByTestId('history-chart').dataset.ready).toBe('true'), slow);
    const rows = cells(canvas.getByTestId('history-table'));
    await expect(rows).toHaveLength(30);
    const { start, end } = lastDays(30);
    const f = figuresOf(ordersAround(start, end, false, null), start, end);
    const totals = cells(canvas.getByTestId('history-table'), 'tfoot')[0] ?? [];
    await expect(totals.slice(0, 4)).toEqual(['合计', formatMoney(f.revenue), formatMoney(f.gross), formatMoney(f.refunds)]);
    await expect(rows[0]?.[0]).toBe(start);
    await expect(canvas.getByTestId('history-compare-range')).toHaveTextContent('对比区间');
    await expect(mock(context).reports.at(-1)?.query.get('compare')).toBe('previous');
  },
};

/** Same days last month, then no comparison: the compared columns go. */
export const CompareChoices: Story = {
  parameters: at(PATH),
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await waitFor(() => expect(canvas.getByTestId('history-chart').dataset.ready).toBe('true'), slow);
    await userEvent.click(canvas.getByTestId('history-compare'));
    await userEvent.click(await within(document.body).findByRole('option', { name: '上月同期' }, slow));
    await waitFor(() => expect(mock(context).reports.at(-1)?.query.get('compare')).toBe('last_month'), slow);
    await userEvent.click(canvas.getByTestId('history-compare'));
    await userEvent.click(await within(document.body).findByRole('option', { name: '不对比' }, slow));
    await waitFor(() => expect(mock(context).reports.at(-1)?.query.has('compare')).toBe(false), slow);
    await waitFor(() => expect(cells(canvas.getByTestId('history-table'))[0]).toHaveLength(6), slow);
  },
};

export const Empty: Story = shows(at(PATH, {}, { empty: ['history'] }), 'history-empty', '所选范围内没有订单。');

export const Loading: Story = shows(at(PATH, {}, { slow: ['history'] }), 'history-loading');

export const Error: Story = shows(at(PATH, {}, { failing: ['history'] }), 'history-error', SERVICE_ERROR);

export const LongContent: Story = {
  parameters: at(PATH, {}, { long: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('history-chart').dataset.ready).toBe('true'), slow);
    await expect(cells(canvas.getByTestId('history-table'))).toHaveLength(30);
  },
};

export const English: Story = {
  parameters: at(PATH, { language: 'en' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('history-chart').dataset.ready).toBe('true'), slow);
    await expect(canvas.getByText('Compared revenue')).toBeVisible();
    await expect(canvas.getByTestId('history-totals')).toHaveTextContent('Total');
  },
};
