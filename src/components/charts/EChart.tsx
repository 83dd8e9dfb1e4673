import type { EChartsCoreOption } from 'echarts/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { registerTexts } from '../../i18n/texts';
import { useStore } from '../store-context';
import type { ECharts } from './echarts-setup';
import './charts.css';

/** Colours a chart takes from the console's appearance (canvas cannot read CSS variables itself). */
export interface ChartPalette {
  primary: string;
  /** One colour per series: the theme colour first. */
  series: string[];
  text: string;
  muted: string;
  line: string;
}

/** The wrapper's one text, added with the chart's chunk (not the login page's). */
const TEXTS = { 'zh-chs': { failed: '图表加载失败，请刷新页面重试' }, en: { failed: 'The chart could not be loaded; reload the page to try again' } };
const useChartTexts = registerTexts('charts', TEXTS);

const SERIES_AFTER_PRIMARY = ['#67c23a', '#e6a23c', '#f56c6c', '#909399', '#8e44ad', '#16a085', '#d35400', '#2c3e50', '#ff6f91', '#1e90ff'];

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The palette of the active appearance (the theme colour variable the header's colour picker sets). */
export function readPalette(): ChartPalette {
  const primary = cssVar('--primary-color', '#409eff');
  return {
    primary,
    series: [primary, ...SERIES_AFTER_PRIMARY.filter((c) => c.toLowerCase() !== primary.toLowerCase())],
    text: cssVar('--text-color', '#303133'),
    muted: cssVar('--text-color-secondary', '#909399'),
    line: cssVar('--surface-border', '#dcdfe6'),
  };
}

export interface EChartProps {
  /** The option for a palette; set with notMerge each time it changes. */
  option: (palette: ChartPalette) => EChartsCoreOption;
  /** Accessible name of the chart (its data is in the table beside it). */
  label: string;
  height?: number;
  testId?: string;
}

/**
 * One ECharts instance in a div: created after ECharts' chunk arrives (dynamic import), option set
 * with notMerge, resized with its box (ResizeObserver), disposed on unmount, and created anew when the
 * theme colour, theme or language changes (locale ZH / EN; colours read again). No animation with the
 * system's reduce-motion setting, nor in an automated browser (screenshots and tests see the final frame).
 */
export const EChart = observer(function EChart({ option, label, height = 360, testId = 'chart' }: EChartProps) {
  const root = useStore();
  const t = useChartTexts();
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts | null>(null);
  const [failed, setFailed] = useState(false);
  const language = root.locale.language;
  const color = root.theme.color;
  const themeName = root.theme.activeName;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let disposed = false;
    let instance: ECharts | null = null;
    let observer: ResizeObserver | null = null;
    import('./echarts-setup').then(
      ({ init }) => {
        if (disposed) return;
        instance = init(el, undefined, { locale: language === 'en' ? 'EN' : 'ZH', renderer: 'canvas' });
        observer = new ResizeObserver(() => instance?.resize());
        observer.observe(el);
        setChart(instance);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
      setChart(null);
    };
  }, [language, color, themeName]);

  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!chart) return;
    const built = option(readPalette());
    const still = navigator.webdriver || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart.setOption({ ...(still ? { animation: false } : {}), ...built }, { notMerge: true });
    setReady(true);
    return () => setReady(false);
  }, [chart, option]);

  return (
    <div className="echart-wrap" data-testid={testId} data-ready={ready ? 'true' : 'false'}>
      {failed && <div className="echart-failed">{t('charts.failed')}</div>}
      <div ref={box} className="echart" role="img" aria-label={label} style={{ height }} />
    </div>
  );
});
