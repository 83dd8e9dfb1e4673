import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useCallback, useEffect, useState } from 'react';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { PageLoading } from '../../../../../components/PageLoading';
import { useStore } from '../../../../../components/store-context';
import { useTracking } from '../../../components/useTracking';
import { DateRangeInput, FormItem, TableScroll, Kpi, ResultState } from '../../../../../components/analytics/AnalysisParts';
import { useTrackingTexts } from '../../../components/locale';
import { formatDuration, formatFigure, formatInstant } from '../../../../../stores/format';
import { type SessionAnalysisStore, type TrackingStore } from '../../../stores/tracking';
import { daysOption, histogramOption } from './chart';
import '../../../components/tracking.css';

const ALL = 0;

/**
 * 会话分析 (data_embed/sessions): sessions of a date range for one game or all: KPI cards (sessions,
 * players, average and median length, events per session), the length histogram, a by-day chart and
 * table, and a per-game table.
 */
const SessionAnalysisView = observer(function SessionAnalysisView({ tracking }: { tracking: TrackingStore }) {
  const t = useTrackingTexts();
  const root = useStore();
  const [store] = useState<SessionAnalysisStore>(() => tracking.sessionAnalysis());
  const language = root.locale.language;

  useEffect(() => {
    void tracking.loadGames();
    void store.load();
  }, [tracking, store]);

  const result = store.result;
  const duration = useCallback((s: number | null) => formatDuration(s, language), [language]);
  const bucketLabel = useCallback(
    (from: number, to: number | null) => (to === null ? t('tracking.sessions.bucketOpen', { from: duration(from) }) : t('tracking.sessions.bucket', { from: duration(from), to: duration(to) })),
    [t, duration],
  );
  const histogram = useCallback((p: ChartPalette) => (result ? histogramOption(result, p, bucketLabel) : {}), [result, bucketLabel]);
  const sessionsName = t('tracking.sessions.sessions');
  const avgName = `${t('tracking.sessions.avg')} (${t('tracking.window.minutes')})`;
  const days = useCallback((p: ChartPalette) => (result ? daysOption(result, p, { sessions: sessionsName, avgMinutes: avgName }) : {}), [result, sessionsName, avgName]);

  return (
    <div className="tracking-page" data-testid="session-analysis">
      <section className="tracking-card">
        <div className="tracking-form">
          <FormItem label={t('tracking.analysis.game')}>
            <Dropdown
              className="p-inputtext-sm"
              value={store.game ?? ALL}
              options={[{ value: ALL, label: t('tracking.analysis.allGames') }, ...tracking.games.map((g) => ({ value: g.id, label: g.name }))]}
              onChange={(e) => {
                store.setGame(e.value === ALL ? null : (e.value as number));
                void store.load();
              }}
              data-testid="sessions-game" data-user-data
              aria-label={t('tracking.analysis.game')}
            />
          </FormItem>
          <FormItem label={t('tracking.analysis.range')}>
            <DateRangeInput value={store.range} onChange={store.setRange} testId="sessions-range" />
          </FormItem>
          <div className="tracking-actions">
            <Button size="small" icon="pi pi-search" label={t('tracking.analysis.query')} disabled={!!store.problem} onClick={() => void store.load()} data-testid="sessions-run" />
          </div>
        </div>
        <div className="tracking-muted">{store.problem ? t(`tracking.analysis.problems.${store.problem}`) : t('tracking.sessions.rule')}</div>
      </section>
      {store.state === 'failed' ? (
        <section className="tracking-card">
          <ResultState kind="error" text={t('tracking.analysis.failed', { error: store.error })} onRetry={() => void store.load()} testId="sessions-error" />
        </section>
      ) : !result ? (
        <section className="tracking-card">
          <ResultState kind="loading" text={t('tracking.analysis.loading')} testId="sessions-loading" />
        </section>
      ) : store.empty ? (
        <section className="tracking-card">
          <ResultState kind="empty" text={t('tracking.analysis.empty')} testId="sessions-empty" />
        </section>
      ) : (
        <>
          {store.computedAt && (
            <div className="tracking-outdated" role="status" data-testid="sessions-outdated">
              <i className="pi pi-clock" aria-hidden="true" />
              <span>{t('tracking.sessions.outdated', { time: formatInstant(store.computedAt) })}</span>
              <Button size="small" text icon="pi pi-refresh" label={t('tracking.sessions.refresh')} loading={store.state === 'loading'} onClick={() => void store.refresh()} data-testid="sessions-refresh" />
            </div>
          )}
          <div className="tracking-kpis" data-testid="sessions-kpis">
            <Kpi label={t('tracking.sessions.sessions')} value={formatFigure(result.sessions, language)} testId="kpi-sessions" />
            <Kpi label={t('tracking.sessions.players')} value={formatFigure(result.players, language)} testId="kpi-players" />
            <Kpi label={t('tracking.sessions.avg')} value={duration(result.avg_seconds)} testId="kpi-avg" />
            <Kpi label={t('tracking.sessions.median')} value={duration(result.median_seconds)} testId="kpi-median" />
            <Kpi label={t('tracking.sessions.eventsPer')} value={formatFigure(result.events_per_session, language)} testId="kpi-events" />
          </div>
          <div className="tracking-grid-2">
            <section className="tracking-card">
              <h3>{t('tracking.sessions.histogram')}</h3>
              <EChart option={histogram} label={t('tracking.analysis.chartLabel', { title: t('tracking.sessions.histogram') })} height={280} testId="sessions-histogram" />
            </section>
            <section className="tracking-card">
              <h3>{t('tracking.sessions.byDay')}</h3>
              <EChart option={days} label={t('tracking.analysis.chartLabel', { title: t('tracking.sessions.byDay') })} height={280} testId="sessions-days-chart" />
            </section>
          </div>
          <section className="tracking-card">
            <h3>{t('tracking.sessions.byDay')}</h3>
            <TableScroll label={t('tracking.sessions.byDay')}>
              <table className="tracking-table" data-testid="sessions-days">
                <thead>
                  <tr>
                    <th>{t('tracking.sessions.day')}</th>
                    <th>{t('tracking.sessions.sessions')}</th>
                    <th>{t('tracking.sessions.avg')}</th>
                    <th>{t('tracking.sessions.median')}</th>
                    <th>{t('tracking.sessions.eventsPer')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.days.map((d) => (
                    <tr key={d.day}>
                      <td>{d.day}</td>
                      <td>{formatFigure(d.sessions, language)}</td>
                      <td>{duration(d.avg_seconds)}</td>
                      <td>{duration(d.median_seconds)}</td>
                      <td>{formatFigure(d.events_per_session, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
          <section className="tracking-card">
            <h3>{t('tracking.sessions.byGame')}</h3>
            <TableScroll label={t('tracking.sessions.byGame')}>
              <table className="tracking-table" data-testid="sessions-games">
                <thead>
                  <tr>
                    <th>{t('tracking.sessions.game')}</th>
                    <th>{t('tracking.sessions.sessions')}</th>
                    <th>{t('tracking.sessions.players')}</th>
                    <th>{t('tracking.sessions.avg')}</th>
                    <th>{t('tracking.sessions.median')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.games.map((g) => (
                    <tr key={g.game}>
                      <td data-user-data>{g.game_name}</td>
                      <td>{formatFigure(g.sessions, language)}</td>
                      <td>{formatFigure(g.players, language)}</td>
                      <td>{duration(g.avg_seconds)}</td>
                      <td>{duration(g.median_seconds)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
        </>
      )}
    </div>
  );
});

/** The page once the tracking store has loaded (its code is not in the login page's chunk). */
export default function SessionAnalysisPage() {
  const tracking = useTracking();
  return tracking ? <SessionAnalysisView tracking={tracking} /> : <PageLoading />;
}
