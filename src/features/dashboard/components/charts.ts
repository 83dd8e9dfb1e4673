import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPalette } from '../../../components/charts/EChart';
import { formatClock } from '../../../stores/format';

/** The live dashboards' chart options: lines over time (minutes or samples), one or two value axes. */

export interface Series {
  name: string;
  values: number[];
  /** On the right axis (a second unit). */
  right?: boolean;
  bar?: boolean;
  format?: (v: number) => string;
}

const axisStyle = (p: ChartPalette) => ({ axisLabel: { color: p.muted }, axisLine: { lineStyle: { color: p.line } } });

export function timeLines(p: ChartPalette, labels: string[], series: Series[], axes: { left?: (v: number) => string; right?: (v: number) => string } = {}): EChartsCoreOption {
  const twoAxes = series.some((s) => s.right);
  const valueAxis = (formatter?: (v: number) => string, split = true) => ({
    type: 'value',
    minInterval: formatter ? undefined : 1,
    axisLabel: { color: p.muted, ...(formatter ? { formatter } : {}) },
    splitLine: { show: split, lineStyle: { color: p.line } },
  });
  return {
    color: p.series,
    textStyle: { color: p.text },
    animation: false,
    tooltip: {
      trigger: 'axis',
      formatter: (items: Array<{ axisValue: string; seriesIndex: number; value: number; marker: string; seriesName: string }>) => {
        const head = items[0]?.axisValue ?? '';
        return [head, ...items.map((i) => `${i.marker}${i.seriesName}: ${series[i.seriesIndex]?.format?.(i.value) ?? i.value.toLocaleString()}`)].join('<br/>');
      },
    },
    legend: series.length > 1 ? { top: 0, textStyle: { color: p.text } } : undefined,
    grid: { left: 56, right: twoAxes ? 64 : 16, top: series.length > 1 ? 32 : 12, bottom: 28 },
    xAxis: { type: 'category', data: labels, ...axisStyle(p) },
    yAxis: twoAxes ? [valueAxis(axes.left), valueAxis(axes.right, false)] : valueAxis(axes.left),
    series: series.map((s) => ({
      type: s.bar ? 'bar' : 'line',
      name: s.name,
      data: s.values,
      yAxisIndex: twoAxes && s.right ? 1 : 0,
      showSymbol: false,
      smooth: false,
      barMaxWidth: 10,
    })),
  };
}

/** HH:mm of an ISO instant on the console's clock (stores/format's display zone). */
export const clock = (iso: string): string => formatClock(iso);
export const clockSeconds = (iso: string): string => formatClock(iso, true);
