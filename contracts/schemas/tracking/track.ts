import { z } from 'zod';

/**
 * POST /api/embed/track/ (game SDKs; no JWT): headers X-App-Key and X-Signature = lowercase hex
 * HMAC-SHA256 of the raw body with the app's secret. Batch-level failures are the envelope with an
 * HTTP 4xx (401 unknown/disabled key or bad signature, 413 too large, 400 malformed); event-level
 * ones are listed in `rejected` while the valid events of the batch are stored.
 */
export const TRACK_MAX_EVENTS = 1000;
export const TRACK_MAX_BYTES = 1024 * 1024;
/** An event may be at most this far in the future (clock skew of devices). */
export const TRACK_MAX_FUTURE_MS = 10 * 60 * 1000;
/** ... and at most this old (SDKs that were offline; older is refused as absurd). */
export const TRACK_MAX_AGE_DAYS = 366;

export const trackEvent = z.object({
  uuid: z.string(),
  event: z.string(),
  distinct_id: z.string(),
  /** ISO 8601 with a zone, or epoch milliseconds. */
  time: z.union([z.string(), z.number()]),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type TrackEvent = z.infer<typeof trackEvent>;

export const trackBatch = z.object({ events: z.array(trackEvent) });
export type TrackBatch = z.infer<typeof trackBatch>;

export const trackRejection = z.object({ index: z.number().int(), reason: z.string() });
export type TrackRejection = z.infer<typeof trackRejection>;

/**
 * accepted: events of the batch now stored, or already stored by an earlier delivery (duplicates
 * counts those); rejected: by index with the reason.
 */
export const trackResult = z.object({ accepted: z.number().int(), duplicates: z.number().int(), rejected: z.array(trackRejection) });
export type TrackResult = z.infer<typeof trackResult>;

/**
 * Public-key sending (browsers, H5 and mini games): `X-Public-Key: <key>` and no signature, or
 * `"public_key": "<key>"` in the body next to `events` (navigator.sendBeacon cannot set headers; a
 * `text/plain` body is read as JSON). Validated exactly like signed batches. A browser request (with an
 * `Origin` header) from an origin outside the app's `allowed_origins` is refused with 403 and no CORS
 * grant; a request without `Origin` (mini-game runtimes, native clients) is accepted. Per public key
 * and client address at most TRACK_PUBLIC_PER_MINUTE requests a minute, then 429 with `Retry-After`.
 * A public key never sends orders (POST /api/ingest/orders/ answers 401).
 */
export const TRACK_PUBLIC_KEY_HEADER = 'X-Public-Key';
export const TRACK_PUBLIC_PER_MINUTE = 600;
export const trackPublicBatch = z.object({ public_key: z.string().optional(), events: z.array(trackEvent) });
export type TrackPublicBatch = z.infer<typeof trackPublicBatch>;

// ---- live events: GET /api/embed_configure/game/{id}/live/?limit=100

/** Live entries kept per app (the newest), and the most one answer holds. */
export const TRACK_LIVE_KEPT = 200;
export const TRACK_LIVE_DEFAULT_LIMIT = 100;
export const TRACK_LIVE_STATUSES = ['accepted', 'rejected', 'duplicate'] as const;
export type TrackLiveStatus = (typeof TRACK_LIVE_STATUSES)[number];

/**
 * Why an event (or a whole batch) was refused, as a stable code: the live view's `reason_code`, which a
 * console turns into its own language's text with `reason_args` (the `reason` text is the server's
 * Chinese). New codes may come: a client that does not know one shows `reason`.
 */
export const TRACK_REASON_CODES = [
  // one event
  'not_object',
  'bad_uuid',
  'missing_event',
  'bad_event_name',
  'unknown_event',
  'disabled_event',
  'missing_distinct_id',
  'distinct_id_too_long',
  'bad_distinct_id',
  'bad_time',
  'time_ahead',
  'time_too_old',
  'properties_not_object',
  'too_many_properties',
  'bad_property_name',
  'property_too_long',
  'bad_property_text',
  'bad_property_number',
  'bad_property_value',
  'missing_property',
  'wrong_property_type',
  'duplicate_in_batch',
  // a whole batch, once its app is known
  'origin_not_allowed',
  'too_many_events',
  'bad_body',
  'empty_batch',
] as const;
export type TrackReasonCode = (typeof TRACK_REASON_CODES)[number];

/** The values a reason's text names (event, property, limit, type, index, origin), by name. */
export const trackReasonArgs = z.record(z.string(), z.union([z.string(), z.number()]));
export type TrackReasonArgs = z.infer<typeof trackReasonArgs>;

/**
 * One event as it arrived for an app: time = the event's own time (ISO; null when it had none that
 * could be read), received = when the server answered it (ISO), event and distinct_id as sent (null
 * when missing or not text), status, and reason (why it was rejected, the server's Chinese text; null
 * otherwise) with reason_code (TRACK_REASON_CODES; null when not rejected, or for a refusal without a
 * code) and reason_args (the values its text names; {} when none). A batch refused as a whole once its
 * app is known (disallowed origin, too many events, a body of the wrong shape) is one rejected entry
 * with event null.
 */
export const trackLiveEntry = z.object({
  time: z.string().nullable(),
  received: z.string(),
  event: z.string().nullable(),
  distinct_id: z.string().nullable(),
  status: z.enum(TRACK_LIVE_STATUSES),
  reason: z.string().nullable(),
  // Defaults: an answer from a server before the codes still reads (its `reason` is shown as it is).
  reason_code: z.string().nullable().default(null),
  reason_args: trackReasonArgs.default({}),
});
export type TrackLiveEntry = z.infer<typeof trackLiveEntry>;

/** The answer: newest first. */
export const trackLive = z.array(trackLiveEntry);

/** The socket frame pushed to consoles allowed to see the app: its new entries, newest first. */
export const TRACK_LIVE_FRAME = 'embed_live';
export const trackLiveFrame = z.object({ type: z.literal(TRACK_LIVE_FRAME), app: z.number().int(), entries: z.array(trackLiveEntry) });
export type TrackLiveFrame = z.infer<typeof trackLiveFrame>;
