import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPalette } from '../../../../../components/charts/EChart';
import type { SessionAnalysis } from '../../../../../stores/types';

/** Sessions per length bucket (bars). */
export function histogramOption(result: SessionAnalysis, palette: ChartPalette, bucketLabel: (from: number, to: number | null) => string): EChartsCoreOption {
  return {
    color: palette.series,
    textStyle: { color: palette.text },
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: result.histogram.map((b) => bucketLabel(b.from_seconds, b.to_seconds)), axisLabel: { color: palette.muted, interval: 0, hideOverlap: false, fontSize: 11 }, axisLine: { lineStyle: { color: palette.line } } },
    yAxis: { type: 'value', axisLabel: { color: palette.muted }, splitLine: { lineStyle: { color: palette.line } } },
    series: [{ type: 'bar', data: result.histogram.map((b) => b.sessions), itemStyle: { color: palette.primary }, barMaxWidth: 48 }],
  };
}

/** Sessions per day (bars) and the average length in minutes (line, right axis). */
export function daysOption(result: SessionAnalysis, palette: ChartPalette, names: { sessions: string; avgMinutes: string }): EChartsCoreOption {
  return {
    color: palette.series,
    textStyle: { color: palette.text },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: palette.text } },
    grid: { left: 56, right: 56, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: result.days.map((d) => d.day), axisLabel: { color: palette.muted }, axisLine: { lineStyle: { color: palette.line } } },
    yAxis: [
      { type: 'value', axisLabel: { color: palette.muted }, splitLine: { lineStyle: { color: palette.line } } },
      { type: 'value', axisLabel: { color: palette.muted }, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.sessions, data: result.days.map((d) => d.sessions), itemStyle: { color: palette.primary }, barMaxWidth: 32 },
      { type: 'line', name: names.avgMinutes, yAxisIndex: 1, data: result.days.map((d) => Math.round((d.avg_seconds / 60) * 10) / 10), itemStyle: { color: palette.series[1] } },
    ],
  };
}
