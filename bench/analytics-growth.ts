/**
 * Analytics cost as events grow ten-fold: every analytics answer a staff user opens, timed over HTTP
 * against an in-process reference server on PostgreSQL (a throwaway cluster per size), at a small
 * and a large history of the SAME platform.
 *
 * Growth model: a platform whose events grow without end. Every day looks the same (the same new
 * players, the same returning players, sessions, payments, clicks), only the history kept is longer:
 * 60 days per million events (default 1,000,000 events = 60 days, 10,000,000 = 600 days). A player
 * registers on a day and comes back on the next 29 days with a decaying probability; the oldest days
 * of a history also hold players who registered before it (their register events are outside the data
 * set, as on a platform that started tracking then), so every day has the same volume and the last 30
 * days are alike at both sizes (a player active in them registered within the last 59 days).
 *
 * Per day, one set-based statement each (generate_series): the day's events (session_start, register
 * in the first session of the registration day with a channel and a device id, login, play,
 * level_up, pay with an amount, session_end) and their ids in the idempotency register, the day's orders (one per pay event, 2% refunded),
 * the day's ad clicks (40% of the day's registrations clicked a campaign of their game an hour before
 * on the same device, as many clicks that did not convert) and the campaigns' spend. Then the server's
 * own rebuild functions (tracking_rebuild_rollups, income_rebuild_rollups, players_rebuild_cohorts:
 * the hourly and daily event rollups, the revenue rollups, registrations, cohorts, retention,
 * accounts, active days and their links, ad installs through the triggers), VACUUM ANALYZE, and the
 * server's background work (the sessions of the last 31 days kept ahead, the player upkeep).
 *
 * Timed (median of `runs` calls after one warm-up call, superadmin token, the routes the console's
 * screens call): the 30-day event trend (total and unique), a 4-step funnel over 7 days, sessions over
 * 7 days, retention over 30 cohort days, the revenue overview, 游戏统计 (game_stats), 用户统计
 * (user_stats) and the campaign figures (advertisement/campaign/performance), each over 30 days
 * unless said; then a short burst of signed ingestion (20,000 events, 4 clients × 500, 3 runs).
 *
 *   npx tsx bench/analytics-growth.ts [events-small] [events-large] [runs]
 *   npm run bench -- growth           # this section alone (bench/run.ts); also part of the main bench
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './page-timing';
import { settle, shanghaiDay, sqlArray as arr, startBenchServer, type BenchServer } from './sample-load';

export const GROWTH_SMALL_EVENTS = 1_000_000;
export const GROWTH_LARGE_EVENTS = 10_000_000;
/** An answer whose median grows by more than this from the small to the large history is reported. */
export const GROWTH_LIMIT = 1.5;
/** Days of history per million events (the daily volume is fixed: ~16,700 events a day). */
const DAYS_PER_MILLION = 60;
/** New players a day (all games); returning players come from the last 29 days' registrations. */
const NEW_PER_DAY = 340;
const CHANNELS = ['appstore', 'huawei', 'xiaomi', 'oppo', 'vivo', 'taptap', 'bilibili', 'douyin', 'wechat', 'web', 'qq', 'ads'];
const METHODS = ['wechat', 'alipay', 'apple', 'google'];
const REGIONS = ['CN-GD', 'CN-BJ', 'CN-SH', 'CN-ZJ', 'CN-JS'];
const DAY_MS = 86_400_000;

/** What each answer reads (from the server code): a rollup/kept table, or raw events. */
const SERVED_FROM: Record<string, string> = {
  'event trend, 30 days, total': 'rollup (tracking_daily)',
  'event trend, 30 days, unique': 'rollup (tracking_daily)',
  'funnel, 4 steps, 7 days': 'raw events (7 days)',
  'sessions, 7 days': 'kept sessions (tracking_sessions)',
  'retention, 30 cohort days': 'rollup (cohort/retention_game_daily)',
  'revenue overview, 30 days': 'rollup (income_daily, payer days, active links)',
  'game statistics, 30 days': 'rollup (cohorts, active_daily, income, links)',
  'user statistics, 30 days': 'rollup (account rollups, links)',
  'campaign figures, 30 days': 'kept (ad_installs, ad_clicks, ad_spend, income)',
};

