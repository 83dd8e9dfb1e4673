import { createHash } from 'node:crypto';
import { ordersOfEvents, sendOrders, sendSigned, type IngestAnswer, type SimOrder } from './simulated-orders';
// Partners
import { simulatePartners } from './simulated-partners';
import { simulateAds } from './simulated-ads';
import { drainPlayerUpkeep } from '../features/players/domain/upkeep';
import { mulberry32 as random } from './random';

/**
 * The event simulator: plays a believable platform through the real ingestion API, over
 * HTTP, with signed batches, like game SDKs would. It sets up a tracking app for each game through the
 * configuration API (as a superuser; regenerating learns the secret), then lets players register, log
 * in, play sessions (session_start … session_end), level up, pay (a minority, some repeatedly) and
 * churn (a player comes back on day k after joining with probability ~ RETURN / sqrt(k)). Every pay
 * event's order then arrives as a payment callback (POST /api/ingest/orders/, a few refunded later:
 * seed/simulated-orders.ts), as the game's server would send it.
 * Deterministic by seed: the same options give the same events with the same uuids, so running it
 * again stores nothing twice. Used by `npm run simulate`, the first start of a fresh database and the bench.
 */

export interface SimulateOptions {
  /** The server, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** A superuser's access token (Authorization: JWT …). */
  token: string;
  /** How many games (the first by id) send events. */
  games: number;
  /** Players per game. */
  players: number;
  /** Days of history, ending now. */
  days: number;
  /** At most this many events per second (0 = as fast as the server takes them). */
  rate: number;
  seed: number;
  /** Clock of the simulation's end (default now). */
  now?: number;
  /** Batches in flight at once. */
  concurrency?: number;
  batchSize?: number;
  log?: (line: string) => void;
}

export interface SimulateResult {
  games: number[];
  events: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  batches: number;
  /** Payment callbacks sent (paid, then refunds) and how many were refused. */
  orders: number;
  refunds: number;
  orders_rejected: number;
  seconds: number;
}

interface SimEvent {
  uuid: string;
  event: string;
  distinct_id: string;
  time: string;
  properties: Record<string, string | number | boolean>;
}

