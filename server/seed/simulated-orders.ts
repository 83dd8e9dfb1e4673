import { createHash, createHmac } from 'node:crypto';

/**
 * The payment callbacks of the simulator: every `pay` event the simulated players send has
 * its order, sent by the "game server" to POST /api/ingest/orders/ (signed with the same app key and
 * secret as the events). The order's channel is the player's (their login events), region and method
 * follow from the player and the order id, and about 4% of orders are refunded a few hours to three
 * days later (when that is not in the future). Deterministic: the same events give the same orders.
 */

export interface SimOrder {
  order_id: string;
  distinct_id: string;
  amount: number;
  currency: string;
  channel: string;
  method: string;
  region: string;
  status: 'paid' | 'refunded';
  time: string;
}

interface PayLike {
  event: string;
  distinct_id: string;
  time: string;
  properties: Record<string, string | number | boolean>;
}

const REGIONS = ['CN-GD', 'CN-GD', 'CN-BJ', 'CN-SH', 'CN-ZJ', 'CN-JS', 'CN-SC', 'CN-HB', 'HK', 'TW'];
const METHODS = ['wechat', 'wechat', 'wechat', 'alipay', 'alipay', 'apple_iap', 'unionpay'];
/** Share of orders refunded, in percent. */
const REFUND_PERCENT = 4;

const hash = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0);

/** The paid callbacks and, after them, the refunds of one game's events (time order within each). */
export function ordersOfEvents(events: PayLike[], latest: number): { paid: SimOrder[]; refunds: SimOrder[] } {
  const channelOf = new Map<string, string>();
  for (const e of events) {
    const c = e.properties.channel;
    if ((e.event === 'login' || e.event === 'register') && typeof c === 'string' && !channelOf.has(e.distinct_id)) channelOf.set(e.distinct_id, c);
  }
  const paid: SimOrder[] = [];
  const refunds: SimOrder[] = [];
  for (const e of events) {
    if (e.event !== 'pay') continue;
    const orderId = e.properties.order_id;
    const amount = e.properties.amount;
    if (typeof orderId !== 'string' || typeof amount !== 'number') continue;
    const h = hash(orderId);
    const order: SimOrder = {
      order_id: orderId,
      distinct_id: e.distinct_id,
      amount,
      currency: typeof e.properties.currency === 'string' ? e.properties.currency : 'CNY',
      channel: channelOf.get(e.distinct_id) ?? 'official',
      method: METHODS[h % METHODS.length] ?? 'wechat',
      region: REGIONS[hash(e.distinct_id) % REGIONS.length] ?? 'CN-GD',
      status: 'paid',
      time: e.time,
    };
    paid.push(order);
    if ((h >>> 8) % 100 < REFUND_PERCENT) {
      const at = Date.parse(e.time) + (2 + ((h >>> 16) % 70)) * 3_600_000;
      if (at <= latest) refunds.push({ ...order, status: 'refunded', time: new Date(at).toISOString() });
    }
  }
  return { paid, refunds: refunds.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0)) };
}

/** What the ingestion answers for one batch. */
export interface IngestAnswer {
  accepted: number;
  duplicates: number;
  rejected: Array<{ index: number; reason: string }>;
}

/**
 * One signed batch (`payload` as JSON, HMAC-SHA256 with the app's secret) to an ingestion path, retried
 * on network errors and 5xx (both ingestions are idempotent: by uuid, by order id). `what` names the
 * batch in the error.
 */
export async function sendSigned(baseUrl: string, path: string, creds: { app_key: string; secret: string }, payload: unknown, what: string): Promise<IngestAnswer> {
  const body = JSON.stringify(payload);
  const signature = createHmac('sha256', creds.secret).update(body).digest('hex');
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': signature, 'user-agent': 'tracking-simulator' },
        body,
      });
      const json = (await res.json()) as { code: number; msg: string; data: IngestAnswer };
      if (json.code === 2000) return json.data;
      if (res.status < 500 || attempt >= 8) throw new Error(`${what}: ${res.status} ${json.msg}`);
    } catch (err) {
      if (attempt >= 8 || (err instanceof Error && err.message.startsWith(`${what}:`))) throw err;
    }
    await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
  }
}

/** One signed batch of callbacks, retried on network errors and 5xx (the ingestion is idempotent by order id). */
export function sendOrders(baseUrl: string, creds: { app_key: string; secret: string }, orders: SimOrder[]): Promise<IngestAnswer> {
  return sendSigned(baseUrl, '/api/ingest/orders/', creds, { orders }, 'orders');
}
