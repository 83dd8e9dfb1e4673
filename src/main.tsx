import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './styles/base.css';
import './styles/primary-color.css';
import { browserStorage } from './adapters/storage';
import { createLocalDb } from './adapters/local-db';
import { createConsole } from './compose';
import { ConsoleApp } from './app/ConsoleApp';
import { captureErrors } from './app/header/error-capture';
import { discoverPlugins, loadPlugins } from './plugins/loader';
import { PluginProvider } from './plugins/context';
import { readRuntimeConfig } from './config';

const storage = browserStorage(window);
const app = createConsole({
  runtime: readRuntimeConfig(window.__CONSOLE_CONFIG__),
  storage,
  localDb: createLocalDb({ uuid: () => storage.cookies.get('uuid') }),
  navigate: (to, options) => navigate(to, options),
  reload: () => window.location.reload(),
});

const container = document.getElementById('root');
// The signed-in user's theme, colour, size and layout choices are read before the first paint.
await app.root.preferences.load().catch(() => undefined);
captureErrors(app.root, window);
const plugins = await loadPlugins(discoverPlugins());
if (container) {
  createRoot(container).render(
    <StrictMode>
      <PluginProvider plugins={plugins}>
        <ConsoleApp console={app} />
      </PluginProvider>
    </StrictMode>,
  );
}
