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
  listPage,
  multipleDeleteRequest,
  trackBatch,
  trackingAppInput,
  trackingAppRow,
  trackingAppUpdate,
  trackingCredentials,
  trackResult,
} from '../../../../contracts/schemas';
import type { Operation } from '../../../openapi/document';

const listQuery = (filters: Record<string, z.ZodType> = {}) =>
  z.object({
    page: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(999).optional(),
    ordering: z.string().optional().describe("Field name, '-' for descending, comma-separated"),
    search: z.string().optional(),
    ...filters,
  });

const deleted = z.array(z.never());

function resource(base: string, title: string, row: z.ZodType, create: z.ZodType, update: z.ZodType, filters: Record<string, z.ZodType>): Operation[] {
  const tag = 'embed_configure';
  return [
    { method: 'get', path: base, summary: `${title}: list`, tag, auth: true, query: listQuery(filters), data: listPage(row) },
    { method: 'get', path: `${base}{id}/`, summary: `${title}: one`, tag, auth: true, pathId: true, data: row },
    { method: 'post', path: base, summary: `${title}: create`, tag, auth: true, body: create, data: row },
    { method: 'put', path: `${base}{id}/`, summary: `${title}: update (PATCH for a partial update)`, tag, auth: true, pathId: true, body: update, data: row },
    { method: 'delete', path: `${base}{id}/`, summary: `${title}: delete`, tag, auth: true, pathId: true, data: deleted },
    { method: 'delete', path: `${base}multiple_delete/`, summary: `${title}: delete several (all or none)`, tag, auth: true, body: multipleDeleteRequest, data: deleted },
  ];
}

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

/** Event tracking (issue 15), write side and event analysis, for the OpenAPI document. */
export const TRACKING_OPERATIONS: readonly Operation[] = [
  ...resource('/api/embed_configure/game/', 'Tracking apps', trackingAppRow, trackingAppInput, trackingAppUpdate, { game: z.coerce.number().int().optional(), enabled: z.enum(['true', 'false', '1', '0']).optional() }),
  {
    method: 'post',
    path: '/api/embed_configure/game/{id}/regenerate/',
    summary: 'New app key and secret (the old pair stops working); the only answer holding the secret',
    tag: 'embed_configure',
    auth: true,
    pathId: true,
    data: trackingCredentials,
  },
  ...resource('/api/embed_configure/event_define/', 'Event definitions (per game)', eventDefineRow, eventDefineInput, eventDefineInput, defineFilters),
  ...resource('/api/embed_configure/global_event_define/', 'Global event definitions', eventDefineRow, globalEventDefineInput, globalEventDefineInput, defineFilters),
  ...resource('/api/embed_configure/funnel_define/', 'Funnel definitions', funnelDefineRow, funnelDefineInput, funnelDefineInput, { game: z.coerce.number().int().optional() }),
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
  { method: 'get', path: '/api/data_embed/event/export/', summary: 'Event analysis table as xlsx (same parameters)', tag: 'data_embed', auth: true, query: eventQuery, data: z.null() },
];
