import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAutomationTexts } from '../../../components/locale';
import { ArgsForm, kindDescription, kindName, ListPager, RunStateTag } from '../../../components/parts';
import { useAutomation, useVisibleInterval } from '../../../components/useAutomation';
import { usePermission } from '../../../../../components/Permission';
import { useStore } from '../../../../../components/store-context';
import { AnalysisTable, ResultState, storePage } from '../../../../../components/analytics/AnalysisParts';
import { AUTOMATION_ACTIVE_RUNS_REFRESH_MS } from '../../../../../config';
import { formatInstant, formatRunDuration } from '../../../../../stores/format';
import { ACTIVE_RUN_STATES, argDefaults, argsBody, resultText, RUN_STATE_LIST, type ArgProblem, type ArgValues, type AutomationStore, type TaskRunsStore } from '../../../stores/automation';
import type { RunRow, TaskKindRow } from '../../../../../stores/types';
import '../../../../../components/analytics/analytics.css';
import '../../../components/automation.css';

const ALL = '__all__';
const shortId = (id: string) => id.slice(0, 8);

/** The "run now" dialog: the kind's arguments form, checked here and again by the server. */
const RunDialog = observer(function RunDialog({ store, kind, onClose }: { store: TaskRunsStore; kind: TaskKindRow; onClose(): void }) {
  const t = useAutomationTexts();
  const root = useStore();
  const [values, setValues] = useState<ArgValues>(() => argDefaults(kind.arguments));
  const [problems, setProblems] = useState<Record<string, ArgProblem>>({});
  const run = async () => {
    const body = argsBody(kind.arguments, values);
    setProblems(body.problems);
    if (Object.keys(body.problems).length > 0) return;
    const id = await store.runNow(kind.kind, body.args);
    if (id) {
      root.notify({ severity: 'success', text: t('automation.task.queued', { id: shortId(id) }), life: 3000 });
      onClose();
    }
  };
  return (
    <Dialog header={t('automation.task.runTitle', { name: kindName(t, kind.kind, kind.name) })} visible onHide={onClose} style={{ width: 'min(640px, 96vw)' }} data-testid="run-dialog">
      <p className="tracking-muted">{kindDescription(t, kind.kind, kind.description)}</p>
      <ArgsForm form={kind.arguments} values={values} onChange={setValues} problems={problems} idPrefix="run-arg" disabled={store.busy !== null} />
      <div className="crud-form-footer">
        <Button size="small" outlined label={t('automation.task.cancel')} onClick={onClose} data-testid="run-cancel" />
        <Button size="small" icon="pi pi-play" label={t('automation.task.run')} loading={store.busy === kind.kind} disabled={store.busy !== null} onClick={() => void run()} data-testid="run-submit" />
      </div>
    </Dialog>
  );
});

/** One task kind: what it does, its limits, its last day's runs by state, and "run now". */
function KindCard({ kind, canRun, onRun }: { kind: TaskKindRow; canRun: boolean; onRun(): void }) {
  const t = useAutomationTexts();
  const recent = RUN_STATE_LIST.filter((s) => (kind.recent[s] ?? 0) > 0);
  return (
    <section className="automation-kind" data-testid={`kind-${kind.kind}`}>
      <h4 data-user-data>{kindName(t, kind.kind, kind.name)}</h4>
      <code className="tracking-muted">{kind.kind}</code>
      <p>{kindDescription(t, kind.kind, kind.description)}</p>
      <div className="automation-kind-meta tracking-muted">
        <span>{t('automation.task.retryLimit', { n: kind.retry_limit })}</span>
        <span>·</span>
        <span>{t('automation.task.timeout', { n: kind.timeout_seconds })}</span>
      </div>
      <div className="automation-kind-foot">
        <div className="automation-kind-recent" data-testid={`kind-${kind.kind}-recent`}>
          {recent.length === 0 ? (
            <span className="tracking-muted">{t('automation.task.recentNone')}</span>
          ) : (
            <>
              <span className="tracking-muted">{t('automation.task.recent')}</span>
              {recent.map((s) => (
                <span key={s}>
                  <RunStateTag state={s} /> {kind.recent[s]}
                </span>
              ))}
            </>
          )}
        </div>
        {canRun && <Button size="small" outlined icon="pi pi-play" label={t('automation.task.runNow')} onClick={onRun} data-testid={`kind-${kind.kind}-run`} />}
      </div>
    </section>
  );
}

