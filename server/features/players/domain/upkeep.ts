import type { Queryable } from '../../../db/db';

/**
 * The player upkeep (migration 057; docs/players.md "Upkeep"): registrations, devices, device
 * accounts and player_active_days (whose triggers keep cohorts, retention and accounts) derived after
 * the ingestion's commit from the rows it queued in player_upkeep_pending, so the ingestion statement
 * stays cheap. The queue is durable (a table written in the ingestion's own statement); this class only
 * decides when to work it: soon after a commit (debounced, so a burst of batches is worked as one set),
 * on a timer (rows queued by other instances, by bulk rebuilds, or left by a crash), and on demand
 * (`drain`: tests, the first-start sample, the simulator's end).
 */

/** After a commit, the upkeep runs this much later (batches arriving meanwhile are worked together). */
export const UPKEEP_DELAY_MS = 250;
/** The timer that picks up rows no commit of this process announced. */
export const UPKEEP_INTERVAL_MS = 5_000;
/** Pending rows (one per ingestion statement) per upkeep statement. */
const ROWS_PER_STEP = 16;
const RETRYABLE = new Set(['40P01', '40001']);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One upkeep statement: up to `rows` pending rows worked and deleted. Returns how many, or -1 when another
 * session holds the upkeep (its lock). A deadlock with a concurrent order's cohort update is retried.
 */
export async function upkeepStep(db: Pick<Queryable, 'query'>, rows = ROWS_PER_STEP): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const out = await db.query<{ n: number }>('SELECT players_upkeep($1) AS n', [rows]);
      return Number(out[0]?.n ?? 0);
    } catch (err) {
      if (attempt < 5 && RETRYABLE.has((err as { code?: string }).code ?? '')) continue;
      throw err;
    }
  }
}

/**
 * Works the pending rows until none is left (waiting while another session works them). Returns the
 * pending rows worked here. Rows queued while it runs are worked too.
 */
export async function drainPlayerUpkeep(db: Pick<Queryable, 'query'>): Promise<number> {
  let worked = 0;
  for (;;) {
    const n = await upkeepStep(db);
    if (n > 0) {
      worked += n;
      continue;
    }
    if (n === 0) return worked;
    // Another session is at it: wait for it, then look again (what it took is gone, what came since is not).
    await sleep(20);
  }
}

/** How many pending rows wait, and since when (the upkeep's lag). */
export async function upkeepBacklog(db: Queryable): Promise<{ rows: number; oldest: string | null }> {
  const r = (await db.query<{ rows: number; oldest: Date | string | null }>('SELECT count(*)::int AS rows, min(queued_at) AS oldest FROM player_upkeep_pending'))[0];
  const oldest = r?.oldest ?? null;
  return { rows: r?.rows ?? 0, oldest: oldest === null ? null : new Date(oldest).toISOString() };
}

export class PlayerUpkeep {
  private timer: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Queryable,
    private readonly log: (err: unknown) => void = () => undefined,
    private readonly delayMs = UPKEEP_DELAY_MS,
    private readonly intervalMs = UPKEEP_INTERVAL_MS,
  ) {}

  /** The timer, and at once what earlier runs of the server left pending. */
  start(): void {
    if (this.closed || this.interval) return;
    this.interval = setInterval(() => this.kick(0), this.intervalMs);
    this.interval.unref();
    this.kick(0);
  }

  /** Something was queued (an ingestion commit): work it a moment later, once for all that comes meanwhile. */
  kick(delayMs = this.delayMs): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, delayMs);
    this.timer.unref();
  }

  private run(): void {
    this.running = drainPlayerUpkeep(this.db)
      .then(
        () => undefined,
        (err: unknown) => this.log(err),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Everything queued until now is worked when this resolves (tests, the first-start sample). */
  async drain(): Promise<void> {
    await this.running;
    await drainPlayerUpkeep(this.db);
  }

  /** Stops the timers and waits for a run in progress (what is left stays queued for the next start). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.interval) clearInterval(this.interval);
    this.timer = null;
    this.interval = null;
    await this.running;
  }
}
