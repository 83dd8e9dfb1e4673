import { Component, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/controls';
import { PageLoading } from '../../components/PageLoading';
import { PagePathProvider } from '../../components/Permission';
import { useStore } from '../../components/store-context';
import { PageChunkError } from '../../pages/registry';
import type { ShellRoute } from '../shell-routes';

interface BoundaryProps {
  onError(error: unknown): void;
  fallback(error: unknown): ReactNode;
  children: ReactNode;
}

/** Catches what a page throws (a chunk that failed or timed out, a render error) so the other tabs live on. */
class PageErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function PageFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const text =
    error instanceof PageChunkError
      ? error.reason === 'timeout'
        ? t('app.chunkTimeout', { seconds: Math.round(error.timeoutMs / 1000) })
        : t('app.chunkFailed')
      : t('app.pageCrashed');
  return (
    <div className="console-page-loading" role="alert" data-testid="page-load-failed">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      <span>{text}</span>
      <ActionButton label={t('app.retry')} icon="pi pi-refresh" onClick={retry} data-testid="page-load-retry" />
    </div>
  );
}

/**
 * One tab's page: its permission path, the loading state while its chunk arrives, and a boundary
 * that turns a chunk which fails (or has not arrived after the spec's 120 s, §8) or a page that
 * throws into a message with a retry, logged once in the front-end log. Other tabs are not touched.
 */
export function PageFrame({ route, path }: { route: ShellRoute; path: string }) {
  const root = useStore();
  const { t } = useTranslation();
  // Retry remounts the boundary (a new key): its page asks the registry again, which hands out a fresh lazy page.
  const [attempt, setAttempt] = useState(0);
  const logError = (error: unknown) => {
    const what = route.component ?? route.path;
    const text =
      error instanceof PageChunkError
        ? error.reason === 'timeout'
          ? t('app.chunkTimeout', { seconds: Math.round(error.timeoutMs / 1000) })
          : t('app.chunkFailed')
        : `${t('app.pageCrashed')} ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    root.log.add(`${text} — ${what}`, 'danger', root.pageUrl());
  };
  return (
    <PagePathProvider path={path}>
      <PageErrorBoundary
        key={attempt}
        onError={logError}
        fallback={(error) => <PageFailure error={error} retry={() => setAttempt((n) => n + 1)} />}
      >
        <Suspense fallback={<PageLoading />}>
          <RoutePage route={route} />
        </Suspense>
      </PageErrorBoundary>
    </PagePathProvider>
  );
}

/**
 * The route's page once its code is there. Until then the loading state is this component's own, not
 * a Suspense fallback: React holds content that replaces a shown fallback until 300 ms after it was
 * shown, which every first visit of a page would pay on top of its chunk's few tens of ms. The load
 * starts while rendering, as React.lazy's does, because a tab restored behind others renders hidden
 * (<Activity>), where effects wait until it is shown. A chunk that fails is thrown to the tab's error
 * boundary (its retry mounts this afresh, with a fresh load).
 */
function RoutePage({ route }: { route: ShellRoute }) {
  const [state, setState] = useState<{ ready: boolean; error?: unknown }>(() => ({ ready: route.ready?.() ?? true }));
  if (state.error !== undefined) throw state.error;
  if (state.ready) return route.render();
  // The route's preload is one load however often this renders; a late answer for a page that has
  // gone is ignored by React.
  route.preload?.().then(
    () => setState({ ready: true }),
    (error: unknown) => setState({ ready: false, error }),
  );
  return <PageLoading />;
}
