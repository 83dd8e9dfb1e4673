import pgDriver from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate';
import { openPglite, type PgliteDb } from '../../../db/pglite';
import { openPostgres } from '../../../db/postgres';
import { startPostgres, type TestPostgres } from '../../../test/postgres-server';
import { prng } from '../../../test/tracking-reference';

/**
 * Migration 059: income_payer_days (one row per game, player and day with a paid order, with the
 * player's previous such day) kept by triggers on income_player_days, whoever writes it. After every
 * kind of write it must equal what it says computed from scratch from income_player_days, and the
 * range counts the reports take from it must equal distinct counts over the raw rows.
 */
let db: PgliteDb;
beforeAll(async () => {
  db = await openPglite('memory://');
  await migrate(db);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const DAY0 = Date.parse('2026-06-01T00:00:00Z');
const dayOf = (n: number) => new Date(DAY0 + n * 86_400_000).toISOString().slice(0, 10);

/** The payer days as they must be: distinct paid (game, player, day) rows, each with its previous day. */
async function expected(): Promise<string[]> {
  const rows = await db.query<{ game: number; distinct_id: string; day: string }>(
    `SELECT DISTINCT game, distinct_id, to_char(day, 'YYYY-MM-DD') AS day FROM income_player_days WHERE orders > 0 ORDER BY 1, 2, 3`,
  );
  const out: string[] = [];
  let prev: { game: number; distinct_id: string; day: string } | null = null;
  for (const r of rows) {
    const p = prev && prev.game === r.game && prev.distinct_id === r.distinct_id ? prev.day : '-';
    out.push(`${r.game}|${r.distinct_id}|${r.day}|${p}`);
    prev = r;
  }
  return out;
}

/** income_payers_daily must equal the payer days counted per game and day (no zero rows left behind but for deletes). */
async function dailyMatches(): Promise<void> {
  const kept = await db.query<{ k: string }>(`SELECT game || '|' || day || '|' || payers AS k FROM income_payers_daily WHERE payers <> 0 ORDER BY game, day`);
  const counted = await db.query<{ k: string }>(`SELECT game || '|' || day || '|' || count(*) AS k FROM income_payer_days GROUP BY game, day ORDER BY game, day`);
  expect(kept.map((r) => r.k)).toEqual(counted.map((r) => r.k));
}

/** The account tables (across games) equal a fresh computation from what they follow. */
async function accountsMatch(): Promise<void> {
  const fresh = async (sql: string) => (await db.query<{ k: string }>(sql)).map((r) => r.k);
  expect(
    await fresh(`SELECT distinct_id || '|' || day || '|' || coalesce(prev_day::text, '-') AS k FROM account_payer_days ORDER BY distinct_id, day`),
  ).toEqual(
    await fresh(
      `SELECT distinct_id || '|' || day || '|' || coalesce((lag(day) OVER (PARTITION BY distinct_id ORDER BY day))::text, '-') AS k
       FROM (SELECT DISTINCT distinct_id, day FROM income_payer_days) d ORDER BY distinct_id, day`,
    ),
  );
  expect(await fresh(`SELECT day || '|' || payers AS k FROM account_payers_daily WHERE payers <> 0 ORDER BY day`)).toEqual(
    await fresh(`SELECT day || '|' || count(DISTINCT distinct_id) AS k FROM income_payer_days GROUP BY day ORDER BY day`),
  );
  expect(
    await fresh(`SELECT distinct_id || '|' || day || '|' || coalesce(prev_day::text, '-') AS k FROM account_active_links ORDER BY distinct_id, day`),
  ).toEqual(
    await fresh(
      `SELECT distinct_id || '|' || day || '|' || coalesce((lag(day) OVER (PARTITION BY distinct_id ORDER BY day))::text, '-') AS k FROM account_active_days ORDER BY distinct_id, day`,
    ),
  );
  // 060: per registration day (an account's first active day) and n, the accounts active on day + n.
  expect(await fresh(`SELECT day || '|' || n || '|' || retained AS k FROM account_retention_daily WHERE retained <> 0 ORDER BY day, n`)).toEqual(
    await fresh(
      `SELECT f.first || '|' || (a.day - f.first) || '|' || count(*) AS k
       FROM (SELECT distinct_id, min(day) AS first FROM account_active_days GROUP BY 1) f
       JOIN account_active_days a ON a.distinct_id = f.distinct_id AND a.day - f.first BETWEEN 0 AND 30
       GROUP BY f.first, a.day - f.first ORDER BY f.first, a.day - f.first`,
    ),
  );
  expect(await fresh(`SELECT count(*) || '' AS k FROM account_retention_daily WHERE retained < 0`)).toEqual(['0']);
}

async function actual(): Promise<string[]> {
  const rows = await db.query<{ k: string }>(
    `SELECT game || '|' || distinct_id || '|' || to_char(day, 'YYYY-MM-DD') || '|' || coalesce(to_char(prev_day, 'YYYY-MM-DD'), '-') AS k
     FROM income_payer_days ORDER BY game, distinct_id, day`,
  );
  return rows.map((r) => r.k);
}

/** An upsert of player-day rows as the order ingestion writes them (paid rows and refund rows). */
async function upsert(rows: Array<{ game: number; player: string; day: string; channel: string; orders: number }>): Promise<void> {
  await db.query(
    `INSERT INTO income_player_days AS r (game, day, distinct_id, channel, region, method, gross, refunds, orders, refund_orders)
     SELECT game, day, distinct_id, channel, 'CN', 'alipay', orders * 600, (1 - orders) * 600, orders, 1 - orders
     FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS x(game, day, distinct_id, channel, orders)
     ORDER BY 1, 2, 3, 4
     ON CONFLICT (game, day, distinct_id, channel, region, method) DO UPDATE SET gross = r.gross + excluded.gross, refunds = r.refunds + excluded.refunds,
       orders = r.orders + excluded.orders, refund_orders = r.refund_orders + excluded.refund_orders`,
    [rows.map((r) => r.game), rows.map((r) => r.day), rows.map((r) => r.player), rows.map((r) => r.channel), rows.map((r) => r.orders)],
  );
}

describe('income_payer_days (059) follows income_player_days', () => {
  it('through upserts in any day order, refund rows that later get a paid order, deletes of a range, TRUNCATE and a bulk refill', async () => {
    const rnd = prng(59);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
    for (let batch = 0; batch < 60; batch++) {
      // Days arrive in any order (late callbacks), the same player on several days, repeats.
      const rows = Array.from({ length: 1 + Math.floor(rnd() * 12) }, () => ({
        game: 1 + Math.floor(rnd() * 2),
        player: `p${Math.floor(rnd() * 8)}`,
        day: dayOf(Math.floor(rnd() * 40)),
        channel: pick(['tap', 'huawei']),
        // A refund's row first (orders 0), a paid order on it later turns it into a payer day.
        orders: rnd() < 0.25 ? 0 : 1,
      }));
      const unique = [...new Map(rows.map((r) => [`${r.game}|${r.player}|${r.day}|${r.channel}`, r])).values()];
      await upsert(unique);
      expect(await actual(), `batch ${batch}`).toEqual(await expected());
      await dailyMatches();
      await accountsMatch();
    }
    expect((await actual()).length).toBeGreaterThan(100);

    // A range rebuild deletes the days of a range (048): days go, their successors relink.
    await db.query(`DELETE FROM income_player_days WHERE day BETWEEN $1::date AND $2::date AND game = 1`, [dayOf(10), dayOf(19)]);
    expect(await actual()).toEqual(await expected());
    await db.query(`DELETE FROM income_player_days WHERE distinct_id = 'p3'`);
    expect(await actual()).toEqual(await expected());
    await dailyMatches();
    await accountsMatch();

    // Range counts, as the reports take them, equal distinct counts over the raw rows.
    for (const [s, e] of [[0, 39], [5, 12], [20, 20], [15, 34]] as const) {
      const [fast] = await db.query<{ n: number; per_game: string }>(
        `SELECT count(*)::int AS n FROM income_payer_days WHERE day BETWEEN $1::date AND $2::date AND (prev_day IS NULL OR prev_day < $1::date)`,
        [dayOf(s), dayOf(e)],
      );
      const [slow] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT DISTINCT game, distinct_id FROM income_player_days WHERE day BETWEEN $1::date AND $2::date AND orders > 0) p`,
        [dayOf(s), dayOf(e)],
      );
      expect(fast?.n, `${s}..${e}`).toBe(slow?.n);
    }

    // TRUNCATE empties it; a bulk refill (more than the per-row relink's limit) is linked in one pass.
    await db.exec('TRUNCATE income_player_days');
    expect(await actual()).toEqual([]);
    await db.query(
      `INSERT INTO income_player_days (game, day, distinct_id, channel, region, method, gross, refunds, orders, refund_orders)
       SELECT 1 + g % 3, $1::date + (g / 2000) * 3, 'u' || (g % 2000), 'tap', 'CN', 'alipay', 600, 0, 1, 0 FROM generate_series(1, 30000) g
       ON CONFLICT DO NOTHING`,
      [dayOf(0)],
    );
    const bulk = await actual();
    expect(bulk.length).toBeGreaterThan(20_000);
    expect(bulk).toEqual(await expected());
    await dailyMatches();
    await accountsMatch();
  }, 120_000);
});

describe('income_payer_days (059) on PostgreSQL: concurrent order batches for one player', () => {
  let pg: TestPostgres;
  let pool: pgDriver.Pool;
  beforeAll(async () => {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE console_payers');
    const pgDb = await openPostgres(pg.urlFor('console_payers'));
    await migrate(pgDb);
    await pgDb.close();
    pool = new pgDriver.Pool({ connectionString: pg.urlFor('console_payers'), max: 4 });
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await pg?.stop();
  }, 60_000);

  const upsertOn = (c: pgDriver.PoolClient, game: number, player: string, day: string) =>
    c.query(
      `INSERT INTO income_player_days AS r (game, day, distinct_id, channel, region, method, gross, refunds, orders, refund_orders)
       VALUES ($1, $2::date, $3, 'tap', 'CN', 'alipay', 600, 0, 1, 0)
       ON CONFLICT (game, day, distinct_id, channel, region, method) DO UPDATE SET orders = r.orders + 1, gross = r.gross + 600`,
      [game, day, player],
    );

  it('two open transactions adding days before the same later day: each sees the other once committed', async () => {
    const seed = await pool.connect();
    await upsertOn(seed, 1, 'px', dayOf(10));
    seed.release();
    for (let round = 0; round < 6; round++) {
      const player = `race${round}`;
      const setup = await pool.connect();
      await upsertOn(setup, 1, player, dayOf(20));
      setup.release();
      const a = await pool.connect();
      const b = await pool.connect();
      try {
        await a.query('BEGIN');
        await b.query('BEGIN');
        await upsertOn(a, 1, player, dayOf(round % 2 ? 5 : 12));
        // b's trigger waits for a's lock until a commits, then sees a's day.
        const bDone = upsertOn(b, 1, player, dayOf(round % 2 ? 12 : 5)).then(() => b.query('COMMIT'));
        await new Promise((r) => setTimeout(r, 50));
        await a.query('COMMIT');
        await bDone;
      } finally {
        a.release();
        b.release();
      }
      const rows = (await pool.query<{ day: string; prev: string | null }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, to_char(prev_day, 'YYYY-MM-DD') AS prev FROM income_payer_days WHERE game = 1 AND distinct_id = $1 ORDER BY day`,
        [player],
      )).rows;
      expect(rows, `round ${round}`).toEqual([
        { day: dayOf(5), prev: null },
        { day: dayOf(12), prev: dayOf(5) },
        { day: dayOf(20), prev: dayOf(12) },
      ]);
    }
  }, 60_000);
});