/** One run: task, trigger, state, attempts, times, result or error, and its actions. */
const RunRowView = observer(function RunRowView({ run, store, canRetry, canCancel, onCancel, index }: { run: RunRow; store: TaskRunsStore; canRetry: boolean; canCancel: boolean; onCancel(): void; index: number }) {
  const t = useAutomationTexts();
  const root = useStore();
  const result = run.error ?? resultText(run.result);
  const retry = async () => {
    const id = await store.retry(run.id);
    if (id) root.notify({ severity: 'success', text: t('automation.task.retried', { id: shortId(id) }), life: 3000 });
  };
  return (
    <tr className={index % 2 ? 'p-row-odd' : undefined} data-testid={`run-${run.id}`} data-state={run.state}>
      <td>
        <div data-user-data>{kindName(t, run.task, run.task_name)}</div>
        <code className="tracking-muted" title={run.id}>
          {shortId(run.id)}
        </code>
      </td>
      <td>
        {run.trigger === 'manual' ? t('automation.task.manual') : t('automation.task.timed')}
        {run.schedule !== null && (
          <div className="tracking-muted" data-user-data>
            {t('automation.task.scheduled', { name: run.schedule_name ?? run.schedule })}
          </div>
        )}
        {run.retry_of && <div className="tracking-muted">{t('automation.task.retryOf', { id: shortId(run.retry_of) })}</div>}
      </td>
      <td>
        <RunStateTag state={run.state} testId={`run-${run.id}-state`} />
      </td>
      <td className="is-number" data-testid={`run-${run.id}-attempts`}>
        {run.attempts} / {run.max_attempts}
      </td>
      <td>{formatInstant(run.queued)}</td>
      <td>{formatInstant(run.started)}</td>
      <td className="is-number">{formatRunDuration(run.duration_ms)}</td>
      <td>
        <div className={`automation-result${run.error ? ' is-error' : ''}`} title={result} data-testid={`run-${run.id}-result`}>
          {result || '-'}
        </div>
      </td>
      <td>
        <span className="automation-row-actions">
          {canRetry && (run.state === 'failed' || run.state === 'cancelled') && (
            <Button size="small" text icon="pi pi-replay" label={t('automation.task.retryRun')} loading={store.busy === run.id} disabled={store.busy !== null} onClick={() => void retry()} data-testid={`run-${run.id}-retry`} />
          )}
          {canCancel && ACTIVE_RUN_STATES.includes(run.state) && (
            <Button size="small" text severity="danger" icon="pi pi-times" label={t('automation.task.cancelRun')} loading={store.busy === run.id} disabled={store.busy !== null} onClick={onCancel} data-testid={`run-${run.id}-cancel`} />
          )}
        </span>
      </td>
    </tr>
  );
});

