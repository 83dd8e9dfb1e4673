import { createRoot, hydrateRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './styles/base.css';
import './styles/primary-color.css';
import { browserStorage } from './adapters/storage';
import { createLoginConsole } from './compose-login';
import { adoptEarlyResponses } from './app/boot/early-fetch';
import type { EarlyState } from './app/boot/boot-script';
import { consoleComponent, loginTree } from './app/boot/login-tree';
import { stylesheetsReady } from './components/stylesheets';
import { captureErrors } from './app/header/error-capture';
import { discoverPlugins, loadPlugins } from './plugins/loader';
import { LOGIN_PATH, readRuntimeConfig, toLanguage } from './config';
import { ensureLanguage } from './i18n/core';

/**
 * The entry (the login page's JavaScript). On /login only the login-only composition
 * (compose-login.ts) and the login page's tree load; the full console (console-start.tsx: every
 * store, the shell, the full adapters) is a chunk of its own, loaded when a sign-in succeeded or the
 * address leaves /login. Any other route loads it at once.
 */

/** Left by index.html's boot script (src/app/boot/boot-script.ts); absent in `npm run dev`. */
const boot = window.__CONSOLE_BOOT__ as EarlyState | undefined;
const storage = browserStorage(window);
const env = {
  runtime: readRuntimeConfig(window.__CONSOLE_CONFIG__),
  storage,
  navigate: (to: string, options?: { replace?: boolean }) => navigate(to, options),
  reload: () => window.location.reload(),
  // The login page's first calls started with the page; their answers are taken over here.
  fetch: adoptEarlyResponses((input, init) => window.fetch(input, init), boot?.early, window.location.href),
};
const loadFull = () => import('./console-start');

/**
 * No top-level await here: the console's chunk imports modules of this entry chunk, and importing it
 * while this module is still being evaluated (a top-level await pending) would wait forever.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  const plugins = await loadPlugins(discoverPlugins());
  if (container && window.location.pathname === LOGIN_PATH) {
    // The rest of the console loads once a sign-in succeeded (not on a failed attempt: the login
    // page's first error costs no request), and the page leaves /login when it is there (the button
    // stays busy meanwhile), so the console renders at once rather than behind a fallback.
    const login = createLoginConsole({ ...env, onSignedIn: () => fullConsole.preload().catch(() => undefined) });
    const stopCapture = captureErrors(login.log, window);
    // The default language is bundled; another (the cookie's) loads first (the boot script preloads it).
    await ensureLanguage(login.i18n, toLanguage(storage.cookies.get('lang')));
    const loadConsole = async () => {
      try {
        const { consoleView } = await loadFull();
        return await consoleView({ ...env, i18n: login.i18n }, plugins, { log: login.log, stopCapture });
      } catch (error) {
        // The console's chunk could not load (a new deployment, the network): load the page afresh at
        // the new address, where the console starts on its own.
        window.location.reload();
        throw error;
      }
    };
    const fullConsole = consoleComponent(loadConsole);
    const tree = loginTree(login, plugins, fullConsole);
    if (boot?.prerendered && container.firstElementChild) {
      // The prerendered login form is on screen and may hold input: hydrate it at once (the full
      // stylesheets arrive on their own).
      hydrateRoot(container, tree);
    } else {
      await stylesheetsReady();
      createRoot(container).render(tree);
    }
  } else if (container) {
    const { renderConsole } = await loadFull();
    await renderConsole(container, env, plugins);
  }
}

void start();
