import type { MenuItem } from '../../contracts/schemas';
import { MENU_DATA_KEY } from '../config';
import { createCookies, documentCookieJar, memoryCookieJar, type CookieName, type Cookies } from './cookies';
import { createOAuth2StateStore, type OAuth2StateStore } from './oauth2/state';

/** The raw menu list kept in sessionStorage under `menuData` (spec §7, §5). */
export interface MenuDataStore {
  get(): MenuItem[] | null;
  set(items: MenuItem[]): void;
  clear(): void;
}

/** Everything the stores persist in the browser, behind one object. */
export interface ConsoleStorage {
  cookies: Cookies;
  menuData: MenuDataStore;
  /** The state of a started OAuth2 sign-in, kept across the provider round trip (this tab only). */
  oauth2: OAuth2StateStore;
  /** Things done once in this tab's session (the unread reminder of a page load, say). */
  flags?: SessionFlags;
}

/** A flag per name that is taken once in this tab's session and then stays taken across reloads. */
export interface SessionFlags {
  /** True the first time `name` is taken in this session, false after. */
  take(name: string): boolean;
}

export function createSessionFlags(storage: KeyValueStorage): SessionFlags {
  return {
    take(name) {
      const key = `console-once:${name}`;
      try {
        if (storage.getItem(key) !== null) return false;
        storage.setItem(key, '1');
      } catch {
        // Storage disabled: nothing is remembered, so the flag is taken every time.
      }
      return true;
    },
  };
}

/** sessionStorage-like: the browser's, or an in-memory stand-in. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createMenuDataStore(storage: KeyValueStorage): MenuDataStore {
  return {
    get() {
      const text = storage.getItem(MENU_DATA_KEY);
      if (text === null) return null;
      try {
        const parsed: unknown = JSON.parse(text);
        return Array.isArray(parsed) ? (parsed as MenuItem[]) : null;
      } catch {
        return null;
      }
    },
    set(items) {
      try {
        storage.setItem(MENU_DATA_KEY, JSON.stringify(items));
      } catch {
        // Storage full or disabled: the menu still works from memory.
      }
    },
    clear() {
      storage.removeItem(MENU_DATA_KEY);
    },
  };
}

export function memoryKeyValueStorage(): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    dump: () => Object.fromEntries(map),
  };
}

/** The browser's cookies and sessionStorage. */
export function browserStorage(win: Window): ConsoleStorage {
  return { cookies: createCookies(documentCookieJar(win.document)), menuData: createMenuDataStore(win.sessionStorage), oauth2: createOAuth2StateStore(win.sessionStorage), flags: createSessionFlags(win.sessionStorage) };
}

/** Storage that never touches the browser (tests, stories), optionally with cookies already set. */
export function memoryStorage(initialCookies: Partial<Record<CookieName, string>> = {}): ConsoleStorage {
  const cookies = createCookies(memoryCookieJar());
  for (const [name, value] of Object.entries(initialCookies) as [CookieName, string][]) cookies.set(name, value);
  return { cookies, menuData: createMenuDataStore(memoryKeyValueStorage()), oauth2: createOAuth2StateStore(memoryKeyValueStorage()), flags: createSessionFlags(memoryKeyValueStorage()) };
}
