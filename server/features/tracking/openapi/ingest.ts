import { z } from 'zod';
import {
  eventAnalysis,
  eventDefineInput,
  eventDefineRow,
  EVENT_INTERVALS,
  EVENT_MEASURES,
  funnelDefineInput,
  funnelDefineRow,
  globalEventDefineInput,
  trackingAppInput,
  trackingAppRow,
  trackingAppUpdate,
  trackingCredentials,
  trackingPublicKey,
  trackLive,
  trackPublicBatch,
  trackResult,
  TRACK_LIVE_KEPT,
} from '../../../../contracts/schemas';
import { nothing, resourceOperations, XLSX, type Operation } from '../../../openapi/operation';

const tag = 'embed_configure';

const defineFilters = { game: z.coerce.number().int().optional(), event: z.string().optional(), enabled: z.enum(['true', 'false', '1', '0']).optional() };

const eventQuery = z.object({
  game: z.coerce.number().int(),
  event: z.string().describe('Event identifier; repeat (or comma-separate) for several series, at most 10'),
  start: z.string().describe('YYYY-MM-DD (calendar day in ANALYTICS_TZ)'),
  end: z.string().describe('YYYY-MM-DD, inclusive; at most 366 days (31 by hour)'),
  interval: z.enum(EVENT_INTERVALS).optional(),
  measure: z.enum(EVENT_MEASURES).optional(),
  property: z.string().optional().describe('Numeric property for sum / avg'),
  filters: z.string().optional().describe('JSON [{property, op: eq|neq|gt|gte|lt|lte|contains, value}]'),
  breakdown: z.string().optional().describe('Property: top 10 groups + __other__'),
  compare: z.enum(['1', '0', 'true', 'false']).optional(),
});

/** Event tracking, write side and event analysis, for the OpenAPI document. */
export const TRACKING_OPERATIONS: readonly Operation[] = [
  ...resourceOperations('/api/embed_configure/game/', {
    tag,
    title: 'Tracking apps',
    row: trackingAppRow,
    create: trackingAppInput,
    update: trackingAppUpdate,
    filters: { game: z.coerce.number().int().optional(), enabled: z.enum(['true', 'false', '1', '0']).optional() },
  }),
  {
    method: 'post',
    path: '/api/embed_configure/game/{id}/regenerate/',
    summary: 'New app key and secret (the old pair stops working); the only answer holding the secret',
    tag,
    auth: true,
    data: trackingCredentials,
  },
  {
    method: 'post',
    path: '/api/embed_configure/game/{id}/public_key/',
    summary: 'New public key alone (the old one stops working; the app key and secret stay); granted by Update',
    tag,
    auth: true,
    data: trackingPublicKey,
  },
  {
    method: 'get',
    path: '/api/embed_configure/game/{id}/live/',
    summary: `The app's newest arriving events (accepted, rejected with the reason, duplicate), newest first; at most ${TRACK_LIVE_KEPT} kept per app in this server's memory`,
    tag,
    auth: true,
    query: z.object({ limit: z.coerce.number().int().min(1).max(TRACK_LIVE_KEPT).optional().describe('Default 100') }),
    data: trackLive,
    notes: 'Granted by the app list (Search). New entries are also pushed on the console socket as {"type":"embed_live","app":<id>,"entries":[…]} to users allowed to see the app.',
  },
  ...resourceOperations('/api/embed_configure/event_define/', { tag, title: 'Event definitions (per game)', row: eventDefineRow, create: eventDefineInput, update: eventDefineInput, filters: defineFilters }),
  ...resourceOperations('/api/embed_configure/global_event_define/', { tag, title: 'Global event definitions', row: eventDefineRow, create: globalEventDefineInput, update: globalEventDefineInput, filters: defineFilters }),
  ...resourceOperations('/api/embed_configure/funnel_define/', { tag, title: 'Funnel definitions', row: funnelDefineRow, create: funnelDefineInput, update: funnelDefineInput, filters: { game: z.coerce.number().int().optional() } }),
  {
    method: 'post',
    path: '/api/embed/track/',
    summary: 'Event batch from a game SDK (≤ 1,000 events, ≤ 1 MB)',
    tag: 'embed',
    auth: false,
    body: trackPublicBatch,
    data: trackResult,
    notes:
      'No JWT. Signed (servers): headers X-App-Key and X-Signature = lowercase hex HMAC-SHA256 of the raw body with the app secret (body {"events": [...]}). Public key (browsers, mini games): header X-Public-Key, or "public_key" in the body (a text/plain body is read as JSON, for navigator.sendBeacon); a request with an Origin outside the app\'s allowed_origins gets 403 and no CORS grant, one without Origin is accepted; per key and client address a rate limit (429 with Retry-After). Batch-level failures: envelope with HTTP 401 (key/signature), 403 (origin), 413 (too large), 429 (rate), 400 (malformed); event-level ones in data.rejected.',
  },
  { method: 'get', path: '/api/data_embed/event/', summary: 'Event analysis: series per event (and breakdown group), optional previous period', tag: 'data_embed', auth: true, query: eventQuery, data: eventAnalysis },
  { method: 'get', path: '/api/data_embed/event/export/', summary: 'Event analysis table as xlsx (same parameters)', tag: 'data_embed', auth: true, query: eventQuery, data: nothing, file: XLSX },
];
