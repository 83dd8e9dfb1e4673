/**
 * What the data benches (income, players, partners) share: a server on a throwaway database of either
 * kind, the four seeded games, the partitions of the year, and the SQL generators of the bench-scale
 * sample (events as player-days of 10 events, orders over the year). Loading by SQL is the point: the
 * benches measure the reports, not the load (ingestion has benches of its own).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, type TestPostgres } from '../server/test/postgres-server';
import { startTestServerWithContext } from '../server/testing';

export type BenchDatabase = 'pglite' | 'postgres';

/** Days of history the sample spans, players and paying players it draws from. */
export const DAYS = 365;
export const PLAYERS = 200_000;
export const PAYERS = 50_000;

/** The Asia/Shanghai calendar day of an instant. */
export const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** A SQL text array literal of fixed, quote-free strings. */
export const sqlArray = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(', ')}]`;

type Started = Awaited<ReturnType<typeof startTestServerWithContext>>;

export interface BenchServer {
  srv: Started['srv'];
  ctx: Started['ctx'];
  db: Started['ctx']['db'];
  /** The analytics time zone of the server. */
  tz: string;
  /** The first of four seeded games with consecutive ids. */
  g0: number;
  /** Today's Shanghai midnight, as epoch ms and as ISO text. */
  todayStart: number;
  today: string;
  close(): Promise<void>;
}

/**
 * A server on a fresh database (a PostgreSQL cluster of its own, or an embedded database in a temp
 * directory), with the partitions from a year back to a month ahead in place.
 */
export async function startBenchServer(name: string, database: BenchDatabase): Promise<BenchServer> {
  let pg: TestPostgres | null = null;
  let dataDir: string | null = null;
  const secret = `bench-${name}-secret-0123456789abcdef0123`;
  let env: Record<string, string>;
  if (database === 'postgres') {
    pg = await startPostgres();
    await pg.psql(`CREATE DATABASE console_bench_${name}`);
    env = { DATABASE_URL: pg.urlFor(`console_bench_${name}`), JWT_SECRET: secret };
  } else {
    dataDir = await mkdtemp(join(tmpdir(), `bench-${name}-`));
    env = { DATA_DIR: dataDir, JWT_SECRET: secret };
  }
  const close = async () => {
    await pg?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  let started: Started;
  try {
    started = await startTestServerWithContext({ captcha: false, env });
  } catch (error) {
    await close();
    throw error;
  }
  const { srv, ctx } = started;
  const bench: BenchServer = {
    srv,
    ctx,
    db: ctx.db,
    tz: ctx.config.analyticsTz,
    g0: 0,
    todayStart: Date.parse(`${shanghaiDay(Date.now())}T00:00:00+08:00`),
    today: '',
    close: async () => {
      await srv.close();
      await close();
    },
  };
  try {
    const gameIds = (await bench.db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 4')).map((g) => g.id);
    if (gameIds.length < 4 || gameIds.some((id, i) => id !== (gameIds[0] ?? 0) + i)) throw new Error('the bench needs 4 consecutive seeded games');
    bench.g0 = gameIds[0] as number;
    bench.today = new Date(bench.todayStart).toISOString();
    for (let m = bench.todayStart - (DAYS + 31) * 86_400_000; m < bench.todayStart + 31 * 86_400_000; m += 28 * 86_400_000) {
      await bench.db.query('SELECT tracking_ensure_partition($1::timestamptz)', [new Date(m).toISOString()]);
    }
  } catch (error) {
    await bench.close();
    throw error;
  }
  return bench;
}

/** Events of player-days lo..hi-1 (10 events each), days counted back from $1 (today's Shanghai midnight). */
const EVENTS_SQL = `
INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties)
SELECT $1::timestamptz - ((1 + pd.i % ${DAYS}) * 86400 - 28800 - k * 240 - (pd.i::bigint * 37) % 7200) * interval '1 second', gen_random_uuid(), pd.game,
  CASE k WHEN 0 THEN 'session_start' WHEN 1 THEN 'login' WHEN 9 THEN 'session_end' ELSE 'level_up' END, pd.player, '{}'::jsonb
