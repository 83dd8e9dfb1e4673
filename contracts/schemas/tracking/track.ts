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
