/**
 * List pages under load: the road every management screen reads through, measured as a
 * load balancer sees it. The reference server runs as its own process (`tsx server/main.ts`, as in
 * production) on the embedded database (PGlite in DATA_DIR) or on a throwaway PostgreSQL, and
 * autocannon keeps 16 connections busy on one list URL at a time, signed in as `admin` (a staff
 * account: role buttons, API white list and data scope are checked on every call).
 *
 *   npx tsx bench/lists.ts                 # both databases, 3 runs of 5 s per case
 *   npx tsx bench/lists.ts pglite 5        # one database, 5 runs
 *   npm run bench                          # also part of the main bench (bench/run.ts)
 *
 * Cases: a 10-row user list page (the target: ≥ 2,000 requests/s and p99 < 20 ms on the embedded
 * database), the dictionary screen's first page, and the operation log filtered by module and a
 * date range. The data (1,000 users with roles, 20,000 operation-log rows) is written before the
 * server starts, by this process, straight into the database the server then opens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../server/auth/password';
import type { Db } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { seed } from '../server/seed';
import { startPostgres } from '../server/test/postgres-server';
import { accessToken, load } from './http-load';
import { startServerProcess } from './server-process';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const LIST_LOAD_TARGET = { requestsPerSecond: 2000, p99Ms: 20, connections: 16 } as const;
export const BENCH_USERS = 1_000;
export const BENCH_OPERATION_LOG_ROWS = 20_000;

export type Database = 'pglite' | 'postgres';

interface Case {
  name: string;
  path: () => string;
  /** Rows the first page must have (the bench measures the page it claims to). */
  rows: number;
}

