/**
 * Orders and revenue with 1,000,000 orders and 5,000,000 tracked events loaded, against an
 * in-process reference server over HTTP, on PostgreSQL (a throwaway cluster) and on the embedded
 * database (a data folder):
 *
 *   (r) order ingestion: signed batches of 1,000 payment callbacks from 4 clients (target ≥ 5,000/s);
 *   (s) each revenue report over the last 30 days (overview of every game and of one, history with the
 *       previous period, distribution by channel, rank of players): target < 100 ms each;
 *   (t) a page of the orders list with filters (game + channel + 30 days; game + status): < 50 ms;
 *   (u) a 100,000-row order export, streamed: < 10 s, with the server's memory sampled meanwhile.
 *
 * The bulk rows are made in the database by set-based SQL (generate_series): events as ~500,000
 * player-days of 10 events over 365 days in 4 games (200,000 players), orders over the same year
 * (50,000 paying players, 4% refunded), then the rollups rebuilt (income_rebuild_rollups and the
 * players' active days from the events). Medians of the timed calls after one warm-up call.
 *
 *   npx tsx bench/income.ts [postgres|pglite|both] [orders] [events] [runs]
 *   npm run bench                   # also part of the main bench (bench/run.ts)
 */
import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './page-timing';
import { DAYS, PAYERS, fillActiveDays, loadEvents, loadOrders, settle, shanghaiDay, startBenchServer } from './sample-load';

export const ORDER_INGEST_TARGET = 5000;
export const REPORT_TARGET_MS = 100;
export const LIST_TARGET_MS = 50;
export const EXPORT_TARGET_MS = 10_000;
export const BENCH_ORDERS = 1_000_000;
export const BENCH_EVENTS = 5_000_000;
const CHANNELS = ['tap', 'huawei', 'xiaomi', 'oppo', 'vivo', 'apple', 'bilibili', 'douyin', 'kuaishou', 'wechat'];
const METHODS = ['wechat', 'alipay', 'apple_iap', 'unionpay'];
const REGIONS = ['CN-GD', 'CN-BJ', 'CN-SH', 'CN-ZJ', 'CN-JS', 'CN-SC', 'HK', 'TW'];

export interface IncomeBench {
  database: 'pglite' | 'postgres';
  orders: number;
  events: number;
  loadSeconds: number;
  /** Orders per second, each run (4 clients × batches of 1,000). */
  ingestRuns: number[];
  ingestMedian: number;
  reports: Array<{ name: string; ms: number[]; medianMs: number }>;
  lists: Array<{ name: string; ms: number[]; medianMs: number; total: number }>;
  export: { rows: number; ms: number[]; medianMs: number; bytes: number; rssGrowthMiB: number };
}

const ORDER_SHAPE = { tiered: true, refunds: true, channels: CHANNELS, methods: METHODS, regions: REGIONS };

