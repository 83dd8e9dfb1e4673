/**
 * Players: cohort retention with tracked events and orders loaded, against an
 * in-process reference server over HTTP, on PostgreSQL (a throwaway cluster) and on the embedded
 * database (a data folder):
 *
 *   (v) retention over the last 30 and 90 cohort days, every game, one game, one game + channel
 *       (target < 100 ms each; the rollups of migration 046 are read, never the events);
 *   (v') the data reports game_stats (30 days, every game and one game) and user_stats (30 and 90 days),
 *       target < 100 ms each;
 *   (w) event ingestion with the cohort triggers on (signed batches of 500 from 4 clients, players new
 *       and returning), to show what keeping the cohorts at ingestion costs.
 *
 * The bulk rows are made by set-based SQL like bench/income.ts (events as player-days of 10 events over
 * 365 days in 4 games, 200,000 players; orders over the same year), one register event (with a channel)
 * per player at its first event, then the rollups rebuilt (income_rebuild_rollups, the active days,
 * players_rebuild_cohorts). Medians of the timed calls after one warm-up call.
 *
 *   npx tsx bench/players.ts [postgres|pglite|both] [events] [orders] [runs]
 *   npm run bench                   # also part of the main bench (bench/run.ts)
 */
import { createHmac, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './page-timing';
import { PLAYERS, loadEvents, loadOrders, settle, shanghaiDay, sqlArray as arr, startBenchServer } from './sample-load';

export const RETENTION_TARGET_MS = 100;
export const BENCH_PLAYER_EVENTS = 5_000_000;
export const BENCH_PLAYER_ORDERS = 1_000_000;
const CHANNELS = ['tap', 'huawei', 'xiaomi', 'oppo', 'vivo', 'apple', 'bilibili', 'douyin', 'kuaishou', 'wechat'];

export interface PlayersBench {
  database: 'pglite' | 'postgres';
  events: number;
  orders: number;
  cohorts: number;
  loadSeconds: number;
  reports: Array<{ name: string; ms: number[]; medianMs: number }>;
  ingestRuns: number[];
  ingestMedian: number;
  /** The same batches with the cohort trigger disabled (the registrations/devices parts of the statement stay). */
  withoutTriggerMedian: number;
}

const ORDER_SHAPE = { tiered: false, refunds: false, channels: ['tap'], methods: ['wechat'], regions: ['CN-GD'] };

/** One register event per (game, player), 30 s before its first event, with a channel from a hash. */
const REGISTER_SQL = `
INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties)
SELECT min(time) - interval '30 seconds', gen_random_uuid(), game, 'register', distinct_id,
  jsonb_build_object('channel', (${arr(CHANNELS)})[1 + abs(hashtext(distinct_id)) % ${CHANNELS.length}], 'device_id', 'dev-' || md5(distinct_id))
FROM tracking_events GROUP BY game, distinct_id`;

export async function benchPlayers(
  database: 'pglite' | 'postgres',
  eventCount = BENCH_PLAYER_EVENTS,
  orderCount = BENCH_PLAYER_ORDERS,
  runs = 5,
  log: (line: string) => void = () => undefined,
): Promise<PlayersBench> {
  const bench = await startBenchServer('players', database);
  const { srv, db, tz, g0, todayStart } = bench;
  const tag = `players (${database})`;
  try {
    const loadStarted = performance.now();
    await loadEvents(bench, eventCount);
    await db.query(REGISTER_SQL);
    await loadOrders(bench, orderCount, ORDER_SHAPE);
    log(`${tag}: events and orders loaded (${((performance.now() - loadStarted) / 1000).toFixed(0)} s)`);
    await db.query('SELECT tracking_rebuild_rollups($1)', [tz]);
    await db.query('SELECT income_rebuild_rollups($1)', [tz]);
    await db.query('SELECT players_rebuild_cohorts()');
    await db.exec('VACUUM (ANALYZE) player_active_days, player_cohorts, cohort_daily, retention_daily, player_registrations');
    // data reports: the 055 rollups (refilled by income_rebuild_rollups through their trigger) and the accounts of 049.
    await db.exec('VACUUM (ANALYZE) active_daily, account_active_days, account_active_daily, player_accounts, income_player_days');
    await settle(bench);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const [counts] = await db.query<{ o: number; e: number; c: number }>(
      'SELECT (SELECT count(*)::int FROM orders) AS o, (SELECT count(*)::int FROM tracking_events) AS e, (SELECT count(*)::int FROM player_cohorts) AS c',
    );
    log(`${tag}: ${counts?.e.toLocaleString('en')} events, ${counts?.o.toLocaleString('en')} orders, ${counts?.c.toLocaleString('en')} players; rollups built, ${loadSeconds.toFixed(0)} s in all`);

    const login = (await (
      await fetch(`${srv.baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'bench' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) })
    ).json()) as { data: { access: string } };
    const headers = { authorization: `JWT ${login.data.access}`, 'user-agent': 'bench', 'content-type': 'application/json' };
    const api = async <T>(path: string, body?: unknown): Promise<T> => {
      const res = (await (await fetch(`${srv.baseUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as { code: number; msg: string; data: T };
      if (res.code !== 2000) throw new Error(`${path}: ${res.msg}`);
      return res.data;
    };
    const timed = async (path: string) => {
      const t = performance.now();
      const res = (await (await fetch(`${srv.baseUrl}${path}`, { headers })).json()) as { code: number; msg: string };
      const ms = performance.now() - t;
      if (res.code !== 2000) throw new Error(`${path}: ${res.msg}`);
      return ms;
    };
    const series = async (name: string, path: string) => {
      const first = await timed(path);
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) ms.push(await timed(path));
      log(`${tag}: ${name}: median ${median(ms).toFixed(1)} ms (runs ${ms.map((x) => x.toFixed(0)).join(', ')}; warm-up ${first.toFixed(0)} ms)`);
      return { name, ms, medianMs: median(ms) };
    };
    const end = shanghaiDay(todayStart);
    const q30 = `start=${shanghaiDay(todayStart - 29 * 86_400_000)}&end=${end}`;
    const q90 = `start=${shanghaiDay(todayStart - 89 * 86_400_000)}&end=${end}`;
    const reports = [
      await series('retention, 30 cohort days, every game', `/api/center_users/retention/?${q30}`),
      await series('retention, 30 cohort days, one game', `/api/center_users/retention/?${q30}&game=${g0 + 1}`),
      await series('retention, 30 cohort days, one game + channel', `/api/center_users/retention/?${q30}&game=${g0 + 1}&channel=huawei`),
      await series('retention, 90 cohort days, every game', `/api/center_users/retention/?${q90}`),
      // performance: one channel over every game (the (channel, day) indexes of migration 056).
      await series('retention, 90 cohort days, every game, one channel', `/api/center_users/retention/?${q90}&channel=huawei`),
    ];
    // data reports: the day tables of data_reports/game_stats and user_stats (rollups of 044/046/049/055).
    reports.push(
      await series('data report game_stats, 30 days, every game', `/api/data_reports/game_stats/?${q30}`),
      await series('data report game_stats, 30 days, one game', `/api/data_reports/game_stats/?${q30}&game=${g0 + 1}`),
      await series('data report user_stats, 30 days', `/api/data_reports/user_stats/?${q30}`),
      await series('data report user_stats, 90 days', `/api/data_reports/user_stats/?${q90}`),
    );
    // ---- end data reports

    // (w) event ingestion with the cohort triggers: per run 20,000 events of 2,000 players (half new, half of the bulk set), 4 clients.
    const app = await api<{ id: number }>('/api/embed_configure/game/', { game: g0 });
    const creds = await api<{ app_key: string; secret: string }>(`/api/embed_configure/game/${app.id}/regenerate/`, {});
    const perRun = 20_000;
    const ingest = async (r: number): Promise<number> => {
      const batches: string[] = [];
      for (let b = 0; b < perRun / 500; b++) {
        const events = Array.from({ length: 500 }, (_, i) => {
          const p = (b * 50 + (i % 50)) % 2000;
          const player = p % 2 === 0 ? `new-${r}-${p}` : `u${(p * 97 + r) % PLAYERS}`;
          return { uuid: randomUUID(), event: i % 50 === 0 ? 'register' : 'login', distinct_id: player, time: new Date(Date.now() - 60_000 - i * 1000).toISOString(), properties: { channel: CHANNELS[p % CHANNELS.length] } };
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
    // Alternately with the cohort trigger and without it (same kind of batches): what keeping the cohorts costs.
    const ingestRuns: number[] = [];
    const withoutRuns: number[] = [];
    for (let r = 0; r < runs; r++) {
      ingestRuns.push(await ingest(2 * r));
      await db.exec('ALTER TABLE player_active_days DISABLE TRIGGER player_active_days_cohorts');
      withoutRuns.push(await ingest(2 * r + 1));
      await db.exec('ALTER TABLE player_active_days ENABLE TRIGGER player_active_days_cohorts');
    }
    log(`${tag}: event ingestion with cohorts: median ${median(ingestRuns)} events/s (runs ${ingestRuns.join(', ')}); without the cohort trigger ${median(withoutRuns)} (runs ${withoutRuns.join(', ')})`);
    return { database, events: counts?.e ?? 0, orders: counts?.o ?? 0, cohorts: counts?.c ?? 0, loadSeconds, reports, ingestRuns, ingestMedian: median(ingestRuns), withoutTriggerMedian: median(withoutRuns) };
  } finally {
    await bench.close();
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const which = process.argv[2] ?? 'both';
  const events = Number(process.argv[3] ?? BENCH_PLAYER_EVENTS);
  const orders = Number(process.argv[4] ?? BENCH_PLAYER_ORDERS);
  const runs = Number(process.argv[5] ?? 5);
  for (const database of ['postgres', 'pglite'] as const) {
    if (which !== 'both' && which !== database) continue;
    try {
      const b = await benchPlayers(database, events, orders, runs, console.log);
      console.log(`${b.database}: ${b.events.toLocaleString('en')} events, ${b.orders.toLocaleString('en')} orders, ${b.cohorts.toLocaleString('en')} players (loaded in ${b.loadSeconds.toFixed(0)} s)`);
      for (const r of b.reports) console.log(`  ${r.name}: ${r.medianMs.toFixed(1)} ms (target < ${RETENTION_TARGET_MS})`);
      console.log(`  event ingestion with cohorts: ${b.ingestMedian} events/s (without the cohort trigger ${b.withoutTriggerMedian})`);
    } catch (e) {
      console.log(`players (${database}): not measured: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
}
