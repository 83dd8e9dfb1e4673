import { LOGIN_PATH, WHITE_LIST } from '../config';

export type GuardDecision =
  /** Render the route. */
  | { kind: 'pass' }
  /** Go elsewhere (replace). */
  | { kind: 'redirect'; to: string }
  /** Load the signed-in user's data first (user info, settings, dictionaries, departments, menu). */
  | { kind: 'load' };

export interface GuardInput {
  path: string;
  /** The query string without '?'. */
  search: string;
  hasToken: boolean;
  userLoaded: boolean;
}

export const isWhiteListed = (path: string): boolean => (WHITE_LIST as readonly string[]).includes(path);

/** The route guard of spec §4, as a pure function. */
export function guardDecision({ path, search, hasToken, userLoaded }: GuardInput): GuardDecision {
  if (!hasToken) {
    if (isWhiteListed(path)) return { kind: 'pass' };
    const fullPath = search ? `${path}?${search}` : path;
    return { kind: 'redirect', to: `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}` };
  }
  if (!userLoaded) return { kind: 'load' };
  return { kind: 'pass' };
}

/** Where to go after login: the redirect query if it is a path inside the console, else /index. */
export function redirectTarget(search: string, fallback: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return fallback;
  return target;
}
