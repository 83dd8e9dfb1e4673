/**
 * Event tracking's port (data_embed/* and the app secret): the transport-neutral queries the stores
 * build, the answers as contracts/schemas/tracking defines them (each parsed by its schema: a drifted
 * wire shape is a clear "malformed" error), and the one place a query becomes ordered name/value
 * pairs: the REST adapter sends them as the query string, the GraphQL adapter hands them to the
 * gateway's `trackingReport`, which writes the same upstream. The port is written once over the
 * adapters' seam (src/adapters/port.ts); this module loads with the first tracking call.
 */
import { eventAnalysis, funnelResult, sessionsResult, trackingCredentials } from '../../../../contracts/schemas/tracking';
import { parseAnswer, type AnswerSchema, type DownloadedFile, type PortTransport, type ProgressListener, type ReportParams } from '../../../adapters/port';

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

/** A new app key and secret (the only answer that ever holds the secret). */
export interface TrackingCredentials {
  app_key: string;
  secret: string;
}

export type TrackingReport = 'event' | 'funnel' | 'sessions';

/** The REST path of each report (the gateway maps its enum to the same). */
export const TRACKING_REPORT_PATH: Record<TrackingReport, string> = {
  event: '/api/data_embed/event/',
  funnel: '/api/data_embed/funnel/',
  sessions: '/api/data_embed/sessions/',
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

export function sessionParams(q: SessionAnalysisQuery): ReportParams {
  const out: ReportParams = [
    ['start', q.start],
    ['end', q.end],
  ];
  if (q.game !== undefined) out.push(['game', String(q.game)]);
  if (q.fresh) out.push(['fresh', '1']);
  return out;
}

/** The calls of the tracking screens beyond the generic resources. */
export interface TrackingPort {
  events(query: EventAnalysisQuery): Promise<EventAnalysis>;
  funnel(query: FunnelAnalysisQuery): Promise<FunnelAnalysis>;
  sessions(query: SessionAnalysisQuery): Promise<SessionAnalysis>;
  /** GET data_embed/event/export/ with the same query: the table as xlsx (over REST in both adapters: files are not JSON). */
  exportEvents(query: EventAnalysisQuery, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /** POST embed_configure/game/{id}/regenerate/: a new pair; the old one stops working at once. */
  regenerateSecret(app: number): Promise<TrackingCredentials>;
}

/** An event analysis; a back end that leaves out `series` (it is empty with a breakdown) reads as an empty one. */
const eventAnswer: AnswerSchema<EventAnalysis> = eventAnalysis.extend({ series: eventAnalysis.shape.series.catch([]) });
const funnelAnswer: AnswerSchema<FunnelAnalysis> = funnelResult;
const sessionsAnswer: AnswerSchema<SessionAnalysis> = sessionsResult;
const credentialsAnswer: AnswerSchema<TrackingCredentials> = trackingCredentials;

/** The tracking port over an adapter's transport. */
export function createTrackingPort(transport: PortTransport): TrackingPort {
  const report = async <T>(name: TrackingReport, pairs: ReportParams, schema: AnswerSchema<T>): Promise<T> =>
    parseAnswer(transport, { path: TRACKING_REPORT_PATH[name] }, schema, await transport.analysis(name, pairs));
  return {
    events: (query) => report('event', eventParams(query), eventAnswer),
    funnel: (query) => report('funnel', funnelParams(query), funnelAnswer),
    sessions: (query) => report('sessions', sessionParams(query), sessionsAnswer),
    exportEvents: (query, onProgress) => transport.downloadFrom(`${TRACKING_REPORT_PATH.event}export/`, eventParams(query), onProgress),
    async regenerateSecret(app) {
      const request = { method: 'POST' as const, path: `${TRACKING_APPS_PATH}${app}/regenerate/` };
      return parseAnswer(transport, request, credentialsAnswer, await transport.request(request));
    },
  };
}
