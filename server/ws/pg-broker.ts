import { socketFrame, type SocketFrame } from '../../contracts/schemas';
import { PgListener } from '../db/pg-listener';
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
 * `console_push`; each instance LISTENs (server/db/pg-listener.ts) and delivers what arrives (its own
 * pushes included) to its sockets. While the listening connection is down, pushes are delivered
 * locally so this instance's users still get theirs; the connection is re-established with back-off.
 */
export class PgPushBroker implements PushBroker {
  private constructor(
    private readonly opts: PgBrokerOptions,
    private readonly listener: PgListener,
  ) {}

  /** Connects and starts listening; rejects when the first connection fails. */
  static async start(opts: PgBrokerOptions): Promise<PgPushBroker> {
    const listener = await PgListener.start({
      databaseUrl: opts.databaseUrl,
      channels: [PUSH_CHANNEL],
      onNotification: (_channel, payload) => {
        const wire = parsePayload(payload);
        if (wire) opts.deliver(wire.t, wire.f);
      },
      ...(opts.onError ? { onError: opts.onError } : {}),
      ...(opts.retryMinMs !== undefined ? { retryMinMs: opts.retryMinMs } : {}),
      ...(opts.retryMaxMs !== undefined ? { retryMaxMs: opts.retryMaxMs } : {}),
    });
    return new PgPushBroker(opts, listener);
  }

  /** Whether the listening connection is up (pushes then travel through PostgreSQL). */
  get connected(): boolean {
    return this.listener.connected;
  }

  async publish(target: PushTarget, frame: SocketFrame): Promise<void> {
    if (!this.listener.connected) {
      this.opts.deliver(target, frame);
      return;
    }
    for (const payload of payloads(target, frame)) await this.opts.notify(PUSH_CHANNEL, payload);
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
