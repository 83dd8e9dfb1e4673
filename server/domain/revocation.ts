import type { Queryable } from '../db/db';

/** Refresh tokens revoked before their expiry (logout, single login). */
export async function revokeToken(db: Queryable, jti: string, userId: number, expSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT (jti) DO NOTHING`,
    [jti.slice(0, 64), userId, expSeconds],
  );
  // Rows of tokens that have expired anyway are no longer needed.
  await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
}

export async function isRevoked(db: Queryable, jti: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [jti.slice(0, 64)]);
  return rows.length > 0;
}
