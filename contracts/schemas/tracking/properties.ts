import { z } from 'zod';
import { TRACKING_NAME_RULE } from './config';
import { analysisDay } from './funnel';

/**
 * The properties the analysis pickers offer (GET /api/data_embed/properties/) and the events with data
 * (GET /api/data_embed/event_counts/), over one game and a range of calendar days (analytics time zone).
 *
 * Properties: every property seen on the chosen events in the range, with its observed type (the most
 * frequent JSON type among its values: string, number or boolean), the ones declared on the events'
 * definitions first (in definition order; a declared property never seen keeps its declared type,
 * datetime as string), then the others, most frequent first. Bounded: the newest
 * PROPERTIES_SAMPLE_PER_EVENT events of each chosen event in the range are read (index order, so the
 * cost does not grow with the range), at most PROPERTIES_MAX properties answered.
 */

export const PROPERTIES_SAMPLE_PER_EVENT = 5_000;
export const PROPERTIES_MAX = 300;
export const PROPERTIES_MAX_EVENTS = 10;
export const OBSERVED_PROPERTY_TYPES = ['string', 'number', 'boolean'] as const;
export type ObservedPropertyType = (typeof OBSERVED_PROPERTY_TYPES)[number];

const gameId = z
  .string({ error: 'game 必须是游戏编号' })
  .regex(/^\d{1,9}$/, { error: 'game 必须是游戏编号' })
  .transform(Number)
  .refine((n) => n >= 1, { error: 'game 必须是游戏编号' });

export const propertiesQuery = z.object({
  game: gameId,
  /** Event identifiers, comma separated (1..10). */
  events: z
    .string({ error: 'events 不能为空：以逗号分隔的事件标识' })
    .max(1_000, { error: 'events 过长' })
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter((x) => x !== ''))])
    .refine((list) => list.length > 0, { error: 'events 不能为空：以逗号分隔的事件标识' })
    .refine((list) => list.length <= PROPERTIES_MAX_EVENTS, { error: `events 最多 ${PROPERTIES_MAX_EVENTS} 个` })
    .refine((list) => list.every((e) => TRACKING_NAME_RULE.test(e)), { error: 'events 中有不合法的事件标识' }),
  start: analysisDay('start'),
  end: analysisDay('end'),
});
export type PropertiesQuery = z.infer<typeof propertiesQuery>;

export const eventProperty = z.object({
  name: z.string(),
  type: z.enum(OBSERVED_PROPERTY_TYPES),
  /** Declared on one of the chosen events' definitions (the game's own or the global one). */
  declared: z.boolean(),
});
export type EventProperty = z.infer<typeof eventProperty>;
export const eventProperties = z.array(eventProperty);

export const eventCountsQuery = z.object({ game: gameId, start: analysisDay('start'), end: analysisDay('end') });
export type EventCountsQuery = z.infer<typeof eventCountsQuery>;

/** Events of the game stored in the range (from the daily rollup), most first. */
export const eventCount = z.object({ event: z.string(), events: z.number().int().min(0) });
export type EventCount = z.infer<typeof eventCount>;
export const eventCounts = z.array(eventCount);
