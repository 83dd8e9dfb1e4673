import { observer } from 'mobx-react-lite';
import { useCallback, useMemo } from 'react';
import type { ChartPalette } from '../../../../../components/charts/EChart';
import { EChart } from '../../../../../components/charts/EChart';
import { useStore } from '../../../../../components/store-context';
import { Kpi, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { clockSeconds, timeLines } from '../../../components/charts';
import { useLiveTexts } from '../../../components/locale';
import { useDashboardLive, useWhileVisible } from '../../../components/useDashboardLive';
import type { MonitorInstance, MonitorSample, MonitorStore } from '../../../stores/dashboard-live';
import { formatFigure, formatInstant } from '../../../../../stores/format';
import '../../../../../components/analytics/analytics.css';
import '../../../components/live.css';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const msText = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const pct = (v: number) => `${(v * 100).toFixed(v < 0.1 ? 2 : 1)}%`;

const HistoryCharts = observer(function HistoryCharts({ history }: { history: MonitorSample[] }) {
  const t = useLiveTexts();
  const labels = useMemo(() => history.map((s) => clockSeconds(s.at)), [history]);
  const names = {
    rate: t('monitor.requestRate'),
    errors: t('monitor.errorRate'),
    p50: 'p50',
    p95: 'p95',
    p99: 'p99',
    cpu: t('monitor.cpu'),
    lag: t('monitor.eventLoop'),
    rss: 'RSS',
    heap: 'Heap',
  };
  const requests = useCallback(
    (p: ChartPalette) =>
      timeLines(p, labels, [
        { name: names.rate, values: history.map((s) => s.request_rate), format: (v) => `${v}/s` },
        { name: names.errors, values: history.map((s) => s.error_rate), right: true, format: pct },
      ], { right: (v) => pct(v) }),
    [history, labels, names.rate, names.errors],
  );
  const latency = useCallback(
    (p: ChartPalette) =>
      timeLines(p, labels, [
        { name: names.p50, values: history.map((s) => s.latency_p50_ms), format: msText },
        { name: names.p95, values: history.map((s) => s.latency_p95_ms), format: msText },
        { name: names.p99, values: history.map((s) => s.latency_p99_ms), format: msText },
      ], { left: (v) => `${v}` }),
    [history, labels, names.p50, names.p95, names.p99],
  );
  const resources = useCallback(
    (p: ChartPalette) =>
      timeLines(p, labels, [
        { name: names.cpu, values: history.map((s) => s.cpu), format: pct },
        { name: names.lag, values: history.map((s) => s.event_loop_lag_p99_ms), right: true, format: msText },
      ], { left: pct, right: (v) => `${v} ms` }),
    [history, labels, names.cpu, names.lag],
  );
  const memory = useCallback(
    (p: ChartPalette) =>
      timeLines(p, labels, [
        { name: names.rss, values: history.map((s) => Math.round(s.rss_bytes / 1048576)), format: (v) => `${v} MB` },
        { name: names.heap, values: history.map((s) => Math.round(s.heap_used_bytes / 1048576)), format: (v) => `${v} MB` },
      ], { left: (v) => `${v}` }),
    [history, labels, names.rss, names.heap],
  );
  return (
    <div className="tracking-grid-2">
      <section className="tracking-card">
        <h3>{t('monitor.chartRequests')}</h3>
        <EChart option={requests} label={t('common.chartOnly', { title: t('monitor.chartRequests') })} height={220} testId="monitor-requests-chart" />
      </section>
      <section className="tracking-card">
        <h3>{t('monitor.chartLatency')}</h3>
        <EChart option={latency} label={t('common.chartOnly', { title: t('monitor.chartLatency') })} height={220} testId="monitor-latency-chart" />
      </section>
      <section className="tracking-card">
        <h3>{t('monitor.chartResources')}</h3>
        <EChart option={resources} label={t('common.chartOnly', { title: t('monitor.chartResources') })} height={220} testId="monitor-resources-chart" />
      </section>
      <section className="tracking-card">
        <h3>{t('monitor.chartMemory')}</h3>
        <EChart option={memory} label={t('common.chartOnly', { title: t('monitor.chartMemory') })} height={220} testId="monitor-memory-chart" />
      </section>
    </div>
  );
});

function Figures({ inst }: { inst: MonitorInstance }) {
  const t = useLiveTexts();
  const root = useStore();
  const c = inst.current;
  const language = root.locale.language;
  const pglite = c.db.kind === 'pglite';
  return (
    <div className="tracking-kpis" data-testid="monitor-figures">
      <Kpi label={t('monitor.requestRate')} value={t('monitor.perSecond', { value: c.request_rate })} testId="monitor-rate" />
      <Kpi label={t('monitor.errorRate')} value={`${pct(c.error_rate)} (${formatFigure(c.errors, language)})`} testId="monitor-errors" />
      <Kpi label={t('monitor.latency')} value={`${msText(c.latency_p50_ms)} / ${msText(c.latency_p95_ms)} / ${msText(c.latency_p99_ms)}`} testId="monitor-latency" />
      <Kpi label={t('monitor.eventLoop')} value={msText(c.event_loop_lag_p99_ms)} testId="monitor-lag" />
      <Kpi label={t('monitor.memory')} value={`${mb(c.rss_bytes)} / ${mb(c.heap_used_bytes)}`} testId="monitor-memory" />
      <Kpi label={t('monitor.cpu')} value={pct(c.cpu)} testId="monitor-cpu" />
      <Kpi label={t('monitor.sockets')} value={formatFigure(c.sockets, language)} testId="monitor-sockets" />
      <Kpi
        label={pglite ? t('monitor.dbPoolPglite') : t('monitor.dbPool')}
        value={pglite ? `${c.db.total - c.db.idle} / ${c.db.waiting}` : `${c.db.total} / ${c.db.idle} / ${c.db.waiting}`}
        testId="monitor-db"
      />
      <Kpi label={t('monitor.queries')} value={`${formatFigure(c.queries, language)} / ${msText(c.query_p95_ms)}`} testId="monitor-queries" />
      <Kpi label={t('monitor.jobs')} value={`${c.jobs_in_flight} / ${c.queue.created ?? 0} / ${c.queue.retry ?? 0}`} testId="monitor-jobs" />
    </div>
  );
}

/**
 * 服务监控 (dashboard/monitor): every server instance (from the samples each writes every few
 * seconds) with its current figures, recent history charts and slowest statements; read again every
 * few seconds while the page is visible.
 */
export const MonitorView = observer(function MonitorView({ store }: { store: MonitorStore }) {
  const t = useLiveTexts();
  const root = useStore();
  const language = root.locale.language;
  useWhileVisible(store.start, store.stop);
  const result = store.result;
  if (!result) {
    return (
      <div className="tracking-page" data-testid="dashboard-monitor">
        {store.state === 'failed' ? (
          <ResultState kind="error" text={t('common.failed', { error: store.error })} onRetry={() => void store.load()} testId="monitor-state" />
        ) : (
          <ResultState kind="loading" text={t('common.loading')} testId="monitor-state" />
        )}
      </div>
    );
  }
  const inst = store.instance;
  return (
    <div className="tracking-page" data-testid="dashboard-monitor">
      <div className="live-head">
        <span className="tracking-muted" data-testid="monitor-updated">
          {t('common.updated', { time: clockSeconds(result.at) })}
        </span>
        {store.error && <span className="tracking-muted" role="status">{t('common.failed', { error: store.error })}</span>}
        <span className="tracking-muted live-note">{t('monitor.sampleNote', { seconds: result.sample_seconds })}</span>
      </div>
      <section className="tracking-card">
        <h3>{t('monitor.instances')}</h3>
        {result.instances.length === 0 ? (
          <ResultState kind="empty" text={t('monitor.empty')} testId="monitor-empty" />
        ) : (
          <div className="live-table-wrap">
            <table className="live-table" data-testid="monitor-instances">
              <thead>
                <tr>
                  <th>{t('monitor.instance')}</th>
                  <th>{t('monitor.status')}</th>
                  <th>{t('monitor.host')}</th>
                  <th className="is-number">{t('monitor.pid')}</th>
                  <th>{t('monitor.started')}</th>
                  <th>{t('monitor.lastSeen')}</th>
                  <th className="is-number">{t('monitor.requestRate')}</th>
                  <th className="is-number">{t('monitor.errorRate')}</th>
                  <th className="is-number">p99</th>
                  <th className="is-number">{t('monitor.cpu')}</th>
                  <th className="is-number">{t('monitor.sockets')}</th>
                </tr>
              </thead>
              <tbody>
                {result.instances.map((i) => (
                  <tr
                    key={i.instance}
                    className={inst?.instance === i.instance ? 'is-selected' : undefined}
                    data-testid="monitor-instance-row"
                    data-instance={i.instance}
                    data-selected={inst?.instance === i.instance}
                  >
                    <td className="live-name">
                      <button type="button" className="p-link live-instance" aria-pressed={inst?.instance === i.instance} onClick={() => store.select(i.instance)} data-testid="monitor-instance-select">
                        {i.instance}
                      </button>
                      {i.instance === result.self && <div className="live-hint">{t('monitor.self')}</div>}
                    </td>
                    <td className={i.status === 'lost' ? 'live-status-lost' : 'live-status-online'}>{t(`monitor.${i.status}`)}</td>
                    <td className="live-name">{i.host}</td>
                    <td className="is-number">{i.pid}</td>
                    <td>{formatInstant(i.started)}</td>
                    <td>{clockSeconds(i.last_seen)}</td>
                    <td className="is-number" data-testid="monitor-row-rate">{i.current.request_rate}</td>
                    <td className="is-number">{pct(i.current.error_rate)}</td>
                    <td className="is-number">{msText(i.current.latency_p99_ms)}</td>
                    <td className="is-number">{pct(i.current.cpu)}</td>
                    <td className="is-number">{i.current.sockets}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {inst && (
        <>
          <section className="tracking-card">
            <h3 data-testid="monitor-total">{`${inst.instance} · ${t('monitor.requestsTotal')} ${formatFigure(inst.current.requests_total, language)}`}</h3>
            <Figures inst={inst} />
          </section>
          <h3 className="tracking-muted">{t('monitor.history', { instance: inst.instance })}</h3>
          <HistoryCharts history={inst.history.length > 0 ? inst.history : [inst.current]} />
          <section className="tracking-card">
            <h3>{t('monitor.slowQueries', { instance: inst.instance })}</h3>
            {inst.slow_queries.length === 0 ? (
              <ResultState kind="empty" text={t('monitor.noSlow')} testId="monitor-slow-empty" />
            ) : (
              <div className="live-table-wrap">
                <table className="live-table" data-testid="monitor-slow">
                  <thead>
                    <tr>
                      <th>{t('monitor.sql')}</th>
                      <th className="is-number">{t('monitor.duration')}</th>
                      <th>{t('monitor.at')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {inst.slow_queries.map((q) => (
                      <tr key={`${q.sql}@${q.at}`}>
                        <td className="live-sql">{q.sql}</td>
                        <td className="is-number">{msText(q.ms)}</td>
                        <td>{clockSeconds(q.at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
});

/** The page once the live dashboards' store has loaded (its code is not in the login page's chunk). */
export default storePage(useDashboardLive, (live) => <MonitorView store={live.monitor} />);
