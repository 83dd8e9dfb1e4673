import { useMemo } from 'react';
import { useAutomationTexts } from '../../../components/automation/locale';
import { TimeZoneInput } from '../../../components/automation/parts';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../components/crud/types';
import { formatZoned } from '../../../stores/automation';
import { FULL_PERMISSIONS, NEWEST_FIRST } from '../../system/shared';
import '../../../components/automation/automation.css';

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
          form: { span: 24, placeholder: t('automation.crontab.expressionHint'), rules: { required: true, maxLength: 120 }, serverNames: ['Crontab 表达式', 'expression'] },
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
