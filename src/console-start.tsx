import { createRoot } from 'react-dom/client';
import { createLocalDb } from './adapters/local-db';
import { createConsole, type Console, type ConsoleEnvironment } from './compose';
import { consoleTree } from './app/boot/tree';
import { captureErrors } from './app/header/error-capture';
import { stylesheetsReady } from './components/stylesheets';
import type { PluginRegistry } from './plugins/types';
import { INDEX_PATH, toLanguage } from './config';
import { preloadFirstScreen } from './app/routes';
import { redirectTarget } from './components/routing';
import { ensureLanguage } from './i18n';
import type { EarlyLog } from './stores/early-log';

/** What main.tsx hands over: the browser's environment without the local database (built here). */
export type StartEnvironment = Omit<ConsoleEnvironment, 'localDb'>;

/** What the login-only boot leaves to the full console when it takes over after sign-in. */
export interface Handoff {
  /** Its front-end log so far, adopted by the console's LogStore. */
  log: EarlyLog;
  /** Stops its error capture (the console's own takes over). */
  stopCapture(): void;
}

/**
 * The full console (loaded after sign-in, or at once on any route but /login): the RootStore
 * with every store, the local database, the socket, the shell and its pages, the full adapter. Like
 * compose.ts, it builds adapters, so it sits beside it, outside the UI folders.
 */
function startConsole(env: StartEnvironment, handoff?: Handoff): Console {
  const app = createConsole({ ...env, localDb: createLocalDb({ uuid: () => env.storage.cookies.get('uuid') }) });
  if (handoff) {
    handoff.stopCapture();
    app.root.log.adopt(handoff.log.take());
  }
  captureErrors(app.root.log, window);
  return app;
}

/**
 * After sign-in on the login-only page: the console's tree as a component for the login tree to
 * render, once the signed-in user's choices are read, the stylesheets are there and the first screen's
 * code (the layout and the page the sign-in goes to) has arrived.
 */
export async function consoleView(env: StartEnvironment, plugins: PluginRegistry, handoff: Handoff): Promise<() => ReturnType<typeof consoleTree>> {
  const app = startConsole(env, handoff);
  const target = redirectTarget(window.location.search, INDEX_PATH);
  await Promise.all([app.root.preferences.load().catch(() => undefined), stylesheetsReady(), preloadFirstScreen(target).catch(() => undefined)]);
  return function ConsoleView() {
    return consoleTree(app, plugins);
  };
}

/**
 * Any route but /login: the signed-in user's theme, colour, size and layout choices are read before
 * the first paint, and nothing renders before the stylesheets (and the first screen's code) are there.
 */
export async function renderConsole(container: HTMLElement, env: StartEnvironment, plugins: PluginRegistry): Promise<void> {
  const app = startConsole(env);
  // The default language is bundled; another (the cookie's) loads first (the boot script preloads it).
  await Promise.all([
    app.root.preferences.load().catch(() => undefined),
    stylesheetsReady(),
    ensureLanguage(app.i18n, toLanguage(env.storage.cookies.get('lang'))),
    // The layout and a fixed route's page load beside the rest, not one after the other as they render.
    preloadFirstScreen(window.location.pathname).catch(() => undefined),
  ]);
  createRoot(container).render(consoleTree(app, plugins));
}
