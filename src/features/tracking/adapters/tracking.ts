/**
 * Event tracking's port (data_embed/* and the app secret): the transport-neutral queries the stores
 * build, the answers as contracts/schemas/tracking defines them (each parsed by its schema: a drifted
 * wire shape is a clear "malformed" error), and the one place a query becomes ordered name/value
 * pairs: the REST adapter sends them as the query string, the GraphQL adapter hands them to the
 * gateway's `trackingReport`, which writes the same upstream. The port is written once over the
 * adapters' seam (src/adapters/port.ts); this module loads with the first tracking call.
 */
import { eventAnalysis, eventCounts, eventProperties, funnelPlayersPage, funnelResult, sessionsResult, trackingCredentials, trackingPublicKey, trackLive, trackLiveFrame, TRACK_LIVE_FRAME } from '../../../../contracts/schemas/tracking';
import { parseAnswer, readParsed, type AnswerSchema, type DownloadedFile, type PortTransport, type ProgressListener, type ReportParams } from '../../../adapters/port';

export type PropertyType = 'string' | 'number' | 'boolean' | 'datetime';
export type FilterOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains';
export type Interval = 'hour' | 'day' | 'week';
export type Measure = 'total' | 'unique' | 'per_user' | 'sum' | 'avg';

/** One condition on an event property. */
export interface PropertyFilter {
  property: string;
  op: FilterOperator;
  value: string | number | boolean;
}

export interface EventAnalysisQuery {
  game: number;
  /** One series per event, in order (at least one). */
  events: readonly string[];
  /** YYYY-MM-DD, both ends included (analytics time zone of the server). */
  start: string;
  end: string;
  interval: Interval;
  measure: Measure;
  /** The numeric property summed or averaged (measure sum / avg). */
  property?: string;
  filters?: readonly PropertyFilter[];
  breakdown?: string;
  compare?: boolean;
}

export interface EventLine {
  key: string;
  event: string;
  /** The breakdown value ('__other__' for the rest), null without breakdown. */
  group: string | null;
  values: number[];
  total: number;
}

export interface EventAnalysis {
  start: string;
  end: string;
  interval: Interval;
  measure: Measure;
  times: string[];
  series: Array<{ time: string; value: number }>;
  lines: EventLine[];
  previous?: { start: string; end: string; times: string[]; lines: EventLine[] };
}

export interface FunnelAnalysisQuery {
  funnel: number;
  start: string;
  end: string;
  breakdown?: string;
}

export interface FunnelStep {
  event: string;
  players: number;
  conversion: number;
  step_conversion: number;
  median_seconds: number | null;
}

export interface FunnelAnalysis {
  funnel: { id: number; name: string; game: number; window_seconds: number };
  steps: FunnelStep[];
  /** Per value of the property on the entering event: '__other__' for the rest, null for players whose event lacked it. */
  breakdown?: Array<{ value: string | null; steps: FunnelStep[] }>;
}

/** The players behind one funnel step (漏斗分析's drill-down): the funnel's query plus the step and which players. */
export interface FunnelPlayersQuery extends FunnelAnalysisQuery {
  /** 1-based. */
  step: number;
  /** converted: reached the step; dropped: reached it and not the next one. */
  kind: 'converted' | 'dropped';
  /** With a breakdown: the group (its value, '__other__', or '__none__' for players without it). */
  group?: string;
  page?: number;
  limit?: number;
}

export interface FunnelPlayer {
  distinct_id: string;
  entered_at: string;
  reached_at: string;
  next_at: string | null;
}

export interface FunnelPlayersPage {
  total: number;
  page: number;
  limit: number;
  event: string;
  rows: FunnelPlayer[];
}

export interface SessionAnalysisQuery {
  start: string;
  end: string;
  /** Absent: every game. */
  game?: number;
  /** Recompute the days whose events moved before answering (slower); otherwise they are answered as kept. */
  fresh?: boolean;
}

export interface SessionAnalysis {
  sessions: number;
  players: number;
  avg_seconds: number;
  median_seconds: number;
  events_per_session: number;
  histogram: Array<{ from_seconds: number; to_seconds: number | null; sessions: number }>;
  days: Array<{ day: string; sessions: number; avg_seconds: number; median_seconds: number; events_per_session: number }>;
  games: Array<{ game: number; game_name: string; sessions: number; players: number; avg_seconds: number; median_seconds: number }>;
  /** Present when some day was answered as kept although events arrived since (ISO time of its computation). */
  computed_at?: string;
}

/** The properties the analysis pickers offer for some events of a game over a range (data_embed/properties). */
export interface EventPropertiesQuery {
  game: number;
  /** 1..10 event identifiers. */
  events: readonly string[];
  start: string;
  end: string;
}

/** A property seen on the chosen events in the range (or declared on their definitions), with its observed type. */
export interface EventPropertyInfo {
  name: string;
  type: 'string' | 'number' | 'boolean';
  /** Declared on a chosen event's definition (these come first). */
  declared: boolean;
}

