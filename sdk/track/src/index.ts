/**
 * @console/track for browsers and mini-game runtimes: `init` once, then `identify`, `track`, `flush`,
 * `reset`. Served by the platform as /sdk/track.js (this module) and /sdk/track.global.js (the same as
 * `window.ConsoleTrack`).
 */
import { Tracker, type Env } from './core';
import { memoryStorage } from './queue';
import type { InitOptions, Properties, TrackStats, TrackStorage } from './types';

export type { InitOptions, Properties, PropertyValue, Rejection, TrackEvent, TrackStats, TrackStorage } from './types';
export { memoryStorage } from './queue';

const g: typeof globalThis & { document?: Document; navigator?: Navigator } = globalThis;

function uuid(): string {
  const c = g.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && c.getRandomValues) c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** localStorage when the page may use it (a sandboxed frame may not), else memory. */
function defaultStorage(): TrackStorage {
  try {
    const s = g.localStorage;
    const probe = '__ct_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStorage();
  }
}

function browserEnv(): Env {
  const nav = g.navigator;
  return {
    fetch: (url, init) => g.fetch(url, init),
    now: () => Date.now(),
    random: () => Math.random(),
    setTimeout: (fn, ms) => g.setTimeout(fn, ms),
    clearTimeout: (h) => g.clearTimeout(h as ReturnType<typeof setTimeout>),
    beacon: nav && typeof nav.sendBeacon === 'function' ? (url, body) => nav.sendBeacon(url, new Blob([body], { type: 'text/plain' })) : undefined,
    uuid,
  };
}

let tracker: Tracker | null = null;
let session: { id: string; start: number } | null = null;
let detach: (() => void) | null = null;

function startSession(): void {
  if (!tracker || session) return;
  session = { id: uuid(), start: Date.now() };
  tracker.track('session_start', { session_id: session.id });
}

function endSession(): void {
  if (!tracker || !session) return;
  tracker.track('session_end', { session_id: session.id, duration: Math.round((Date.now() - session.start) / 1000) });
  session = null;
}

function watchPage(t: Tracker, sessions: boolean): () => void {
  const doc = g.document;
  const add = (target: EventTarget | undefined, type: string, fn: () => void) => {
    target?.addEventListener(type, fn);
    return () => target?.removeEventListener(type, fn);
  };
  // visibilitychange (hidden) and pagehide both announce an exit: the first one ends the session and sends the beacon.
  let away = false;
  const leave = () => {
    if (away) return;
    away = true;
    if (sessions) endSession();
    t.beacon();
  };
  const offs = [
    add(g, 'online', () => t.online()),
    add(g, 'pagehide', leave),
    add(g, 'pageshow', () => {
      away = false;
      if (sessions) startSession();
    }),
    add(doc, 'visibilitychange', () => {
      if (doc?.visibilityState === 'hidden') leave();
      else {
        away = false;
        if (sessions) startSession();
      }
    }),
  ];
  if (sessions && doc?.visibilityState !== 'hidden') startSession();
  return () => offs.forEach((off) => off());
}

function need(): Tracker {
  if (!tracker) throw new Error('ConsoleTrack.init({ host, publicKey }) first');
  return tracker;
}

/** Starts the tracker (a second call replaces the first: its unsent events stay queued in storage). */
export function init(options: InitOptions): void {
  if (!options || !options.host || !options.publicKey) throw new Error('ConsoleTrack.init needs host and publicKey');
  detach?.();
  tracker?.stop();
  session = null;
  const t = new Tracker(options, browserEnv(), options.storage ?? defaultStorage());
  tracker = t;
  const hasDocument = typeof g.document !== 'undefined' && typeof g.addEventListener === 'function';
  detach = hasDocument ? watchPage(t, options.sessions !== false) : null;
  if (t.queue.size() > 0) void t.flush();
}

/** Who plays from now on (a stable id of the player's account; ≤ 128 characters). */
export function identify(distinctId: string): void {
  need().identify(distinctId);
}

/** Queues an event with its properties (flat: string, number, boolean or null). */
export function track(event: string, properties?: Properties): void {
  need().track(event, properties);
}

/** Sends what waits now; resolves once sent, or once a failed attempt has scheduled its retry (nothing is lost). */
export function flush(): Promise<void> {
  return tracker ? tracker.flush() : Promise.resolve();
}

/** Forgets the player (a new anonymous id, a new session); queued events keep the id they were tracked with. */
export function reset(): void {
  const t = need();
  const hadSession = session !== null;
  endSession();
  t.reset();
  if (hadSession) startSession();
}

/** Queue figures: waiting, dropped because full, retries since the last success. */
export function stats(): TrackStats {
  return tracker ? tracker.stats() : { queued: 0, dropped: 0, attempt: 0 };
}

/** The current player id (anonymous until identify). */
export function distinctId(): string {
  return need().distinct;
}