export async function benchIncome(
  database: 'pglite' | 'postgres',
  orderCount = BENCH_ORDERS,
  eventCount = BENCH_EVENTS,
  runs = 5,
  log: (line: string) => void = () => undefined,
): Promise<IncomeBench> {
  const bench = await startBenchServer('income', database);
  const { srv, db, tz, g0, todayStart } = bench;
  const tag = `income (${database})`;
  try {
    const loadStarted = performance.now();
    await loadEvents(bench, eventCount, (events) => log(`${tag}: ${events.toLocaleString('en')} events (${((performance.now() - loadStarted) / 1000).toFixed(0)} s)`));
    await loadOrders(bench, orderCount, ORDER_SHAPE);
    log(`${tag}: ${orderCount.toLocaleString('en')} orders (${((performance.now() - loadStarted) / 1000).toFixed(0)} s)`);
    await db.query('SELECT income_rebuild_rollups($1)', [tz]);
    await fillActiveDays(bench);
    await settle(bench);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const [counts] = await db.query<{ o: number; e: number }>('SELECT (SELECT count(*)::int FROM orders) AS o, (SELECT count(*)::int FROM tracking_events) AS e');
    log(`${tag}: ${counts?.o.toLocaleString('en')} orders, ${counts?.e.toLocaleString('en')} events, rollups built in ${loadSeconds.toFixed(0)} s in all`);

    if (process.env.BENCH_EXPLAIN) {
      const s30 = shanghaiDay(todayStart - 29 * 86_400_000);
      const e30 = shanghaiDay(todayStart);
      for (const sql of [
        `SELECT 's', '' AS k, sum(gross) FROM income_daily WHERE day BETWEEN '${s30}' AND '${e30}' GROUP BY 2`,
        `SELECT count(*) FROM (SELECT DISTINCT '' AS k, game, distinct_id FROM income_player_days WHERE day BETWEEN '${s30}' AND '${e30}' AND orders > 0) p`,
        `SELECT count(*) FROM (SELECT DISTINCT game, distinct_id FROM player_active_days WHERE day BETWEEN '${s30}' AND '${e30}') a`,
      ]) {
        for (const r of await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`)) log(Object.values(r).join(''));
      }
    }
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
      const res = (await (await fetch(`${srv.baseUrl}${path}`, { headers })).json()) as { code: number; msg: string; data: unknown };
      const ms = performance.now() - t;
      if (res.code !== 2000) throw new Error(`${path}: ${res.msg}`);
      return { ms, data: res.data };
    };
    const series = async (name: string, path: string) => {
      const first = await timed(path);
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) ms.push((await timed(path)).ms);
      log(`${tag}: ${name}: median ${median(ms).toFixed(1)} ms (runs ${ms.map((x) => x.toFixed(0)).join(', ')}; warm-up ${first.ms.toFixed(0)} ms)`);
      return { name, ms, medianMs: median(ms), data: first.data };
    };
    const start = shanghaiDay(todayStart - 29 * 86_400_000);
    const end = shanghaiDay(todayStart);
    const q = `start=${start}&end=${end}`;
    const reports = [
      await series('overview, 30 days, every game', `/api/center_income/overview/?${q}`),
      await series('overview, 30 days, one game', `/api/center_income/overview/?${q}&game=${g0 + 1}`),
      await series('overview, today', `/api/center_income/overview/?start=${end}&end=${end}`),
      await series('history, 30 days + previous period', `/api/center_income/history/?${q}&compare=previous`),
      await series('distribution by channel, 30 days', `/api/center_income/distribution/?${q}&by=channel`),
      await series('rank of players, 30 days, top 100', `/api/center_income/rank/?${q}&by=player&limit=100`),
      await series('rank of games, 30 days', `/api/center_income/rank/?${q}&by=game`),
    ].map(({ name, ms, medianMs }) => ({ name, ms, medianMs }));
    const lists = [
      await series('orders list: game + channel + 30 days, page 1 of 20', `/api/center_income/details/?game=${g0 + 1}&channel=tap&${q}&limit=20`),
      await series('orders list: game + status refunded, page 3 of 20', `/api/center_income/details/?game=${g0 + 1}&status=refunded&page=3&limit=20`),
      await series('orders list: no filter, page 1 of 100', '/api/center_income/details/?limit=100'),
    ].map(({ name, ms, medianMs, data }) => ({ name, ms, medianMs, total: (data as { total: number }).total }));

    // (u) export: the newest ~100,000 orders (a day range holding them).
    const exportDays = Math.max(1, Math.ceil((100_000 / orderCount) * DAYS));
    const exportPath = `/api/center_income/details/export/?start=${shanghaiDay(todayStart - (exportDays - 1) * 86_400_000)}&end=${end}`;
    const exportMs: number[] = [];
    let rows = 0;
    let bytes = 0;
    let rssGrowth = 0;
    for (let r = 0; r < Math.min(3, runs); r++) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      const t = performance.now();
      const res = await fetch(`${srv.baseUrl}${exportPath}`, { headers });
      rows = Number(res.headers.get('x-export-rows'));
      bytes = 0;
      const reader = res.body?.getReader();
      for (;;) {
        const part = await reader?.read();
        if (!part || part.done) break;
        bytes += part.value.length;
      }
      exportMs.push(performance.now() - t);
      clearInterval(sampler);
      rssGrowth = Math.max(rssGrowth, (peak - before) / 1024 / 1024);
    }
    log(`${tag}: export of ${rows.toLocaleString('en')} orders (${(bytes / 1024 / 1024).toFixed(1)} MiB xlsx): median ${(median(exportMs) / 1000).toFixed(2)} s (runs ${exportMs.map((x) => (x / 1000).toFixed(2)).join(', ')}), RSS growth ≤ ${rssGrowth.toFixed(0)} MiB`);
    // (r) ingestion (last, so the reports above read the bulk year only): fresh orders for game 1, 4 clients, batches of 1,000, a new set of order ids each run.
    const app = await api<{ id: number }>('/api/embed_configure/game/', { game: g0 });
    const creds = await api<{ app_key: string; secret: string }>(`/api/embed_configure/game/${app.id}/regenerate/`, {});
    const ingestRuns: number[] = [];
    const perRun = 40_000;
    for (let r = 0; r < runs; r++) {
      const batches: string[] = [];
      for (let b = 0; b < perRun / 1000; b++) {
        const orders = Array.from({ length: 1000 }, (_, i) => ({
          order_id: `I${r}-${b}-${i}`,
          distinct_id: `u${(b * 1000 + i) % PAYERS}`,
          amount: 600 * (1 + (i % 5)),
          currency: i % 10 === 0 ? 'USD' : 'CNY',
          channel: CHANNELS[i % CHANNELS.length],
          method: METHODS[i % METHODS.length],
          region: REGIONS[i % REGIONS.length],
          status: 'paid',
          time: new Date(Date.now() - 60_000 - i * 1000).toISOString(),
        }));
        batches.push(JSON.stringify({ orders }));
      }
      let next = 0;
      const t = performance.now();
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (;;) {
            const body = batches[next++];
            if (body === undefined) return;
            const res = (await (
              await fetch(`${srv.baseUrl}/api/ingest/orders/`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') },
                body,
              })
            ).json()) as { code: number; msg: string; data: { accepted: number } };
            if (res.code !== 2000 || res.data.accepted !== 1000) throw new Error(`ingest: ${res.msg}`);
          }
        }),
      );
      ingestRuns.push(Math.round(perRun / ((performance.now() - t) / 1000)));
    }
    log(`${tag}: order ingestion: median ${median(ingestRuns)} orders/s (runs ${ingestRuns.join(', ')})`);

    return {
      database,
      orders: counts?.o ?? 0,
      events: counts?.e ?? 0,
      loadSeconds,
      ingestRuns,
      ingestMedian: median(ingestRuns),
      reports,
      lists,
      export: { rows, ms: exportMs, medianMs: median(exportMs), bytes, rssGrowthMiB: Math.round(rssGrowth) },
    };
  } finally {
    await bench.close();
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const which = process.argv[2] ?? 'both';
  const orders = Number(process.argv[3] ?? BENCH_ORDERS);
  const events = Number(process.argv[4] ?? BENCH_EVENTS);
  const runs = Number(process.argv[5] ?? 5);
  for (const database of ['postgres', 'pglite'] as const) {
    if (which !== 'both' && which !== database) continue;
    try {
      const b = await benchIncome(database, orders, events, runs, console.log);
      console.log(`${b.database}: ${b.orders.toLocaleString('en')} orders, ${b.events.toLocaleString('en')} events (loaded in ${b.loadSeconds.toFixed(0)} s)`);
      console.log(`  ingestion ${b.ingestMedian} orders/s (target ≥ ${ORDER_INGEST_TARGET})`);
      for (const r of b.reports) console.log(`  ${r.name}: ${r.medianMs.toFixed(1)} ms (target < ${REPORT_TARGET_MS})`);
      for (const l of b.lists) console.log(`  ${l.name}: ${l.medianMs.toFixed(1)} ms, total ${l.total.toLocaleString('en')} (target < ${LIST_TARGET_MS})`);
      console.log(`  export ${b.export.rows.toLocaleString('en')} rows: ${(b.export.medianMs / 1000).toFixed(2)} s (target < ${EXPORT_TARGET_MS / 1000} s), RSS growth ≤ ${b.export.rssGrowthMiB} MiB`);
    } catch (e) {
      console.log(`income (${database}): not measured: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
}
