/**
 * Gift codes, against an in-process reference server over HTTP (as the tests run it):
 *
 *   (l) time of POST /api/game/code/ with count 100,000 (validation, generation, insert in one
 *       transaction) on the embedded database; target < 5 s; median of the runs;
 *   (m) 100 concurrent POST /api/game/code/redeem/ of one code: exactly 1 success, the rest refused.
 *
 * Both also on a throwaway PostgreSQL server when its binaries are installed (Debian package).
 *
 *   npx tsx bench/gift-codes.ts     # standalone
 *   npm run bench                   # also part of the main bench (bench/run.ts)
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDatetime } from '../server/domain/time';
import { startPostgres, type TestPostgres } from '../server/test/postgres-server';
import { startTestServerWithContext } from '../server/testing';

export const BATCH_CODES = 100_000;
export const BATCH_BUDGET_MS = 5000;
export const RACERS = 100;

export interface GiftCodeBench {
  database: 'pglite' | 'postgres';
  /** Milliseconds per 100,000-code batch, each run. */
  batchMs: number[];
  batchMedianMs: number;
  /** Per round: successes and refusals of the 100 concurrent redemptions, and the round's time. */
  races: Array<{ successes: number; refused: number; other: number; ms: number }>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function json(res: Response): Promise<{ code: number; msg: string; data: unknown }> {
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

export async function benchGiftCodes(database: 'pglite' | 'postgres' = 'pglite', runs = 5, rounds = 5, log: (line: string) => void = () => undefined): Promise<GiftCodeBench> {
  let pg: TestPostgres | null = null;
  let env: Record<string, string> | undefined;
  if (database === 'postgres') {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE console_bench_codes');
    env = { DATABASE_URL: pg.urlFor('console_bench_codes'), JWT_SECRET: 'bench-codes-secret-0123456789abcdef' };
  }
  const { srv, ctx } = await startTestServerWithContext({ captcha: false, env });
  try {
    const login = await json(
      await fetch(`${srv.baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'bench' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) }),
    );
    const headers = { 'content-type': 'application/json', authorization: `JWT ${(login.data as { access: string }).access}`, 'user-agent': 'bench' };
    const now = Date.now();
    const batch = (count: number, prefix: string) =>
      fetch(`${srv.baseUrl}/api/game/code/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ game: 1, count, prefix, start_time: formatDatetime(now - 86_400_000), end_time: formatDatetime(now + 30 * 86_400_000), reward: '钻石×100' }),
      }).then(json);

    const batchMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await batch(BATCH_CODES, `B${i}`);
      const ms = performance.now() - started;
      if (res.code !== 2000) throw new Error(`batch ${i}: ${res.msg}`);
      const id = (res.data as { id: number }).id;
      const stored = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM gift_codes WHERE batch = $1', [id]))[0]?.n;
      if (stored !== BATCH_CODES) throw new Error(`batch ${i}: ${stored} codes stored, not ${BATCH_CODES}`);
      batchMs.push(ms);
      log(`gift codes (${database}): batch of ${BATCH_CODES} in ${ms.toFixed(0)} ms`);
    }

    const races: GiftCodeBench['races'] = [];
    for (let r = 0; r < rounds; r++) {
      const res = await batch(10, `R${r}`);
      const id = (res.data as { id: number }).id;
      const code = (await ctx.db.query<{ code: string }>('SELECT code FROM gift_codes WHERE batch = $1 ORDER BY code LIMIT 1', [id]))[0]?.code ?? '';
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          fetch(`${srv.baseUrl}/api/game/code/redeem/`, { method: 'POST', headers, body: JSON.stringify({ code, player: `racer-${r}-${i}` }) }).then(json),
        ),
      );
      const ms = performance.now() - started;
      const successes = answers.filter((a) => a.code === 2000).length;
      const refused = answers.filter((a) => a.code === 4000 && /已被(使用|该玩家兑换过)/.test(a.msg)).length;
      races.push({ successes, refused, other: RACERS - successes - refused, ms });
      log(`gift codes (${database}): ${RACERS} concurrent redemptions of one code: ${successes} success, ${refused} refused (${ms.toFixed(0)} ms)`);
    }
    return { database, batchMs, batchMedianMs: median(batchMs), races };
  } finally {
    await srv.close();
    await pg?.stop();
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const out: GiftCodeBench[] = [await benchGiftCodes('pglite', 5, 5, console.log)];
  try {
    out.push(await benchGiftCodes('postgres', 5, 5, console.log));
  } catch (e) {
    console.log(`gift codes (postgres): skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  for (const b of out) {
    console.log(
      `${b.database}: 100,000-code batch median ${b.batchMedianMs.toFixed(0)} ms (runs ${b.batchMs.map((x) => x.toFixed(0)).join(', ')}; target < ${BATCH_BUDGET_MS} ms); ` +
        `races: ${b.races.map((r) => `${r.successes}/${r.refused}/${r.other}`).join(', ')} (success/refused/other of ${RACERS})`,
    );
  }
}
