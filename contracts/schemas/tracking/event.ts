import { z } from 'zod';
import { FILTER_OPS, trackingName } from './config';

/** GET /api/data_embed/event/ (and export/): event analysis. */
export const EVENT_INTERVALS = ['hour', 'day', 'week'] as const;
export const EVENT_MEASURES = ['total', 'unique', 'per_user', 'sum', 'avg'] as const;
export type EventInterval = (typeof EVENT_INTERVALS)[number];
export type EventMeasure = (typeof EVENT_MEASURES)[number];
/** Longest range (days); hourly at most 31 days. */
export const EVENT_MAX_DAYS = 366;
export const EVENT_MAX_HOUR_DAYS = 31;
export const EVENT_MAX_SERIES = 10;
/** Breakdown: the 10 largest groups, the rest under OTHER_GROUP; events without the property under NONE_GROUP. */
export const BREAKDOWN_TOP = 10;
export const OTHER_GROUP = '__other__';
export const NONE_GROUP = '__none__';

export const analysisFilter = z.object({
  property: trackingName,
  op: z.enum(FILTER_OPS),
  value: z.union([z.string().max(256), z.number().finite(), z.boolean()]),
});
export type AnalysisFilter = z.infer<typeof analysisFilter>;

export const eventLine = z.object({
  /** `event` or `event/group`. */
  key: z.string(),
  event: z.string(),
  group: z.string().nullable(),
  values: z.array(z.number()),
  /** Over the whole range (unique: distinct players of the range; per_user: events / players; avg: of all events). */
  total: z.number(),
});
export type EventLine = z.infer<typeof eventLine>;

export const eventAnalysis = z.object({
  start: z.string(),
  end: z.string(),
  interval: z.enum(EVENT_INTERVALS),
  measure: z.enum(EVENT_MEASURES),
  times: z.array(z.string()),
  /** The first event without breakdown (QA's call); empty with a breakdown. */
  series: z.array(z.object({ time: z.string(), value: z.number() })),
  lines: z.array(eventLine),
  previous: z.object({ start: z.string(), end: z.string(), times: z.array(z.string()), lines: z.array(eventLine) }).optional(),
});
export type EventAnalysis = z.infer<typeof eventAnalysis>;