/** How many events of one kind a game stored in a range (data_embed/event_counts), most first. */
export interface EventCountInfo {
  event: string;
  events: number;
}

/** A new app key and secret (the only answer that ever holds the secret). */
export interface TrackingCredentials {
  app_key: string;
  secret: string;
}

/** One event as it arrived for an app (the live view): accepted, rejected with its reason, or a duplicate. */
export interface TrackLiveEntry {
  /** The event's own time (ISO), null when it had none that could be read. */
  time: string | null;
  /** When the server answered it (ISO). */
  received: string;
  event: string | null;
  distinct_id: string | null;
  status: 'accepted' | 'rejected' | 'duplicate';
  /** Why it was rejected, the server's Chinese text (null otherwise). */
  reason: string | null;
  /** The same as a stable code (contracts TRACK_REASON_CODES) the console words in its language; null without one. */
  reason_code: string | null;
  /** The values the reason names (event, property, limit…). */
  reason_args: Record<string, string | number>;
}

/** The socket topic (and frame type) of live events: `{ type, app, entries }`, entries newest first. */
export const TRACKING_LIVE_TOPIC = TRACK_LIVE_FRAME;

/** The live entries of a pushed frame for `app`, or null when the frame is not one (or another app's). */
export function liveEntriesOfFrame(frame: unknown, app: number): TrackLiveEntry[] | null {
  const parsed = trackLiveFrame.safeParse(frame);
  return parsed.success && parsed.data.app === app ? parsed.data.entries : null;
}

export type TrackingReport = 'event' | 'funnel' | 'sessions' | 'properties' | 'event_counts';

/** The REST path of each report (the gateway maps its enum to the same). */
export const TRACKING_REPORT_PATH: Record<TrackingReport, string> = {
  event: '/api/data_embed/event/',
  funnel: '/api/data_embed/funnel/',
  sessions: '/api/data_embed/sessions/',
  properties: '/api/data_embed/properties/',
  event_counts: '/api/data_embed/event_counts/',
};

export const TRACKING_APPS_PATH = '/api/embed_configure/game/';

export function eventParams(q: EventAnalysisQuery): ReportParams {
  const out: ReportParams = [['game', String(q.game)]];
  for (const event of q.events) out.push(['event', event]);
  out.push(['start', q.start], ['end', q.end], ['interval', q.interval], ['measure', q.measure]);
  if ((q.measure === 'sum' || q.measure === 'avg') && q.property) out.push(['property', q.property]);
  if (q.filters && q.filters.length > 0) out.push(['filters', JSON.stringify(q.filters.map((f) => ({ property: f.property, op: f.op, value: f.value })))]);
  if (q.breakdown) out.push(['breakdown', q.breakdown]);
  if (q.compare) out.push(['compare', '1']);
  return out;
}

export function funnelParams(q: FunnelAnalysisQuery): ReportParams {
  const out: ReportParams = [
    ['funnel', String(q.funnel)],
    ['start', q.start],
    ['end', q.end],
  ];
  if (q.breakdown) out.push(['breakdown', q.breakdown]);
  return out;
}

export const FUNNEL_PLAYERS_PATH = '/api/data_embed/funnel/players/';

/** The drill-down's pairs: the funnel's, then step, kind, group, then page and limit (the export leaves them out). */
export function funnelPlayersParams(q: FunnelPlayersQuery, paged: boolean): ReportParams {
  const out = funnelParams(q);
  out.push(['step', String(q.step)], ['kind', q.kind]);
  if (q.breakdown && q.group !== undefined) out.push(['group', q.group]);
  if (paged) out.push(['page', String(q.page ?? 1)], ['limit', String(q.limit ?? 20)]);
  return out;
}

export function sessionParams(q: SessionAnalysisQuery): ReportParams {
  const out: ReportParams = [
    ['start', q.start],
    ['end', q.end],
  ];
  if (q.game !== undefined) out.push(['game', String(q.game)]);
  if (q.fresh) out.push(['fresh', '1']);
  return out;
}

export function propertiesParams(q: EventPropertiesQuery): ReportParams {
  return [
    ['game', String(q.game)],
    ['events', q.events.join(',')],
    ['start', q.start],
    ['end', q.end],
  ];
}

