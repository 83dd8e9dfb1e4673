import { memoryLocation } from 'wouter/memory-location';
import { memoryStorage } from '../src/adapters/storage';
import { createLoginConsole, type LoginConsole } from '../src/compose-login';
import { DEFAULT_WS_PATH, type Language } from '../src/config';

/**
 * The login-only composition a story of the login tree renders: on the REST adapter (answered by MSW), a
 * memory router; `onSignedIn` as main.tsx passes it (the console's preload).
 */
export function loginStoryParts(path: string, language?: Language, onSignedIn?: () => Promise<void>): { parts: LoginConsole; location: ReturnType<typeof memoryLocation<unknown>> & { history: string[] } } {
  const location = memoryLocation({ path, record: true });
  const parts = createLoginConsole({
    runtime: { apiUrl: '', wsPath: DEFAULT_WS_PATH },
    storage: memoryStorage(language ? { lang: language } : {}),
    navigate: (to, options) => location.navigate(to, options),
    ...(onSignedIn ? { onSignedIn } : {}),
  });
  return { parts, location };
}
