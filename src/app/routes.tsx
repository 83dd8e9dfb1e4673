import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useRawSearch } from '../components/useRawSearch';
import { FORBIDDEN_PATH, INDEX_PATH, LOGIN_PATH, NOT_FOUND_PATH, PREVIEW_PATH, REDIRECT_PREFIX, REFRESH_PATH } from '../config';
import { PageLoading } from '../components/PageLoading';
import { useStore } from '../components/store-context';
import LoginPage from '../pages/login/LoginPage';
import { RouteGuard } from './RouteGuard';
import { usePlugins } from '../plugins/context';
import { pluginRouteFor } from '../plugins/routes';
import { isConsoleScreen, resolveShellRoute, STATIC_ROUTES } from './shell-routes';
import { withStylesheets } from '../components/stylesheets';
import { preloadable } from '../components/preloadable';

/**
 * Everything behind login is loaded on demand: the login page bundle stays small. These also wait for
 * the full stylesheets, which the prerendered login page loads without blocking its first paint.
 */
const Layout = preloadable(withStylesheets(() => import('./layout/Layout')));
const NotFoundPage = lazy(withStylesheets(() => import('../pages/notFound/NotFoundPage')));
const ForbiddenPage = lazy(withStylesheets(() => import('../pages/error/ForbiddenPage')));
const PreviewPage = lazy(withStylesheets(() => import('../pages/preview/PreviewPage')));

/** `/redirect/<route>?q` → `/<route>?q` (spec §2.1 redirect/:route*). */
export function redirectTargetOf(path: string, search: string): string {
  const rest = path.slice(REDIRECT_PREFIX.length).replace(/^\/+/, '');
  const target = `/${rest}`;
  return search ? `${target}?${search}` : target;
}

/** The path part of a full path. */
const pathOf = (fullPath: string): string => fullPath.split('?')[0] ?? fullPath;

/**
 * Loads the code of the first signed-in screen at `fullPath` before it renders: the layout, and the
 * page of a fixed route (the dashboard at /index). Rendered afterwards, they show at once instead of
 * behind a fallback each (components/preloadable.tsx). Menu pages load as they render.
 */
export function preloadFirstScreen(fullPath: string): Promise<void> {
  const path = pathOf(fullPath);
  const page = STATIC_ROUTES.find((route) => route.path === path);
  return Promise.all([Layout.preload(), page?.preload?.()]).then(() => undefined);
}

/**
 * /refresh (spec §2.1) outside the layout (no tab to refresh): back to the current tab's path.
 * Inside the layout, the layout itself refreshes the current tab (see `Layout`'s `refreshing`).
 */
const RefreshRoute = observer(function RefreshRoute() {
  const root = useStore();
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate(root.tabs.current, { replace: true });
  }, [root, navigate]);
  return <PageLoading textKey="shell.refreshing" />;
});

/**
 * The route table (spec §2.1, §2.3): / → /index; /login; /404; /403; /preview (code required, else
 * 403); /refresh; /redirect/*; the layout routes (fixed and built from the menu). Once the menu is
 * known, a console screen outside the user's menu goes to /403, any other unnamed route to /404; until then (a reload on a menu route) it waits for the guard,
 * which loads the menu and re-enters the same path.
 */
export const AppRoutes = observer(function AppRoutes() {
  const root = useStore();
  const [path] = useLocation();
  const search = useRawSearch();
  return (
    <RouteGuard>
      <Suspense fallback={<PageLoading />}>
        <RouteSwitch path={path} search={search} root={root} />
      </Suspense>
    </RouteGuard>
  );
});

const RouteSwitch = observer(function RouteSwitch({ path, search, root }: { path: string; search: string; root: ReturnType<typeof useStore> }) {
  const plugins = usePlugins();
  if (path === '/' || path === '') return <Redirect to={INDEX_PATH} replace />;
  if (path === LOGIN_PATH) return <LoginPage />;
  if (path === NOT_FOUND_PATH) return <NotFoundPage />;
  if (path === FORBIDDEN_PATH) return <ForbiddenPage />;
  if (path === PREVIEW_PATH) {
    const code = new URLSearchParams(search).get('code');
    return code ? <PreviewPage code={code} /> : <Redirect to={FORBIDDEN_PATH} replace />;
  }
  if (path === REFRESH_PATH) {
    // The layout stays mounted (the other kept-alive pages keep their state); only the current tab reloads.
    const target = root.tabs.current;
    const current = resolveShellRoute(root, pathOf(target));
    return current ? <Layout route={current} refreshing={target} /> : <RefreshRoute />;
  }
  if (path.startsWith(REDIRECT_PREFIX)) return <Redirect to={redirectTargetOf(path, search)} replace />;
  const pluginView = pluginRouteFor(plugins.routes, path);
  if (pluginView) return pluginView;
  const route = resolveShellRoute(root, path);
  if (route) return <Layout route={route} />;
  const menuPending = root.session.hasToken() && !root.menu.loaded && root.bootState !== 'failed' && root.menu.state !== 'failed' && root.bootState !== 'ready';
  if (menuPending) return <PageLoading textKey="guard.loading" />;
  // A screen the console has but the user's menu does not grant: refused (403), not missing (404).
  if (root.menu.loaded && isConsoleScreen(path)) return <Redirect to={FORBIDDEN_PATH} replace />;
  return <Redirect to={NOT_FOUND_PATH} replace />;
});
