import { useTranslation } from 'react-i18next';

export interface StatCardProps {
  label: string;
  value: number | null;
  icon: string;
  tone: 'blue' | 'green' | 'orange' | 'purple';
  loading: boolean;
  testId: string;
  /** A second line under the value (e.g. the files' total size); nothing when null. */
  hint?: string | null;
}

/** One count, with an optional second line; '-' when its call failed. */
export function StatCard({ label, value, icon, tone, loading, testId, hint = null }: StatCardProps) {
  const { t, i18n } = useTranslation();
  const shown = value === null ? t('app.unavailable') : value.toLocaleString(i18n.language === 'en' ? 'en' : 'zh-CN');
  return (
    <section className={`stat-card is-${tone}`} data-testid={testId}>
      <span className="stat-card-icon" aria-hidden="true">
        <i className={`pi ${icon}`} />
      </span>
      <div>
        <div className="stat-card-label">{label}</div>
        <div className="stat-card-value" data-testid={`${testId}-value`} aria-busy={loading}>
          {loading && value === null ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : shown}
        </div>
        {hint && (
          <div className="stat-card-hint" data-testid={`${testId}-hint`}>
            {hint}
          </div>
        )}
      </div>
    </section>
  );
}
