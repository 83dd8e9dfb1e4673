import { TRACK_LIVE_KEPT, type TrackLiveEntry, type TrackReasonArgs, type TrackReasonCode } from '../../../../contracts/schemas';

/**
 * The live view of arriving events (GET /api/embed_configure/game/{id}/live/ and the `embed_live`
 * socket frame): per tracking app, the newest TRACK_LIVE_KEPT entries (accepted, rejected with the
 * reason, duplicate) in a bounded in-memory ring of this server process. Nothing is written to the
 * database for it (ingestion keeps its cost), so it starts empty after a restart and, with several
 * instances, each shows what it received itself. Listeners are told every recorded entry (the socket
 * push, routes/live.ts).
 */
export class LiveEvents {
  /** Oldest first; trimmed to `kept` once it holds twice that (amortised). */
  private readonly rings = new Map<number, TrackLiveEntry[]>();
  private readonly listeners = new Set<(app: number, entries: readonly TrackLiveEntry[]) => void>();

  constructor(
    private readonly kept = TRACK_LIVE_KEPT,
    /** Apps with a ring at most (the least recently written one is dropped beyond). */
    private readonly maxApps = 10_000,
  ) {}

  /** Records entries of one app, in arrival order (the last is the newest). */
  record(app: number, entries: readonly TrackLiveEntry[]): void {
    if (entries.length === 0) return;
    const tail = entries.length > this.kept ? entries.slice(entries.length - this.kept) : entries;
    let ring = this.rings.get(app);
    if (ring) {
      // Re-inserted: the map's order is the order of last writes (eviction drops the stalest app).
      this.rings.delete(app);
    } else {
      ring = [];
      if (this.rings.size >= this.maxApps) {
        const stalest = this.rings.keys().next().value;
        if (stalest !== undefined) this.rings.delete(stalest);
      }
    }
    this.rings.set(app, ring);
    for (const e of tail) ring.push(e);
    if (ring.length >= 2 * this.kept) ring.splice(0, ring.length - this.kept);
    for (const l of this.listeners) l(app, tail);
  }

  /** The newest `limit` entries of an app, newest first. */
  list(app: number, limit: number): TrackLiveEntry[] {
    const ring = this.rings.get(app);
    if (!ring) return [];
    const n = Math.min(limit, this.kept, ring.length);
    const out: TrackLiveEntry[] = [];
    for (let i = ring.length - 1; i >= ring.length - n; i--) out.push(ring[i] as TrackLiveEntry);
    return out;
  }

  /** Drops an app's entries (the app was deleted). */
  forget(app: number): void {
    this.rings.delete(app);
  }

  /** Calls `fn` with every recorded batch of entries (arrival order); returns the unsubscribe. */
  onRecord(fn: (app: number, entries: readonly TrackLiveEntry[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v !== '' ? (v.length > max ? `${v.slice(0, max)}…` : v) : null);

/** The event's own time as ISO, when it has one that reads as a time (a rejected event may not). */
function timeOf(v: unknown): string | null {
  const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  return new Date(ms).toISOString();
}

/** Why an event or a batch was refused: its code (null: none applies), the values its text names, the server's text. */
export interface Refusal {
  code: TrackReasonCode | null;
  args: TrackReasonArgs;
  reason: string;
}

/** One live entry of an event as sent (whatever its shape) with its outcome (a refusal when rejected). */
export function liveEntry(raw: unknown, received: string, status: TrackLiveEntry['status'], refused: Refusal | null): TrackLiveEntry {
  const r = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return { time: timeOf(r.time), received, event: text(r.event, 64), distinct_id: text(r.distinct_id, 128), status, ...reasonOf(refused) };
}

/** The one entry of a batch refused as a whole once its app was known. */
export function batchRefusal(received: string, refused: Refusal): TrackLiveEntry {
  return { time: null, received, event: null, distinct_id: null, status: 'rejected', ...reasonOf(refused) };
}

function reasonOf(refused: Refusal | null): Pick<TrackLiveEntry, 'reason' | 'reason_code' | 'reason_args'> {
  return refused ? { reason: refused.reason, reason_code: refused.code, reason_args: refused.args } : { reason: null, reason_code: null, reason_args: {} };
}
