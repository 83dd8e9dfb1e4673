/**
 * The persistent queue of unsent events. Events live in chunks of CHUNK under their own storage keys,
 * with a small index (`[chunk id, count]` pairs, oldest first): a `track` call reads and writes one
 * chunk and the index, whatever the queue's length, so an hour offline does not make every call
 * slower. Events tracked in one task are written together in a microtask (before the browser does
 * anything else: a burst of calls costs one write). Every operation re-reads storage, so two tabs of
 * one game share one queue (an event both happen to send is stored once: the server keeps one event
 * per uuid and game).
 */
import type { TrackEvent, TrackStorage } from './types';

const CHUNK = 20;

type Index = Array<[number, number]>;

/** A storage that forgets at reload: for runtimes without one, or when the page may not use it (sandboxed frames). */
export function memoryStorage(): TrackStorage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => (data.has(k) ? (data.get(k) as string) : null),
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** An event as read from the queue, with the chunk that holds it. */
export interface Queued {
  chunk: number;
  event: TrackEvent;
}

export class EventQueue {
  private readonly prefix: string;
  /** Pushed in this task, written at its end (or before any other operation). */
  private pending: TrackEvent[] = [];

  constructor(
    private readonly storage: TrackStorage,
    name: string,
    private readonly max: number,
  ) {
    this.prefix = `ct:${name}:`;
  }

  private read<T>(key: string, fallback: T): T {
    try {
      const raw = this.storage.getItem(this.prefix + key);
      return raw ? (JSON.parse(raw) as T) : fallback;
    } catch {
      return fallback;
    }
  }

  /** Writes a value; when storage is full, the oldest chunk goes (counted as dropped) and the write is tried again. */
  private write(key: string, value: unknown): void {
    const text = JSON.stringify(value);
    for (let tries = 0; tries < 3; tries++) {
      try {
        this.storage.setItem(this.prefix + key, text);
        return;
      } catch {
        const index = this.index();
        const oldest = index[0];
        if (!oldest || index.length < 2) return;
        this.storage.removeItem(`${this.prefix}c${oldest[0]}`);
        this.addDropped(oldest[1]);
        this.saveIndex(index.slice(1));
      }
    }
  }

  private index(): Index {
    const index = this.read<unknown>('idx', []);
    return Array.isArray(index) ? (index as Index) : [];
  }

  private saveIndex(index: Index): void {
    this.write('idx', index);
  }

  private chunk(id: number): TrackEvent[] {
    const events = this.read<unknown>(`c${id}`, []);
    return Array.isArray(events) ? (events as TrackEvent[]) : [];
  }

  private addDropped(n: number): void {
    this.write('dropped', this.dropped() + n);
  }

  /** Events dropped because the queue was full (oldest first), since this storage was first used. */
  dropped(): number {
    this.persist();
    const n = this.read<unknown>('dropped', 0);
    return typeof n === 'number' ? n : 0;
  }

  size(): number {
    this.persist();
    return this.waiting();
  }

  /** The queue's length without writing what this task pushed (cheap: the index and the pending list). */
  waiting(): number {
    let n = this.pending.length;
    for (const [, count] of this.index()) n += count;
    return n;
  }

  push(event: TrackEvent): void {
    this.pending.push(event);
    if (this.pending.length === 1) void Promise.resolve().then(() => this.persist());
  }

  /** Writes the events pushed since the last write into the newest chunks, then enforces the cap. */
  persist(): void {
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    let index = this.index();
    for (let at = 0; at < events.length; ) {
      const last = index[index.length - 1];
      const id = last && last[1] < CHUNK ? last[0] : (last?.[0] ?? 0) + 1;
      const chunk = id === last?.[0] ? this.chunk(id) : [];
      const take = Math.min(CHUNK - chunk.length, events.length - at);
      for (let i = 0; i < take; i++) chunk.push(events[at + i] as TrackEvent);
      at += take;
      // Written first, then the index read again: a full storage may have dropped the oldest chunks meanwhile.
      this.write(`c${id}`, chunk);
      index = this.index().filter(([c]) => c !== id);
      index.push([id, chunk.length]);
      this.saveIndex(index);
    }
    let total = 0;
    for (const [, count] of index) total += count;
    // Over the cap: the oldest events go, a chunk at a time, and are counted.
    let dropped = 0;
    while (total > this.max && index.length > 1) {
      const [oldest, count] = index[0] as [number, number];
      this.storage.removeItem(`${this.prefix}c${oldest}`);
      dropped += count;
      total -= count;
      index = index.slice(1);
    }
    if (dropped > 0) {
      this.addDropped(dropped);
      this.saveIndex(index);
    }
  }

  /** Up to `limit` queued events, oldest first, skipping those whose uuid `skip` holds (in flight). */
  peek(limit: number, skip: ReadonlySet<string>): Queued[] {
    this.persist();
    const out: Queued[] = [];
    for (const [id] of this.index()) {
      for (const event of this.chunk(id)) {
        if (skip.has(event.uuid)) continue;
        out.push({ chunk: id, event });
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** Removes the given events (acknowledged or refused for good) from their chunks. */
  remove(items: readonly Queued[]): void {
    if (items.length === 0) return;
    this.persist();
    const byChunk = new Map<number, Set<string>>();
    for (const { chunk, event } of items) {
      const set = byChunk.get(chunk) ?? new Set<string>();
      set.add(event.uuid);
      byChunk.set(chunk, set);
    }
    const index = this.index();
    const kept: Index = [];
    for (const entry of index) {
      const gone = byChunk.get(entry[0]);
      if (!gone) {
        kept.push(entry);
        continue;
      }
      const events = this.chunk(entry[0]).filter((e) => !gone.has(e.uuid));
      if (events.length === 0) {
        this.storage.removeItem(`${this.prefix}c${entry[0]}`);
        // The newest chunk stays in the index while empty, so ids keep growing (another tab may be appending).
        if (entry === index[index.length - 1]) kept.push([entry[0], 0]);
      } else {
        this.write(`c${entry[0]}`, events);
        kept.push([entry[0], events.length]);
      }
    }
    this.saveIndex(kept);
  }

  /** A small value kept beside the queue (the player's id). */
  get(key: string): string | null {
    const v = this.read<unknown>(key, null);
    return typeof v === 'string' ? v : null;
  }

  set(key: string, value: string): void {
    this.write(key, value);
  }
}
