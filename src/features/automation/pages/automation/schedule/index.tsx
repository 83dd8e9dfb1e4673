import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAutomationTexts } from '../../../components/locale';
import { ArgsForm, kindName, problemText, RunStateTag } from '../../../components/parts';
import { useAutomation } from '../../../components/useAutomation';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { CustomInputProps, Option, ResourceDescription } from '../../../../../components/crud/types';
import { PageLoading } from '../../../../../components/PageLoading';
import { formatInstant } from '../../../../../stores/format';
import { argDefaults, argsBody, RUN_STATE_LIST, type AutomationStore } from '../../../stores/automation';
import type { ResourceRow, RunState, TaskKindRow } from '../../../../../stores/types';
import { FULL_PERMISSIONS, NEWEST_FIRST } from '../../../../../components/crud/presets';
import '../../../../../components/analytics/analytics.css';
import '../../../components/automation.css';
import { storePage } from '../../../../../components/analytics/AnalysisParts';

type T = ReturnType<typeof useAutomationTexts>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The arguments of the chosen task, as its form; reset to the task's defaults when the task changes. */
function ArgsInput({ props, kinds }: { props: CustomInputProps; kinds: TaskKindRow[] }) {
  const t = useAutomationTexts();
  const task = typeof props.values.task === 'string' ? props.values.task : '';
  const kind = kinds.find((k) => k.kind === task);
  const shownFor = useRef<string | null>(null);
  const { onChange, value, row } = props;
  useEffect(() => {
    if (!kind || shownFor.current === kind.kind) return;
    const first = shownFor.current === null;
    shownFor.current = kind.kind;
    // The saved arguments when the form opens on a row of that task; the defaults on a new task.
    const saved = first && row && row.task === kind.kind && isRecord(row.args) ? row.args : first && isRecord(value) && Object.keys(value).length > 0 ? value : {};
    onChange(argDefaults(kind.arguments, saved));
  }, [kind, onChange, row, value]);
  if (!kind) return <span className="tracking-muted" data-testid={props.testId}>{t('automation.schedule.chooseTaskFirst')}</span>;
  const values = isRecord(value) ? value : {};
  const { problems } = argsBody(kind.arguments, values);
  // Problems show once the form has been checked (the field is marked invalid then).
  return <ArgsForm form={kind.arguments} values={values} onChange={onChange} problems={props.invalid ? problems : {}} idPrefix={props.testId} disabled={props.disabled} />;
}

