/**
 * The one module that imports ECharts: its modular core with only the charts and components the
 * analytics screens draw, on the canvas renderer. Reached only through `import()` from EChart.tsx,
 * which only analytics pages render, so the login page and every other chunk stay without it.
 * The locales ZH and EN are built into the core.
 */
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, FunnelChart, PieChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export const { init } = echarts;
export type ECharts = ReturnType<typeof echarts.init>;
