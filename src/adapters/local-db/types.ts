/** The two areas of the local browser database (spec §3). */
export type LocalArea = 'sys' | 'database';

/**
 * The local browser database: each area holds public data and per-user data keyed by the `uuid`
 * cookie (fallback `ghost-uuid`). A missing value reads as the default, which is then stored.
 */
export interface LocalDb {
  get<T>(area: LocalArea, key: string, opts: { user: boolean; defaultValue: T }): Promise<T>;
  set<T>(area: LocalArea, key: string, value: T, opts: { user: boolean }): Promise<void>;
  remove(area: LocalArea, key: string, opts: { user: boolean }): Promise<void>;
  /** Removes every per-user entry of the current user in the `database` area (logout). */
  clearUserDatabase(): Promise<void>;
}

/** The user part of the storage key when no uuid cookie exists. */
export const GHOST_UUID = 'ghost-uuid';

export const LOCAL_AREAS: readonly LocalArea[] = ['sys', 'database'];

/** The stored key of one entry: `public.<key>` or `user.<uuid>.<key>`. */
export function entryKey(key: string, user: boolean, uuid: () => string | null): string {
  return user ? `user.${uuid() || GHOST_UUID}.${key}` : `public.${key}`;
}

/** The prefix of every per-user key of the current user. */
export function userPrefix(uuid: () => string | null): string {
  return `user.${uuid() || GHOST_UUID}.`;
}

/** The page key of per-page data: the route's full path (spec §3). */
export function pageKey(fullPath: string): string {
  return `page.${fullPath}`;
}
