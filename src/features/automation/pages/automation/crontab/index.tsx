import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { previewCron, type CronPreview } from '../../../components/cron-preview';
import { useAutomationTexts } from '../../../components/locale';
import { TimeZoneInput } from '../../../components/parts';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { CustomInputProps, ResourceDescription } from '../../../../../components/crud/types';
import { formatZoned } from '../../../../../stores/format';
import { FULL_PERMISSIONS, NEWEST_FIRST } from '../../../../../components/crud/presets';
import '../../../components/automation.css';

/** The next run times of a crontab row (ISO with its zone's offset), as wall-clock times of that zone. */
function NextRuns({ runs, zone, testId }: { runs: unknown; zone: string; testId: string }) {
  const t = useAutomationTexts();
  const list = Array.isArray(runs) ? runs.filter((r): r is string => typeof r === 'string') : [];
  if (list.length === 0) return <span className="tracking-muted">{t('automation.crontab.noNextRuns')}</span>;
  return (
    <ol className="automation-next-runs" data-testid={testId} title={t('automation.crontab.nextRuns', { zone })}>
      {list.map((r) => (
        <li key={r}>{formatZoned(r)}</li>
      ))}
    </ol>
  );
}

/** The expression input, its format hint, and the next 5 runs in the form's chosen zone as it is typed. */
function ExpressionInput({ props }: { props: CustomInputProps }) {
  const t = useAutomationTexts();
  const expression = typeof props.value === 'string' ? props.value : '';
  const zone = typeof props.values.timezone === 'string' && props.values.timezone ? props.values.timezone : 'Asia/Shanghai';
  // The preview of the expression and zone it was computed for (a stale one is not shown).
  const [computed, setComputed] = useState<{ key: string; preview: CronPreview } | null>(null);
  const key = `${expression}\n${zone}`;
  const preview = expression.trim() && computed?.key === key ? computed.preview : null;
  useEffect(() => {
    let live = true;
    if (!expression.trim()) return undefined;
    void previewCron(expression, zone, new Date()).then(
      (p) => live && setComputed({ key: `${expression}\n${zone}`, preview: p }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [expression, zone]);
  const problem = preview && !preview.ok ? preview.problem.split(':') : null;
  return (
    <div className="automation-expression">
      <InputText id={props.id} value={expression} onChange={(e) => props.onChange(e.target.value)} disabled={props.disabled} invalid={props.invalid} maxLength={120} className="automation-mono" data-testid={props.testId} />
      <small className="tracking-muted">{t('automation.crontab.expressionHint')}</small>
      {preview?.ok && (
        <div data-testid="crontab-preview">
          <small>{t('automation.crontab.preview', { zone })}</small>
          <ol className="automation-next-runs">
            {preview.runs.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ol>
        </div>
      )}
      {problem && (
        <small className="p-error" data-testid="crontab-preview-problem">
          {problem[0] === 'fields'
            ? t('automation.crontab.problemFields', { n: problem[1] })
            : problem[0] === 'range'
              ? t('automation.crontab.problemRange', { value: problem[1], range: problem[2] })
              : problem[0] === 'never'
                ? t('automation.crontab.problemNever')
                : t('automation.crontab.problemInvalid')}
        </small>
      )}
    </div>
  );
}

/**
 * Crontab 表达式 (automation/crontab): reusable five-field crontab schedules in an IANA time zone; each
 * row shows its next 5 run times in that zone (computed by the server with cron-parser). An invalid
 * expression (e.g. `61 * * * *`) is refused by the server with a message naming the field.
 */
export default function AutomationCrontabPage() {
  const t = useAutomationTexts();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/automation/crontab/',
      testId: 'crontab',
      permissions: { ...FULL_PERMISSIONS, export: undefined },
      ordering: NEWEST_FIRST,
      dialogWidth: '640px',
      fields: [
        {
          key: 'expression',
          label: t('automation.crontab.expression'),
          search: true,
          column: { width: 160, filter: true, cell: (row) => <code>{String(row.expression ?? '')}</code> },
          form: { span: 24, rules: { required: true, maxLength: 120 }, serverNames: ['Crontab 表达式', 'expression'] },
          input: (p) => <ExpressionInput props={p} />,
        },
        {
          key: 'timezone',
          label: t('automation.crontab.timezone'),
          column: { width: 150, filter: true },
          form: { span: 24, default: 'Asia/Shanghai', rules: { required: true, maxLength: 64 }, serverNames: ['时区', 'timezone'] },
          input: (p) => <TimeZoneInput value={p.value} onChange={p.onChange} id={p.id} testId={p.testId} disabled={p.disabled} invalid={p.invalid} />,
        },
        {
          key: 'next_runs',
          label: t('automation.crontab.nextRunsShort'),
          column: { width: 250, cell: (row) => <NextRuns runs={row.next_runs} zone={String(row.timezone ?? '')} testId={`crontab-next-runs-${String(row.id)}`} /> },
          form: false,
        },
        { key: 'schedules', label: t('automation.crontab.schedules'), type: 'number', column: { width: 110 }, form: false },
      ],
    }),
    [t],
  );
  return <CrudPage description={description} />;
}
