/** The `state` of a started OAuth2 sign-in and where to go afterwards, kept for the round trip. */
export interface OAuth2PendingState {
  state: string;
  redirect: string;
}

export interface OAuth2StateStore {
  save(pending: OAuth2PendingState): void;
  /** Reads and forgets (a state is used once). */
  take(): OAuth2PendingState | null;
}

const KEY = 'oauth2.pending';

/** Over a sessionStorage-like store (the browser's, or storage.ts's in-memory one). */
export function createOAuth2StateStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): OAuth2StateStore {
  return {
    save(pending) {
      storage.setItem(KEY, JSON.stringify(pending));
    },
    take() {
      const text = storage.getItem(KEY);
      storage.removeItem(KEY);
      if (!text) return null;
      try {
        const value = JSON.parse(text) as Partial<OAuth2PendingState>;
        return typeof value.state === 'string' && typeof value.redirect === 'string' ? { state: value.state, redirect: value.redirect } : null;
      } catch {
        return null;
      }
    },
  };
}

/** A random state value (URL-safe). */
export function newOAuth2State(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
