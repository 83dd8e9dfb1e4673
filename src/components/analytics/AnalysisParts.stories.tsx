import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import type { DateRange } from '../../stores/analytics/range';
import { DateRangeInput, FormItem, Kpi, ResultState, TableScroll } from './AnalysisParts';

/**
 * The small parts every analysis screen is built from: a labelled form item with the calendar-day
 * range, the states a result area shows instead of data (loading, empty, a hint, an error with 重试),
 * a KPI row, and a table that scrolls sideways by keyboard.
 */

function States() {
  const [retries, setRetries] = useState(0);
  return (
    <div style={{ padding: 16, display: 'grid', gap: 12 }}>
      <ResultState kind="loading" text="加载中…" testId="state-loading" />
      <ResultState kind="empty" text="所选范围内没有数据" testId="state-empty" />
      <ResultState kind="hint" text="先选择一个事件" testId="state-hint" />
      <ResultState kind="error" text="服务器开小差了" onRetry={() => setRetries((n) => n + 1)} testId="state-error" />
      <p data-testid="retries">{retries}</p>
    </div>
  );
}

function Form({ initial }: { initial: DateRange }) {
  const [range, setRange] = useState(initial);
  return (
    <div style={{ padding: 16 }}>
      <FormItem label="日期范围">
        <DateRangeInput value={range} onChange={setRange} />
      </FormItem>
      <p data-testid="range">{`${range.start}..${range.end}`}</p>
    </div>
  );
}

function Figures({ long }: { long: boolean }) {
  const columns = long ? 24 : 4;
  return (
    <div style={{ padding: 16, maxWidth: 640 }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Kpi label="活跃玩家" value="1,234" testId="kpi-active" />
        <Kpi label="收入" value={long ? '¥123,456,789,012.34' : '¥12.00'} testId="kpi-revenue" />
      </div>
      <TableScroll label="明细">
        <table>
          <thead>
            <tr>
              {Array.from({ length: columns }, (_, i) => (
                <th key={i}>{`第 ${i + 1} 列`}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {Array.from({ length: columns }, (_, i) => (
                <td key={i}>{i * 1000}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

const meta = { title: 'Components/AnalysisParts', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Loading, empty, hint and error; the error's 重试 calls back each time it is pressed. */
export const ResultStates: Story = {
  render: () => <States />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('state-loading')).toHaveAttribute('role', 'status');
    await expect(canvas.getByTestId('state-empty')).toHaveTextContent('所选范围内没有数据');
    await expect(canvas.getByTestId('state-hint')).toHaveTextContent('先选择一个事件');
    await expect(canvas.getByTestId('state-error')).toHaveAttribute('role', 'alert');
    await expect(canvas.queryByTestId('state-empty-retry')).toBeNull();
    await userEvent.click(canvas.getByTestId('state-error-retry'));
    await userEvent.click(canvas.getByTestId('state-error-retry'));
    await expect(canvas.getByTestId('retries')).toHaveTextContent('2');
  },
};

/** A range shows both of its days in the labelled calendar input. */
export const DateRangeFilled: Story = {
  render: () => <Form initial={{ start: '2026-11-01', end: '2026-11-30' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('日期范围')).toBeVisible();
    const input = canvasElement.querySelector('.tracking-range input') as HTMLInputElement | null;
    await expect(input).not.toBeNull();
    await expect(input?.value).toBe('2026-11-01 - 2026-11-30');
  },
};

/** An empty range leaves the input empty. */
export const DateRangeEmpty: Story = {
  render: () => <Form initial={{ start: '', end: '' }} />,
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector('.tracking-range input') as HTMLInputElement | null;
    await expect(input).not.toBeNull();
    await expect(input?.value).toBe('');
  },
};

/** KPI figures and a small table. */
export const Figures4Columns: Story = {
  name: 'Figures',
  render: () => <Figures long={false} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('kpi-active-value')).toHaveTextContent('1,234');
    await expect(canvas.getByRole('region', { name: '明细' })).toHaveAttribute('tabindex', '0');
  },
};

/** Long content: a wide table scrolls inside its focusable region instead of widening the page. */
export const LongContent: Story = {
  render: () => <Figures long />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: '明细' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(canvas.getByTestId('kpi-revenue-value')).toHaveTextContent('¥123,456,789,012.34');
  },
};