const TaskView = observer(function TaskView({ automation }: { automation: AutomationStore }) {
  const t = useAutomationTexts();
  const root = useStore();
  const can = usePermission();
  const store = useMemo(() => automation.taskRuns(), [automation]);
  const [running, setRunning] = useState<TaskKindRow | null>(null);
  const [cancelling, setCancelling] = useState<RunRow | null>(null);
  useEffect(() => {
    void store.refresh();
  }, [store]);
  // While runs are going: the runs and the kinds' last-day counts, quietly.
  const tick = useCallback(() => void Promise.all([store.load(true), store.loadKinds()]), [store]);
  useVisibleInterval(tick, AUTOMATION_ACTIVE_RUNS_REFRESH_MS, store.hasActive);
  const canRun = can('Create');
  const canCancel = can('Update');
  const stateOptions = [{ value: ALL, label: t('automation.common.all') }, ...RUN_STATE_LIST.map((s) => ({ value: s, label: t(`automation.states.${s}`) }))];
  const taskOptions = [{ value: ALL, label: t('automation.common.all') }, ...store.kinds.map((k) => ({ value: k.kind, label: kindName(t, k.kind, k.name) }))];
  return (
    <div className="tracking-page automation-page" data-testid="automation-task">
      <section className="tracking-card">
        <div className="automation-toolbar">
          <h3>{t('automation.task.kindsTitle')}</h3>
          <span className="automation-spacer" />
          <Button size="small" outlined icon="pi pi-refresh" label={t('automation.common.refresh')} onClick={() => void store.refresh()} data-testid="task-refresh" />
        </div>
        {store.kindsState === 'failed' ? (
          <ResultState kind="error" text={t('automation.common.failed', { error: '' })} onRetry={() => void store.loadKinds()} testId="kinds-error" />
        ) : store.kindsState !== 'ready' ? (
          <ResultState kind="loading" text={t('automation.common.loading')} testId="kinds-loading" />
        ) : store.kinds.length === 0 ? (
          <ResultState kind="empty" text={t('automation.task.kindsEmpty')} testId="kinds-empty" />
        ) : (
          <div className="automation-kinds">
            {store.kinds.map((k) => (
              <KindCard key={k.kind} kind={k} canRun={canRun} onRun={() => setRunning(k)} />
            ))}
          </div>
        )}
      </section>
      <section className="tracking-card">
        <div className="automation-toolbar">
          <h3>{t('automation.task.runsTitle')}</h3>
          <label htmlFor="runs-state">{t('automation.task.filterState')}</label>
          <Dropdown inputId="runs-state" className="p-inputtext-sm" value={store.filterState ?? ALL} options={stateOptions} onChange={(e) => void store.setFilterState(e.value === ALL ? null : (e.value as RunRow['state']))} pt={{ select: { 'aria-hidden': true } }} data-testid="runs-state" />
          <label htmlFor="runs-task">{t('automation.task.filterTask')}</label>
          <Dropdown inputId="runs-task" className="p-inputtext-sm" value={store.filterTask ?? ALL} options={taskOptions} onChange={(e) => void store.setFilterTask(e.value === ALL ? null : String(e.value))} pt={{ select: { 'aria-hidden': true } }} data-testid="runs-task" />
          <span className="automation-spacer" />
          {store.hasActive && (
            <span className="tracking-muted" data-testid="runs-auto-refresh">
              <i className="pi pi-sync pi-spin" aria-hidden="true" /> {t('automation.task.autoRefresh', { n: AUTOMATION_ACTIVE_RUNS_REFRESH_MS / 1000 })}
            </span>
          )}
          <Button size="small" outlined icon="pi pi-refresh" label={t('automation.common.refresh')} loading={store.state === 'loading'} onClick={() => void store.load()} data-testid="runs-refresh" />
        </div>
        {store.state === 'failed' && store.runs.length === 0 ? (
          <ResultState kind="error" text={t('automation.task.runsFailed', { error: store.error })} onRetry={() => void store.load()} testId="runs-error" />
        ) : store.state !== 'ready' && store.runs.length === 0 ? (
          <ResultState kind="loading" text={t('automation.common.loading')} testId="runs-loading" />
        ) : store.runs.length === 0 ? (
          <ResultState kind="empty" text={t('automation.task.runsEmpty')} testId="runs-empty" />
        ) : (
          <>
            <AnalysisTable label={t('automation.task.tableLabel')} testId="runs-table"
              head={
                <>
                  <th className="is-text">{t('automation.task.colTask')}</th>
                  <th className="is-text">{t('automation.task.colTrigger')}</th>
                  <th className="is-text">{t('automation.task.colState')}</th>
                  <th className="is-number">{t('automation.task.colAttempts')}</th>
                  <th className="is-text">{t('automation.task.colQueued')}</th>
                  <th className="is-text">{t('automation.task.colStarted')}</th>
                  <th className="is-number">{t('automation.task.colDuration')}</th>
                  <th className="is-text">{t('automation.task.colResult')}</th>
                  <th className="is-text">{t('automation.task.colActions')}</th>
                </>
              }
            >
              {store.runs.map((r, i) => (
                <RunRowView key={r.id} run={r} index={i} store={store} canRetry={canRun} canCancel={canCancel} onCancel={() => setCancelling(r)} />
              ))}
            </AnalysisTable>
            <ListPager store={store} testId="runs-pager" />
          </>
        )}
      </section>
      {running && <RunDialog store={store} kind={running} onClose={() => setRunning(null)} />}
      <ConfirmDialog
        visible={cancelling !== null}
        onHide={() => setCancelling(null)}
        header={t('automation.task.cancelRun')}
        message={cancelling ? t('automation.task.cancelConfirm', { task: kindName(t, cancelling.task, cancelling.task_name) }) : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('automation.task.cancelRun')}
        rejectLabel={t('automation.task.keep')}
        acceptClassName="p-button-danger"
        accept={() => {
          const run = cancelling;
          if (run)
            void store.cancel(run.id).then((ok) => {
              if (ok) root.notify({ severity: 'success', text: t('automation.task.cancelled'), life: 3000 });
            });
        }}
        defaultFocus="reject"
      />
    </div>
  );
});

/** 任务管理 (automation/task): the task kinds with "run now", and the runs with retry and cancel. */
export default storePage(useAutomation, (automation) => <TaskView automation={automation} />);
