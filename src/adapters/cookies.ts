import { COOKIE_EXPIRES_DAYS, COOKIE_PREFIX } from '../config';

/** Low-level cookie access; the browser's `document.cookie` or an in-memory jar (tests, stories). */
export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, expires: Date): void;
  remove(name: string): void;
}

/** The cookies the console keeps (spec §4: uuid, token, refresh; §4 language). */
export type CookieName = 'uuid' | 'token' | 'refresh' | 'lang';

/** The three session cookies removed at logout and when the session expires. */
export const SESSION_COOKIES = ['uuid', 'token', 'refresh'] as const satisfies readonly CookieName[];

export interface Cookies {
  get(name: CookieName): string | null;
  set(name: CookieName, value: string): void;
  remove(name: CookieName): void;
  /** Removes uuid, token and refresh. */
  clearSession(): void;
}

export interface CookieOptions {
  prefix?: string;
  expiresDays?: number;
  now?: () => number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Typed, prefixed cookies with the spec's default expiry (30 days). */
export function createCookies(jar: CookieJar, options: CookieOptions = {}): Cookies {
  const prefix = options.prefix ?? COOKIE_PREFIX;
  const days = options.expiresDays ?? COOKIE_EXPIRES_DAYS;
  const now = options.now ?? Date.now;
  const cookies: Cookies = {
    get: (name) => jar.get(prefix + name),
    set: (name, value) => jar.set(prefix + name, value, new Date(now() + days * DAY_MS)),
    remove: (name) => jar.remove(prefix + name),
    clearSession: () => SESSION_COOKIES.forEach((name) => cookies.remove(name)),
  };
  return cookies;
}

/** The browser's cookies, path '/', SameSite=Lax. */
export function documentCookieJar(doc: Document): CookieJar {
  return {
    get(name) {
      const wanted = encodeURIComponent(name) + '=';
      for (const part of doc.cookie.split(';')) {
        const item = part.trim();
        if (item.startsWith(wanted)) {
          try {
            return decodeURIComponent(item.slice(wanted.length));
          } catch {
            return null;
          }
        }
      }
      return null;
    },
    set(name, value, expires) {
      doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
    },
    remove(name) {
      doc.cookie = `${encodeURIComponent(name)}=; expires=${new Date(0).toUTCString()}; path=/; SameSite=Lax`;
    },
  };
}

/** An in-memory jar that honours expiry against an injected clock. */
export function memoryCookieJar(
  initial: Record<string, string> = {},
  now: () => number = Date.now,
): CookieJar & { entries(): Record<string, { value: string; expires: Date }> } {
  const store = new Map<string, { value: string; expires: Date }>();
  for (const [name, value] of Object.entries(initial)) store.set(name, { value, expires: new Date(now() + 365 * DAY_MS) });
  return {
    get(name) {
      const hit = store.get(name);
      if (!hit) return null;
      if (hit.expires.getTime() <= now()) {
        store.delete(name);
        return null;
      }
      return hit.value;
    },
    set(name, value, expires) {
      store.set(name, { value, expires });
    },
    remove(name) {
      store.delete(name);
    },
    entries: () => Object.fromEntries(store),
  };
}
