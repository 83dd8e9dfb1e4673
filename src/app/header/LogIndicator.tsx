import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { BADGE_MAX, FRONTEND_LOG_PATH } from '../../config';
import { useStore } from '../../components/store-context';
import { HeaderTool } from './HeaderTool';

/** The count shown on a badge: capped at 99 (spec §9) as '99+'. */
export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/**
 * Log indicator (spec §2.4): tooltip 没有日志或异常 or 'N 条日志 | 包含 M 个异常', a badge with the
 * count (capped at 99), danger-coloured when errors exist; a click opens frontendLog.
 */
export const LogIndicator = observer(function LogIndicator() {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const count = root.log.entries.length;
  const errors = root.log.errorCount;
  const tip = count === 0 ? t('personalize.logEmpty') : t('personalize.logSummary', { count, errors });
  return (
    <HeaderTool tip={tip} testId="header-log" onClick={() => navigate(FRONTEND_LOG_PATH)} {...(count > 0 ? { shown: badgeText(count) } : {})}>
      <i className="pi pi-bolt" aria-hidden="true" />
      {count > 0 && (
        <span className={`header-badge${errors > 0 ? ' is-danger' : ''}`} data-testid="header-log-badge">
          {badgeText(count)}
        </span>
      )}
    </HeaderTool>
  );
});
