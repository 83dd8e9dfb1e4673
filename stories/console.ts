import { memoryLocation } from 'wouter/memory-location';
import type { CookieName } from '../src/adapters/cookies';
import { createOAuth2StateStore, type OAuth2StateStore } from '../src/adapters/oauth2/state';
import { memoryKeyValueStorage, memoryStorage, type ConsoleStorage } from '../src/adapters/storage';
import { createConsole, type Console } from '../src/compose';
import { ensureLanguage } from '../src/i18n';
import type { RealtimeConnector } from '../src/adapters/socket/connector';
import { DEFAULT_WS_PATH, type Language } from '../src/config';
import { SIGNED_IN_COOKIES } from './mocks/fixtures';
import { MockBackend } from './mocks/handlers';

/** `parameters.console` of a story: where it starts and who is signed in. */
export interface ConsoleStoryParameters {
  /** Initial path (with query) of the memory router; default '/'. */
  path?: string;
  /** Start with the session cookies of superadmin. */
  signedIn?: boolean;
  /** Replace the access token (e.g. an expired one) and/or the refresh token of the signed-in cookies. */
  tokens?: { access?: string; refresh?: string };
  /** Load the signed-in user's data before rendering (what the route guard does). */
  bootstrap?: boolean;
  language?: Language;
  /** The layout's socket (e.g. on mock-socket); none by default, so stories never reach for a server. */
  realtime?: RealtimeConnector;
  /** Where the OAuth2 flow keeps its state across the provider round trip (default: a fresh in-memory one). */
  oauth2State?: OAuth2StateStore;
}

/** An in-memory OAuth2 state store a story can fill and read. */
export function memoryOAuth2State(): OAuth2StateStore {
  return createOAuth2StateStore(memoryKeyValueStorage());
}

/** One story's console: the real stores on the real REST adapter (answered by MSW), a memory router. */
export interface StoryConsole {
  app: Console;
  location: ReturnType<typeof memoryLocation<unknown>> & { history: string[] };
  storage: ConsoleStorage;
  reloads: number;
}

export async function buildStoryConsole(params: ConsoleStoryParameters = {}): Promise<StoryConsole> {
  const location = memoryLocation({ path: params.path ?? '/', record: true });
  const cookies: Partial<Record<CookieName, string>> = params.signedIn ? { ...SIGNED_IN_COOKIES } : {};
  if (params.signedIn && params.tokens?.access) cookies.token = params.tokens.access;
  if (params.signedIn && params.tokens?.refresh) cookies.refresh = params.tokens.refresh;
  if (params.language) cookies.lang = params.language;
  const storage = memoryStorage(cookies);
  if (params.oauth2State) storage.oauth2 = params.oauth2State;
  const built: StoryConsole = {
    location,
    storage,
    reloads: 0,
    app: createConsole({
      // The mocked server's analytics calendar is the browser's own (its mocks date things with new Date()).
      runtime: { apiUrl: '', wsPath: DEFAULT_WS_PATH, analyticsTz: Intl.DateTimeFormat().resolvedOptions().timeZone },
      realtime: params.realtime ?? null,
      storage,
      navigate: (to, options) => location.navigate(to, options),
      reload: () => {
        built.reloads += 1;
      },
      // The memory router's address, as the browser's would be.
      pageUrl: () => `${window.location.origin}${location.history.at(-1) ?? '/'}`,
    }),
  };
  if (params.language) await ensureLanguage(built.app.i18n, params.language);
  if (params.signedIn && params.bootstrap) await built.app.root.bootstrap();
  return built;
}

/** The console the loader built for this story (play functions read it). */
export function storyConsole(context: { loaded: Record<string, unknown> }): StoryConsole {
  const built = context.loaded.console as StoryConsole | undefined;
  if (!built) throw new Error('no story console: is the console loader in .storybook/preview.tsx?');
  return built;
}

/** The mock back end a story declared in `parameters.backend`. */
export function storyBackend(context: { parameters: Record<string, unknown> }): MockBackend {
  const backend: unknown = context.parameters.backend;
  if (!(backend instanceof MockBackend)) throw new Error('this story declares no parameters.backend');
  return backend;
}
