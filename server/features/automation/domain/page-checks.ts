import type { PageCheckResult } from '../../../../contracts/schemas/automation/page-checks';
import type { Db } from '../../../db/db';
import { CrudError } from '../../../domain/crud/spec';
import { formatDatetime } from '../../../domain/time';

function int(v: unknown, label: string, min: number, max: number, fallback: number | null): number | null {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new CrudError(`${label}:请输入 ${min} 到 ${max} 之间的整数。`);
  return n;
}

interface ResultRow {
  id: string | number;
  run: string | null;
  game: number;
  locator: number;
  url: string;
  http_status: number | null;
  passed: boolean;
  actual: string | null;
  message: string | null;
  duration_ms: number;
  checked_at: Date | string;
  total__: number;
}

/**
 * GET /api/automation/webElement/results/?locator=&game=&passed=&page=&limit≤100: the evaluations of
 * page locators, newest first.
 */
export async function pageCheckResults(db: Db, q: Record<string, unknown>) {
  const page = int(q.page, 'page', 1, 1_000_000, 1) as number;
  const limit = int(q.limit, 'limit', 1, 100, 20) as number;
  const where: string[] = [];
  const params: unknown[] = [];
  const locator = int(q.locator, '页面元素', 1, 2_147_483_647, null);
  if (locator !== null) {
    params.push(locator);
    where.push(`locator = $${params.length}`);
  }
  const game = int(q.game, '游戏', 1, 2_147_483_647, null);
  if (game !== null) {
    params.push(game);
    where.push(`game = $${params.length}`);
  }
  if (q.passed === 'true' || q.passed === 'false') {
    params.push(q.passed === 'true');
    where.push(`passed = $${params.length}`);
  } else if (q.passed !== undefined && q.passed !== '') throw new CrudError('是否通过:应为 true 或 false。');
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const rows = await db.query<ResultRow>(
    `SELECT id, run::text AS run, game, locator, url, http_status, passed, actual, message, duration_ms, checked_at,
       (SELECT count(*)::int FROM page_check_results ${clause}) AS total__
     FROM page_check_results ${clause} ORDER BY checked_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    params,
  );
  const total = rows[0]?.total__ ?? Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM page_check_results ${clause}`, params))[0]?.n ?? 0);
  const data: PageCheckResult[] = rows.map((r) => ({
    id: Number(r.id),
    run: r.run,
    game: r.game,
    locator: r.locator,
    url: r.url,
    http_status: r.http_status,
    passed: r.passed,
    actual: r.actual,
    message: r.message,
    duration_ms: r.duration_ms,
    checked_at: formatDatetime(r.checked_at),
  }));
  return { page, limit, total, is_next: page * limit < total, is_previous: page > 1, data };
}