/** yyyy-MM-dd in Shanghai time, `daysAgo` days before now. */
function shanghaiDate(daysAgo: number): string {
  return new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

export const LIST_CASES: Case[] = [
  { name: 'user list, page 1 of 10 rows', path: () => '/api/system/user/?page=1&limit=10', rows: 10 },
  { name: 'dictionary list, page 1', path: () => '/api/system/dictionary/?page=1&limit=10&parent__isnull=true', rows: 8 },
  {
    name: 'operation log, module + 7 days',
    path: () => `/api/system/operation_log/?page=1&limit=10&request_modular=${encodeURIComponent('用户')}&create_datetime_after=${shanghaiDate(7)}&create_datetime_before=${shanghaiDate(0)}`,
    rows: 10,
  },
];

export interface CaseResult {
  name: string;
  path: string;
  total: number;
  /** One entry per run. */
  requestsPerSecond: number[];
  p99Ms: number[];
  medianRequestsPerSecond: number;
  medianP99Ms: number;
  errors: number;
}

export interface ListLoadBench {
  database: Database;
  connections: number;
  runs: number;
  seconds: number;
  /** 1-minute load average before and after (2 shared cores: above 2 means other work was waiting). */
  loadAverage: { before: number; after: number };
  cases: CaseResult[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? 0 : s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** The bench's own rows, written once before the server starts. */
async function seedBenchData(db: Db): Promise<void> {
  const hash = await hashPassword('admin123456');
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO users (username, password, name, mobile, email, gender, user_type, dept, is_staff, is_active, creator, dept_belong_id, create_datetime, update_datetime, date_joined)
       SELECT 'list' || lpad(g::text, 5, '0'), $1, '员工' || g, '138' || lpad(g::text, 8, '0'), 'staff' || g || '@example.com',
              g % 3, 0, (g % 3) + 1, true, g % 11 <> 0, 1, ((g % 3) + 1)::text,
              now() - make_interval(mins => g * 7), now() - make_interval(mins => g * 7), now() - make_interval(mins => g * 7)
       FROM generate_series(1, $2::int) g`,
      [hash, BENCH_USERS],
    );
    await tx.query(`INSERT INTO user_roles (user_id, role_id) SELECT id, CASE WHEN id % 4 = 0 THEN 1 ELSE 2 END FROM users WHERE username LIKE 'list%'`);
    await tx.query(
      `INSERT INTO operation_log (request_modular, request_path, request_body, request_method, request_ip, request_browser, response_code, request_os, json_result, status, creator, modifier, dept_belong_id, create_datetime, update_datetime)
       SELECT (ARRAY['用户表', '角色', '部门', '菜单', '字典', '登录模块'])[g % 6 + 1], '/api/system/user/' || g || '/', '{"name":"x"}',
              (ARRAY['POST', 'PUT', 'DELETE'])[g % 3 + 1], '127.0.0.1', 'Chrome 130', '2000', 'Linux', '{"code":2000,"msg":"ok"}', true,
              2, '2', '2', now() - make_interval(secs => g * 97), now() - make_interval(secs => g * 97)
       FROM generate_series(1, $1::int) g`,
      [BENCH_OPERATION_LOG_ROWS],
    );
  });
  for (const table of ['users', 'user_roles', 'user_counts', 'operation_log', 'dictionaries']) await db.exec(`VACUUM ANALYZE ${table}`);
}

async function prepare(database: Database): Promise<{ dataDir: string; env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lists-'));
  if (database === 'pglite') {
    const db = await openPglite(join(dataDir, 'db'));
    try {
      await migrate(db);
      await seed(db);
      await seedBenchData(db);
    } finally {
      await db.close();
    }
    return { dataDir, env: {}, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const pg = await startPostgres();
  try {
    const db = await openPostgres(pg.url);
    try {
      await migrate(db);
      await seed(db);
      await seedBenchData(db);
    } finally {
      await db.close();
    }
  } catch (e) {
    await pg.stop();
    throw e;
  }
  return {
    dataDir,
    env: { DATABASE_URL: pg.url },
    cleanup: async () => {
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Checks one call: the envelope succeeds and the page has the rows the case names. */
async function firstPage(baseUrl: string, path: string, token: string, rows: number): Promise<number> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `JWT ${token}` } });
  const body = (await res.json()) as { code?: number; data?: { total?: number; data?: unknown[] } };
  if (body.code !== 2000) throw new Error(`${path}: ${JSON.stringify(body).slice(0, 300)}`);
  const got = body.data?.data?.length ?? 0;
  if (got !== rows) throw new Error(`${path}: ${got} rows, expected ${rows}`);
  return body.data?.total ?? 0;
}

export async function benchListLoad(database: Database, runs = 3, seconds = 5, log: (line: string) => void = () => undefined): Promise<ListLoadBench> {
  const { connections } = LIST_LOAD_TARGET;
  log(`lists bench (${database}): seeding ${BENCH_USERS} users and ${BENCH_OPERATION_LOG_ROWS} operation-log rows`);
  const prepared = await prepare(database);
  try {
    const server = await startServerProcess(ROOT, { dataDir: prepared.dataDir, env: prepared.env });
    try {
      const token = await accessToken(server.baseUrl, 'admin', 'admin123456');
      const results = new Map<string, CaseResult>();
      const before = loadavg()[0] ?? 0;
      for (const c of LIST_CASES) {
        const path = c.path();
        results.set(c.name, { name: c.name, path, total: await firstPage(server.baseUrl, path, token, c.rows), requestsPerSecond: [], p99Ms: [], medianRequestsPerSecond: 0, medianP99Ms: 0, errors: 0 });
      }
      // Runs interleave the cases, so a burst of load on the shared machine spreads over all of them.
      for (let run = 1; run <= runs; run++) {
        for (const c of LIST_CASES) {
          const r = results.get(c.name);
          if (!r) continue;
          const l = await load(server.baseUrl, r.path, token, connections, seconds);
          r.requestsPerSecond.push(l.requestsPerSecond);
          r.p99Ms.push(l.p99Ms);
          r.errors += l.errors + l.non2xx;
          log(`lists bench (${database}) run ${run}/${runs}: ${c.name}: ${l.requestsPerSecond.toFixed(0)} req/s, p99 ${l.p99Ms} ms (load ${(loadavg()[0] ?? 0).toFixed(1)})`);
        }
      }
      const cases = [...results.values()].map((r) => ({ ...r, medianRequestsPerSecond: median(r.requestsPerSecond), medianP99Ms: median(r.p99Ms) }));
      return { database, connections, runs, seconds, loadAverage: { before, after: loadavg()[0] ?? 0 }, cases };
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.cleanup();
  }
}

export function printListLoad(r: ListLoadBench): void {
  console.log(`list pages on ${r.database}, ${r.connections} connections, median of ${r.runs} runs of ${r.seconds} s (load average ${r.loadAverage.before.toFixed(1)} → ${r.loadAverage.after.toFixed(1)})`);
  for (const c of r.cases) {
    const runs = c.requestsPerSecond.map((x, i) => `${x.toFixed(0)}/${c.p99Ms[i]}`).join(' ');
    console.log(`  ${c.name.padEnd(34)} total ${String(c.total).padStart(6)}  ${c.medianRequestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${String(c.medianP99Ms).padStart(4)} ms  errors ${c.errors}  (runs req/s/p99: ${runs})`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const which = process.argv[2];
  const runs = Number(process.argv[3] ?? 3);
  const databases: Database[] = which === 'pglite' || which === 'postgres' ? [which] : ['pglite', 'postgres'];
  (async () => {
    for (const d of databases) printListLoad(await benchListLoad(d, runs, 5, (l) => console.log(l)));
  })().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
