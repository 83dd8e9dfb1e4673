/**
 * Revenue's port (center_income/*): the transport-neutral queries the stores build, the answers as
 * contracts/schemas/income defines them (every answer is parsed by its schema, so a drift of the wire
 * shape is a clear "malformed" error, not a NaN on a screen), and the one place a query becomes
 * ordered name/value pairs. REST sends the pairs as the query string; the GraphQL adapter hands them
 * to the gateway's `resourceList` as typed `equals` arguments, which writes the same query upstream.
 * This module loads with the first revenue call (not in the login page's chunk).
 */
import {
  distributionResult,
  historyResult,
  overviewResult,
  rankResult,
  type DistributionResult,
  type HistoryResult,
  type OverviewResult,
  type RankResult,
} from '../../../../contracts/schemas/income';
import { dayOrdersPage, type DayOrderKind, type DayOrdersPage } from '../../../../contracts/schemas/income/day-orders';
import { readParsed, type DownloadedFile, type AnswerSchema, type PortTransport, type ReportParams, type StreamedFile, type StreamOptions } from '../../../adapters/port';

export type { ExportProgress, StreamedFile, StreamOptions } from '../../../adapters/port';
export type { DistributionResult, HistoryResult, OrderRow, OverviewResult, RankResult, RevenueFigures } from '../../../../contracts/schemas/income';
export type { DayOrderKind, DayOrdersPage } from '../../../../contracts/schemas/income/day-orders';

/** The orders behind a day of revenue (历史收入's drill-down): paid that day or refunded that day, one game or all. */
export interface DayOrdersQuery {
  day: string;
  game?: number;
  kind: DayOrderKind;
  page?: number;
  limit?: number;
}

export const DAY_ORDERS_PATH = '/api/center_income/history/orders/';

export function dayOrdersParams(q: DayOrdersQuery, paged: boolean): ReportParams {
  const out: ReportParams = [['day', q.day]];
  if (q.game !== undefined) out.push(['game', String(q.game)]);
  out.push(['kind', q.kind]);
  if (paged) out.push(['page', String(q.page ?? 1)], ['limit', String(q.limit ?? 20)]);
  return out;
}

export type IncomeReport = 'overview' | 'history' | 'distribution' | 'rank';
export type HistoryCompare = 'previous' | 'last_month';
export type DistributionBy = 'game' | 'channel' | 'region' | 'method';
export type RankBy = 'game' | 'channel' | 'player';

/** start..end (YYYY-MM-DD, both included), one game or (absent) every game. */
export interface IncomeRange {
  start: string;
  end: string;
  game?: number;
}
export interface HistoryQuery extends IncomeRange {
  compare?: HistoryCompare;
}
export interface DistributionQuery extends IncomeRange {
  by: DistributionBy;
}
export interface RankQuery extends IncomeRange {
  by: RankBy;
  limit?: number;
}

/** Filters of the orders list and its export (the schema file's comment), all optional. */
export interface OrderFilters {
  game?: number;
  status?: string;
  currency?: string;
  channel?: string;
  method?: string;
  region?: string;
  order_id?: string;
  distinct_id?: string;
  search?: string;
  start?: string;
  end?: string;
  ordering?: string;
}

/** The REST path of each report (the GraphQL adapter names the same path). */
export const INCOME_PATH: Record<IncomeReport, string> = {
  overview: '/api/center_income/overview/',
  history: '/api/center_income/history/',
  distribution: '/api/center_income/distribution/',
  rank: '/api/center_income/rank/',
};
export const ORDERS_PATH = '/api/center_income/details/';
export const ORDERS_EXPORT_PATH = '/api/center_income/details/export/';

function rangePairs(q: IncomeRange): ReportParams {
  const out: ReportParams = [];
  if (q.game !== undefined) out.push(['game', String(q.game)]);
  out.push(['start', q.start], ['end', q.end]);
  return out;
}

export function overviewParams(q: IncomeRange): ReportParams {
  return rangePairs(q);
}

export function historyParams(q: HistoryQuery): ReportParams {
  const out = rangePairs(q);
  if (q.compare) out.push(['compare', q.compare]);
  return out;
}

export function distributionParams(q: DistributionQuery): ReportParams {
  return [...rangePairs(q), ['by', q.by]];
}

export function rankParams(q: RankQuery): ReportParams {
  const out: ReportParams = [...rangePairs(q), ['by', q.by]];
  if (q.limit !== undefined) out.push(['limit', String(q.limit)]);
  return out;
}

const ORDER_FILTER_KEYS = ['game', 'status', 'currency', 'channel', 'method', 'region', 'order_id', 'distinct_id', 'search', 'start', 'end', 'ordering'] as const;

/** The export's pairs: every filter given, in a fixed order (empty ones left out). */
export function orderFilterParams(filters: OrderFilters): ReportParams {
  const out: ReportParams = [];
  for (const key of ORDER_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '') continue;
    out.push([key, String(value)]);
  }
  return out;
}

/** The calls of the revenue screens beyond the generic resources (the orders list is one: ORDERS_PATH). */
export interface IncomePort {
  overview(query: IncomeRange): Promise<OverviewResult>;
  history(query: HistoryQuery): Promise<HistoryResult>;
  distribution(query: DistributionQuery): Promise<DistributionResult>;
  rank(query: RankQuery): Promise<RankResult>;
  /** GET details/export/ with the list's filters: an xlsx streamed with progress (over REST in both adapters: files are not JSON). */
  exportOrders(filters: OrderFilters, options?: StreamOptions): Promise<StreamedFile>;
  /** GET history/orders/: one page of a day's orders (total and sum = the day's figure of the kind) with the day's figures. */
  dayOrders(query: DayOrdersQuery): Promise<DayOrdersPage>;
  /** GET history/orders/export_data/: all of them as xlsx (over REST in both adapters). */
  exportDayOrders(query: DayOrdersQuery): Promise<DownloadedFile>;
}

/** The revenue port over an adapter's transport: each report's answer read by its contract schema. */
export function createIncomePort(transport: PortTransport): IncomePort {
  const report = <T>(name: IncomeReport, pairs: ReportParams, schema: AnswerSchema<T>) => readParsed(transport, INCOME_PATH[name], pairs, schema);
  return {
    overview: (query) => report('overview', overviewParams(query), overviewResult),
    history: (query) => report('history', historyParams(query), historyResult),
    distribution: (query) => report('distribution', distributionParams(query), distributionResult),
    rank: (query) => report('rank', rankParams(query), rankResult),
    exportOrders: (filters, options) => transport.streamFrom(ORDERS_EXPORT_PATH, orderFilterParams(filters), options),
    dayOrders: (query) => readParsed(transport, DAY_ORDERS_PATH, dayOrdersParams(query, true), dayOrdersPage),
    exportDayOrders: (query) => transport.downloadFrom(`${DAY_ORDERS_PATH}export_data/`, dayOrdersParams(query, false)),
  };
}
