import { randomUUID } from 'node:crypto';
import type { DataChanges } from './changes';
import { PgListener } from './pg-listener';

/** The channel on which instances sharing one PostgreSQL database tell each other what they wrote. */
export const CHANGES_CHANNEL = 'console_changes';
/** Writes of this long are told in one notification (a burst of statements is one NOTIFY). */
const COALESCE_MS = 20;

export interface ChangeRelayOptions {
  databaseUrl: string;
  changes: DataChanges;
  /** Sends NOTIFY through the server's pool. */
  notify(channel: string, payload: string): Promise<void>;
  onError?(err: unknown): void;
  /** Another instance's writes were applied here (or, after a lost connection, everything is taken as changed). */
  onRemote?(written: 'all' | readonly string[]): void;
  /** Reconnect delays of the listening connection (ms). */
  retryMinMs?: number;
  retryMaxMs?: number;
}

interface Wire {
  /** The sending instance. */
  i: string;
  /** What it wrote: everything, or leaf groups (server/db/changes.ts). */
  w: 'all' | string[];
}

/** Parses a notification; anything malformed is dropped. */
export function parseChange(payload: string | undefined): Wire | null {
  if (!payload) return null;
  try {
    const raw = JSON.parse(payload) as { i?: unknown; w?: unknown };
    if (typeof raw.i !== 'string') return null;
    if (raw.w === 'all') return { i: raw.i, w: 'all' };
    if (Array.isArray(raw.w) && raw.w.length > 0 && raw.w.every((g) => typeof g === 'string' && /^[a-z_]{1,64}$/.test(g))) return { i: raw.i, w: raw.w as string[] };
    return null;
  } catch {
    return null;
  }
}

/**
 * Cache invalidation across instances that share one PostgreSQL database. Every version move of this
 * process's DataChanges (a write that ended) is told on `console_changes` (coalesced over ~20 ms);
 * what other instances tell is applied to this process's DataChanges, so every LoadingCache here
 * (permissions, settings, dictionaries, menus, users, list caches, tracking configuration) drops what
 * they changed within milliseconds instead of at its TTL. When the listening connection was lost and
 * comes back, anything may have been missed: everything is taken as changed.
 */
export class ChangeRelay {
  private readonly id = randomUUID();
  private applying = false;
  private pending: 'all' | Set<string> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopListening: () => void = () => undefined;

  private constructor(private readonly opts: ChangeRelayOptions) {}

  private listener: PgListener | null = null;

  static async start(opts: ChangeRelayOptions): Promise<ChangeRelay> {
    const relay = new ChangeRelay(opts);
    relay.listener = await PgListener.start({
      databaseUrl: opts.databaseUrl,
      channels: [CHANGES_CHANNEL],
      onNotification: (_channel, payload) => relay.received(payload),
      onReconnected: () => relay.apply('all'),
      ...(opts.onError ? { onError: opts.onError } : {}),
      ...(opts.retryMinMs !== undefined ? { retryMinMs: opts.retryMinMs } : {}),
      ...(opts.retryMaxMs !== undefined ? { retryMaxMs: opts.retryMaxMs } : {}),
    });
    relay.stopListening = opts.changes.subscribe((written) => relay.local(written));
    return relay;
  }

  get connected(): boolean {
    return this.listener?.connected ?? false;
  }

  async close(): Promise<void> {
    this.stopListening();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush(true);
    await this.listener?.close();
  }

  /** This process wrote something: tell the others (coalesced). */
  private local(written: 'all' | ReadonlySet<string>): void {
    if (this.applying) return;
    if (written === 'all' || this.pending === 'all') this.pending = 'all';
    else this.pending = new Set([...(this.pending ?? []), ...written]);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, COALESCE_MS);
      this.timer.unref();
    }
  }

  /** Tells what is pending; at close the pool may already be gone, and then the others' TTLs cover it. */
  private async flush(closing = false): Promise<void> {
    const pending = this.pending;
    this.pending = null;
    if (pending === null) return;
    const wire: Wire = { i: this.id, w: pending === 'all' ? 'all' : [...pending] };
    try {
      await this.opts.notify(CHANGES_CHANNEL, JSON.stringify(wire));
    } catch (err) {
      if (!closing) this.opts.onError?.(err);
    }
  }

  private received(payload: string | undefined): void {
    const wire = parseChange(payload);
    if (!wire || wire.i === this.id) return;
    this.apply(wire.w);
  }

  /** Moves this process's versions without telling the others again. */
  private apply(written: 'all' | string[]): void {
    this.applying = true;
    try {
      this.opts.changes.bump(written);
    } finally {
      this.applying = false;
    }
    this.opts.onRemote?.(written);
  }
}
