import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPalette } from '../charts/EChart';

/**
 * The revenue screens' chart options. Money goes in as minor units and is drawn in yuan (÷ 100, for
 * the axis only: tooltips and labels use the formatter the page passes, i.e. formatMoney).
 */

const axis = (p: ChartPalette) => ({ axisLabel: { color: p.muted }, axisLine: { lineStyle: { color: p.line } } });
const valueAxis = (p: ChartPalette, formatter?: (v: number) => string) => ({ type: 'value', axisLabel: { color: p.muted, ...(formatter ? { formatter } : {}) }, splitLine: { lineStyle: { color: p.line } } });
/** An axis tick in whole yuan, grouped (the same in both languages). */
const yuanAxis = (v: number) => Math.round(v / 100).toLocaleString('en-US');

export interface Line {
  name: string;
  values: number[];
  /** Drawn dashed (a comparison). */
  dashed?: boolean;
}

/** Lines (or bars) over days, money on the axis in yuan; `money` formats the tooltip's figures. */
export function dailyOption(p: ChartPalette, days: string[], lines: Line[], options: { money?: (minor: number) => string; bar?: boolean } = {}): EChartsCoreOption {
  const money = options.money;
  return {
    color: p.series,
    textStyle: { color: p.text },
    tooltip: {
      trigger: 'axis',
      ...(money ? { valueFormatter: (v: unknown) => (typeof v === 'number' ? money(v) : String(v)) } : {}),
    },
    legend: lines.length > 1 ? { top: 0, textStyle: { color: p.text } } : undefined,
    grid: { left: 64, right: 16, top: lines.length > 1 ? 36 : 16, bottom: 32 },
    xAxis: { type: 'category', data: days, ...axis(p) },
    yAxis: valueAxis(p, money ? yuanAxis : undefined),
    series: lines.map((l, i) => ({
      type: options.bar && i === 0 ? 'bar' : 'line',
      name: l.name,
      data: l.values,
      smooth: false,
      showSymbol: days.length <= 31,
      barMaxWidth: 28,
      ...(l.dashed ? { lineStyle: { type: 'dashed' } } : {}),
    })),
  };
}

export interface Slice {
  name: string;
  value: number;
}

/** A pie of positive values (a share of revenue); the tooltip shows money and the percentage. */
export function pieOption(p: ChartPalette, slices: Slice[], money: (minor: number) => string): EChartsCoreOption {
  return {
    color: p.series,
    textStyle: { color: p.text },
    tooltip: { trigger: 'item', formatter: (item: { name: string; value: number; percent: number }) => `${item.name}<br/>${money(item.value)} (${item.percent}%)` },
    legend: { type: 'scroll', orient: 'vertical', right: 8, top: 16, bottom: 16, textStyle: { color: p.text, width: 160, overflow: 'truncate' } },
    series: [{ type: 'pie', radius: ['38%', '68%'], center: ['38%', '52%'], data: slices.filter((s) => s.value > 0), label: { color: p.text, formatter: '{d}%' } }],
  };
}

/** Horizontal bars, largest first at the top (rankings and distribution as bars). */
export function barsOption(p: ChartPalette, slices: Slice[], money: (minor: number) => string): EChartsCoreOption {
  const reversed = [...slices].reverse();
  return {
    color: p.series,
    textStyle: { color: p.text },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => (typeof v === 'number' ? money(v) : String(v)) },
    grid: { left: 8, right: 24, top: 8, bottom: 24, containLabel: true },
    xAxis: valueAxis(p, yuanAxis),
    yAxis: { type: 'category', data: reversed.map((s) => s.name), axisLabel: { color: p.muted, width: 140, overflow: 'truncate' }, axisLine: { lineStyle: { color: p.line } } },
    series: [{ type: 'bar', data: reversed.map((s) => s.value), itemStyle: { color: p.primary }, barMaxWidth: 22 }],
  };
}
