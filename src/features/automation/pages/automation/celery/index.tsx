import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useMemo } from 'react';
import { useAutomationTexts } from '../../../components/locale';
import { kindName } from '../../../components/parts';
import { useAutomation, useVisibleInterval } from '../../../components/useAutomation';
import { AnalysisTable, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { AUTOMATION_WORKERS_REFRESH_MS } from '../../../../../config';
import { formatInstant } from '../../../../../stores/format';
import { ageSeconds, type AutomationStore } from '../../../stores/automation';
import type { WorkerRow } from '../../../../../stores/types';
import '../../../../../components/analytics/analytics.css';
import '../../../components/automation.css';

const STATUS_SEVERITY: Record<WorkerRow['status'], 'success' | 'danger' | 'secondary'> = { online: 'success', lost: 'danger', stopped: 'secondary' };

type T = ReturnType<typeof useAutomationTexts>;

function ageText(t: T, seconds: number | null): string {
  if (seconds === null) return '-';
  if (seconds < 60) return t('automation.common.seconds', { n: seconds });
  if (seconds < 3600) return t('automation.common.minutes', { n: Math.floor(seconds / 60) });
  return t('automation.common.hours', { n: Math.floor(seconds / 3600) });
}

const fixed = (n: number | undefined, digits: number) => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits));

function loadText(t: T, load: WorkerRow['load']): string {
  return t('automation.workers.loadText', {
    loadavg: load.loadavg ? load.loadavg.map((v) => v.toFixed(2)).join(' / ') : '-',
    cpu: load.cpu === undefined ? '-' : `${(load.cpu * 100).toFixed(1)}%`,
    rss: fixed(load.rss_mb, 0),
    lag: fixed(load.event_loop_lag_ms, 1),
  });
}

