import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPalette } from '../../../../../components/charts/EChart';
import type { EventAnalysis } from '../../../../../stores/types';
import type { ChartKind } from '../../../stores/tracking';

/**
 * The event trend as an ECharts option: one series per line of the answer on the server's bucket
 * labels; with a comparison, the previous period's lines dashed (line) or faded (bar) on the same
 * positions, named with the previous-period suffix.
 */
export function eventChartOption(result: EventAnalysis, kind: ChartKind, palette: ChartPalette, label: (line: { event: string; group: string | null }) => string, previousSuffix: string): EChartsCoreOption {
  const series: Array<Record<string, unknown>> = result.lines.map((line, i) => ({
    type: kind,
    name: label(line),
    data: line.values,
    showSymbol: result.times.length <= 60,
    itemStyle: { color: palette.series[i % palette.series.length] },
    lineStyle: { width: 2 },
  }));
  for (const [i, line] of (result.previous?.lines ?? []).entries()) {
    const at = result.lines.findIndex((l) => l.key === line.key);
    const color = palette.series[(at >= 0 ? at : i) % palette.series.length];
    series.push({
      type: kind,
      name: `${label(line)} (${previousSuffix})`,
      data: line.values,
      showSymbol: false,
      itemStyle: { color, opacity: kind === 'bar' ? 0.4 : 1 },
      lineStyle: { type: 'dashed', width: 1.5, opacity: 0.7 },
    });
  }
  return {
    color: palette.series,
    textStyle: { color: palette.text },
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0, textStyle: { color: palette.text } },
    grid: { left: 48, right: 24, top: 40, bottom: result.times.length > 31 ? 56 : 32 },
    xAxis: { type: 'category', data: result.times, boundaryGap: kind === 'bar', axisLabel: { color: palette.muted }, axisLine: { lineStyle: { color: palette.line } } },
    yAxis: { type: 'value', axisLabel: { color: palette.muted }, splitLine: { lineStyle: { color: palette.line } } },
    ...(result.times.length > 31 ? { dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] } : {}),
    series,
  };
}
