/**
 * Event tracking's analysis calls (issue 15, data_embed/*): the transport-neutral queries the stores
 * build, the answers as the server sends them (docs/tracking-console.md, the lead's note), and the one
 * place a query becomes ordered name/value pairs: the REST adapter sends them as the query string,
 * the GraphQL adapter hands them to the gateway's `trackingReport`, which writes the same upstream.
 */

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

/** Ordered query pairs; `event` repeats once per series. */
export type ReportParams = Array<[name: string, value: string]>;

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

/** The pairs as a query string (REST, and the export's download URL). */
export function reportQueryString(params: ReportParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of params) search.append(name, value);
  return search.toString();
}

/** The calls of the tracking screens beyond the generic resources. */
export interface TrackingApi {
  eventAnalysis(query: EventAnalysisQuery): Promise<EventAnalysis>;
  funnelAnalysis(query: FunnelAnalysisQuery): Promise<FunnelAnalysis>;
  sessionAnalysis(query: SessionAnalysisQuery): Promise<SessionAnalysis>;
  /** GET data_embed/event/export/ with the same query: the table as xlsx (over REST in both adapters: files are not JSON). */
  exportEventAnalysis(query: EventAnalysisQuery, onProgress?: (fraction: number | null) => void): Promise<{ name: string; blob: Blob }>;
  /** POST embed_configure/game/{id}/regenerate/: a new pair; the old one stops working at once. */
  regenerateTrackingSecret(app: number): Promise<TrackingCredentials>;
}
