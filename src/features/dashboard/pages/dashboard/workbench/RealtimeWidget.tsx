import { observer } from 'mobx-react-lite';
import { useCallback, useMemo } from 'react';
import type { ChartPalette } from '../../../../../components/charts/EChart';
import { EChart } from '../../../../../components/charts/EChart';
import { clock, clockSeconds, timeLines } from '../../../components/charts';
import { useDashboardLive, useWhileVisible } from '../../../components/useDashboardLive';
import { useStore } from '../../../../../components/store-context';
import { WORKBENCH_REALTIME_MINUTES } from '../../../../../config';
import type { RealtimeStore } from '../../../stores/dashboard-live';
import { formatMoney } from '../../../../../stores/format/money';
import { formatFigure } from '../../../../../stores/format';
import { useWorkbenchTexts } from './locale';
import type { WidgetProps } from './widgets';

/** Pixels the figures row and the footer take from the widget's body (the chart gets the rest). */
const FIGURES_PX = 58;
const FOOT_PX = 22;

/**
 * the realtime mini-chart — players online, sign-ins and payments per minute, revenue
 * today, and the last minutes per minute as a small ECharts line chart, from the same RealtimeStore as
 * 实时概况 (dashboard.realtime frames on the console's socket while the workbench is visible, REST
 * polling while the socket cannot deliver). The chart follows the theme colour and the language
 * (EChart), and sizes to the widget.
 */
const RealtimeMini = observer(function RealtimeMini({ store, bodyHeight }: { store: RealtimeStore; bodyHeight: number }) {
  const t = useWorkbenchTexts();
  const root = useStore();
  const language = root.locale.language;
  useWhileVisible(store.start, store.stop);
  const snap = store.snapshot;
  const minutes = useMemo(() => (snap?.minutes ?? []).slice(-WORKBENCH_REALTIME_MINUTES), [snap]);
  const loginsName = t('workbench.realtime.loginsSeries');
  const paymentsName = t('workbench.realtime.paymentsSeries');
  const option = useCallback(
    (p: ChartPalette) => {
      const o = timeLines(p, minutes.map((m) => clock(m.minute)), [
        { name: loginsName, values: minutes.map((m) => m.logins) },
        { name: paymentsName, values: minutes.map((m) => m.payments) },
      ]) as Record<string, unknown>;
      // Small: a tighter grid, no legend (the figures above name the series).
      return { ...o, legend: undefined, grid: { left: 32, right: 8, top: 8, bottom: 22 } };
    },
    [minutes, loginsName, paymentsName],
  );
  const page = root.menu.built.routes.find((r) => r.component === 'dashboard/realtime');

  if (store.state === 'failed' && !snap) {
    return (
      <div className="wb-state wb-state-error" data-testid="wb-realtime-error">
        {t('workbench.realtime.failed', { error: store.error })}
      </div>
    );
  }
  if (!snap) {
    return (
      <div className="wb-state" role="status" data-testid="wb-realtime-loading">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('workbench.loading')}
      </div>
    );
  }
  const quiet = minutes.every((m) => m.logins === 0 && m.payments === 0);
  const socket = store.source === 'socket';
  const figures: Array<[string, string]> = [
    ['online', formatFigure(snap.online, language)],
    ['logins', formatFigure(snap.logins_per_minute, language)],
    ['payments', formatFigure(snap.payments_per_minute, language)],
    ['revenue', formatMoney(snap.revenue_today)],
  ];
  return (
    <div className="wb-realtime" data-testid="wb-realtime" data-source={store.source}>
      <ul className="wb-realtime-figures">
        {figures.map(([key, value]) => (
          <li key={key}>
            <span className="wb-count-label">{t(`workbench.realtime.${key}`)}</span>
            <strong data-testid={`wb-realtime-${key}`} title={value}>
              {value}
            </strong>
          </li>
        ))}
      </ul>
      {quiet ? (
        <p className="wb-state" data-testid="wb-realtime-empty">
          {t('workbench.realtime.empty')}
        </p>
      ) : (
        <EChart testId="wb-realtime-chart" label={t('workbench.realtime.label', { n: minutes.length })} height={Math.max(90, bodyHeight - FIGURES_PX - FOOT_PX)} option={option} />
      )}
      <div className="wb-realtime-foot">
        <span className={`wb-realtime-source${socket ? ' is-socket' : ''}`} data-testid="wb-realtime-source">
          <span className="wb-realtime-dot" aria-hidden="true" />
          {socket ? t('workbench.realtime.socket') : t('workbench.realtime.polling')} · {t('workbench.realtime.updated', { time: clockSeconds(snap.at) })}
        </span>
        {page && (
          <button type="button" className="p-button p-button-text p-button-sm wb-realtime-open" onClick={() => root.navigate(page.path)}>
            {t('workbench.realtime.open')}
          </button>
        )}
      </div>
    </div>
  );
});

/** Waits for the realtime store's chunk (shared with 实时概况), then shows the mini-chart. */
const RealtimeWidget = observer(function RealtimeWidget({ bodyHeight }: WidgetProps) {
  const t = useWorkbenchTexts();
  const live = useDashboardLive();
  if (!live) {
    return (
      <div className="wb-state" role="status" data-testid="wb-realtime-loading">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('workbench.loading')}
      </div>
    );
  }
  return <RealtimeMini store={live.realtime} bodyHeight={bodyHeight} />;
});

export default RealtimeWidget;
