/**
 * Revenue (issue 16, center_income/*): the transport-neutral queries the stores build, the answers as
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
import type { ReportParams } from '../../tracking/adapters/tracking';

export type { DistributionResult, HistoryResult, OrderRow, OverviewResult, RankResult, RevenueFigures } from '../../../../contracts/schemas/income';

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

/** The pairs of any report (the console base dispatches by name). */
export function incomeReportParams(report: IncomeReport, query: object): ReportParams {
  switch (report) {
    case 'overview':
      return overviewParams(query as IncomeRange);
    case 'history':
      return historyParams(query as HistoryQuery);
    case 'distribution':
      return distributionParams(query as DistributionQuery);
    case 'rank':
      return rankParams(query as RankQuery);
  }
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

/** Each report's answer checked by its contract schema; null when it does not fit. */
export const INCOME_PARSERS = {
  overview: (data: unknown): OverviewResult | null => overviewResult.safeParse(data).data ?? null,
  history: (data: unknown): HistoryResult | null => historyResult.safeParse(data).data ?? null,
  distribution: (data: unknown): DistributionResult | null => distributionResult.safeParse(data).data ?? null,
  rank: (data: unknown): RankResult | null => rankResult.safeParse(data).data ?? null,
};

/** How far a streamed export has come: bytes received so far, and the rows the server said it sends (X-Export-Rows; null when absent). */
export interface ExportProgress {
  bytes: number;
  rows: number | null;
}

export interface StreamOptions {
  onProgress?: (progress: ExportProgress) => void;
  /** Aborting it stops the download (the promise rejects with an AbortError). */
  signal?: AbortSignal;
}

/** A streamed file and the row count its header announced. */
export interface StreamedFile {
  name: string;
  blob: Blob;
  rows: number | null;
}

/** The calls of the revenue screens beyond the generic resources (the orders list is one: ORDERS_PATH). */
export interface IncomeApi {
  incomeOverview(query: IncomeRange): Promise<OverviewResult>;
  incomeHistory(query: HistoryQuery): Promise<HistoryResult>;
  incomeDistribution(query: DistributionQuery): Promise<DistributionResult>;
  incomeRank(query: RankQuery): Promise<RankResult>;
  /** GET details/export/ with the list's filters: an xlsx streamed with progress (over REST in both adapters: files are not JSON). */
  exportOrders(filters: OrderFilters, options?: StreamOptions): Promise<StreamedFile>;
}

/**
 * Reads a streamed export's body: the X-Export-Rows count (null when absent), each piece reported as
 * bytes received, the read cancelled when the signal aborts (then an AbortError).
 */
export async function readExport(answer: Response, options: StreamOptions): Promise<{ blob: Blob; rows: number | null }> {
  const { signal, onProgress } = options;
  const aborted = () => new DOMException('The export was cancelled', 'AbortError');
  const header = answer.headers.get('x-export-rows');
  const rows = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
  const type = answer.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress?.({ bytes, rows });
  if (answer.body) {
    const reader = answer.body.getReader();
    const stop = () => void reader.cancel().catch(() => undefined);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        if (signal?.aborted) throw aborted();
        const { done, value } = await reader.read();
        if (signal?.aborted) throw aborted();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        onProgress?.({ bytes, rows });
      }
    } finally {
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) stop();
    }
  }
  return { blob: new Blob(chunks, { type }), rows };
}