export interface GrowthAnswer {
  name: string;
  path: string;
  ms: number[];
  medianMs: number;
  warmupMs: number;
  /** A short digest of what it answered (the same at both sizes when the last 30 days are alike). */
  digest: string;
}

export interface GrowthSize {
  events: number;
  days: number;
  orders: number;
  clicks: number;
  players: number;
  loadSeconds: number;
  answers: GrowthAnswer[];
  ingestRuns: number[];
  ingestMedian: number;
}

export interface GrowthRow {
  name: string;
  smallMs: number;
  largeMs: number;
  ratio: number;
  servedFrom: string;
  flat: boolean;
}

export interface GrowthBench {
  small: GrowthSize;
  large: GrowthSize;
  rows: GrowthRow[];
  ingest: { small: number; large: number; ratio: number };
}

/** One day's events: registrations of absolute day $3 and the returning players of the 29 days before it. */
function dayEventsSql(): string {
  return `INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties)
    SELECT x.t, gen_random_uuid(), x.game, x.event, x.player,
      CASE x.event
        WHEN 'level_up' THEN jsonb_build_object('level', 1 + x.k + x.age)
        WHEN 'pay' THEN jsonb_build_object('amount', x.amount, 'currency', 'CNY')
        WHEN 'register' THEN jsonb_build_object('channel', x.ch, 'device_id', x.dev)
        WHEN 'login' THEN jsonb_build_object('channel', x.ch, 'device_id', x.dev)
        ELSE '{}'::jsonb END
    FROM (
      SELECT s.game, s.player, s.ch, s.dev, s.age, e.k, s.t0 + (e.k * s.step) * interval '1 second' AS t,
        (ARRAY[600, 3000, 6800, 12800, 32800, 64800])[1 + ((s.id + e.k) % 6)::int] AS amount,
        CASE WHEN e.k = 0 THEN 'session_start'
             WHEN e.k = s.n - 1 THEN 'session_end'
             WHEN s.first AND e.k = 1 THEN 'register'
             WHEN e.k = CASE WHEN s.first THEN 2 ELSE 1 END THEN 'login'
             WHEN e.r < 0.3 THEN 'level_up'
             WHEN e.r < 0.34 THEN 'pay'
             ELSE 'play' END AS event
      FROM (
        SELECT a.id, $2::int + (a.id % 4)::int AS game, 'p' || a.id AS player, (${arr(CHANNELS)})[1 + (a.id % ${CHANNELS.length})::int] AS ch,
          'dev-' || a.id AS dev, a.age, sess = 0 AND a.age = 0 AS first,
          $1::timestamptz + ((8 + sess * 5) * 3600 + floor(random() * 10800)) * interval '1 second' AS t0,
          20 + floor(random() * 100)::int AS step,
          4 + floor(random() * 6)::int AS n
        FROM (
          SELECT r.d::bigint * ${NEW_PER_DAY} + i AS id, $3::int - r.d AS age
          FROM generate_series($3::int - 29, $3::int) r(d) CROSS JOIN generate_series(0, ${NEW_PER_DAY - 1}) i
          WHERE r.d = $3::int OR random() < 0.5 * power(0.9, $3::int - r.d - 1)
        ) a CROSS JOIN generate_series(0, 1) sess
        WHERE sess = 0 OR random() < 0.3
      ) s CROSS JOIN LATERAL (SELECT k, random() AS r FROM generate_series(0, s.n - 1) k) e
    ) x`;
}

/** The day's event ids in the idempotency register (what the ingestion statement writes with each event). */
const DAY_EVENT_IDS_SQL = `INSERT INTO tracking_event_ids (game, uuid, time)
  SELECT game, uuid, time FROM tracking_events WHERE time >= $1::timestamptz AND time < $1::timestamptz + interval '1 day' ORDER BY game, uuid`;

