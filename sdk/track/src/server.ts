/**
 * @console/track/server, for game servers (Node ≥ 18): the secret signs every body (X-App-Key and
 * X-Signature = lowercase hex HMAC-SHA256 of the exact bytes sent), which is the only way the platform
 * takes orders (POST /api/ingest/orders/) and one way it takes events. Retries network errors, 5xx
 * and 429 (honouring Retry-After) with the same body: both routes are idempotent (orders by order id,
 * events by uuid per game). Keep the secret on the server; browsers use the public key.
 */
import { createHmac, randomUUID } from 'node:crypto';

export interface Order {
  order_id: string;
  distinct_id: string;
  /** Integer minor units (fen, cents). */
  amount: number;
  currency: string;
  channel: string;
  method: string;
  region: string;
  status: 'paid' | 'refunded';
  /** ISO 8601 with a zone, or epoch milliseconds. */
  time: string | number;
}

export interface ServerEvent {
  uuid?: string;
  event: string;
  distinct_id: string;
  time?: string | number;
  properties?: Record<string, string | number | boolean | null>;
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: Array<{ index: number; reason: string }>;
}

export interface ServerClientOptions {
  host: string;
  appKey: string;
  secret: string;
  /** Attempts per call (default 6). */
  attempts?: number;
  fetch?: typeof fetch;
}

/** The signature of a body: lowercase hex HMAC-SHA256 with the app's secret. */
export function sign(secret: string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The headers of a signed request for `body` (sign the exact string you send). */
export function signedHeaders(appKey: string, secret: string, body: string): Record<string, string> {
  return { 'Content-Type': 'application/json', 'X-App-Key': appKey, 'X-Signature': sign(secret, body) };
}

export class IngestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createServerClient(options: ServerClientOptions) {
  const host = options.host.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const attempts = options.attempts ?? 6;

  async function post(path: string, payload: unknown): Promise<IngestResult> {
    const body = JSON.stringify(payload);
    const headers = signedHeaders(options.appKey, options.secret, body);
    for (let attempt = 1; ; attempt++) {
      let wait = Math.min(30_000, 500 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
      try {
        const res = await doFetch(`${host}${path}`, { method: 'POST', headers, body });
        const json = (await res.json().catch(() => null)) as { code?: number; msg?: string; data?: IngestResult } | null;
        if (res.ok && json?.code === 2000 && json.data) return json.data;
        if (res.status !== 429 && res.status < 500) throw new IngestError(res.status, json?.code ?? res.status, json?.msg ?? `HTTP ${res.status}`);
        const after = Number(res.headers.get('Retry-After'));
        if (Number.isFinite(after) && after > 0) wait = Math.max(wait, after * 1000);
        if (attempt >= attempts) throw new IngestError(res.status, json?.code ?? res.status, json?.msg ?? `HTTP ${res.status}`);
      } catch (err) {
        if (err instanceof IngestError || attempt >= attempts) throw err;
      }
      await sleep(wait);
    }
  }

  return {
    /** Paid orders and refunds (≤ 1,000 per call). */
    sendOrders: (orders: Order[]) => post('/api/ingest/orders/', { orders }),
    /** Server-side events, signed (a uuid and the current time are added where missing). */
    trackEvents: (events: ServerEvent[]) =>
      post('/api/embed/track/', { events: events.map((e) => ({ ...e, uuid: e.uuid ?? randomUUID(), time: e.time ?? new Date().toISOString() })) }),
  };
}
