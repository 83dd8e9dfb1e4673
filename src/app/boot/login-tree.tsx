import { StrictMode, Suspense, useState, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router, useLocation, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { LoginStoreProvider } from '../../components/login-context';
import { PageLoading } from '../../components/PageLoading';
import { preloadable, type Preloadable } from '../../components/preloadable';
import { LOGIN_PATH } from '../../config';
import type { I18n } from '../../i18n/core';
import LoginPage from '../../pages/login/LoginPage';
import { PluginProvider } from '../../plugins/context';
import type { PluginRegistry } from '../../plugins/types';
import type { LoginStore } from '../../stores/login';
import type { Notifier } from '../notifier';
import { ToastHost } from '../ToastHost';

/** The login-only boot's parts (src/compose-login.ts builds them). */
export interface LoginParts {
  login: LoginStore;
  i18n: I18n;
  notifier: Notifier;
}

/** Loads the full console (src/console-start.tsx) and gives its tree as a component. */
export type ConsoleLoader = () => Promise<ComponentType>;

/** The full console as the login tree renders it; `preload()` once a sign-in succeeded. */
export type ConsoleComponent = Preloadable<object>;

/**
 * The full console's component from its loader. main.tsx preloads it when a sign-in succeeds and
 * leaves /login only once it is there, so the console renders at once instead of suspending.
 */
export function consoleComponent(load: ConsoleLoader): ConsoleComponent {
  return preloadable(() => load().then((view) => ({ default: view })));
}

interface RouterHooks {
  hook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
}

/**
 * The login route's own React tree: the login page on its store, i18n, the router and the
 * toasts, without the RootStore, the shell or PrimeReact's runtime. The build prerenders this very
 * tree into index.html (src/prerender.tsx) and main.tsx hydrates it. When the address leaves /login
 * (signed in, or a sign-in link such as /oauth2), the full console loads and renders in its place,
 * and stays (its own route table shows the login page again should the session end).
 */
export function loginTree(parts: LoginParts, plugins: PluginRegistry, FullConsole: ConsoleComponent, router: RouterHooks = {}) {
  return (
    <StrictMode>
      <PluginProvider plugins={plugins}>
        <I18nextProvider i18n={parts.i18n}>
          <Router {...(router.hook ? { hook: router.hook } : {})} {...(router.searchHook ? { searchHook: router.searchHook } : {})}>
            <LoginRoute parts={parts} FullConsole={FullConsole} />
          </Router>
        </I18nextProvider>
      </PluginProvider>
    </StrictMode>
  );
}

function LoginRoute({ parts, FullConsole }: { parts: LoginParts; FullConsole: ComponentType }) {
  const [path] = useLocation();
  const away = path !== LOGIN_PATH;
  // Once the console has taken over, it stays (React's "state from the previous render" pattern).
  const [left, setLeft] = useState(away);
  if (away && !left) setLeft(true);

  if (away || left) {
    return (
      <Suspense fallback={<PageLoading />}>
        <FullConsole />
      </Suspense>
    );
  }
  return (
    <LoginStoreProvider store={parts.login}>
      <LoginPage />
      <ToastHost notifier={parts.notifier} />
    </LoginStoreProvider>
  );
}