/** The day's orders: one per pay event of the day ($1..$1 + 1 day), 2% refunded five hours later. */
const DAY_ORDERS_SQL = `
INSERT INTO orders (game, order_id, distinct_id, amount, currency, amount_cny, channel, method, region, status, time, refund_time)
SELECT game, 'G' || replace(uuid::text, '-', ''), distinct_id, amount, 'CNY', amount,
  (${arr(CHANNELS)})[1 + (hashtext(distinct_id) & 2147483647) % ${CHANNELS.length}], (${arr(METHODS)})[1 + (hashtext(uuid::text) & 2147483647) % ${METHODS.length}],
  (${arr(REGIONS)})[1 + (hashtext(distinct_id) & 2147483647) % ${REGIONS.length}],
  CASE WHEN refund THEN 'refunded' ELSE 'paid' END, time, CASE WHEN refund THEN least(time + interval '5 hours', now()) END
FROM (
  SELECT game, distinct_id, uuid, time, (properties->>'amount')::int AS amount, (hashtext(uuid::text) & 2147483647) % 50 = 0 AS refund
  FROM tracking_events WHERE event = 'pay' AND time >= $1::timestamptz AND time < $1::timestamptz + interval '1 day'
) p`;

/** The day's clicks: 40% of its registrations clicked a campaign of their game an hour before (same device), and as many clicks that never installed. */
const DAY_CLICKS_SQL = `
INSERT INTO ad_clicks (campaign, game, channel, device_id, time)
SELECT ($3::int[])[1 + (e.game - $2::int) * 3 + (hashtext(e.distinct_id) & 2147483647) % 3], e.game, 'douyin', e.properties->>'device_id', e.time - interval '1 hour'
FROM tracking_events e WHERE e.event = 'register' AND e.time >= $1::timestamptz AND e.time < $1::timestamptz + interval '1 day' AND (hashtext(e.distinct_id) & 2147483647) % 10 < 4
UNION ALL
SELECT ($3::int[])[1 + g * 3 + i % 3], $2::int + g, 'douyin', 'x-' || $4::int || '-' || g || '-' || i, $1::timestamptz + (i * 97 % 86400) * interval '1 second'
FROM generate_series(0, 3) g CROSS JOIN generate_series(0, ${Math.round((NEW_PER_DAY / 4) * 0.4)} - 1) i`;

