import { observer } from 'mobx-react-lite';
import { useCallback, useMemo } from 'react';
import type { ChartPalette } from '../../../../../components/charts/EChart';
import { EChart } from '../../../../../components/charts/EChart';
import { useStore } from '../../../../../components/store-context';
import { Kpi, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { clock, clockSeconds, timeLines } from '../../../components/charts';
import { useLiveTexts } from '../../../components/locale';
import { useDashboardLive, useWhileVisible } from '../../../components/useDashboardLive';
import { REALTIME_POLL_MS } from '../../../../../config';
import type { RealtimeStore } from '../../../stores/dashboard-live';
import { formatMoney } from '../../../../../stores/format/money';
import { formatFigure } from '../../../../../stores/format';
import '../../../../../components/analytics/analytics.css';
import '../../../components/live.css';

/**
 * 实时概况 (dashboard/realtime): players online, logins and payments per minute, revenue today, the
 * top games now, and the last hour per minute — pushed on the layout's socket while the page is
 * visible, polled over REST while the socket cannot deliver.
 */
export const RealtimeView = observer(function RealtimeView({ store }: { store: RealtimeStore }) {
  const t = useLiveTexts();
  const root = useStore();
  const language = root.locale.language;
  useWhileVisible(store.start, store.stop);
  const snap = store.snapshot;
  const minutes = useMemo(() => snap?.minutes ?? [], [snap]);
  const loginsName = t('realtime.logins');
  const paymentsName = t('realtime.payments');
  const amountName = t('realtime.amount');
  const activityChart = useCallback(
    (p: ChartPalette) =>
      timeLines(
        p,
        minutes.map((m) => clock(m.minute)),
        [
          { name: loginsName, values: minutes.map((m) => m.logins) },
          { name: paymentsName, values: minutes.map((m) => m.payments) },
        ],
      ),
    [minutes, loginsName, paymentsName],
  );
  const amountChart = useCallback(
    (p: ChartPalette) =>
      timeLines(p, minutes.map((m) => clock(m.minute)), [{ name: amountName, values: minutes.map((m) => m.amount), bar: true, format: (v) => formatMoney(v) }], {
        left: (v) => Math.round(v / 100).toLocaleString('en-US'),
      }),
    [minutes, amountName],
  );

  if (store.state === 'failed' && !snap) {
    return (
      <div className="tracking-page" data-testid="dashboard-realtime">
        <ResultState kind="error" text={t('common.failed', { error: store.error })} onRetry={() => void store.poll()} testId="realtime-state" />
      </div>
    );
  }
  if (!snap) {
    return (
      <div className="tracking-page" data-testid="dashboard-realtime">
        <ResultState kind="loading" text={t('common.loading')} testId="realtime-state" />
      </div>
    );
  }
  const socket = store.source === 'socket';
  return (
    <div className="tracking-page" data-testid="dashboard-realtime">
      <div className="live-head">
        <span className={`live-source${socket ? ' is-socket' : ''}`} data-testid="realtime-source" data-source={store.source} title={t('realtime.sourceHint')}>
          <span className="live-dot" aria-hidden="true" />
          {socket ? t('realtime.sourceSocket') : t('realtime.sourcePolling', { seconds: REALTIME_POLL_MS / 1000 })}
        </span>
        <span className="tracking-muted" data-testid="realtime-updated">
          {t('common.updated', { time: clockSeconds(snap.at) })}
        </span>
        {store.refused && <span className="tracking-muted">{t('realtime.refused')}</span>}
        {store.error && <span className="tracking-muted" role="status">{t('common.failed', { error: store.error })}</span>}
        <span className="tracking-muted live-note">{t('realtime.currencyNote')}</span>
      </div>
      <div className="tracking-kpis">
        <Kpi label={t('realtime.online')} value={formatFigure(snap.online, language)} testId="realtime-online">
          <div className="live-hint">{t('realtime.onlineHint')}</div>
        </Kpi>
        <Kpi label={t('realtime.loginsPerMinute')} value={formatFigure(snap.logins_per_minute, language)} testId="realtime-logins" />
        <Kpi label={t('realtime.paymentsPerMinute')} value={formatFigure(snap.payments_per_minute, language)} testId="realtime-payments" />
        <Kpi label={t('realtime.revenueToday')} value={formatMoney(snap.revenue_today)} testId="realtime-revenue">
          <div className="live-hint">{t('realtime.revenueTodayHint', { day: snap.day, tz: snap.timezone, orders: snap.orders_today })}</div>
        </Kpi>
      </div>
      <div className="tracking-grid-2">
        <section className="tracking-card">
          <h3>{`${t('realtime.lastHour')} · ${loginsName} / ${paymentsName}`}</h3>
          <EChart option={activityChart} label={t('common.chartOnly', { title: t('realtime.lastHour') })} height={260} testId="realtime-activity-chart" />
        </section>
        <section className="tracking-card">
          <h3>{`${t('realtime.lastHour')} · ${amountName}`}</h3>
          <EChart option={amountChart} label={t('common.chartOnly', { title: amountName })} height={260} testId="realtime-amount-chart" />
        </section>
      </div>
      <section className="tracking-card">
        <h3>{t('realtime.topGames')}</h3>
        {snap.top_games.length === 0 ? (
          <ResultState kind="empty" text={t('realtime.noGames')} testId="realtime-games-empty" />
        ) : (
          <div className="live-table-wrap">
            <table className="live-table" data-testid="realtime-games">
              <thead>
                <tr>
                  <th>{t('realtime.game')}</th>
                  <th className="is-number">{t('realtime.gameOnline')}</th>
                  <th className="is-number">{t('realtime.gameLogins')}</th>
                  <th className="is-number">{t('realtime.gamePayments')}</th>
                  <th className="is-number">{t('realtime.gameRevenue')}</th>
                </tr>
              </thead>
              <tbody>
                {snap.top_games.map((g) => (
                  <tr key={g.game}>
                    <td className="live-name">{g.name}</td>
                    <td className="is-number">{formatFigure(g.online, language)}</td>
                    <td className="is-number">{formatFigure(g.logins, language)}</td>
                    <td className="is-number">{formatFigure(g.payments, language)}</td>
                    <td className="is-number">{formatMoney(g.revenue_today)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
});

/** The page once the live dashboards' store has loaded (its code is not in the login page's chunk). */
export default storePage(useDashboardLive, (live) => <RealtimeView store={live.realtime} />);
