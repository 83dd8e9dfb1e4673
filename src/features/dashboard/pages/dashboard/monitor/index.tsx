import { observer } from 'mobx-react-lite';
import { useCallback, useMemo, useState } from 'react';
import type { ChartPalette } from '../../../../../components/charts/EChart';
import { EChart } from '../../../../../components/charts/EChart';
import { useStore } from '../../../../../components/store-context';
import { Kpi, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { clockSeconds, timeLines } from '../../../components/charts';
import { useLiveTexts } from '../../../components/locale';
import { useDashboardLive, useWhileVisible } from '../../../components/useDashboardLive';
import type { MonitorInstance, MonitorSample, MonitorStore } from '../../../stores/dashboard-live';
import { MONITOR_RANGES, SUSTAIN_MAX_SECONDS, SUSTAIN_MIN_SECONDS, THRESHOLD_RULES, type MonitorPoint, type MonitorThreshold } from '../../../stores/dashboard-live';
import { formatFigure, formatInstant } from '../../../../../stores/format';
import '../../../../../components/analytics/analytics.css';
import '../../../components/live.css';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const msText = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const pct = (v: number) => `${(v * 100).toFixed(v < 0.1 ? 2 : 1)}%`;

type ChartPoint = MonitorPoint | MonitorSample;

const HistoryCharts = observer(function HistoryCharts({ history }: { history: ChartPoint[] }) {
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

/** The range picker: the server answers the chosen range downsampled. */
const RangePicker = observer(function RangePicker({ store }: { store: MonitorStore }) {
  const t = useLiveTexts();
  return (
    <div className="monitor-ranges" role="group" aria-label={t('monitor.range')} data-testid="monitor-range">
      {MONITOR_RANGES.map((r) => (
        <button
          key={r}
          type="button"
          className={`p-button p-button-sm ${store.range === r ? '' : 'p-button-outlined'}`}
          aria-pressed={store.range === r}
          onClick={() => store.setRange(r)}
          data-testid={`monitor-range-${r}`}
        >
          {t(`monitor.ranges.${r}`)}
        </button>
      ))}
    </div>
  );
});

/** The chosen range's charts: the server's series (the live ring's 10 minutes while the first 15-minute answer is on its way). */
const SeriesCharts = observer(function SeriesCharts({ store, inst }: { store: MonitorStore; inst: MonitorInstance }) {
  const t = useLiveTexts();
  const series = store.series;
  const sameInstance = series && series.instance === inst.instance;
  if (!sameInstance) {
    if (store.range === '15m' && store.seriesState !== 'failed') return <HistoryCharts history={inst.history.length > 0 ? inst.history : [inst.current]} />;
    if (store.seriesState === 'failed') return <ResultState kind="error" text={t('common.failed', { error: store.seriesError })} onRetry={() => void store.loadSeries()} testId="monitor-series-state" />;
    return <ResultState kind="loading" text={t('common.loading')} testId="monitor-series-state" />;
  }
  if (series.points.length === 0) return <ResultState kind="empty" text={t('monitor.noSeries')} testId="monitor-series-empty" />;
  return (
    <>
      <span className="tracking-muted" data-testid="monitor-bucket">{t('monitor.bucketNote', { seconds: series.bucket_seconds })}</span>
      <HistoryCharts history={series.points} />
    </>
  );
});

const numberText = (v: number) => String(Math.round(v * 100) / 100);

/** The alert thresholds: read by everyone who sees the screen, changed by who may (the server says `editable`). */
const ThresholdEditor = observer(function ThresholdEditor({ store }: { store: MonitorStore }) {
  const t = useLiveTexts();
  const answer = store.thresholds;
  const [draft, setDraft] = useState<MonitorThreshold[] | null>(null);
  const [saved, setSaved] = useState(false);
  if (!answer) {
    return (
      <section className="tracking-card" data-testid="monitor-thresholds">
        <h3>{t('monitor.thresholds')}</h3>
        {store.thresholdsState === 'failed' ? (
          <ResultState kind="error" text={t('common.failed', { error: store.thresholdsError })} onRetry={() => void store.loadThresholds()} testId="monitor-thresholds-state" />
        ) : (
          <ResultState kind="loading" text={t('common.loading')} testId="monitor-thresholds-state" />
        )}
      </section>
    );
  }
  const rows = draft ?? answer.thresholds;
  const editing = draft !== null;
  const change = (i: number, patch: Partial<MonitorThreshold>) => setDraft(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  // The server checks the same limits (contracts/schemas/dashboard/monitor.ts); said here at once, in the page's language.
  const problems = rows.map((r) => {
    const rule = THRESHOLD_RULES[r.metric];
    if (!Number.isFinite(r.limit) || r.limit < rule.min || r.limit > rule.max) return t('monitor.limitRange', { min: rule.min, max: rule.max, unit: rule.unit });
    if (!Number.isInteger(r.sustain_seconds) || r.sustain_seconds < SUSTAIN_MIN_SECONDS || r.sustain_seconds > SUSTAIN_MAX_SECONDS) return t('monitor.sustainRange', { min: SUSTAIN_MIN_SECONDS, max: SUSTAIN_MAX_SECONDS });
    return null;
  });
  const save = async () => {
    if (!draft) return;
    if (await store.saveThresholds(draft)) {
      setDraft(null);
      setSaved(true);
    }
  };
  return (
    <section className="tracking-card" data-testid="monitor-thresholds">
      <div className="live-head">
        <h3>{t('monitor.thresholds')}</h3>
        {answer.editable && !editing && (
          <button type="button" className="p-button p-button-sm p-button-outlined" onClick={() => (setDraft(answer.thresholds.map((r) => ({ ...r }))), setSaved(false))} data-testid="monitor-thresholds-edit">
            {t('monitor.edit')}
          </button>
        )}
        {saved && !editing && <span className="tracking-muted" role="status" data-testid="monitor-thresholds-saved">{t('monitor.saved')}</span>}
      </div>
      <p className="tracking-muted live-note">{t('monitor.thresholdsNote')}</p>
      {!answer.editable && <p className="tracking-muted" data-testid="monitor-thresholds-readonly">{t('monitor.readOnly')}</p>}
      <div className="live-table-wrap">
        <table className="live-table" data-testid="monitor-threshold-table">
          <thead>
            <tr>
              <th>{t('monitor.metric')}</th>
              <th>{t('monitor.enabled')}</th>
              <th className="is-number">{t('monitor.limit')}</th>
              <th className="is-number">{t('monitor.sustain')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const rule = THRESHOLD_RULES[r.metric];
              const label = t(`monitor.metrics.${r.metric}`);
              return (
                <tr key={r.metric} data-testid="monitor-threshold-row" data-metric={r.metric}>
                  <td className="live-name">
                    {label}
                    {editing && problems[i] && <div className="live-hint live-status-lost" role="alert">{problems[i]}</div>}
                  </td>
                  <td>
                    <input type="checkbox" checked={r.enabled} disabled={!editing} aria-label={`${label} ${t('monitor.enabled')}`} onChange={(e) => change(i, { enabled: e.target.checked })} data-testid={`threshold-${r.metric}-enabled`} />
                  </td>
                  <td className="is-number">
                    {editing ? (
                      <input className="p-inputtext p-inputtext-sm monitor-number" type="number" step="any" min={rule.min} max={rule.max} value={Number.isNaN(r.limit) ? '' : r.limit} aria-label={`${label} ${t('monitor.limit')}`} onChange={(e) => change(i, { limit: e.target.value === '' ? Number.NaN : Number(e.target.value) })} data-testid={`threshold-${r.metric}-limit`} />
                    ) : (
                      <span data-testid={`threshold-${r.metric}-limit`}>{`${numberText(r.limit)} ${rule.unit}`}</span>
                    )}
                  </td>
                  <td className="is-number">
                    {editing ? (
                      <input className="p-inputtext p-inputtext-sm monitor-number" type="number" step={1} value={Number.isNaN(r.sustain_seconds) ? '' : r.sustain_seconds} aria-label={`${label} ${t('monitor.sustain')}`} onChange={(e) => change(i, { sustain_seconds: e.target.value === '' ? Number.NaN : Number(e.target.value) })} data-testid={`threshold-${r.metric}-sustain`} />
                    ) : (
                      <span data-testid={`threshold-${r.metric}-sustain`}>{r.sustain_seconds}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editing && (
        <div className="live-head">
          <button type="button" className="p-button p-button-sm" disabled={store.saving} onClick={() => void save()} data-testid="monitor-thresholds-save">
            {t('monitor.save')}
          </button>
          <button type="button" className="p-button p-button-sm p-button-text" onClick={() => setDraft(null)} data-testid="monitor-thresholds-cancel">
            {t('monitor.cancel')}
          </button>
          {store.saveError && <span className="live-status-lost" role="alert" data-testid="monitor-thresholds-error">{t('monitor.saveFailed', { error: store.saveError })}</span>}
        </div>
      )}
      {answer.update_datetime && <p className="tracking-muted">{t('monitor.updatedBy', { time: answer.update_datetime })}</p>}
      <h4>{t('monitor.alerts')}</h4>
      {answer.alerts.length === 0 ? (
        <p className="tracking-muted" data-testid="monitor-alerts-empty">{t('monitor.noAlerts')}</p>
      ) : (
        <ul className="monitor-alerts" data-testid="monitor-alerts">
          {answer.alerts.map((a) => (
            <li key={`${a.instance}:${a.metric}:${a.raised}`} className="live-status-lost">
              {t('monitor.alertLine', { instance: a.instance, metric: t(`monitor.metrics.${a.metric}`), value: numberText(a.value), limit: numberText(a.limit), since: formatInstant(a.since) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

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
          <div className="live-head">
            <h3 className="tracking-muted">{t('monitor.history', { instance: inst.instance })}</h3>
            <RangePicker store={store} />
          </div>
          <SeriesCharts store={store} inst={inst} />
          <ThresholdEditor store={store} />
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
