import pg from 'pg';

export interface PgListenerOptions {
  databaseUrl: string;
  /** The notification channels to LISTEN on (plain identifiers). */
  channels: readonly string[];
  /** A notification on one of the channels. */
  onNotification(channel: string, payload: string | undefined): void;
  /**
   * The listening connection is up again after it was lost: notifications sent meanwhile never
   * arrived, so what they would have said must be assumed.
   */
  onReconnected?(): void;
  onError?(err: unknown): void;
  /** Reconnect delays of the listening connection (ms). */
  retryMinMs?: number;
  retryMaxMs?: number;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * One dedicated PostgreSQL connection that LISTENs on some channels (a pooled connection cannot:
 * LISTEN belongs to a session). When it is lost it is re-established with back-off; `connected` says
 * whether notifications are arriving. Used by the socket push broker and the cache-change relay.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private everConnected = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private delay: number;

  private constructor(private readonly opts: PgListenerOptions) {
    for (const c of opts.channels) if (!CHANNEL.test(c)) throw new Error(`not a channel name: ${c}`);
    this.delay = opts.retryMinMs ?? 200;
  }

  /** Connects and starts listening; rejects when the first connection fails. */
  static async start(opts: PgListenerOptions): Promise<PgListener> {
    const listener = new PgListener(opts);
    await listener.connect();
    return listener;
  }

  get connected(): boolean {
    return this.listening;
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
      if (this.opts.channels.includes(msg.channel)) this.opts.onNotification(msg.channel, msg.payload);
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
    for (const channel of this.opts.channels) await client.query(`LISTEN ${channel}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.listening = true;
    this.delay = this.opts.retryMinMs ?? 200;
    if (this.everConnected) this.opts.onReconnected?.();
    this.everConnected = true;
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
