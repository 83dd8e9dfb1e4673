import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { INDEX_PATH, LOGIN_PATH, NOT_FOUND_PATH, USER_INFO_PATH } from '../config';
import { PageLoading } from '../components/PageLoading';
import LoginPage from '../pages/login/LoginPage';
import { RouteGuard } from './RouteGuard';

/** A console route that renders inside the layout frame and opens a tab. */
export interface LayoutRoute {
  name: string;
  path: string;
  titleKey: string;
  Page: LazyExoticComponent<ComponentType>;
}

/** Everything behind login is loaded on demand: the login page bundle stays small. */
const Layout = lazy(() => import('./layout/Layout'));
const NotFoundPage = lazy(() => import('../pages/notFound/NotFoundPage'));

export const LAYOUT_ROUTES: readonly LayoutRoute[] = [
  { name: 'index', path: INDEX_PATH, titleKey: 'route.index', Page: lazy(() => import('../pages/index/DashboardPage')) },
  { name: 'userInfo', path: USER_INFO_PATH, titleKey: 'route.userInfo', Page: lazy(() => import('../pages/userInfo/UserInfoPage')) },
];

/** The route table (spec §2.1): / → /index, /login, /404, layout routes, anything else → /404. */
export function AppRoutes() {
  const [path] = useLocation();
  const layoutRoute = LAYOUT_ROUTES.find((route) => route.path === path);
  return (
    <RouteGuard>
      <Suspense fallback={<PageLoading />}>
        {layoutRoute ? (
          <Layout route={layoutRoute} />
        ) : (
          <Switch>
            <Route path="/">
              <Redirect to={INDEX_PATH} replace />
            </Route>
            <Route path={LOGIN_PATH}>
              <LoginPage />
            </Route>
            <Route path={NOT_FOUND_PATH}>
              <NotFoundPage />
            </Route>
            <Route>
              <Redirect to={NOT_FOUND_PATH} replace />
            </Route>
          </Switch>
        )}
      </Suspense>
    </RouteGuard>
  );
}
