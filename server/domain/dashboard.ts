import type { Db } from '../db/db';
import type { RecentLogin } from '../../contracts/schemas';
import { formatDatetime, shanghaiDay, shanghaiDayStart } from './time';

/** Days of the datav day series (login_user, registered_user): upstream answers 30 rows (API-CONTRACT §17). */
export const DATAV_DAYS = 30;

/**
 * A byte count as display text, the way upstream's attachment_total writes `occupy_space`
 * ("39 Bytes", API-CONTRACT §17): base 1024, at most 2 decimals, whole bytes without decimals.
 */
export function formatBytes(size: number): string {
  if (!Number.isFinite(size) || size <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(size) / Math.log(1024)));
  const value = i === 0 ? size : Number((size / 1024 ** i).toFixed(2));
  return `${value} ${units[i] ?? 'Bytes'}`;
}

/** Figures for the dashboard (datav endpoints), in the real back end's keys (API-CONTRACT §17). */
export class DashboardQueries {
  constructor(private readonly db: Db) {}

  private async count(sql: string): Promise<number> {
    const rows = await this.db.query<{ count: number }>(sql);
    return Number(rows[0]?.count ?? 0);
  }

  /** Every user, superusers included: from the trigger-kept user_counts (exact, no scan of 100k rows). */
  usersTotal(): Promise<number> {
    return this.count('SELECT COALESCE(sum(n), 0)::int AS count FROM user_counts');
  }

  loginsTotal(): Promise<number> {
    return this.count('SELECT count(*)::int AS count FROM login_log');
  }

  /** `{count, occupy_space}` of attachment_total: the number of files and their size as display text. */
  async attachments(): Promise<{ count: number; occupy_space: string }> {
    const rows = await this.db.query<{ count: number; bytes: string | number | null }>('SELECT count(*)::int AS count, COALESCE(sum(size), 0) AS bytes FROM file_list');
    return { count: Number(rows[0]?.count ?? 0), occupy_space: formatBytes(Number(rows[0]?.bytes ?? 0)) };
  }

  /** Sign-ins per Shanghai day over the last `days` days (today included), oldest first, zero days kept. */
  loginsPerDay(days = DATAV_DAYS, now = Date.now()): Promise<Array<{ day: string; count: number }>> {
    return this.perDay('login_log', 'create_datetime', days, now);
  }

  /** New users per Shanghai day (by date_joined, as upstream's registered_user), same series as loginsPerDay. */
  registeredPerDay(days = DATAV_DAYS, now = Date.now()): Promise<Array<{ day: string; count: number }>> {
    return this.perDay('users', 'date_joined', days, now);
  }

  private async perDay(table: 'login_log' | 'users', column: 'create_datetime' | 'date_joined', days: number, now: number): Promise<Array<{ day: string; count: number }>> {
    const since = shanghaiDayStart(now, days - 1);
    const rows = await this.db.query<{ at: Date }>(`SELECT ${column} AS at FROM ${table} WHERE ${column} >= $1::timestamptz`, [new Date(since).toISOString()]);
    const counts = new Map<string, number>();
    for (let i = days - 1; i >= 0; i--) counts.set(shanghaiDay(shanghaiDayStart(now, i)), 0);
    for (const r of rows) {
      const day = shanghaiDay(r.at);
      if (counts.has(day)) counts.set(day, (counts.get(day) ?? 0) + 1);
    }
    return [...counts].map(([day, count]) => ({ day, count }));
  }

  /**
   * The newest sign-ins the caller may see (names and IPs are not for everyone): `scope` is
   * a condition over `t` with `?` placeholders (the login log's data scope), null for every row.
   */
  async recentLogins(limit: number, scope: { sql: string; params: unknown[] } | null): Promise<RecentLogin[]> {
    let n = 1;
    const where = scope ? `WHERE ${scope.sql.replace(/\?/g, () => `$${++n}`)}` : '';
    const rows = await this.db.query<{ username: string | null; ip: string | null; browser: string | null; os: string | null; create_datetime: Date }>(
      `SELECT username, ip, browser, os, create_datetime FROM login_log t ${where} ORDER BY create_datetime DESC, id DESC LIMIT $1`,
      [limit, ...(scope?.params ?? [])],
    );
    return rows.map((r) => ({ username: r.username, ip: r.ip, browser: r.browser, os: r.os, create_datetime: formatDatetime(r.create_datetime) }));
  }
}

export async function allDepts(db: Db): Promise<Array<{ name: string; id: number; parent: number | null }>> {
  return db.query<{ name: string; id: number; parent: number | null }>(
    'SELECT name, id, parent FROM depts WHERE status IS NOT FALSE ORDER BY sort, id',
  );
}