const CeleryView = observer(function CeleryView({ automation }: { automation: AutomationStore }) {
  const t = useAutomationTexts();
  const store = useMemo(() => automation.workers(), [automation]);
  useEffect(() => {
    void store.load();
  }, [store]);
  const tick = useCallback(() => void store.load(true), [store]);
  useVisibleInterval(tick, AUTOMATION_WORKERS_REFRESH_MS);
  const answer = store.answer;
  const counts = store.counts;
  return (
    <div className="tracking-page automation-page" data-testid="automation-celery">
      <section className="tracking-card">
        <div className="automation-toolbar">
          <h3>{t('automation.workers.title')}</h3>
          {answer && (
            <span className="automation-summary" data-testid="workers-summary">
              <Tag severity="success" value={`${t('automation.workers.online')} ${counts.online}`} /> <Tag severity="danger" value={`${t('automation.workers.lost')} ${counts.lost}`} />{' '}
              <Tag severity="secondary" value={`${t('automation.workers.stopped')} ${counts.stopped}`} />
            </span>
          )}
          <span className="automation-spacer" />
          <span className="tracking-muted" data-testid="workers-auto-refresh">
            <i className="pi pi-sync" aria-hidden="true" /> {t('automation.workers.autoRefresh', { n: AUTOMATION_WORKERS_REFRESH_MS / 1000 })}
          </span>
          <Button size="small" outlined icon="pi pi-refresh" label={t('automation.common.refresh')} loading={store.state === 'loading'} onClick={() => void store.load()} data-testid="workers-refresh" />
        </div>
        {answer && <div className="tracking-muted">{t('automation.workers.lostAfter', { n: answer.lost_after_seconds })}</div>}
        {answer && store.error && (
          <div className="tracking-muted" role="status" data-testid="workers-stale">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('automation.workers.stale', { error: store.error })}
          </div>
        )}
        {store.state === 'failed' && !answer ? (
          <ResultState kind="error" text={t('automation.common.failed', { error: store.error })} onRetry={() => void store.load()} testId="workers-error" />
        ) : !answer ? (
          <ResultState kind="loading" text={t('automation.common.loading')} testId="workers-loading" />
        ) : answer.workers.length === 0 ? (
          <ResultState kind="empty" text={t('automation.workers.empty')} testId="workers-empty" />
        ) : (
          <AnalysisTable label={t('automation.workers.workersLabel')} testId="workers-table"
            head={
              <>
                <th className="is-text">{t('automation.workers.instance')}</th>
                <th className="is-text">{t('automation.workers.host')}</th>
                <th className="is-text">{t('automation.workers.status')}</th>
                <th className="is-text">{t('automation.workers.started')}</th>
                <th className="is-text">{t('automation.workers.heartbeat')}</th>
                <th className="is-number">{t('automation.workers.inFlight')}</th>
                <th className="is-number">{t('automation.workers.completed')}</th>
                <th className="is-number">{t('automation.workers.failedCount')}</th>
                <th className="is-text">{t('automation.workers.load')}</th>
              </>
            }
          >
            {answer.workers.map((w, i) => (
              <tr key={w.instance} className={i % 2 ? 'p-row-odd' : undefined} data-testid={`worker-${w.instance}`} data-status={w.status}>
                <td>
                  <code data-user-data>{w.instance}</code>
                </td>
                <td data-user-data>
                  {w.host} · {w.pid}
                </td>
                <td>
                  <Tag className="automation-state" value={t(`automation.workers.${w.status}`)} severity={STATUS_SEVERITY[w.status]} data-testid={`worker-${w.instance}-status`} />
                </td>
                <td>{formatInstant(w.started)}</td>
                <td title={formatInstant(w.heartbeat)} data-testid={`worker-${w.instance}-heartbeat`}>
                  {w.status === 'stopped' ? formatInstant(w.stopped) : ageText(t, ageSeconds(w.heartbeat, store.loadedAt))}
                </td>
                <td className="is-number">{w.in_flight}</td>
                <td className="is-number">{w.completed}</td>
                <td className="is-number">{w.failed}</td>
                <td className="automation-load">{w.status === 'online' ? loadText(t, w.load) : '-'}</td>
              </tr>
            ))}
          </AnalysisTable>
        )}
      </section>
      {answer && (
        <section className="tracking-card">
          <h3>{t('automation.workers.queuesTitle')}</h3>
          {answer.queues.length === 0 ? (
            <ResultState kind="empty" text={t('automation.workers.queuesEmpty')} testId="queues-empty" />
          ) : (
            <AnalysisTable label={t('automation.workers.queuesLabel')} testId="queues-table"
              head={
                <>
                  <th className="is-text">{t('automation.workers.queue')}</th>
                  <th className="is-text">{t('automation.workers.task')}</th>
                  <th className="is-number">{t('automation.workers.depth')}</th>
                  <th className="is-number">{t('automation.workers.queued')}</th>
                  <th className="is-number">{t('automation.workers.active')}</th>
                  <th className="is-number">{t('automation.workers.retrying')}</th>
                  <th className="is-number">{t('automation.workers.failed')}</th>
                  <th className="is-number">{t('automation.workers.done')}</th>
                </>
              }
            >
              {answer.queues.map((q, i) => (
                <tr key={`${q.queue}:${q.task}`} className={i % 2 ? 'p-row-odd' : undefined} data-testid={`queue-${q.queue}-${q.task}`}>
                  <td>
                    <code>{q.queue}</code>
                  </td>
                  <td>{kindName(t, q.task, q.task)}</td>
                  <td className="is-number">
                    <strong>{q.queued + q.retrying}</strong>
                  </td>
                  <td className="is-number">{q.queued}</td>
                  <td className="is-number">{q.active}</td>
                  <td className="is-number">{q.retrying}</td>
                  <td className="is-number">{q.failed}</td>
                  <td className="is-number">{q.completed}</td>
                </tr>
              ))}
            </AnalysisTable>
          )}
        </section>
      )}
    </div>
  );
});

/** 执行节点 (automation/celery): the workers (server instances) and the queues, refreshed every 5 s while visible. */
export default storePage(useAutomation, (automation) => <CeleryView automation={automation} />);
