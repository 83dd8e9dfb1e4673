import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPalette } from '../../../../../components/charts/EChart';
import type { FunnelStep } from '../../../../../stores/types';

/** Players per step as a funnel (ordered as the funnel, not sorted by size), with the overall conversion. */
export function funnelChartOption(steps: FunnelStep[], palette: ChartPalette, label: (event: string, i: number) => string, percent: (ratio: number) => string): EChartsCoreOption {
  const names = steps.map((s, i) => label(s.event, i));
  return {
    color: palette.series,
    textStyle: { color: palette.text },
    tooltip: { trigger: 'item', formatter: (p: { dataIndex: number }) => `${names[p.dataIndex] ?? ''}<br/>${steps[p.dataIndex]?.players ?? 0} · ${percent(steps[p.dataIndex]?.conversion ?? 0)}` },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: '10%',
        width: '80%',
        top: 10,
        bottom: 10,
        minSize: '8%',
        gap: 2,
        label: { show: true, position: 'inside', color: '#fff', formatter: (p: { dataIndex: number }) => `${names[p.dataIndex] ?? ''}  ${percent(steps[p.dataIndex]?.conversion ?? 0)}` },
        itemStyle: { borderWidth: 0 },
        data: steps.map((s, i) => ({ name: names[i], value: s.players, itemStyle: { color: palette.series[0], opacity: 1 - (0.35 * i) / Math.max(1, steps.length - 1) } })),
      },
    ],
  };
}