describe('player_active_links (059) follows player_active_days', () => {
  it('through inserts in any day order, a TRUNCATE and a bulk refill; range counts equal distinct counts', async () => {
    const fresh = async () =>
      (await db.query<{ k: string }>(
        `SELECT game || '|' || distinct_id || '|' || to_char(day, 'YYYY-MM-DD') || '|' || coalesce(to_char(lag(day) OVER (PARTITION BY game, distinct_id ORDER BY day), 'YYYY-MM-DD'), '-') AS k
         FROM player_active_days ORDER BY game, distinct_id, day`,
      )).map((r) => r.k);
    const links = async () =>
      (await db.query<{ k: string }>(
        `SELECT game || '|' || distinct_id || '|' || to_char(day, 'YYYY-MM-DD') || '|' || coalesce(to_char(prev_day, 'YYYY-MM-DD'), '-') AS k FROM player_active_links ORDER BY game, distinct_id, day`,
      )).map((r) => r.k);
    const rnd = prng(60);
    for (let batch = 0; batch < 40; batch++) {
      const rows = Array.from({ length: 1 + Math.floor(rnd() * 15) }, () => [1 + Math.floor(rnd() * 2), dayOf(Math.floor(rnd() * 30)), `a${Math.floor(rnd() * 6)}`] as const);
      await db.query(
        `INSERT INTO player_active_days (game, day, distinct_id) SELECT DISTINCT * FROM unnest($1::int[], $2::date[], $3::text[]) ORDER BY 2, 1, 3 ON CONFLICT DO NOTHING`,
        [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
      );
      expect(await links(), `batch ${batch}`).toEqual(await fresh());
      await accountsMatch();
    }
    for (const [s, e] of [[0, 29], [3, 9], [15, 15]] as const) {
      const [fast] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM player_active_links WHERE day BETWEEN $1::date AND $2::date AND (prev_day IS NULL OR prev_day < $1::date)`, [dayOf(s), dayOf(e)]);
      const [slow] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT DISTINCT game, distinct_id FROM player_active_days WHERE day BETWEEN $1::date AND $2::date) a`, [dayOf(s), dayOf(e)]);
      expect(fast?.n, `${s}..${e}`).toBe(slow?.n);
    }
    await db.exec('TRUNCATE player_active_days');
    expect(await links()).toEqual([]);
    await db.query(`INSERT INTO player_active_days (game, day, distinct_id) SELECT 1 + g % 2, $1::date + (g / 3000) * 2, 'b' || (g % 3000) FROM generate_series(1, 30000) g ON CONFLICT DO NOTHING`, [dayOf(0)]);
    const bulk = await links();
    expect(bulk.length).toBeGreaterThan(20_000);
    expect(bulk).toEqual(await fresh());
    await accountsMatch();
  }, 120_000);
});
