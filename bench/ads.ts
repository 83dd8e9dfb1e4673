/**
 * Partner settlements (cooperate/*) at scale: orders and events loaded by SQL as in
 * bench/income.ts (same generator: orders over 365 days, 4% refunded, 4 games), the rollups rebuilt,
 * the 4 games given 2 partners with rates; then the medians of the calls staff make: a month's
 * settlement of every partner and of one, the partner KPIs over 30 days, and locking a month (one run:
 * a lock happens once). On PostgreSQL and/or the embedded database.
 *
 *   npx tsx bench/ads.ts [postgres|pglite|both] [orders] [events] [runs]
 *
 * advertising: then the advertising tables at the same scale — 12 campaigns (3 per game),
 * a registration with a device for each of the PLAYERS players per game over the 365 days, a click 1 h
 * before 60 % of them plus as many clicks that never installed, daily spend of every campaign — and the
 * medians of the campaign figures over 30 days and of an attribution page (target < 100 ms each).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './page-timing';
import { DAYS, PLAYERS, fillActiveDays, loadEvents, loadOrders, settle, shanghaiDay, startBenchServer } from './sample-load';

export const SETTLEMENT_TARGET_MS = 100;
export const BENCH_ADS_ORDERS = 1_000_000;
export const BENCH_ADS_EVENTS = 5_000_000;

export interface AdsBench {
  database: 'pglite' | 'postgres';
  orders: number;
  events: number;
  loadSeconds: number;
  calls: Array<{ name: string; ms: number[]; medianMs: number }>;
}

const ORDER_SHAPE = { tiered: true, refunds: true, channels: ['tap'], methods: ['alipay'], regions: ['CN'] };

export async function benchAds(database: 'pglite' | 'postgres', orderCount = BENCH_ADS_ORDERS, eventCount = BENCH_ADS_EVENTS, runs = 5, log: (line: string) => void = () => undefined): Promise<AdsBench> {
  const bench = await startBenchServer('ads', database);
  const { srv, db, tz, g0, todayStart, today } = bench;
  const tag = `partners (${database})`;
  try {
    const loadStarted = performance.now();
    await loadEvents(bench, eventCount);
    await loadOrders(bench, orderCount, ORDER_SHAPE);
    await db.query('SELECT income_rebuild_rollups($1)', [tz]);
    await fillActiveDays(bench);
    await settle(bench);
    const [pa, pb] = await db.query<{ id: number }>(`INSERT INTO partners (name) VALUES ('压测合作方甲'), ('压测合作方乙') RETURNING id`);
    await db.query('UPDATE games SET partner = $1 WHERE id IN ($2, $3)', [pa?.id, g0, g0 + 1]);
    await db.query('UPDATE games SET partner = $1 WHERE id IN ($2, $3)', [pb?.id, g0 + 2, g0 + 3]);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    log(`${tag}: ${orderCount.toLocaleString('en')} orders, ${eventCount.toLocaleString('en')} events loaded in ${loadSeconds.toFixed(0)} s`);

    const login = (await (
      await fetch(`${srv.baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'bench' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) })
    ).json()) as { data: { access: string } };
    const headers = { authorization: `JWT ${login.data.access}`, 'user-agent': 'bench', 'content-type': 'application/json' };
    const timed = async (path: string, body?: unknown) => {
      const t = performance.now();
      const res = (await (await fetch(`${srv.baseUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as { code: number; msg: string };
      const ms = performance.now() - t;
      if (res.code !== 2000) throw new Error(`${path}: ${res.msg}`);
      return ms;
    };
    const lastMonth = shanghaiDay(todayStart - 20 * 86_400_000).slice(0, 7) === shanghaiDay(todayStart).slice(0, 7) ? shanghaiDay(todayStart - 40 * 86_400_000).slice(0, 7) : shanghaiDay(todayStart - 20 * 86_400_000).slice(0, 7);
    const m = new Date(`${lastMonth}-15T00:00:00Z`);
    const earlier = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    await timed('/api/cooperate/reports/rates/', { partner: pa?.id, effective_month: earlier, rate_bp: 7000 });
    await timed('/api/cooperate/reports/rates/', { partner: pb?.id, effective_month: earlier, rate_bp: 6000 });
    const series = async (name: string, path: string) => {
      const first = await timed(path);
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) ms.push(await timed(path));
      log(`${tag}: ${name}: median ${median(ms).toFixed(1)} ms (runs ${ms.map((x) => x.toFixed(0)).join(', ')}; warm-up ${first.toFixed(0)} ms)`);
      return { name, ms, medianMs: median(ms) };
    };
    const start = shanghaiDay(todayStart - 29 * 86_400_000);
    const end = shanghaiDay(todayStart);
    const calls = [
      await series(`settlement of ${lastMonth}, every partner`, `/api/cooperate/reports/?month=${lastMonth}`),
      await series(`settlement of ${lastMonth}, one partner`, `/api/cooperate/reports/?month=${lastMonth}&partner=${pa?.id}`),
      await series('partner KPIs, 30 days', `/api/cooperate/overview/?start=${start}&end=${end}`),
    ];
    const lockMs = await timed('/api/cooperate/reports/lock/', { partner: pa?.id, month: lastMonth });
    log(`${tag}: lock ${lastMonth} of one partner: ${lockMs.toFixed(1)} ms`);
    calls.push({ name: `lock ${lastMonth} of one partner (one run)`, ms: [lockMs], medianMs: lockMs });
    calls.push(await series(`settlement of ${lastMonth}, one partner, locked`, `/api/cooperate/reports/?month=${lastMonth}&partner=${pa?.id}`));

    // advertising: campaigns, registrations with devices, clicks and spend by SQL; then the two reads.
    const adsStarted = performance.now();
    await db.query(
      `INSERT INTO ad_campaigns (game, channel, name, budget, start_date, end_date, status, store_url)
       SELECT $1::int + g, (ARRAY['douyin', 'kuaishou', 'bilibili'])[1 + c], '压测计划-' || g || '-' || c, 100000000, $2::date - ${DAYS + 10}, $2::date + 30, 'active', 'https://store.example.com/' || g
       FROM generate_series(0, 3) g CROSS JOIN generate_series(0, 2) c`,
      [g0, shanghaiDay(todayStart)],
    );
    const camps = await db.query<{ id: number; game: number }>('SELECT id, game FROM ad_campaigns ORDER BY id');
    const campOf = (game: number, k: number) => camps.filter((c) => c.game === game)[k % 3]?.id ?? 0;
    await db.query(
      `INSERT INTO player_registrations (game, distinct_id, time, channel, device_id)
       SELECT $1::int + g, 'u' || i, $2::timestamptz - ((1 + (i * 7919) % ${DAYS}) * 86400 - 30000 - (i % 3600)) * interval '1 second', 'douyin', 'd' || g || '-' || i
       FROM generate_series(0, 3) g CROSS JOIN generate_series(0, ${PLAYERS / 4} - 1) i
       ON CONFLICT DO NOTHING`,
      [g0, today],
    );
    const campArray = [0, 1, 2, 3].flatMap((g) => [0, 1, 2].map((k) => campOf(g0 + g, k)));
    await db.query(
      `INSERT INTO ad_clicks (campaign, game, channel, device_id, time)
       SELECT ($3::int[])[1 + (r.game - $1::int) * 3 + abs(hashtext(r.distinct_id)) % 3], r.game, 'douyin', r.device_id, r.time - interval '1 hour'
       FROM player_registrations r WHERE r.game BETWEEN $1::int AND $1::int + 3 AND abs(hashtext(r.distinct_id)) % 10 < 6
       UNION ALL
       SELECT ($3::int[])[1 + g * 3 + i % 3], $1::int + g, 'douyin', 'x' || g || '-' || i, $2::timestamptz - ((i::bigint * 104729) % (${DAYS} * 86400)) * interval '1 second'
       FROM generate_series(0, 3) g CROSS JOIN generate_series(0, ${Math.round((PLAYERS / 4) * 0.6)} - 1) i`,
      [g0, today, campArray],
    );
    await db.query(
      `INSERT INTO ad_spend (campaign, day, amount) SELECT c.id, d::date, 50000 + (c.id * 7919 + extract(doy FROM d)::int * 104729) % 100000
       FROM ad_campaigns c CROSS JOIN generate_series($1::date - ${DAYS}, $1::date, interval '1 day') d`,
      [shanghaiDay(todayStart)],
    );
    await db.exec('VACUUM (ANALYZE) ad_campaigns, ad_clicks, ad_spend, player_registrations');
    await settle(bench);
    const [adCounts] = await db.query<{ clicks: number; regs: number }>('SELECT (SELECT count(*)::int FROM ad_clicks) AS clicks, (SELECT count(*)::int FROM player_registrations) AS regs');
    log(`${tag}: advertising: ${camps.length} campaigns, ${adCounts?.regs.toLocaleString('en')} registrations, ${adCounts?.clicks.toLocaleString('en')} clicks loaded in ${((performance.now() - adsStarted) / 1000).toFixed(0)} s`);
    calls.push(await series('campaign figures, 30 days, every game', `/api/advertisement/campaign/performance/?start=${start}&end=${end}`));
    calls.push(await series('campaign figures, 30 days, one game', `/api/advertisement/campaign/performance/?start=${start}&end=${end}&game=${g0}`));
    calls.push(await series('attribution page 1 of 30 days (20 rows + summary)', `/api/advertisement/attribution/?start=${start}&end=${end}&limit=20`));
    calls.push(await series('attribution page 1, organic only, one game', `/api/advertisement/attribution/?start=${start}&end=${end}&game=${g0}&match=organic&limit=20`));
    // performance: a deep page with the widest window (the page walks the time index of ad_installs).
    calls.push(await series('attribution page 50 of 30 days, window 30', `/api/advertisement/attribution/?start=${start}&end=${end}&window=30&limit=20&page=50`));
    return { database, orders: orderCount, events: eventCount, loadSeconds, calls };
  } finally {
    await bench.close();
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const which = process.argv[2] ?? 'both';
  const orders = Number(process.argv[3] ?? BENCH_ADS_ORDERS);
  const events = Number(process.argv[4] ?? BENCH_ADS_EVENTS);
  const runs = Number(process.argv[5] ?? 5);
  for (const database of ['postgres', 'pglite'] as const) {
    if (which !== 'both' && which !== database) continue;
    try {
      const b = await benchAds(database, orders, events, runs, console.log);
      console.log(`${b.database}: ${b.orders.toLocaleString('en')} orders, ${b.events.toLocaleString('en')} events (loaded in ${b.loadSeconds.toFixed(0)} s)`);
      for (const c of b.calls) console.log(`  ${c.name}: ${c.medianMs.toFixed(1)} ms (target < ${SETTLEMENT_TARGET_MS})`);
    } catch (e) {
      console.log(`partners (${database}): not measured: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
}
