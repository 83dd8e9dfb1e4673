import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import '../src/styles/base.css';
import '../src/styles/primary-color.css';
import { ConsoleApp } from '../src/app/ConsoleApp';
import { buildStoryConsole, type ConsoleStoryParameters, type StoryConsole } from '../stories/console';
import { mockBackend, MockBackend } from '../stories/mocks/handlers';

const startMsw = mswLoader();
const defaultBackend = mockBackend();

/**
 * MSW first (its worker answers every call of the REST adapter), then one console per story:
 * RootStore on the REST adapter, i18n, a memory router. A story picks its mock back end through
 * `parameters.backend` and its start through `parameters.console`.
 */
const consoleLoader: Loader = async (context) => {
  const declared: unknown = context.parameters.backend;
  const backend = declared instanceof MockBackend ? declared : defaultBackend;
  backend.reset();
  context.parameters.msw = backend.handlers;
  await startMsw(context);
  const console = await buildStoryConsole(context.parameters.console as ConsoleStoryParameters | undefined);
  return { console };
};

/** Renders the story inside the console's providers (store, i18n, router, toasts). */
const withConsole: Decorator = (Story, context) => {
  const built = context.loaded.console as StoryConsole | undefined;
  if (!built) return <Story />;
  return (
    <ConsoleApp console={built.app} hook={built.location.hook} searchHook={built.location.searchHook}>
      <Story />
    </ConsoleApp>
  );
};

const preview: Preview = {
  loaders: [consoleLoader],
  decorators: [withConsole],
  parameters: {
    layout: 'fullscreen',
    controls: { disable: true },
    /**
     * axe over every story (the a11y panel, and after each play function in the Vitest run): any
     * violation fails the story as a test. 'region' is off: a story renders a part, not a page with
     * landmarks.
     */
    a11y: { test: 'error', config: { rules: [{ id: 'region', enabled: false }] } },
  },
};

export default preview;