function uuidOf(...parts: Array<string | number>): string {
  const h = createHash('sha256').update(parts.join(':')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const CHANNELS: Array<[string, number]> = [
  ['tap', 22],
  ['huawei', 16],
  ['xiaomi', 13],
  ['oppo', 10],
  ['vivo', 9],
  ['apple', 14],
  ['bilibili', 6],
  ['douyin', 5],
  ['kuaishou', 3],
  ['wechat', 2],
];
const PRICES = [600, 600, 600, 3000, 3000, 6800, 12800, 32800, 64800];
const RETURN = 0.55;
const PAYER_SHARE = 0.09;

/** Device models the simulator's players use, by operating system (the players screens). */
const ANDROID_MODELS: Array<[string, number]> = [
  ['HUAWEI Mate 60', 12],
  ['HUAWEI P60', 8],
  ['Xiaomi 14', 12],
  ['Redmi K70', 10],
  ['OPPO Find X7', 8],
  ['OPPO Reno11', 7],
  ['vivo X100', 8],
  ['vivo iQOO 12', 6],
  ['Honor Magic6', 6],
  ['OnePlus 12', 4],
  ['Samsung Galaxy S24', 3],
];
const IOS_MODELS: Array<[string, number]> = [
  ['iPhone 15', 10],
  ['iPhone 15 Pro', 8],
  ['iPhone 14', 8],
  ['iPhone 13', 7],
  ['iPhone 12', 4],
  ['iPad Air', 2],
];
const ANDROID_VERSIONS: Array<[string, number]> = [['14', 40], ['13', 30], ['12', 18], ['11', 8], ['10', 4]];
const IOS_VERSIONS: Array<[string, number]> = [['17.1', 35], ['17.0', 20], ['16.6', 25], ['16.3', 10], ['15.7', 10]];
/** Chance a player signs in on the previous player's device (same OS, at most 3 accounts): ~8 % of devices are shared. */
const SHARED_DEVICE = 0.075;

export interface SimDevice {
  device_id: string;
  device_model: string;
  os: 'android' | 'ios';
  os_version: string;
}

function pick<T>(rnd: () => number, weighted: Array<[T, number]>): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let x = rnd() * total;
  for (const [v, w] of weighted) {
    x -= w;
    if (x < 0) return v;
  }
  return (weighted[weighted.length - 1] as [T, number])[0];
}

/** The events of one game's players (time order), deterministic by seed and game. */
export function gameEvents(game: number, opts: Pick<SimulateOptions, 'players' | 'days' | 'seed'>, now: number): SimEvent[] {
  const rnd = random(opts.seed * 7919 + game);
  const out: SimEvent[] = [];
  const startMs = now - opts.days * 86_400_000;
  const latest = now - 60_000;
  // Devices from their own generator, so adding them left every other event (and its uuid) unchanged.
  const drnd = random(opts.seed * 104_729 + game * 31 + 7);
  let device: (SimDevice & { accounts: number }) | null = null;
  let n = 0;
  const push = (event: string, player: string, time: number, properties: Record<string, string | number | boolean> = {}) => {
    if (time > latest || time < startMs) return;
    out.push({ uuid: uuidOf(opts.seed, game, n++), event, distinct_id: player, time: new Date(time).toISOString(), properties });
  };
  for (let p = 0; p < opts.players; p++) {
    const player = `g${game}-u${p}`;
    // More players join later in the period (a growing game), at daytime-weighted hours.
    const joinDay = Math.floor(Math.sqrt(rnd()) * opts.days);
    const channel = pick(rnd, CHANNELS);
    const platform = channel === 'apple' ? 'ios' : rnd() < 0.1 ? 'ios' : 'android';
    const payer = rnd() < PAYER_SHARE;
    const os = platform === 'ios' ? 'ios' : 'android';
    if (!(device && device.os === os && device.accounts < 3 && drnd() < SHARED_DEVICE)) {
      const id = createHash('sha256').update(`device:${opts.seed}:${game}:${p}`).digest('hex').slice(0, 12);
      device = {
        device_id: `dev-${id}`,
        device_model: pick(drnd, os === 'ios' ? IOS_MODELS : ANDROID_MODELS),
        os,
        os_version: pick(drnd, os === 'ios' ? IOS_VERSIONS : ANDROID_VERSIONS),
        accounts: 0,
      };
    }
    device.accounts++;
    const dev: SimDevice = { device_id: device.device_id, device_model: device.device_model, os: device.os, os_version: device.os_version };
    const engagement = 0.6 + rnd() * 0.9;
    let level = 1;
    let paid = 0;
    for (let d = joinDay; d < opts.days + 1; d++) {
      const k = d - joinDay;
      if (k > 0 && rnd() > Math.min(0.95, (RETURN * engagement) / Math.sqrt(k))) continue;
      const dayStart = startMs + d * 86_400_000;
      const sessions = 1 + Math.floor(rnd() * rnd() * 4 * engagement);
      let t = dayStart + (8 + rnd() * 14) * 3_600_000;
      for (let s = 0; s < sessions; s++) {
        if (k === 0 && s === 0) push('register', player, t - 30_000, { channel, platform, ...dev });
        if (s === 0) push('login', player, t - 5_000, { channel, ...dev });
        push('session_start', player, t);
        const minutes = Math.max(1, Math.round(Math.exp(1.2 + rnd() * 2.4)));
        const end = t + minutes * 60_000;
        const ups = level < 60 ? Math.floor(rnd() * Math.min(4, 1 + minutes / 12)) : 0;
        for (let u = 0; u < ups; u++) push('level_up', player, t + Math.floor(((u + 1) / (ups + 1)) * minutes * 60_000), { level: ++level });
        if (payer && rnd() < (paid === 0 ? 0.45 : 0.18)) {
          const amount = PRICES[Math.floor(rnd() * PRICES.length)] ?? 600;
          push('pay', player, t + Math.floor(rnd() * minutes * 60_000), { amount, currency: 'CNY', order_id: `${game}-${p}-${paid}` });
          paid++;
        }
        push('session_end', player, end, { duration: minutes * 60 });
        t = end + (30 + rnd() * 240) * 60_000;
      }
    }
  }
  return out.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}

async function api<T>(opts: SimulateOptions, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${opts.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `JWT ${opts.token}`, 'content-type': 'application/json', 'user-agent': 'tracking-simulator' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { code: number; msg: unknown; data: T };
  if (json.code !== 2000) throw new Error(`${path}: ${JSON.stringify(json.msg)}`);
  return json.data;
}

/** Creates (or finds) the tracking app of each game and regenerates its pair: the only way to learn a secret. */
export async function trackingCredentials(opts: SimulateOptions, games: number[]): Promise<Map<number, { app_key: string; secret: string }>> {
  const out = new Map<number, { app_key: string; secret: string }>();
  for (const game of games) {
    const list = await api<{ data: Array<{ id: number; enabled: boolean }> }>(opts, `/api/embed_configure/game/?game=${game}`);
    let app = list.data[0];
    app ??= await api<{ id: number; enabled: boolean }>(opts, '/api/embed_configure/game/', { body: { game, description: '模拟器接入' } });
    if (!app.enabled) await api(opts, `/api/embed_configure/game/${app.id}/`, { method: 'PATCH', body: { enabled: true } });
    out.set(game, await api<{ app_key: string; secret: string }>(opts, `/api/embed_configure/game/${app.id}/regenerate/`, { method: 'POST' }));
  }
  return out;
}

/** One signed batch, retried on network errors and 5xx (the ingestion is idempotent by uuid). */
export function sendBatch(baseUrl: string, creds: { app_key: string; secret: string }, events: unknown[]): Promise<IngestAnswer> {
  return sendSigned(baseUrl, '/api/embed/track/', creds, { events }, 'track');
}

export async function simulate(opts: SimulateOptions): Promise<SimulateResult> {
  const started = Date.now();
  const now = opts.now ?? Date.now();
  const log = opts.log ?? (() => undefined);
  const list = await api<{ data: Array<{ id: number }> }>(opts, `/api/game/detail/?limit=${Math.max(1, Math.min(999, opts.games))}&ordering=id`);
  const games = list.data.map((g) => g.id).slice(0, opts.games);
  const creds = await trackingCredentials(opts, games);
  const size = opts.batchSize ?? 500;
  const batches: Array<{ game: number; events: SimEvent[] }> = [];
  const paidBatches: Array<{ game: number; orders: SimOrder[] }> = [];
  const refundBatches: Array<{ game: number; orders: SimOrder[] }> = [];
  let events = 0;
  let orderCount = 0;
  let refundCount = 0;
  for (const game of games) {
    const evs = gameEvents(game, opts, now);
    events += evs.length;
    for (let i = 0; i < evs.length; i += size) batches.push({ game, events: evs.slice(i, i + size) });
    const { paid, refunds } = ordersOfEvents(evs, now - 60_000);
    orderCount += paid.length;
    refundCount += refunds.length;
    for (let i = 0; i < paid.length; i += size) paidBatches.push({ game, orders: paid.slice(i, i + size) });
    for (let i = 0; i < refunds.length; i += size) refundBatches.push({ game, orders: refunds.slice(i, i + size) });
  }
  log(`simulator: ${games.length} games, ${opts.players} players each, ${opts.days} days → ${events} events in ${batches.length} batches`);
  const result: SimulateResult = { games, events, accepted: 0, duplicates: 0, rejected: 0, batches: batches.length, orders: orderCount, refunds: refundCount, orders_rejected: 0, seconds: 0 };
  let next = 0;
  let sent = 0;
  const worker = async () => {
    for (;;) {
      const b = batches[next++];
      if (!b) return;
      if (opts.rate > 0) {
        // Pace: the events sent so far may not run ahead of rate × elapsed time.
        const due = started + (sent / opts.rate) * 1000;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      }
      sent += b.events.length;
      const c = creds.get(b.game);
      if (!c) continue;
      const r = await sendBatch(opts.baseUrl, c, b.events);
      result.accepted += r.accepted;
      result.duplicates += r.duplicates;
      result.rejected += r.rejected.length;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  // The payment callbacks: every order first, then the refunds (a refund needs its order stored).
  for (const list of [paidBatches, refundBatches]) {
    let at = 0;
    const send = async () => {
      for (;;) {
        const b = list[at++];
        if (!b) return;
        const c = creds.get(b.game);
        if (c) result.orders_rejected += (await sendOrders(opts.baseUrl, c, b.orders)).rejected.length;
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, send));
  }
  // Partners: revenue-share rates and a locked month, through the API.
  await simulatePartners(opts, games, now, log);
  await simulateAds(opts, games, now, log, gameEvents); // advertising
  result.seconds = (Date.now() - started) / 1000;
  log(`simulator: accepted ${result.accepted} (${result.duplicates} already stored), rejected ${result.rejected}; ${result.orders} orders and ${result.refunds} refunds (${result.orders_rejected} refused), ${result.seconds.toFixed(1)} s`);
  return result;
}

/** The sample of `npm start`'s first start: small enough to keep it fast. */
export const FIRST_START_SAMPLE = { games: 3, players: 250, days: 14, rate: 0, seed: 15 } as const;

/**
 * Plays FIRST_START_SAMPLE against a listening server as its first superuser (a token signed with the
 * server's key): the first start of a fresh database (main.ts), and test servers started with
 * SAMPLE_EVENTS=on (server/testing.ts: e2e screens with sample data).
 */
export async function playSampleEvents(
  db: { query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> },
  baseUrl: string,
  token: (userId: number) => string,
  log: (line: string) => void = () => undefined,
): Promise<SimulateResult | null> {
  const superuser = (await db.query<{ id: number }>('SELECT id FROM users WHERE is_superuser ORDER BY id LIMIT 1'))[0];
  if (!superuser) return null;
  const result = await simulate({ ...FIRST_START_SAMPLE, baseUrl, token: token(superuser.id), log });
  // player upkeep: the sample ends with the players kept (retention, devices, accounts answer at once).
  await drainPlayerUpkeep(db);
  return result;
}