FROM (SELECT i, $2::int + i % 4 AS game, 'u' || ((i::bigint * 7919) % ${PLAYERS}) AS player FROM generate_series($3::int, $4::int - 1) i) pd
CROSS JOIN generate_series(0, 9) k`;

/** Loads `eventCount` events (rounded to player-days of 10) over the four games and the year. */
export async function loadEvents(bench: BenchServer, eventCount: number, progress?: (events: number) => void): Promise<void> {
  const playerDays = Math.round(eventCount / 10);
  const chunk = 100_000;
  for (let lo = 0; lo < playerDays; lo += chunk) {
    await bench.db.query(EVENTS_SQL, [bench.today, bench.g0, lo, Math.min(playerDays, lo + chunk)]);
    if (progress && (lo / chunk) % 10 === 9) progress((lo + chunk) * 10);
  }
}

/** How the generated orders vary: amounts in tiers or flat 6 yuan, 4% refunded or none, the dimensions drawn from. */
export interface OrderShape {
  tiered: boolean;
  refunds: boolean;
  channels: readonly string[];
  methods: readonly string[];
  regions: readonly string[];
}

function ordersSql(shape: OrderShape): string {
  const amount = shape.tiered ? '(ARRAY[600, 3000, 6800, 12800, 32800, 64800])[1 + i % 6]' : '600';
  const refund = shape.refunds ? 'i % 25 = 0' : 'false';
  return `
INSERT INTO orders (game, order_id, distinct_id, amount, currency, amount_cny, channel, method, region, status, time, refund_time)
SELECT game, 'B' || i, player, amount, 'CNY', amount, ch, me, re, CASE WHEN refund THEN 'refunded' ELSE 'paid' END, t,
  CASE WHEN refund THEN least(t + interval '5 hours', now()) END
FROM (
  SELECT i, $2::int + i % 4 AS game, 'u' || ((i::bigint * 104729) % ${PAYERS}) AS player, ${amount} AS amount,
    (${sqlArray(shape.channels)})[1 + (i / 4) % ${shape.channels.length}] AS ch, (${sqlArray(shape.methods)})[1 + (i / 7) % ${shape.methods.length}] AS me,
    (${sqlArray(shape.regions)})[1 + (i / 11) % ${shape.regions.length}] AS re,
    $1::timestamptz - (60 + (i::bigint * 7777) % (${DAYS} * 86400)) * interval '1 second' AS t, ${refund} AS refund
  FROM generate_series($3::int, $4::int - 1) i
) x`;
}

/** Loads `orderCount` orders (ids B0, B1, …) over the four games and the year, in the given shape. */
export async function loadOrders(bench: BenchServer, orderCount: number, shape: OrderShape): Promise<void> {
  const sql = ordersSql(shape);
  for (let lo = 0; lo < orderCount; lo += 200_000) await bench.db.query(sql, [bench.today, bench.g0, lo, Math.min(orderCount, lo + 200_000)]);
}

/** player_active_days straight from the loaded events (the SQL load bypasses ingestion, which keeps it). */
export async function fillActiveDays(bench: BenchServer): Promise<void> {
  await bench.db.query(
    `INSERT INTO player_active_days (game, day, distinct_id) SELECT DISTINCT game, (time AT TIME ZONE $1::text)::date, distinct_id FROM tracking_events ON CONFLICT DO NOTHING`,
    [bench.tz],
  );
}

/**
 * After a bulk load: every table vacuumed and analysed, as autovacuum (PostgreSQL) or the server's own
 * maintenance (the embedded database, db/embedded-maintenance.ts) would soon do, and the server's
 * background work on the new rows done, so that work does not run in the middle of the timed calls.
 */
export async function settle(bench: BenchServer): Promise<void> {
  await bench.db.exec('VACUUM (ANALYZE)');
  // The server's own background work on what was loaded: the sessions of the last 31 days computed
  // ahead (SessionKeeper, which starts with the server) and the player upkeep. On the embedded database
  // they share the one database thread with the timed calls.
  await bench.ctx.sessionKeeper.drain();
  await bench.ctx.playerUpkeep.drain();
}