/** A crontab or an interval to bind the schedule to (clearable: exactly one of the two is chosen). */
function ChoiceInput({ props, automation, kind }: { props: CustomInputProps; automation: AutomationStore; kind: 'crontab' | 'interval' }) {
  const t = useAutomationTexts();
  const [rows, setRows] = useState<ResourceRow[] | null>(null);
  useEffect(() => {
    let live = true;
    void automation.choices(kind).then(
      (r) => live && setRows(r),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [automation, kind]);
  const label = (r: ResourceRow) =>
    kind === 'crontab'
      ? `${String(r.expression)} (${String(r.timezone)})${r.description ? ` · ${String(r.description)}` : ''}`
      : `${t('automation.interval.everyText', { n: Number(r.every), unit: t(`automation.interval.${String(r.period)}`) })}${r.description ? ` · ${String(r.description)}` : ''}`;
  const options = (rows ?? []).map((r) => ({ label: label(r), value: Number(r.id) }));
  const value = typeof props.value === 'number' ? props.value : props.value === null || props.value === undefined || props.value === '' ? null : Number(props.value);
  return (
    <Dropdown
      inputId={props.id}
      value={value}
      options={options}
      onChange={(e) => props.onChange((e.value as number | null | undefined) ?? null)}
      showClear
      filter={options.length > 8}
      filterPlaceholder={t('automation.common.filter')}
      loading={rows === null}
      emptyMessage={t('automation.schedule.noChoices')}
      disabled={props.disabled}
      invalid={props.invalid}
      pt={{ select: { 'aria-hidden': true }, filterInput: { 'aria-label': t('automation.common.filter') } }}
      data-testid={props.testId}
    />
  );
}

const argsText = (args: unknown) => (isRecord(args) ? JSON.stringify(args) : '');

function scheduleDescription(t: T, automation: AutomationStore, kinds: TaskKindRow[]): ResourceDescription {
  const taskOptions: Option[] = kinds.map((k) => ({ label: kindName(t, k.kind, k.name), value: k.kind, color: 'info' }));
  const stateOptions: Option[] = RUN_STATE_LIST.map((s) => ({ label: t(`automation.states.${s}`), value: s }));
  const kindOf = (task: unknown) => kinds.find((k) => k.kind === task);
  const exactlyOne = (_v: unknown, values: Record<string, unknown>) => {
    const has = (k: string) => values[k] !== null && values[k] !== undefined && values[k] !== '';
    return has('crontab') === has('interval') ? t('automation.schedule.pickOne') : null;
  };
  return {
    resource: '/api/automation/schedule/',
    testId: 'schedule',
    permissions: { ...FULL_PERMISSIONS, export: undefined },
    ordering: NEWEST_FIRST,
    dialogWidth: '760px',
    fields: [
      { key: 'name', label: t('automation.schedule.name'), search: true, column: { width: 180, filter: true }, form: { rules: { required: true, maxLength: 100 }, serverNames: ['调度名称'] } },
      {
        key: 'task',
        label: t('automation.schedule.task'),
        options: taskOptions,
        search: true,
        column: { width: 140, filter: true, cell: (row) => <span data-user-data>{kindName(t, String(row.task), String(row.task_name ?? row.task))}</span> },
        form: { rules: { required: true }, serverNames: ['任务'] },
      },
      {
        key: 'schedule_text',
        label: t('automation.schedule.schedule'),
        column: {
          width: 200,
          cell: (row) => (
            <code>
              {row.interval_every !== null && row.interval_every !== undefined
                ? t('automation.interval.everyText', { n: Number(row.interval_every), unit: t(`automation.interval.${String(row.interval_period)}`) })
                : String(row.schedule_text ?? '')}
            </code>
          ),
        },
        form: false,
      },
      {
        key: 'crontab',
        label: t('automation.schedule.crontab'),
        column: false,
        form: { default: null, rules: { check: exactlyOne }, serverNames: ['Crontab', '调度'] },
        input: (p) => <ChoiceInput props={p} automation={automation} kind="crontab" />,
      },
      {
        key: 'interval',
        label: t('automation.schedule.interval'),
        column: false,
        form: { default: null, serverNames: ['间隔周期'] },
        input: (p) => <ChoiceInput props={p} automation={automation} kind="interval" />,
      },
      {
        key: 'enabled',
        label: t('automation.schedule.enabled'),
        type: 'switch',
        column: { width: 90, cell: (row) => <Tag value={row.enabled ? t('automation.schedule.on') : t('automation.schedule.off')} severity={row.enabled ? 'success' : 'secondary'} data-testid={`schedule-enabled-${String(row.id)}`} /> },
        form: { default: true },
      },
      { key: 'exclusive', label: t('automation.schedule.exclusive'), type: 'switch', column: { width: 90, cell: (row) => (row.exclusive ? '✓' : '-') }, form: { default: false } },
      { key: 'next_run', label: t('automation.schedule.nextRun'), column: { width: 160, cell: (row) => <span data-testid={`schedule-next-${String(row.id)}`}>{formatInstant(row.next_run as string | null)}</span> }, form: false },
      { key: 'last_run', label: t('automation.schedule.lastRun'), column: { width: 160, cell: (row) => formatInstant(row.last_run as string | null) }, form: false },
      {
        key: 'last_state',
        label: t('automation.schedule.lastState'),
        options: stateOptions,
        column: { width: 110, cell: (row) => (row.last_state ? <RunStateTag state={row.last_state as RunState} testId={`schedule-state-${String(row.id)}`} /> : '-') },
        form: false,
      },
      { key: 'total_runs', label: t('automation.schedule.totalRuns'), type: 'number', column: { width: 90 }, form: false },
      {
        key: 'args',
        label: t('automation.schedule.args'),
        column: { width: 240, cell: (row) => <code className="automation-args-cell" title={argsText(row.args)}>{argsText(row.args)}</code> },
        form: {
          span: 24,
          default: {},
          serverNames: ['参数'],
          rules: {
            check: (value, values) => {
              const kind = kindOf(values.task);
              if (!kind) return null;
              const { problems } = argsBody(kind.arguments, isRecord(value) ? value : {});
              const first = kind.arguments.find((a) => problems[a.name]);
              const problem = first ? problems[first.name] : undefined;
              return first && problem ? problemText(t, first, problem) : null;
            },
          },
        },
        input: (p) => <ArgsInput props={p} kinds={kinds} />,
      },
    ],
    rowActions: [
      {
        key: 'runNow',
        label: t('automation.schedule.runNow'),
        icon: 'pi pi-play',
        permission: 'Update',
        severity: 'success',
        run: async (row, ctx) => {
          const id = await automation.runSchedule(Number(row.id));
          if (id) {
            ctx.root.notify({ severity: 'success', text: t('automation.schedule.queued', { id: id.slice(0, 8) }), life: 3000 });
            await ctx.store.load();
          }
        },
      },
      {
        key: 'disable',
        label: t('automation.schedule.disable'),
        icon: 'pi pi-pause',
        permission: 'Update',
        severity: 'warning',
        visible: (row) => row.enabled === true,
        run: async (row, ctx) => {
          if (await automation.setScheduleEnabled(Number(row.id), false)) {
            ctx.root.notify({ severity: 'success', text: t('automation.schedule.disabledDone', { name: String(row.name) }), life: 3000 });
            await ctx.store.load();
          }
        },
      },
      {
        key: 'enable',
        label: t('automation.schedule.enable'),
        icon: 'pi pi-check',
        permission: 'Update',
        visible: (row) => row.enabled !== true,
        run: async (row, ctx) => {
          if (await automation.setScheduleEnabled(Number(row.id), true)) {
            ctx.root.notify({ severity: 'success', text: t('automation.schedule.enabledDone', { name: String(row.name) }), life: 3000 });
            await ctx.store.load();
          }
        },
      },
    ],
    toBody: (values) => {
      const kind = kindOf(values.task);
      const args = kind ? argsBody(kind.arguments, isRecord(values.args) ? values.args : {}).args : {};
      const id = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
      return { ...values, args, crontab: id(values.crontab), interval: id(values.interval) };
    },
  };
}

function ScheduleView({ automation }: { automation: AutomationStore }) {
  const t = useAutomationTexts();
  const [kinds, setKinds] = useState<TaskKindRow[] | null>(null);
  useEffect(() => {
    let live = true;
    void automation.taskKinds().then(
      (k) => live && setKinds(k),
      () => live && setKinds([]),
    );
    return () => {
      live = false;
    };
  }, [automation]);
  const description = useMemo(() => (kinds ? scheduleDescription(t, automation, kinds) : null), [t, automation, kinds]);
  return description ? <CrudPage description={description} /> : <PageLoading />;
}

/**
 * 定时调度 (automation/schedule): a task with its arguments (a form built from the task's argument
 * description) bound to a crontab or an interval; enable/disable, run now, last and next run, last state.
 */
export default storePage(useAutomation, (automation) => <ScheduleView automation={automation} />);

