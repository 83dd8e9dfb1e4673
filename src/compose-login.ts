import type { ApiCallbacks, LoginApi } from './adapters/api';
import { lazyGraphqlLoginApi } from './adapters/graphql/lazy';
import { HttpClient } from './adapters/rest/http';
import { RestLoginApi } from './adapters/rest/login-api';
import type { ConsoleStorage } from './adapters/storage';
import { createNotifier, type Notifier } from './app/notifier';
import { LOGIN_PATH, toLanguage, type RuntimeConfig } from './config';
import { createLoginI18n, translator, type I18n } from './i18n/core';
import { EarlyLog } from './stores/early-log';
import { LoginStore } from './stores/login';

export interface LoginEnvironment {
  runtime: RuntimeConfig;
  storage: ConsoleStorage;
  navigate(to: string, options?: { replace?: boolean }): void;
  fetch?: typeof fetch;
  /** Told when a sign-in succeeded: the rest of the console loads then (main.tsx); a promise it returns is awaited. */
  onSignedIn?: () => Promise<void> | void;
  /** The page's address for the front-end log; default the browser's location. */
  pageUrl?: () => string;
}

/** The login-only composition: what the login page needs, nothing else. */
export interface LoginConsole {
  login: LoginStore;
  i18n: I18n;
  notifier: Notifier;
  /** Failed calls and uncaught errors met before the full console starts (its LogStore adopts them). */
  log: EarlyLog;
}

/**
 * The login page's composition root, the login-only counterpart of compose.ts: i18n in the
 * stored language, the login calls' adapter (REST: RestLoginApi on one HTTP client; GraphQL: the
 * gateway adapter, loaded on its first call) and the LoginStore. The RootStore, its other stores, the
 * socket, the local database, the shell and the full adapters load after sign-in (src/console-start.tsx).
 */
export function createLoginConsole(env: LoginEnvironment): LoginConsole {
  const i18n = createLoginI18n(toLanguage(env.storage.cookies.get('lang')));
  const notifier = createNotifier();
  const cookies = env.storage.cookies;
  const log = new EarlyLog({
    now: () => new Date(),
    meta: () => ({ user: '', uuid: cookies.get('uuid') ?? '', token: cookies.get('token') ?? '' }),
  });
  const pageUrl = env.pageUrl ?? (() => globalThis.location?.href ?? '');
  // The same reports RootStore.apiCallbacks makes, into the early log.
  const callbacks: ApiCallbacks = {
    notify: notifier.notify,
    authExpired: () => env.navigate(LOGIN_PATH),
    logFailure: (failure) => log.add(failure.url ? `${failure.message} — ${failure.url}` : failure.message, failure.severity === 'error' ? 'danger' : 'info', pageUrl()),
  };
  const apiOptions = { serverUrl: env.runtime.apiUrl, cookies, t: translator(i18n), callbacks, fetch: env.fetch };
  const api: LoginApi = env.runtime.adapter === 'graphql' ? lazyGraphqlLoginApi(apiOptions) : new RestLoginApi(new HttpClient(apiOptions));
  const login = new LoginStore(api, env.onSignedIn ? { onSignedIn: env.onSignedIn } : {});
  return { login, i18n, notifier, log };
}
