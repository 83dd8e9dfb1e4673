import type { Cookies } from './cookies';

/** What the session cookies hold after a sign-in. */
export interface StoredSession {
  userId: number;
  access: string;
  refresh: string;
}

/**
 * The one writer of the session cookies (spec §4: uuid, token, refresh). The HTTP client owns one:
 * it stores a sign-in, replaces the token after a refresh, and removes all three at logout or when
 * the session expires. Everything else only reads the cookies.
 */
export class SessionTokens {
  constructor(private readonly cookies: Cookies) {}

  /** The access token, or null when absent or the text 'undefined' (spec §4). */
  access(): string | null {
    return usable(this.cookies.get('token'));
  }

  /** The refresh token, or null. */
  refresh(): string | null {
    return usable(this.cookies.get('refresh'));
  }

  /** After a sign-in: the user id as uuid, the token and the refresh token. */
  start(session: StoredSession): void {
    this.cookies.set('uuid', String(session.userId));
    this.cookies.set('token', session.access);
    this.cookies.set('refresh', session.refresh);
  }

  /** After a refresh: the new access token, and the refresh token when the server rotated it. */
  renew(access: string, refresh?: string): void {
    this.cookies.set('token', access);
    if (refresh) this.cookies.set('refresh', refresh);
  }

  /** Removes uuid, token and refresh. */
  clear(): void {
    this.cookies.clearSession();
  }
}

function usable(value: string | null): string | null {
  return value && value !== 'undefined' ? value : null;
}
