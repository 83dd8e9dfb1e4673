import { useMemo } from 'react';
import { useAutomationTexts } from '../../../components/locale';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { Option, ResourceDescription } from '../../../../../components/crud/types';
import { FULL_PERMISSIONS, NEWEST_FIRST } from '../../../../../components/crud/presets';

const PERIODS = ['seconds', 'minutes', 'hours', 'days'] as const;

/** 间隔周期 (automation/interval): "every N seconds / minutes / hours / days", reusable by schedules. */
export default function AutomationIntervalPage() {
  const t = useAutomationTexts();
  const description = useMemo<ResourceDescription>(() => {
    const periods: Option[] = PERIODS.map((p) => ({ label: t(`automation.interval.${p}`), value: p, color: 'info' }));
    return {
      resource: '/api/automation/interval/',
      testId: 'interval',
      permissions: { ...FULL_PERMISSIONS, export: undefined },
      ordering: NEWEST_FIRST,
      dialogWidth: '640px',
      fields: [
        {
          key: 'every',
          label: t('automation.interval.every'),
          type: 'number',
          column: {
            width: 160,
            cell: (row) => (
              <span data-testid={`interval-text-${String(row.id)}`}>{t('automation.interval.everyText', { n: Number(row.every), unit: t(`automation.interval.${String(row.period)}`) })}</span>
            ),
          },
          form: { default: 1, rules: { required: true, min: 1, max: 1_000_000 }, serverNames: ['间隔'] },
        },
        { key: 'period', label: t('automation.interval.period'), options: periods, search: true, column: { width: 110, filter: true }, form: { default: 'minutes', rules: { required: true }, serverNames: ['周期单位'] } },
        { key: 'schedules', label: t('automation.interval.schedules'), type: 'number', column: { width: 110 }, form: false },
      ],
    };
  }, [t]);
  return <CrudPage description={description} />;
}
