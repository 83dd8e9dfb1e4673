import type { Queryable } from '../db/db';

/**
 * Account lockout: after MAX_FAILURES wrong passwords in a row for one account name, the
 * name is locked for LOCK_MINUTES, the right password included; a successful sign-in clears the count.
 * Kept in the database (login_failures), so every instance sees the same count. Unknown names are
 * counted like real ones (the answer tells nothing about which names exist).
 */
export const MAX_FAILURES = 10;
export const LOCK_MINUTES = 15;

export function lockedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `密码错误次数过多，账号已临时锁定，请 ${minutes} 分钟后再试`;
}

const key = (username: string) => username.trim().toLowerCase().slice(0, 150);

/** Seconds the account name stays locked (0 = not locked). */
export async function lockedSeconds(db: Queryable, username: string): Promise<number> {
  const rows = await db.query<{ left: number | string | null }>(
    'SELECT ceil(extract(epoch FROM locked_until - now())) AS left FROM login_failures WHERE username = $1 AND locked_until > now()',
    [key(username)],
  );
  return rows.length ? Math.max(1, Number(rows[0]?.left ?? 1)) : 0;
}

/** Counts one wrong password; returns the seconds of the lock it started (0 = not locked yet). */
export async function recordFailure(db: Queryable, username: string): Promise<number> {
  const rows = await db.query<{ failures: number }>(
    `INSERT INTO login_failures (username, failures, last_failure) VALUES ($1, 1, now())
     ON CONFLICT (username) DO UPDATE SET
       failures = CASE WHEN login_failures.locked_until IS NOT NULL AND login_failures.locked_until <= now() THEN 1 ELSE login_failures.failures + 1 END,
       locked_until = CASE WHEN login_failures.locked_until IS NOT NULL AND login_failures.locked_until <= now() THEN NULL ELSE login_failures.locked_until END,
       last_failure = now()
     RETURNING failures`,
    [key(username)],
  );
  const failures = Number(rows[0]?.failures ?? 0);
  if (failures < MAX_FAILURES) return 0;
  await db.query("UPDATE login_failures SET locked_until = now() + make_interval(mins => $2), failures = 0 WHERE username = $1", [key(username), LOCK_MINUTES]);
  return LOCK_MINUTES * 60;
}

export async function clearFailures(db: Queryable, username: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE username = $1 OR last_failure < now() - interval \'1 day\'', [key(username)]);
}
