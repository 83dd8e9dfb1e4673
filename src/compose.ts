import type { ApiCallbacks } from './adapters/api';
import { lateCallbacks } from './adapters/callbacks';
import { lazyGraphqlConsoleApi } from './adapters/graphql/lazy-console';
import type { LocalDb } from './adapters/local-db';
import { RestConsoleApi } from './adapters/rest/rest-api';
import { createRealtimeConnector, type RealtimeConnector } from './adapters/socket/connector';
import type { ConsoleStorage } from './adapters/storage';
import type { Console } from './app/ConsoleApp';
import { createNotifier } from './app/notifier';
import { LOGIN_PATH, toLanguage, type RuntimeConfig } from './config';
import { addConsoleTexts, createI18n, translator, type I18n } from './i18n';
import { RootStore } from './stores/root';

export interface ConsoleEnvironment {
  runtime: RuntimeConfig;
  storage: ConsoleStorage;
  navigate(to: string, options?: { replace?: boolean }): void;
  reload(): void;
  fetch?: typeof fetch;
  /** The local browser database; default in memory (stories, tests). */
  localDb?: LocalDb;
  /** The layout's socket: default a browser WebSocket to the configured server; null for none (stories, tests). */
  realtime?: RealtimeConnector | null;
  /** The page's address for the front-end log; default the browser's location. */
  pageUrl?: () => string;
  /** The login-only boot's i18n instance, kept after sign-in (default: a new one). */
  i18n?: I18n;
}

export type { Console };

/**
 * The composition root, the one module that builds adapters (outside the UI folders, which may not
 * import them): i18n in the stored language, the REST or GraphQL adapter on the configured server URL,
 * and the RootStore that receives the adapter's callbacks (toast, log, back to login).
 */
export function createConsole(env: ConsoleEnvironment): Console {
  const i18n = env.i18n ?? createI18n(toLanguage(env.storage.cookies.get('lang')));
  // The login route's instance holds only the login page's texts of the default language: the rest now.
  if (env.i18n) addConsoleTexts(i18n);
  const notifier = createNotifier();
  const beforeConnect: ApiCallbacks = {
    notify: notifier.notify,
    authExpired: () => env.navigate(LOGIN_PATH),
    logFailure: () => undefined,
  };
  const callbacks = lateCallbacks(beforeConnect);
  const apiOptions = {
    serverUrl: env.runtime.apiUrl,
    cookies: env.storage.cookies,
    t: translator(i18n),
    callbacks,
    fetch: env.fetch,
  };
  // window.__CONSOLE_CONFIG__.adapter (server env CONSOLE_ADAPTER) picks REST (default) or the GraphQL gateway.
  const api = env.runtime.adapter === 'graphql' ? lazyGraphqlConsoleApi(apiOptions) : new RestConsoleApi(apiOptions);
  const root = new RootStore({ api, storage: env.storage, notify: notifier.notify, navigate: env.navigate, reload: env.reload, localDb: env.localDb, ...(env.runtime.analyticsTz ? { analyticsTz: env.runtime.analyticsTz } : {}), ...(env.pageUrl ? { pageUrl: env.pageUrl } : {}), ...realtimeOf(env) });
  callbacks.connect(root.apiCallbacks());
  return { root, i18n, notifier };
}

function realtimeOf(env: ConsoleEnvironment): { realtime?: RealtimeConnector } {
  if (env.realtime === null) return {};
  return { realtime: env.realtime ?? createRealtimeConnector({ serverUrl: env.runtime.apiUrl, wsPath: env.runtime.wsPath, cookies: env.storage.cookies }) };
}
