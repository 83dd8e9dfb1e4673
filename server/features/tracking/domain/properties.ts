import {
  PROPERTIES_MAX,
  PROPERTIES_SAMPLE_PER_EVENT,
  type EventCount,
  type EventCountsQuery,
  type EventProperty,
  type ObservedPropertyType,
  type PropertiesQuery,
} from '../../../../contracts/schemas/tracking/properties';
import type { Queryable } from '../../../db/db';
import { dayRange } from '../../../domain/analytics/day-range';
import { isRecord } from '../../../is-record';

/**
 * What the analysis pickers offer (data_embed/properties, data_embed/event_counts).
 *
 * Properties: the declared ones come from the chosen events' definitions (the game's own over the
 * global one); the observed ones from the newest PROPERTIES_SAMPLE_PER_EVENT raw events of each chosen
 * event in the range — one backward scan of the (game, event, time) index per event (a LATERAL per
 * event: an `event = ANY(...)` scan would have to sort the whole range), so a range of millions of events
 * costs at most 10 × 5,000 row visits. Each property's type is its most frequent JSON type there
 * (string, number, boolean; ties in that order); nulls, objects and arrays are not a type.
 */

interface Declared {
  name: string;
  type: ObservedPropertyType;
}

const TYPE_ORDER: readonly ObservedPropertyType[] = ['string', 'number', 'boolean'];

/** A declared property's type as the pickers use it (datetime values are ISO strings). */
function declaredType(type: unknown): ObservedPropertyType {
  return type === 'number' || type === 'boolean' ? type : 'string';
}

async function declaredProperties(db: Queryable, game: number, events: string[]): Promise<Declared[]> {
  const rows = await db.query<{ event: string; properties: unknown }>(
    `SELECT DISTINCT ON (event) event, properties FROM tracking_event_defines
     WHERE (game = $1 OR game IS NULL) AND event = ANY($2::text[]) ORDER BY event, game NULLS LAST`,
    [game, events],
  );
  const byEvent = new Map(rows.map((r) => [r.event, r.properties]));
  const out = new Map<string, Declared>();
  for (const event of events) {
    const list = byEvent.get(event);
    if (!Array.isArray(list)) continue;
    for (const p of list) {
      if (isRecord(p) && typeof p.name === 'string' && !out.has(p.name)) out.set(p.name, { name: p.name, type: declaredType(p.type) });
    }
  }
  return [...out.values()];
}

/** Every property of the chosen events in the range, declared ones first, each with its observed type. */
export async function eventPropertiesOf(db: Queryable, q: PropertiesQuery, tz: string): Promise<EventProperty[]> {
  const range = await dayRange(db, q.start, q.end, tz);
  const declared = await declaredProperties(db, q.game, q.events);
  const seen = await db.query<{ name: string; t: string; n: number }>(
    `SELECT p.key AS name, jsonb_typeof(p.value) AS t, count(*)::int AS n
     FROM unnest($2::text[]) AS x(event)
     CROSS JOIN LATERAL (
       SELECT e.properties FROM tracking_events e
       WHERE e.game = $1 AND e.event = x.event AND e.time >= $3::timestamptz AND e.time < $4::timestamptz
       ORDER BY e.time DESC LIMIT ${PROPERTIES_SAMPLE_PER_EVENT}
     ) s
     CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(s.properties) = 'object' THEN s.properties ELSE '{}'::jsonb END) AS p
     WHERE jsonb_typeof(p.value) IN ('string', 'number', 'boolean')
     GROUP BY 1, 2`,
    [q.game, q.events, range.lo, range.hi],
  );
  const observed = new Map<string, { total: number; counts: Map<ObservedPropertyType, number> }>();
  for (const r of seen) {
    const o = observed.get(r.name) ?? { total: 0, counts: new Map() };
    o.total += Number(r.n);
    o.counts.set(r.t as ObservedPropertyType, Number(r.n));
    observed.set(r.name, o);
  }
  const typeOf = (name: string): ObservedPropertyType | null => {
    const o = observed.get(name);
    if (!o) return null;
    let best: ObservedPropertyType | null = null;
    for (const t of TYPE_ORDER) if ((o.counts.get(t) ?? 0) > (best === null ? 0 : (o.counts.get(best) ?? 0))) best = t;
    return best;
  };
  const out: EventProperty[] = declared.map((d) => ({ name: d.name, type: typeOf(d.name) ?? d.type, declared: true }));
  const names = new Set(out.map((p) => p.name));
  const others = [...observed.entries()]
    .filter(([name]) => !names.has(name))
    .sort((a, b) => b[1].total - a[1].total || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [name] of others) out.push({ name, type: typeOf(name) ?? 'string', declared: false });
  return out.slice(0, PROPERTIES_MAX);
}

/** The game's events stored in the range (the daily rollup, days in `tz`), most first, then by name. */
export async function eventCountsOf(db: Queryable, q: EventCountsQuery): Promise<EventCount[]> {
  const rows = await db.query<{ event: string; events: number }>(
    `SELECT event, sum(events)::float8 AS events FROM tracking_daily
     WHERE game = $1 AND day BETWEEN $2::date AND $3::date GROUP BY event HAVING sum(events) > 0 ORDER BY 2 DESC, 1`,
    [q.game, q.start, q.end],
  );
  return rows.map((r) => ({ event: r.event, events: Number(r.events) }));
}