/** The calls of the tracking screens beyond the generic resources. */
export interface TrackingPort {
  events(query: EventAnalysisQuery): Promise<EventAnalysis>;
  funnel(query: FunnelAnalysisQuery): Promise<FunnelAnalysis>;
  sessions(query: SessionAnalysisQuery): Promise<SessionAnalysis>;
  /** The properties seen on the chosen events in the range, declared ones first (the analysis pickers). */
  properties(query: EventPropertiesQuery): Promise<EventPropertyInfo[]>;
  /** The game's events stored in the range, most first (the event analysis opens on the first). */
  eventCounts(query: { game: number; start: string; end: string }): Promise<EventCountInfo[]>;
  /** GET data_embed/event/export/ with the same query: the table as xlsx (over REST in both adapters: files are not JSON). */
  exportEvents(query: EventAnalysisQuery, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /** GET data_embed/funnel/players/: one page of the players behind a step (total = the step's figure). */
  funnelPlayers(query: FunnelPlayersQuery): Promise<FunnelPlayersPage>;
  /** GET data_embed/funnel/players/export_data/: every such player as xlsx (over REST in both adapters). */
  exportFunnelPlayers(query: FunnelPlayersQuery): Promise<DownloadedFile>;
  /** POST embed_configure/game/{id}/regenerate/: a new pair; the old one stops working at once. */
  regenerateSecret(app: number): Promise<TrackingCredentials>;
  /** POST embed_configure/game/{id}/public_key/: a new public key; the old one stops working at once. */
  regeneratePublicKey(app: number): Promise<string>;
  /** PATCH embed_configure/game/{id}/ with the app's allowed origins; answers them as the server normalised them. */
  saveAllowedOrigins(app: number, origins: readonly string[]): Promise<string[]>;
  /** GET embed_configure/game/{id}/live/?limit=: the newest events as they arrived, newest first. */
  live(app: number, limit?: number): Promise<TrackLiveEntry[]>;
}

const originsAnswer: AnswerSchema<{ allowed_origins: string[] }> = {
  safeParse(data) {
    const list = data !== null && typeof data === 'object' ? (data as { allowed_origins?: unknown }).allowed_origins : undefined;
    return Array.isArray(list) && list.every((o) => typeof o === 'string') ? { success: true, data: { allowed_origins: list as string[] } } : { success: false };
  },
};

/** An event analysis; a back end that leaves out `series` (it is empty with a breakdown) reads as an empty one. */
const eventAnswer: AnswerSchema<EventAnalysis> = eventAnalysis.extend({ series: eventAnalysis.shape.series.catch([]) });
const funnelAnswer: AnswerSchema<FunnelAnalysis> = funnelResult;
const sessionsAnswer: AnswerSchema<SessionAnalysis> = sessionsResult;
const credentialsAnswer: AnswerSchema<TrackingCredentials> = trackingCredentials;
const propertiesAnswer: AnswerSchema<EventPropertyInfo[]> = eventProperties;
const countsAnswer: AnswerSchema<EventCountInfo[]> = eventCounts;

/** The tracking port over an adapter's transport. */
export function createTrackingPort(transport: PortTransport): TrackingPort {
  const report = async <T>(name: TrackingReport, pairs: ReportParams, schema: AnswerSchema<T>): Promise<T> =>
    parseAnswer(transport, { path: TRACKING_REPORT_PATH[name] }, schema, await transport.analysis(name, pairs));
  return {
    events: (query) => report('event', eventParams(query), eventAnswer),
    funnel: (query) => report('funnel', funnelParams(query), funnelAnswer),
    sessions: (query) => report('sessions', sessionParams(query), sessionsAnswer),
    properties: (query) => report('properties', propertiesParams(query), propertiesAnswer),
    eventCounts: (query) => report('event_counts', [['game', String(query.game)], ['start', query.start], ['end', query.end]], countsAnswer),
    async funnelPlayers(query) {
      const page = await readParsed(transport, FUNNEL_PLAYERS_PATH, funnelPlayersParams(query, true), funnelPlayersPage);
      return { total: page.total, page: page.page, limit: page.limit, event: page.event, rows: page.data };
    },
    exportFunnelPlayers: (query) => transport.downloadFrom(`${FUNNEL_PLAYERS_PATH}export_data/`, funnelPlayersParams(query, false)),
    exportEvents: (query, onProgress) => transport.downloadFrom(`${TRACKING_REPORT_PATH.event}export/`, eventParams(query), onProgress),
    async regenerateSecret(app) {
      const request = { method: 'POST' as const, path: `${TRACKING_APPS_PATH}${app}/regenerate/` };
      return parseAnswer(transport, request, credentialsAnswer, await transport.request(request));
    },
    async regeneratePublicKey(app) {
      const request = { method: 'POST' as const, path: `${TRACKING_APPS_PATH}${app}/public_key/` };
      return parseAnswer(transport, request, trackingPublicKey, await transport.request(request)).public_key;
    },
    async saveAllowedOrigins(app, origins) {
      const request = { method: 'PATCH' as const, path: `${TRACKING_APPS_PATH}${app}/`, body: { allowed_origins: [...origins] } };
      const answer = await transport.request(request);
      // The updated row carries the origins as stored (normalised); a back end answering without them saved what was sent.
      const parsed = originsAnswer.safeParse(answer);
      return parsed.success ? parsed.data.allowed_origins : [...origins];
    },
    async live(app, limit = 100) {
      const request = { method: 'GET' as const, path: `${TRACKING_APPS_PATH}${app}/live/`, params: { limit }, quiet: true };
      return parseAnswer(transport, request, trackLive, await transport.request(request));
    },
  };
}
