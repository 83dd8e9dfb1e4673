/**
 * User list with 100,000 users in the database: server time for page 1 (default order) and
 * for filtered, sorted pages, measured as sequential HTTP calls from this process to an in-process
 * reference server on 127.0.0.1 (in-memory PGlite, as the tests use). Target: p99 < 20 ms.
 *
 *   npx tsx bench/users.ts          # standalone
 *   npm run bench                   # also part of the main bench (bench/run.ts)
 *
 * List totals are exact on every call (no cache): lists filtering only on exact-match columns are
 * counted from the trigger-kept user_counts table (migrations/005_user_counts.sql), others count
 * their rows. The 'after a write' cases change a user (is_active flipped, moving it in or out of the
 * dept=2&is_active=1 filter) before each timed call, untimed, and check the total moved with it.
 *
 * The 100k rows are seeded only here, in one INSERT ... SELECT generate_series, never in the app's seed.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../server/auth/password';
import { startTestServerWithContext } from '../server/testing';

export const USER_ROWS = 100_000;
export const USER_LIST_P99_BUDGET_MS = 20;

export interface ListTiming {
  name: string;
  path: string;
  samples: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface UserListBench {
  rows: number;
  seedSeconds: number;
  timings: ListTiming[];
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/** `cold`: every timed call comes right after a committed write to users. */
const CASES: Array<{ name: string; path: string; cold?: boolean }> = [
  { name: 'page 1 (default order)', path: '/api/system/user/?page=1&limit=10' },
  { name: 'dept=2, active, by username, page 50', path: '/api/system/user/?page=50&limit=20&dept=2&is_active=1&ordering=username' },
  { name: 'name prefix, newest first', path: '/api/system/user/?page=1&limit=20&name=%E7%94%A8%E6%88%B712&ordering=-create_datetime' },
  { name: 'page 1, right after a write', path: '/api/system/user/?page=1&limit=10', cold: true },
  { name: 'dept=2 by username, right after a write', path: '/api/system/user/?page=50&limit=20&dept=2&is_active=1&ordering=username', cold: true },
];

export async function benchUserList(samples = 200, log: (line: string) => void = () => undefined): Promise<UserListBench> {
  const { srv, ctx } = await startTestServerWithContext({ captcha: false });
  try {
    const started = Date.now();
    const hash = await hashPassword('admin123456');
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO users (username, password, name, mobile, email, gender, user_type, dept, is_staff, is_active, dept_belong_id, create_datetime, update_datetime, date_joined)
         SELECT 'bench' || lpad(g::text, 6, '0'), $1, '用户' || g, '139' || lpad(g::text, 8, '0'), 'u' || g || '@example.com',
                g % 3, 0, (g % 3) + 1, true, g % 17 <> 0, ((g % 3) + 1)::text,
                now() - make_interval(secs => g * 37), now() - make_interval(secs => g * 37), now() - make_interval(secs => g * 37)
         FROM generate_series(1, $2::int) g`,
        [hash, USER_ROWS],
      );
      await tx.query("INSERT INTO user_roles (user_id, role_id) SELECT id, 2 FROM users WHERE username LIKE 'bench%'");
    });
    for (const sql of ['VACUUM ANALYZE users', 'VACUUM ANALYZE user_roles', 'ANALYZE depts']) await ctx.db.query(sql);
    const seedSeconds = (Date.now() - started) / 1000;
    log(`users bench: ${USER_ROWS} users seeded in ${seedSeconds.toFixed(1)} s`);
    const loginRes = await fetch(`${srv.baseUrl}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'bench' },
      body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }),
    });
    const token = ((await loginRes.json()) as { data: { access: string } }).data.access;
    // A dept-2 bench user whose is_active the 'after a write' cases flip before each call.
    const [flip] = await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE username LIKE 'bench%' AND dept = 2 ORDER BY id LIMIT 1");
    if (!flip) throw new Error('no bench user in dept 2');
    const timings: ListTiming[] = [];
    for (const c of CASES) {
      let lastTotal: number | null = null;
      const call = async () => {
        let moved = 0;
        if (c.cold) {
          const [row] = await ctx.db.query<{ is_active: boolean }>('UPDATE users SET is_active = NOT is_active WHERE id = $1 RETURNING is_active', [flip.id]);
          moved = c.path.includes('is_active=1') ? (row?.is_active ? 1 : -1) : 0;
        }
        const t0 = performance.now();
        const res = await fetch(`${srv.baseUrl}${c.path}`, { headers: { authorization: `JWT ${token}`, 'user-agent': 'bench' } });
        const body = (await res.json()) as { code: number; data: { total: number; data: unknown[] } };
        const ms = performance.now() - t0;
        if (body.code !== 2000) throw new Error(`${c.path}: code ${body.code}`);
        // The total must follow the write just made (exact, not cached).
        if (lastTotal !== null && body.data.total !== lastTotal + moved) throw new Error(`${c.path}: total ${body.data.total} after a write, expected ${lastTotal + moved}`);
        lastTotal = body.data.total;
        return { ms, total: body.data.total };
      };
      for (let i = 0; i < 20; i++) await call(); // warm-up
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < samples; i++) {
        const r = await call();
        times.push(r.ms);
        total = r.total;
      }
      times.sort((a, b) => a - b);
      log(`users bench: ${c.name}: p99 ${quantile(times, 0.99).toFixed(1)} ms`);
      timings.push({ name: c.name, path: c.path, samples, total, p50Ms: quantile(times, 0.5), p99Ms: quantile(times, 0.99), maxMs: times[times.length - 1] ?? 0 });
    }
    return { rows: USER_ROWS, seedSeconds, timings };
  } finally {
    await srv.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  benchUserList(200, (l) => console.log(l))
    .then((r) => {
      console.log(`user list, ${r.rows} users (seeded in ${r.seedSeconds.toFixed(1)} s), sequential calls, budget p99 < ${USER_LIST_P99_BUDGET_MS} ms`);
      for (const t of r.timings) {
        const pass = t.p99Ms < USER_LIST_P99_BUDGET_MS ? 'PASS' : 'FAIL';
        console.log(`  ${t.name.padEnd(40)} total ${String(t.total).padStart(6)}  p50 ${t.p50Ms.toFixed(1)} ms  p99 ${t.p99Ms.toFixed(1)} ms  max ${t.maxMs.toFixed(1)} ms  ${pass}`);
      }
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
}
