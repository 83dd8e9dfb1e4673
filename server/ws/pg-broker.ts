import pg from 'pg';
import { socketFrame, type SocketFrame } from '../../contracts/schemas';
import type { PushBroker, PushTarget } from './hub';

/** The PostgreSQL notification channel every instance listens on. */
export const PUSH_CHANNEL = 'console_push';

/** NOTIFY payloads must stay under 8000 bytes: user lists are split into chunks of this many ids. */
const USERS_PER_NOTIFY = 500;

export interface PgBrokerOptions {
  databaseUrl: string;
  /** Delivers a push to this instance's sockets. */
  deliver(target: PushTarget, frame: SocketFrame): void;
  /** Sends NOTIFY through the server's pool (any connection will do). */
  notify(channel: string, payload: string): Promise<void>;
  onError?(err: unknown): void;
  /** Reconnect delays of the listening connection (ms). */
  retryMinMs?: number;
  retryMaxMs?: number;
}

interface Wire {
  t: 'all' | number[];
  f: SocketFrame;
}

/** Parses a notification payload; anything malformed is dropped. */
export function parsePayload(payload: string | undefined): Wire | null {
  if (!payload) return null;
  try {
    const raw = JSON.parse(payload) as { t?: unknown; f?: unknown };
    const frame = socketFrame.safeParse(raw.f);
    if (!frame.success) return null;
    if (raw.t === 'all') return { t: 'all', f: frame.data };
    if (Array.isArray(raw.t) && raw.t.every((n) => Number.isSafeInteger(n))) return { t: raw.t as number[], f: frame.data };
    return null;
  } catch {
    return null;
  }
}

/** Splits one push into NOTIFY payloads that each fit PostgreSQL's limit. */
export function payloads(target: PushTarget, frame: SocketFrame): string[] {
  if (target === 'all') return [JSON.stringify({ t: 'all', f: frame })];
  const out: string[] = [];
  const users = [...new Set(target)];
  for (let i = 0; i < users.length; i += USERS_PER_NOTIFY) out.push(JSON.stringify({ t: users.slice(i, i + USERS_PER_NOTIFY), f: frame }));
  return out;
}

/**
 * Fan-out across server instances that share one PostgreSQL database: every push is a NOTIFY on
 * `console_push`; each instance LISTENs on a dedicated connection and delivers what arrives (its own
 * pushes included) to its sockets. While the listening connection is down, pushes are delivered
 * locally so this instance's users still get theirs; the connection is re-established with back-off.
 */
export class PgPushBroker implements PushBroker {
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private delay: number;

  private constructor(private readonly opts: PgBrokerOptions) {
    this.delay = opts.retryMinMs ?? 200;
  }

  /** Connects and starts listening; rejects when the first connection fails. */
  static async start(opts: PgBrokerOptions): Promise<PgPushBroker> {
    const broker = new PgPushBroker(opts);
    await broker.connect();
    return broker;
  }

  /** Whether the listening connection is up (pushes then travel through PostgreSQL). */
  get connected(): boolean {
    return this.listening;
  }

  async publish(target: PushTarget, frame: SocketFrame): Promise<void> {
    if (!this.listening) {
      this.opts.deliver(target, frame);
      return;
    }
    for (const payload of payloads(target, frame)) await this.opts.notify(PUSH_CHANNEL, payload);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.listening = false;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel !== PUSH_CHANNEL) return;
      const wire = parsePayload(msg.payload);
      if (wire) this.opts.deliver(wire.t, wire.f);
    });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      if (err) this.opts.onError?.(err);
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${PUSH_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.listening = true;
    this.delay = this.opts.retryMinMs ?? 200;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, this.opts.retryMaxMs ?? 5000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((err: unknown) => {
        this.opts.onError?.(err);
        this.scheduleReconnect();
      });
    }, wait);
    this.retryTimer.unref();
  }
}
