import { createRoot, hydrateRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './styles/base.css';
import './styles/primary-color.css';
import { browserStorage } from './adapters/storage';
import { createLocalDb } from './adapters/local-db';
import { createConsole } from './compose';
import { adoptEarlyResponses } from './app/boot/early-fetch';
import type { EarlyState } from './app/boot/boot-script';
import { stylesheetsReady } from './components/stylesheets';
import { consoleTree } from './app/boot/tree';
import { captureErrors } from './app/header/error-capture';
import { discoverPlugins, loadPlugins } from './plugins/loader';
import { readRuntimeConfig, toLanguage } from './config';
import { ensureLanguage } from './i18n';

/** Left by index.html's boot script (src/app/boot/boot-script.ts); absent in `npm run dev`. */
const boot = window.__CONSOLE_BOOT__ as EarlyState | undefined;
const storage = browserStorage(window);
const app = createConsole({
  runtime: readRuntimeConfig(window.__CONSOLE_CONFIG__),
  storage,
  localDb: createLocalDb({ uuid: () => storage.cookies.get('uuid') }),
  navigate: (to, options) => navigate(to, options),
  reload: () => window.location.reload(),
  // The login page's first calls started with the page; their answers are taken over here.
  fetch: adoptEarlyResponses((input, init) => window.fetch(input, init), boot?.early, window.location.href),
});

const container = document.getElementById('root');
captureErrors(app.root, window);
const [plugins] = await Promise.all([
  loadPlugins(discoverPlugins()),
  // The default language is bundled; another (the cookie's) loads first (the boot script preloads it).
  ensureLanguage(app.i18n, toLanguage(storage.cookies.get('lang'))),
]);
if (container && boot?.prerendered && container.firstElementChild) {
  // The prerendered login form is on screen and may hold input: hydrate it at once. The stored
  // appearance (theme, size) applies when read, the full stylesheets arrive on their own.
  void app.root.preferences.load().catch(() => undefined);
  hydrateRoot(container, consoleTree(app, plugins));
} else if (container) {
  // The signed-in user's theme, colour, size and layout choices are read before the first paint,
  // and nothing renders before the stylesheets are there.
  await Promise.all([app.root.preferences.load().catch(() => undefined), stylesheetsReady()]);
  createRoot(container).render(consoleTree(app, plugins));
}
