import { funnelQuery, funnelResult } from '../../../../contracts/schemas/tracking/funnel';
import { funnelPlayersExportQuery, funnelPlayersPage, funnelPlayersQuery } from '../../../../contracts/schemas/tracking/funnel-players';
import { sessionsExportQuery, sessionsQuery, sessionsResult } from '../../../../contracts/schemas/tracking/sessions';
import { eventCounts, eventCountsQuery, eventProperties, propertiesQuery } from '../../../../contracts/schemas/tracking/properties';
import { nothing, XLSX, type Operation } from '../../../openapi/operation';

const rules =
  'Days are calendar days in the server\'s analytics time zone (ANALYTICS_TZ, default Asia/Shanghai), both ends counted, at most 366. Missing or invalid parameters answer code 4000 with the reason (e.g. "start 必须是 YYYY-MM-DD"). See docs/tracking.md.';

/** Funnel and session analysis (menus data_embed/*) for the OpenAPI document. */
export const EMBED_ANALYSIS_OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/api/data_embed/funnel/',
    summary: 'Funnel analysis: players per step, conversion from step 1 and from the previous step, median time between steps, optional breakdown',
    tag: 'tracking analysis',
    auth: true,
    query: funnelQuery,
    data: funnelResult,
    notes: `A player enters at their first step-1 event in the range; step n counts when steps 1..n-1 happened in order, all within window_seconds of the entering event (later steps may fall after the range). Breakdown: the property on the entering event, top 10 by players, the rest as '__other__'. An unknown funnel answers code 404 (漏斗不存在). ${rules}`,
  },
  {
    method: 'get',
    path: '/api/data_embed/funnel/export/',
    summary: 'The funnel table as an xlsx file (same parameters)',
    tag: 'tracking analysis',
    auth: true,
    query: funnelQuery,
    data: nothing,
    file: XLSX,
    notes: 'Answers the file (Content-Disposition names it); failures are the envelope. Granted by the screen\'s Export button.',
  },
  {
    method: 'get',
    path: '/api/data_embed/funnel/players/',
    summary: 'The players behind one funnel step (drill-down): converted at the step or dropped after it, paged',
    tag: 'tracking analysis',
    auth: true,
    query: funnelPlayersQuery,
    data: funnelPlayersPage,
    notes: `The funnel's parameters plus step (1-based), kind (converted: reached the step, total = the step's players; dropped: reached it and not the next), group (with breakdown: a group's value, '__other__' or '__none__'), page, limit (≤ 100). Newest arrival at the step first. Granted like the funnel itself. ${rules}`,
  },
  {
    method: 'get',
    path: '/api/data_embed/funnel/players/export_data/',
    summary: 'The players behind one funnel step as an xlsx file (same parameters, no paging; at most 100,000 rows)',
    tag: 'tracking analysis',
    auth: true,
    query: funnelPlayersExportQuery,
    data: nothing,
    file: XLSX,
    notes: 'Answers the file (Content-Disposition names it); failures are the envelope. Granted by the screen\'s Export button.',
  },
  {
    method: 'get',
    path: '/api/data_embed/sessions/',
    summary: 'Session analysis: count, players, average and median length, events per session, length histogram, by day and by game',
    tag: 'tracking analysis',
    auth: true,
    query: sessionsQuery,
    data: sessionsResult,
    notes: `A session (per game and player) starts at session_start, after a session_end, or at an event 30 minutes or more after the previous one; events sent at most 60 s before a session_start (no session_end between) belong to the session it opens; length = last − first event time; counted on the day it starts, followed at most 6 hours past that day. ${rules}`,
  },
  {
    method: 'get',
    path: '/api/data_embed/sessions/export/',
    summary: 'The session table by day (table=days, default) or by game (table=games) as an xlsx file',
    tag: 'tracking analysis',
    auth: true,
    query: sessionsExportQuery,
    data: nothing,
    file: XLSX,
    notes: 'Answers the file (Content-Disposition names it); failures are the envelope. Granted by the screen\'s Export button.',
  },
  {
    method: 'get',
    path: '/api/data_embed/properties/',
    summary: 'The properties of the chosen events seen in the range, with their observed type; declared ones first',
    tag: 'tracking analysis',
    auth: true,
    query: propertiesQuery,
    data: eventProperties,
    notes: `events: 1..10 identifiers, comma separated. Declared properties (the events' definitions, the game's own over the global) first, in definition order, then the others, most frequent first; type = the most frequent JSON type (string, number, boolean) among the newest 5,000 events of each chosen event in the range (a declared one never seen: its declared type, datetime as string); at most 300. Granted by the Search of data_embed/event or data_embed/funnel. ${rules}`,
  },
  {
    method: 'get',
    path: '/api/data_embed/event_counts/',
    summary: "The game's events stored in the range, most first (the event analysis opens on the first)",
    tag: 'tracking analysis',
    auth: true,
    query: eventCountsQuery,
    data: eventCounts,
    notes: `From the daily rollup; events without data in the range are not listed. Granted by the Search of data_embed/event or data_embed/funnel. ${rules}`,
  },
];
