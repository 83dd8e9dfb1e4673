/** A property value: what the platform stores (flat scalars). */
export type PropertyValue = string | number | boolean | null;
export type Properties = Record<string, PropertyValue>;

/** One event as sent to POST /api/embed/track/. */
export interface TrackEvent {
  uuid: string;
  event: string;
  distinct_id: string;
  /** The client's time, ISO 8601 (UTC). */
  time: string;
  properties?: Properties;
}

/** An event the platform refused for good (unknown event, missing property…), with its reason. */
export interface Rejection {
  event: TrackEvent;
  reason: string;
}

/** Where unsent events wait: `localStorage` by default; anything with these three calls (wx storage, a Map…). */
export interface TrackStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface InitOptions {
  /** The platform's address, e.g. `https://console.example.com` (no path). */
  host: string;
  /** The tracking app's public key (write-only: it can send events, nothing else). */
  publicKey: string;
  /** Send as soon as this many events wait (default 20). */
  flushAt?: number;
  /** …or this long after the oldest waiting one (default 5,000 ms). */
  flushIntervalMs?: number;
  /** Events kept unsent at most; beyond it the oldest are dropped and counted (default 5,000). */
  maxQueue?: number;
  /** Events per request at most (default 100; the platform takes up to 1,000). */
  maxBatch?: number;
  /** Persistent storage for unsent events (default `localStorage`, or memory where there is none). */
  storage?: TrackStorage;
  /** Events the platform refused for good: they are not sent again. */
  onRejected?: (rejected: Rejection[]) => void;
  /** session_start / session_end from page visibility and exit (default true where there is a document). */
  sessions?: boolean;
  /** Longest wait between retries (default 60,000 ms). */
  maxRetryDelayMs?: number;
}

export interface TrackStats {
  /** Events waiting to be sent (or acknowledged). */
  queued: number;
  /** Events dropped because the queue was full. */
  dropped: number;
  /** Retries since the last acknowledged request. */
  attempt: number;
}
