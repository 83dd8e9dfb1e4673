import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { useRawSearch } from '../components/useRawSearch';
import { ActionButton } from '../components/controls';
import { PageLoading } from '../components/PageLoading';
import { useStore } from '../components/store-context';
import { guardDecision, isWhiteListed } from '../components/routing';
import { FORBIDDEN_PATH, NOT_FOUND_PATH } from '../config';

/** The error pages are open to everyone (spec §6: 404 is open; the 403 page is where /preview sends visitors). */
const OPEN_PAGES: readonly string[] = [NOT_FOUND_PATH, FORBIDDEN_PATH];

/**
 * Spec §4: without a token only white-listed paths pass, others go to /login?redirect=<full path>;
 * with a token and no user yet, the user's data loads first (white-listed pages show meanwhile).
 */
export const RouteGuard = observer(function RouteGuard({ children }: { children: ReactNode }) {
  const root = useStore();
  const { t } = useTranslation();
  const [path] = useLocation();
  const search = useRawSearch();
  const open = OPEN_PAGES.includes(path);
  const decision = guardDecision({ path, search, hasToken: root.session.hasToken(), userLoaded: root.session.userLoaded });
  const mustLoad = decision.kind === 'load' && root.bootState !== 'failed';

  useEffect(() => {
    if (mustLoad) void root.bootstrap();
  }, [mustLoad, root]);

  if (decision.kind === 'redirect' && !open) return <Redirect to={decision.to} replace />;
  if (open || decision.kind === 'pass' || isWhiteListed(path)) return <>{children}</>;
  if (root.bootState === 'failed') {
    return (
      <div className="console-page-loading" role="alert">
        <i className="pi pi-exclamation-circle" aria-hidden="true" />
        <span>{t('guard.failed')}</span>
        <ActionButton label={t('app.retry')} icon="pi pi-refresh" onClick={() => void root.bootstrap()} />
      </div>
    );
  }
  return <PageLoading textKey="guard.loading" />;
});
