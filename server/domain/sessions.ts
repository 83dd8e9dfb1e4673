import { randomBytes } from 'node:crypto';
import type { TokenClaims } from '../../contracts/schemas';
import type { Db, Queryable } from '../db/db';
import { LoadingCache } from './cache';

/**
 * Sign-in sessions. Each sign-in is a row of user_sessions; both of its tokens carry the
 * session id (`sid`). A revoked session refuses its access tokens at once (REST and socket) and its
 * refresh token. Refreshing rotates the refresh token: only the newest one of a session is accepted;
 * an older one coming back means it was copied, and the whole session is revoked (reuse detection).
 * A new password or a disabled account revokes the user's sessions in the database itself (trigger
 * of migration 010), so every code path and every instance sees it.
 */

/** A refresh token replaced this recently may come back once from a second tab racing the first: refused, session kept. */
export const ROTATION_GRACE_S = 10;

export function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

export async function createSession(db: Queryable, sid: string, userId: number, refresh: TokenClaims): Promise<void> {
  await db.query('INSERT INTO user_sessions (sid, user_id, refresh_jti, expires_at) VALUES ($1, $2, $3, to_timestamp($4))', [sid, userId, refresh.jti, refresh.exp]);
  // Sessions that have expired anyway are no longer needed.
  await db.query("DELETE FROM user_sessions WHERE expires_at < now() - interval '1 day'");
}

export type RotationResult = 'rotated' | 'refused' | 'reused';

/**
 * Replaces the session's refresh token `presented` by `next` when `presented` is its current one.
 * An older token of the session (not the grace case) revokes the session.
 */
export async function rotateRefresh(db: Db, presented: TokenClaims, next: TokenClaims): Promise<RotationResult> {
  const sid = presented.sid;
  if (!sid) return 'refused';
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ refresh_jti: string; previous_jti: string | null; user_id: number; revoked: boolean; recent: boolean }>(
      `SELECT refresh_jti, previous_jti, user_id, (revoked_at IS NOT NULL OR expires_at <= now()) AS revoked,
              refreshed_at > now() - make_interval(secs => $2) AS recent
         FROM user_sessions WHERE sid = $1 FOR UPDATE`,
      [sid, ROTATION_GRACE_S],
    );
    if (!row || row.revoked || row.user_id !== presented.user_id) return 'refused';
    if (row.refresh_jti === presented.jti) {
      await tx.query('UPDATE user_sessions SET refresh_jti = $2, previous_jti = $3, refreshed_at = now(), expires_at = to_timestamp($4) WHERE sid = $1', [
        sid,
        next.jti,
        presented.jti,
        next.exp,
      ]);
      return 'rotated';
    }
    if (row.previous_jti === presented.jti && row.recent) return 'refused';
    await tx.query("UPDATE user_sessions SET revoked_at = now(), revoke_reason = 'reuse' WHERE sid = $1", [sid]);
    return 'reused';
  });
}

export async function revokeSession(db: Queryable, sid: string, reason: string): Promise<void> {
  await db.query('UPDATE user_sessions SET revoked_at = now(), revoke_reason = $2 WHERE sid = $1 AND revoked_at IS NULL', [sid, reason]);
}

export async function revokeUserSessions(db: Queryable, userId: number, reason: string): Promise<void> {
  await db.query('UPDATE user_sessions SET revoked_at = now(), revoke_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, reason]);
}

/**
 * Whether a session may still be used, asked on every authenticated call. On the embedded database
 * (one process owns it) the answer is kept until this process writes user_sessions or users; on
 * PostgreSQL other instances revoke too, so it is asked every time (one primary-key lookup).
 */
export class SessionStore {
  private readonly cache: LoadingCache<string, boolean> | null;

  constructor(private readonly db: Db) {
    this.cache = db.kind === 'pglite' ? new LoadingCache((sid) => this.load(sid), 60_000, { changes: db.changes, tables: ['user_sessions'] }) : null;
  }

  private async load(sid: string): Promise<boolean> {
    const rows = await this.db.query<{ ok: boolean }>('SELECT (revoked_at IS NULL AND expires_at > now()) AS ok FROM user_sessions WHERE sid = $1', [sid]);
    return rows[0]?.ok === true;
  }

  /** True when the token's session is live; tokens without a session id (signed before sessions existed) are judged by signature and expiry alone. */
  async active(claims: TokenClaims): Promise<boolean> {
    return claims.sid ? this.live(claims.sid) : true;
  }

  live(sid: string): Promise<boolean> {
    return this.cache ? this.cache.get(sid) : this.load(sid);
  }
}
