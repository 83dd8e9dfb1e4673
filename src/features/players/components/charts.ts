import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPalette } from '../../../components/charts/EChart';

/** The retention curve: day 1..N on x, retention in % on y (null = not reached yet: a gap). */
export function curveOption(p: ChartPalette, name: string, percents: Array<number | null>, dayLabel: (n: number) => string): EChartsCoreOption {
  return {
    color: p.series,
    textStyle: { color: p.text },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)}%` : '-') },
    grid: { left: 56, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: percents.map((_, i) => dayLabel(i + 1)), axisLabel: { color: p.muted }, axisLine: { lineStyle: { color: p.line } } },
    yAxis: { type: 'value', min: 0, axisLabel: { color: p.muted, formatter: '{value}%' }, splitLine: { lineStyle: { color: p.line } } },
    series: [{ type: 'line', name, data: percents, smooth: true, showSymbol: true, connectNulls: false, areaStyle: { opacity: 0.12 } }],
  };
}
