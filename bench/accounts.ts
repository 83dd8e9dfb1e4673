/**
 * Accounts: what the ingestion pays for
 * them, and the accounts list. `npx tsx bench/accounts.ts [pglite|postgres] [runs]`.
 *
 * Event ingestion (signed batches of 500 from 4 clients, 20,000 events of 2,000 players per run, half of
 * them new), alternating, medians:
 *   (a) as shipped, no account banned;
 *   (b) as shipped, 10,000 accounts banned (100 of each run's players among them): the banned-flag lookup;
 *   (c) the account trigger of migration 049 disabled (the flag lookup stays): what keeping accounts costs.
 * Then GET /api/center_users/accounts/ (first page, newest; and status=banned) and game_users/ medians.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres, type TestPostgres } from '../server/test/postgres-server';
import { startTestServerWithContext } from '../server/testing';
import { median } from './page-timing';

export interface AccountsBench {
  database: 'pglite' | 'postgres';
  plain: number[];
  withBans: number[];
  withoutTrigger: number[];
  lists: Array<{ name: string; ms: number[] }>;
}

export async function benchAccounts(database: 'pglite' | 'postgres', runs = 3, log: (line: string) => void = () => undefined): Promise<AccountsBench> {
  let pg: TestPostgres | null = null;
  let dataDir: string | null = null;
  let env: Record<string, string>;
  if (database === 'postgres') {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE console_bench_accounts');
    env = { DATABASE_URL: pg.urlFor('console_bench_accounts'), JWT_SECRET: 'bench-accounts-secret-0123456789abcdef' };
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'bench-accounts-'));
    env = { DATA_DIR: dataDir, JWT_SECRET: 'bench-accounts-secret-0123456789abcdef' };
  }
  const { srv, ctx } = await startTestServerWithContext({ captcha: false, env });
  try {
    const db = ctx.db;
    const login = (await (
      await fetch(`${srv.baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'bench' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) })
    ).json()) as { data: { access: string } };
    const headers = { authorization: `JWT ${login.data.access}`, 'user-agent': 'bench', 'content-type': 'application/json' };
    const api = async <T>(path: string, body?: unknown): Promise<T> => {
      const res = (await (await fetch(`${srv.baseUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as { code: number; msg: string; data: T };
      if (res.code !== 2000) throw new Error(`${path}: ${res.msg}`);
      return res.data;
    };
    const game = (await db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 1'))[0]?.id ?? 1;
    // The month partitions first (the first concurrent batches of a fresh database would race to create them).
    for (const back of [0, 1, 2]) await db.query(`SELECT tracking_ensure_partition(now() - interval '${back} day')`);
    const app = await api<{ id: number }>('/api/embed_configure/game/', { game });
    const creds = await api<{ app_key: string; secret: string }>(`/api/embed_configure/game/${app.id}/regenerate/`, {});
    const perRun = 20_000;
    const ingest = async (r: number): Promise<number> => {
      const batches: string[] = [];
      for (let b = 0; b < perRun / 500; b++) {
        const events = Array.from({ length: 500 }, (_, i) => {
          const p = (b * 50 + (i % 50)) % 2000;
          const player = p % 2 === 0 ? `new-${r}-${p}` : `old-${p}`;
          return { uuid: randomUUID(), event: i % 50 === 0 ? 'register' : 'login', distinct_id: player, time: new Date(Date.now() - 60_000 - i * 1000).toISOString(), properties: { channel: 'tap' } };
        });
        batches.push(JSON.stringify({ events }));
      }
      let next = 0;
      const t = performance.now();
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (;;) {
            const body = batches[next++];
            if (body === undefined) return;
            const res = (await (
              await fetch(`${srv.baseUrl}/api/embed/track/`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') },
                body,
              })
            ).json()) as { code: number; msg: string; data: { accepted: number } };
            if (res.code !== 2000 || res.data.accepted !== 500) throw new Error(`track: ${res.msg}`);
          }
        }),
      );
      return Math.round(perRun / ((performance.now() - t) / 1000));
    };
    await ingest(-1); // warm-up: the old-* players exist from here on
    const plain: number[] = [];
    const withBans: number[] = [];
    const withoutTrigger: number[] = [];
    for (let r = 0; r < runs; r++) {
      plain.push(await ingest(3 * r));
      await db.query(
        `INSERT INTO account_bans (distinct_id, reason) SELECT 'banned-' || i, 'bench' FROM generate_series(1, 9900) i
         UNION ALL SELECT 'old-' || (2 * i + 1), 'bench' FROM generate_series(0, 99) i`,
      );
      withBans.push(await ingest(3 * r + 1));
      await db.query('DELETE FROM account_bans');
      await db.exec('ALTER TABLE player_active_days DISABLE TRIGGER player_active_days_accounts');
      withoutTrigger.push(await ingest(3 * r + 2));
      await db.exec('ALTER TABLE player_active_days ENABLE TRIGGER player_active_days_accounts');
    }
    log(`accounts (${database}): ingestion ${median(plain)} events/s (runs ${plain.join(', ')}); with 10,000 bans ${median(withBans)} (${withBans.join(', ')}); without the account trigger ${median(withoutTrigger)} (${withoutTrigger.join(', ')})`);
    await db.query('SELECT players_rebuild_accounts()');
    await db.query(`INSERT INTO account_bans (distinct_id, reason) SELECT 'old-' || (2 * i + 1), 'bench' FROM generate_series(0, 99) i`);
    const timed = async (name: string, path: string) => {
      const ms: number[] = [];
      await api(path);
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        await api(path);
        ms.push(Math.round((performance.now() - t) * 10) / 10);
      }
      log(`accounts (${database}): ${name}: median ${median(ms)} ms`);
      return { name, ms };
    };
    const [n] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM player_accounts');
    log(`accounts (${database}): ${n?.n ?? 0} accounts`);
    const lists = [
      await timed('accounts list, first page', '/api/center_users/accounts/?page=1&limit=20&ordering=-last_seen'),
      await timed('accounts list, status=banned', '/api/center_users/accounts/?page=1&limit=20&status=banned'),
      await timed('game_users list, one game', `/api/center_users/game_users/?page=1&limit=20&game=${game}`),
    ];
    return { database, plain, withBans, withoutTrigger, lists };
  } finally {
    await srv.close();
    await pg?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const which = process.argv[2] ?? 'pglite';
  const runs = Number(process.argv[3] ?? 3);
  for (const database of ['pglite', 'postgres'] as const) {
    if (which !== 'both' && which !== database) continue;
    await benchAccounts(database, runs, (l) => console.log(l));
  }
}
