import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { storyConsole } from '../../../stories/console';
import { EChart, type ChartPalette } from './EChart';
import { componentOn } from '../../../stories/kit';

/**
 * The chart wrapper: ECharts 6 loaded on first use, option set with notMerge, colours from
 * the theme colour variable, created anew when the colour or the language changes.
 */
const bars = (p: ChartPalette) => ({
  animation: false,
  grid: { left: 0, right: 0, top: 0, bottom: 0 },
  xAxis: { type: 'category', show: false, data: ['a', 'b', 'c'] },
  yAxis: { type: 'value', show: false, max: 10 },
  series: [{ type: 'bar', data: [10, 10, 10], barWidth: '100%', itemStyle: { color: p.primary } }],
});

const meta = { title: 'Components/EChart', ...componentOn(EChart, {}, { option: bars, label: '示例图表', height: 200, testId: 'chart' }) } satisfies Meta<typeof EChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Whether some pixel of the chart's canvas has this colour (#rrggbb). */
function painted(el: HTMLElement, hex: string): boolean {
  const canvas = el.querySelector('canvas');
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return false;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 0; i < data.length; i += 4 * 97) if (Math.abs(data[i]! - r!) < 3 && Math.abs(data[i + 1]! - g!) < 3 && Math.abs(data[i + 2]! - b!) < 3) return true;
  return false;
}

/** Drawn on a canvas in the theme colour, with its accessible name. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByTestId('chart');
    await waitFor(() => expect(chart.dataset.ready).toBe('true'), { timeout: 10_000 });
    await expect(within(canvasElement).getByRole('img', { name: '示例图表' })).toBeInTheDocument();
    const primary = getComputedStyle(document.documentElement).getPropertyValue('--primary-color').trim() || '#409eff';
    await waitFor(() => expect(painted(chart, primary)).toBe(true));
  },
};

/** A new theme colour re-creates the chart in that colour. */
export const FollowsThemeColour: Story = {
  play: async (context) => {
    const chart = within(context.canvasElement).getByTestId('chart');
    await waitFor(() => expect(chart.dataset.ready).toBe('true'), { timeout: 10_000 });
    await storyConsole(context).app.root.theme.setColor('#c71585');
    await waitFor(() => expect(painted(chart, '#c71585')).toBe(true), { timeout: 10_000 });
  },
};

/** A chart in a narrow box resizes with it. */
export const ResizesWithItsBox: Story = {
  render: (args) => (
    <div id="chart-box" style={{ width: 300 }}>
      <EChart {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByTestId('chart');
    await waitFor(() => expect(chart.dataset.ready).toBe('true'), { timeout: 10_000 });
    await waitFor(() => expect(chart.querySelector('canvas')?.getBoundingClientRect().width).toBe(300));
    (canvasElement.querySelector('#chart-box') as HTMLElement).style.width = '500px';
    await waitFor(() => expect(chart.querySelector('canvas')?.getBoundingClientRect().width).toBe(500));
  },
};
