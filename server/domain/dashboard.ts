import type { Db } from '../db/db';
import type { RecentLogin } from '../../contracts/schemas';
import { formatDatetime, shanghaiDay, shanghaiDayStart } from './time';

/** Figures for the dashboard (datav endpoints). */
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

  attachmentsTotal(): Promise<number> {
    return this.count('SELECT count(*)::int AS count FROM file_list');
  }

  /** Sign-ins per Shanghai day over the last `days` days (today included), oldest first, zero days kept. */
  async loginsPerDay(days = 7, now = Date.now()): Promise<Array<{ day: string; count: number }>> {
    const since = shanghaiDayStart(now, days - 1);
    const rows = await this.db.query<{ create_datetime: Date }>(
      'SELECT create_datetime FROM login_log WHERE create_datetime >= $1::timestamptz',
      [new Date(since).toISOString()],
    );
    const counts = new Map<string, number>();
    for (let i = days - 1; i >= 0; i--) counts.set(shanghaiDay(shanghaiDayStart(now, i)), 0);
    for (const r of rows) {
      const day = shanghaiDay(r.create_datetime);
      if (counts.has(day)) counts.set(day, (counts.get(day) ?? 0) + 1);
    }
    return [...counts].map(([day, count]) => ({ day, count }));
  }

  /**
   * The newest sign-ins the caller may see (issue 12: names and IPs are not for everyone): `scope` is
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