async function loadSize(b: BenchServer, days: number, log: (line: string) => void, tag: string): Promise<{ loadSeconds: number }> {
  const { db, g0, todayStart, tz } = b;
  const started = performance.now();
  // Partitions for the whole history (startBenchServer makes a year and a month back).
  for (let m = todayStart - (days + 31) * DAY_MS; m < todayStart + 31 * DAY_MS; m += 28 * DAY_MS) {
    await db.query('SELECT tracking_ensure_partition($1::timestamptz)', [new Date(m).toISOString()]);
  }
  await db.query(
    `INSERT INTO ad_campaigns (game, channel, name, budget, start_date, end_date, status, store_url)
     SELECT $1::int + g, (ARRAY['douyin', 'kuaishou', 'bilibili'])[1 + c], '增长压测-' || g || '-' || c, 100000000, $2::date - ${days + 10}, $2::date + 30, 'active', 'https://store.example.com/' || g
     FROM generate_series(0, 3) g CROSS JOIN generate_series(0, 2) c`,
    [g0, shanghaiDay(todayStart)],
  );
  const camps = await db.query<{ id: number; game: number }>('SELECT id, game FROM ad_campaigns ORDER BY game, id');
  const campArray = camps.map((c) => c.id);
  if (campArray.length !== 12) throw new Error('the bench expects 3 campaigns per game');
  const events = dayEventsSql();
  // Absolute day numbers (days since 1970 of the Shanghai calendar), so a player id means the same at both sizes.
  const todayNumber = Math.round((todayStart + 8 * 3_600_000) / DAY_MS);
  for (let k = days; k >= 1; k--) {
    const dayStart = new Date(todayStart - k * DAY_MS).toISOString();
    await db.query(events, [dayStart, g0, todayNumber - k]);
    // The idempotency register the ingestion keeps beside every stored event.
    await db.query(DAY_EVENT_IDS_SQL, [dayStart]);
    await db.query(DAY_ORDERS_SQL, [dayStart]);
    await db.query(DAY_CLICKS_SQL, [dayStart, g0, campArray, todayNumber - k]);
    if (k % 60 === 0) log(`${tag}: day ${days - k + 1}/${days} loaded (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.query(
    `INSERT INTO ad_spend (campaign, day, amount) SELECT c.id, d::date, 50000 + (c.id * 7919 + extract(doy FROM d)::int * 104729) % 100000
     FROM ad_campaigns c CROSS JOIN generate_series($1::date - ${days}, $1::date, interval '1 day') d`,
    [shanghaiDay(todayStart)],
  );
  log(`${tag}: raw rows loaded (${((performance.now() - started) / 1000).toFixed(0)} s); rebuilding the rollups with the server's functions`);
  // The server's own rebuilds (what a bulk load or a changed time zone runs), in the order bench/players.ts uses.
  let t = performance.now();
  await db.query('SELECT tracking_rebuild_rollups($1)', [tz]);
  log(`${tag}: tracking_rebuild_rollups ${((performance.now() - t) / 1000).toFixed(0)} s`);
  t = performance.now();
  await db.query('SELECT income_rebuild_rollups($1)', [tz]);
  log(`${tag}: income_rebuild_rollups ${((performance.now() - t) / 1000).toFixed(0)} s`);
  t = performance.now();
  await db.query('SELECT players_rebuild_cohorts()');
  log(`${tag}: players_rebuild_cohorts ${((performance.now() - t) / 1000).toFixed(0)} s`);
  // The sessions of the last 31 days computed ahead (what the keeper does at start and after ingestion goes quiet).
  b.ctx.sessionKeeper.touch(todayStart - 31 * DAY_MS, todayStart + DAY_MS - 1);
  t = performance.now();
  await settle(b);
  log(`${tag}: VACUUM ANALYZE, sessions kept ahead, player upkeep ${((performance.now() - t) / 1000).toFixed(0)} s`);
  return { loadSeconds: (performance.now() - started) / 1000 };
}

function digestOf(name: string, data: unknown): string {
  const d = data as Record<string, unknown>;
  const tot = (d.total ?? d.totals) as Record<string, unknown> | undefined;
  if (name.startsWith('event trend')) return `total ${String(((d.lines ?? []) as Array<{ total: number }>)[0]?.total)}`;
  if (name.startsWith('funnel')) return `steps ${((d.steps ?? []) as Array<{ players: number }>).map((s) => s.players).join('→')}`;
  if (name.startsWith('sessions')) return `sessions ${String(d.sessions)}, players ${String(d.players)}`;
  if (name.startsWith('retention')) return `players ${String(tot?.players)}`;
  if (name.startsWith('revenue')) return `revenue ${String(d.revenue)}, active ${String(d.active_players)}`;
  if (name.includes('statistics')) return `new ${String(tot?.new_players)}, active ${String(tot?.active_players)}, revenue ${String(tot?.revenue)}`;
  if (name.startsWith('campaign')) return `installs ${String(tot?.installs)}, clicks ${String(tot?.clicks)}, revenue ${String(tot?.revenue)}`;
  return '';
}

async function measureSize(b: BenchServer, runs: number, log: (line: string) => void, tag: string): Promise<Pick<GrowthSize, 'answers' | 'ingestRuns' | 'ingestMedian'>> {
  const { srv, db, g0, todayStart } = b;
  const [f] = await db.query<{ id: number }>(
    `INSERT INTO tracking_funnels (game, name, steps, window_seconds) VALUES ($1, 'growth', $2::jsonb, 86400) RETURNING id`,
    [g0, JSON.stringify([{ event: 'register' }, { event: 'login' }, { event: 'level_up' }, { event: 'pay' }])],
  );
  const login = (await (
    await fetch(`${srv.baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'bench' }, body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }) })
  ).json()) as { data: { access: string } };
  const headers = { authorization: `JWT ${login.data.access}`, 'user-agent': 'bench', 'content-type': 'application/json' };
  const timed = async (path: string) => {
    const t = performance.now();
    const res = (await (await fetch(`${srv.baseUrl}${path}`, { headers })).json()) as { code: number; msg: string; data: unknown };
    const ms = performance.now() - t;
    if (res.code !== 2000) throw new Error(`${path}: ${res.msg}`);
    return { ms, data: res.data };
  };
  // The last full days (yesterday back): what a staff user looks at in the morning; the same days at both sizes.
  const end = shanghaiDay(todayStart - DAY_MS);
  const start30 = shanghaiDay(todayStart - 30 * DAY_MS);
  const start7 = shanghaiDay(todayStart - 7 * DAY_MS);
  const q30 = `start=${start30}&end=${end}`;
  const calls: Array<[string, string]> = [
    ['event trend, 30 days, total', `/api/data_embed/event/?game=${g0}&event=login&${q30}&interval=day&measure=total`],
    ['event trend, 30 days, unique', `/api/data_embed/event/?game=${g0}&event=login&${q30}&interval=day&measure=unique`],
    ['funnel, 4 steps, 7 days', `/api/data_embed/funnel/?funnel=${f?.id}&start=${start7}&end=${end}`],
    ['sessions, 7 days', `/api/data_embed/sessions/?start=${start7}&end=${end}`],
    ['retention, 30 cohort days', `/api/center_users/retention/?${q30}`],
    ['revenue overview, 30 days', `/api/center_income/overview/?${q30}`],
    ['game statistics, 30 days', `/api/data_reports/game_stats/?${q30}`],
    ['user statistics, 30 days', `/api/data_reports/user_stats/?${q30}`],
    ['campaign figures, 30 days', `/api/advertisement/campaign/performance/?${q30}`],
  ];
  const answers: GrowthAnswer[] = [];
  for (const [name, path] of calls) {
    const first = await timed(path);
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) ms.push((await timed(path)).ms);
    const a: GrowthAnswer = { name, path, ms, medianMs: median(ms), warmupMs: first.ms, digest: digestOf(name, first.data) };
    log(`${tag}: ${name}: median ${a.medianMs.toFixed(1)} ms (runs ${ms.map((x) => x.toFixed(0)).join(', ')}; warm-up ${first.ms.toFixed(0)} ms) ${a.digest}`);
    answers.push(a);
  }

  // Signed ingestion, a short burst: 20,000 events of 2,000 players (half new, half returning), 4 clients × 500.
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = (await (await fetch(`${srv.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { code: number; msg: string; data: T };
    if (res.code !== 2000) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const app = await post<{ id: number }>('/api/embed_configure/game/', { game: g0 });
  const creds = await post<{ app_key: string; secret: string }>(`/api/embed_configure/game/${app.id}/regenerate/`, {});
  const perRun = 20_000;
  const todayNumber = Math.round((todayStart + 8 * 3_600_000) / DAY_MS);
  // Events the games define (the load's 'play' is raw history: the ingestion refuses an undefined event).
  const names = ['session_start', 'login', 'level_up', 'level_up', 'pay', 'level_up', 'session_end', 'session_start'];
  const ingest = async (r: number): Promise<number> => {
    const now = Date.now();
    const bodies: string[] = [];
    for (let bt = 0; bt < perRun / 500; bt++) {
      const evs = Array.from({ length: 500 }, (_, i) => {
        const p = (bt * 50 + (i % 50)) % 2000;
        // Returning players: registered in the last 29 days (the ids the load used, all in game g0).
        const base = (todayNumber - 1 - (p % 29)) * NEW_PER_DAY + ((p * 4) % NEW_PER_DAY);
        const player = p % 2 === 0 ? `new-${r}-${p}` : `p${base - (base % 4)}`;
        const event = i % 50 === 0 ? 'register' : (names[i % names.length] ?? 'play');
        const properties = event === 'pay' ? { amount: 600, currency: 'CNY' } : event === 'level_up' ? { level: 1 + (i % 50) } : { channel: CHANNELS[p % CHANNELS.length] };
        return { uuid: randomUUID(), event, distinct_id: player, time: new Date(now - 60_000 - i * 1000).toISOString(), properties };
      });
      bodies.push(JSON.stringify({ events: evs }));
    }
    let next = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (;;) {
          const body = bodies[next++];
          if (body === undefined) return;
          const res = (await (
            await fetch(`${srv.baseUrl}/api/embed/track/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') },
              body,
            })
          ).json()) as { code: number; msg: string; data: { accepted: number; rejected?: { index: number; reason: string }[] } };
          if (res.code !== 2000 || res.data.accepted !== 500) throw new Error(`track: ${res.msg} ${JSON.stringify(res.data.rejected?.slice(0, 3) ?? [])}`);
        }
      }),
    );
    return Math.round(perRun / ((performance.now() - t) / 1000));
  };
  const ingestRuns: number[] = [];
  for (let r = 0; r < 3; r++) {
    ingestRuns.push(await ingest(r));
    // The background work the burst started (player upkeep) done before the next run, as between bursts.
    await b.ctx.playerUpkeep.drain();
  }
  log(`${tag}: signed ingestion: median ${median(ingestRuns)} events/s (runs ${ingestRuns.join(', ')})`);
  return { answers, ingestRuns, ingestMedian: median(ingestRuns) };
}

export async function benchGrowthSize(events: number, runs: number, log: (line: string) => void): Promise<GrowthSize> {
  const days = Math.max(30, Math.round((events / 1_000_000) * DAYS_PER_MILLION));
  const tag = `analytics growth (${days} days)`;
  const b = await startBenchServer(`growth${days}`, 'postgres');
  try {
    // The start pass of the kept sessions (over the empty database) done before the load.
    await b.ctx.sessionKeeper.drain();
    const { loadSeconds } = await loadSize(b, days, log, tag);
    const [c] = await b.db.query<{ e: number; o: number; k: number; p: number }>(
      'SELECT (SELECT count(*)::int FROM tracking_events) AS e, (SELECT count(*)::int FROM orders) AS o, (SELECT count(*)::int FROM ad_clicks) AS k, (SELECT count(*)::int FROM player_cohorts) AS p',
    );
    log(`${tag}: ${c?.e.toLocaleString('en')} events, ${c?.o.toLocaleString('en')} orders, ${c?.k.toLocaleString('en')} clicks, ${c?.p.toLocaleString('en')} players; ${loadSeconds.toFixed(0)} s in all`);
    const m = await measureSize(b, runs, log, tag);
    return { events: c?.e ?? 0, days, orders: c?.o ?? 0, clicks: c?.k ?? 0, players: c?.p ?? 0, loadSeconds, ...m };
  } finally {
    await b.close();
  }
}

export async function benchAnalyticsGrowth(small = GROWTH_SMALL_EVENTS, large = GROWTH_LARGE_EVENTS, runs = 5, log: (line: string) => void = () => undefined): Promise<GrowthBench> {
  const s = await benchGrowthSize(small, runs, log);
  const l = await benchGrowthSize(large, runs, log);
  const rows: GrowthRow[] = s.answers.map((a) => {
    const big = l.answers.find((x) => x.name === a.name);
    const largeMs = big?.medianMs ?? Number.NaN;
    const ratio = largeMs / a.medianMs;
    return { name: a.name, smallMs: a.medianMs, largeMs, ratio, servedFrom: SERVED_FROM[a.name] ?? '', flat: ratio <= GROWTH_LIMIT };
  });
  return { small: s, large: l, rows, ingest: { small: s.ingestMedian, large: l.ingestMedian, ratio: l.ingestMedian / s.ingestMedian } };
}

/** The table: answer | small ms | large ms | ratio | served from | ≤ 1.5×. */
export function growthTable(r: GrowthBench): string[] {
  const mil = (n: number) => `${(n / 1e6).toFixed(1)} M`;
  const head = ['answer', `${mil(r.small.events)} ms`, `${mil(r.large.events)} ms`, 'ratio', 'served from', `≤ ${GROWTH_LIMIT}×`];
  const body = r.rows.map((x) => [x.name, x.smallMs.toFixed(1), x.largeMs.toFixed(1), `${x.ratio.toFixed(2)}×`, x.servedFrom, x.flat ? 'yes' : 'NO']);
  body.push(['signed ingestion, events/s (4 × 500)', String(r.small.ingestMedian), String(r.large.ingestMedian), `${r.ingest.ratio.toFixed(2)}×`, 'tracking_events + rollups', r.ingest.ratio >= 1 / GROWTH_LIMIT ? 'yes' : 'NO']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)];
}

export function writeGrowthResults(r: GrowthBench): string {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = `${dir}analytics-growth.json`;
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), limit: GROWTH_LIMIT, ...r }, null, 2)}\n`);
  return file;
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const small = Number(process.argv[2] ?? GROWTH_SMALL_EVENTS);
  const large = Number(process.argv[3] ?? GROWTH_LARGE_EVENTS);
  const runs = Number(process.argv[4] ?? 5);
  const r = await benchAnalyticsGrowth(small, large, runs, console.log);
  console.log();
  for (const l of growthTable(r)) console.log(l);
  for (const a of r.small.answers) {
    const b = r.large.answers.find((x) => x.name === a.name);
    if (a.digest !== b?.digest) console.log(`  ${a.name}: small ${a.digest} / large ${b?.digest ?? '-'}`);
  }
  console.log(`results in ${writeGrowthResults(r)}`);
}
