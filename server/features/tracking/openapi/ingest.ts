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
  trackBatch,
  trackingAppInput,
  trackingAppRow,
  trackingAppUpdate,
  trackingCredentials,
  trackResult,
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
  ...resourceOperations('/api/embed_configure/event_define/', { tag, title: 'Event definitions (per game)', row: eventDefineRow, create: eventDefineInput, update: eventDefineInput, filters: defineFilters }),
  ...resourceOperations('/api/embed_configure/global_event_define/', { tag, title: 'Global event definitions', row: eventDefineRow, create: globalEventDefineInput, update: globalEventDefineInput, filters: defineFilters }),
  ...resourceOperations('/api/embed_configure/funnel_define/', { tag, title: 'Funnel definitions', row: funnelDefineRow, create: funnelDefineInput, update: funnelDefineInput, filters: { game: z.coerce.number().int().optional() } }),
  {
    method: 'post',
    path: '/api/embed/track/',
    summary: 'Event batch from a game SDK (≤ 1,000 events, ≤ 1 MB)',
    tag: 'embed',
    auth: false,
    body: trackBatch,
    data: trackResult,
    notes:
      'No JWT: headers X-App-Key and X-Signature = lowercase hex HMAC-SHA256 of the raw body with the app secret. Batch-level failures: envelope with HTTP 401 (key/signature), 413 (too large), 400 (malformed); event-level ones in data.rejected.',
  },
  { method: 'get', path: '/api/data_embed/event/', summary: 'Event analysis: series per event (and breakdown group), optional previous period', tag: 'data_embed', auth: true, query: eventQuery, data: eventAnalysis },
  { method: 'get', path: '/api/data_embed/event/export/', summary: 'Event analysis table as xlsx (same parameters)', tag: 'data_embed', auth: true, query: eventQuery, data: nothing, file: XLSX },
];
