/**
 * The seam every feature port is written over, once for both adapters. A port (TrackingPort,
 * IncomePort, ...) lives in its feature (`src/features/<area>/adapters/`) and speaks only this
 * interface; the REST adapter implements it over HTTP, the GraphQL adapter over the gateway (reads
 * through its typed resourceList / trackingReport, JSON writes through rest / restWrite, files over
 * REST in both). This module names no feature and imports nothing of the adapters above it, so a
 * feature's port may import it without a cycle.
 */
import { isRecord } from '../../contracts/json';
import type { ListPage } from '../../contracts/schemas';
import type { ApiError } from './errors';

/** Ordered query pairs (a name may repeat, e.g. `event` once per series). */
export type ReportParams = Array<[name: string, value: string]>;

/** Share of a transfer done, 0..1 (null when the size is unknown). */
export type ProgressListener = (fraction: number | null) => void;

/** A downloaded file (export, import template). */
export interface DownloadedFile {
  name: string;
  blob: Blob;
}

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

/** The analysis reports of event tracking and the analysis pickers' calls (data_embed/<report>/; the gateway's trackingReport). */
export type AnalysisReport = 'event' | 'funnel' | 'sessions' | 'properties' | 'event_counts';

/** A JSON call of a port: the REST path it names (also in messages), its method, parameters and body. */
export interface PortRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Query parameters (REST only: the GraphQL adapter's JSON calls carry none). */
  params?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Failures are not shown or logged (the caller copes). */
  quiet?: boolean;
}

/** What a port asks of the adapter it runs in. Every call runs under the HTTP client's rules and rejects with an ApiError. */
export interface PortTransport {
  /** A read with ordered pairs: REST GET with them as the query string; GraphQL resourceList with `equals` arguments (the same query upstream). */
  read(path: string, pairs: ReportParams): Promise<unknown>;
  /** An analysis report of event tracking (REST GET data_embed/<report>/; GraphQL trackingReport). */
  analysis(report: AnalysisReport, pairs: ReportParams): Promise<unknown>;
  /** A JSON request on the adapter's transport (REST; the gateway's rest / restWrite). */
  request(options: PortRequest): Promise<unknown>;
  /** Multipart (field `file`) to an action of a resource, over REST in both adapters; the answer's data as it is. */
  uploadTo(resource: string, path: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<unknown>;
  /** GET a file at a path with ordered query pairs (over REST in both adapters). */
  downloadFrom(path: string, pairs: ReportParams, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /** Like downloadFrom, reporting bytes received and the X-Export-Rows header, cancellable by a signal. */
  streamFrom(path: string, pairs: ReportParams, options?: StreamOptions): Promise<StreamedFile>;
  /** The error of an answer that does not have the expected shape (kind 'format', shown like every failure). */
  malformed(request: PortRequest): ApiError;
}

/** Anything that checks a value: a zod schema (contracts/schemas) or a hand-written reader. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** The answer read by its contract schema, or the `malformed` error of the call. */
export function parseAnswer<T>(transport: PortTransport, request: PortRequest, schema: AnswerSchema<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw transport.malformed(request);
}

/** A read (see PortTransport.read) whose answer goes through its contract schema. */
export async function readParsed<T>(transport: PortTransport, path: string, pairs: ReportParams, schema: AnswerSchema<T>): Promise<T> {
  return parseAnswer(transport, { path }, schema, await transport.read(path, pairs));
}

/** A JSON request (see PortTransport.request) whose answer goes through its contract schema. */
export async function requestParsed<T>(transport: PortTransport, request: PortRequest, schema: AnswerSchema<T>): Promise<T> {
  return parseAnswer(transport, request, schema, await transport.request(request));
}

/** The non-empty fields of a query as pairs, in the order given (numbers as text). */
export function pairsOf(query: object): ReportParams {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => [name, String(value)]);
}

/** A paged list answer read as a ListPage (missing paging fields filled from the rows); null if it is none. */
export function listPageOf<T>(data: unknown): ListPage<T> | null {
  if (!isRecord(data) || !Array.isArray(data.data)) return null;
  const rows = data.data as T[];
  return {
    page: typeof data.page === 'number' ? data.page : 1,
    limit: typeof data.limit === 'number' ? data.limit : rows.length,
    total: typeof data.total === 'number' ? data.total : rows.length,
    is_next: data.is_next === true,
    is_previous: data.is_previous === true,
    data: rows,
  };
}

/** The pairs as a query string (REST, and an export's download URL). */
export function reportQueryString(params: ReportParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of params) search.append(name, value);
  return search.toString();
}

/**
 * A port whose module loads on its first call: the feature's query writers and schemas stay out of
 * the chunks that build the adapter (the login page's among them). Every port method returns a
 * promise, so each one waits for the module and then runs.
 */
export function lazyPort<P extends object>(name: string, load: () => Promise<P>): P {
  let loaded: Promise<P> | null = null;
  return new Proxy({} as P, {
    get(_target, property) {
      if (typeof property !== 'string' || property === 'then') return undefined;
      return async (...args: unknown[]) => {
        const port = await (loaded ??= load());
        const method: unknown = Reflect.get(port, property);
        if (typeof method !== 'function') throw new TypeError(`${name} port has no method ${property}`);
        return (method as (...a: unknown[]) => Promise<unknown>).apply(port, args);
      };
    },
  });
}
