import type { ReportParams, StreamedFile, StreamOptions } from '../port';
import { isRecord } from '../../../contracts/json';
import { DEFAULT_EXPORT_FILE_NAME } from '../../config';
import type { Translate } from '../../i18n';
import type {
  ActionOptions,
  ApiCallbacks,
  DownloadedFile,
  ExportQuery,
  ListQuery,
  ProgressListener,
  ResourcePage,
  ResourceRow,
  RowId,
  UploadedFile,
  UploadOptions,
} from '../api';
import type { ResourceTransport } from '../console-base';
import { createUploader } from '../upload/uploader';
import { defaultPostForm, fetchPostForm } from '../upload/transport';
import { replyOf, type HttpClient, type RequestOptions } from './http';
import { encodeParams, listParams, type Params } from './params';
import { apiUrl } from './urls';

/**
 * The generic resource calls over REST (API-CONTRACT §3, §14). Every call, JSON or file, runs under
 * the one HTTP client's rules (envelope codes, token refresh and retries, Authorization header,
 * timeouts, how failures show): JSON through `request`, file transfers through `perform` with their
 * own exchange.
 */

/** `a/b/` joined under a resource base path ('/api/system/user/'), with one slash between and a trailing slash. */
export function resourcePath(resource: string, sub = ''): string {
  const base = resource.endsWith('/') ? resource : `${resource}/`;
  const tail = sub.replace(/^\/+/, '');
  if (!tail) return base;
  return tail.endsWith('/') ? base + tail : `${base}${tail}/`;
}

/** Reads a list answer: paginated `{page, limit, total, data}`, non-paginated wrapper, or a bare array. */
export function toResourcePage(data: unknown, query: ListQuery = {}): ResourcePage | null {
  if (Array.isArray(data)) {
    return { page: 1, limit: data.length, total: data.length, rows: data.filter(isRecord) };
  }
  // Some endpoints answer { results: [...] } (spec §7: remote select initial values).
  if (isRecord(data) && !Array.isArray(data.data) && Array.isArray(data.results)) {
    const rows = data.results.filter(isRecord);
    return { page: 1, limit: rows.length, total: typeof data.count === 'number' ? data.count : rows.length, rows };
  }
  if (isRecord(data) && Array.isArray(data.data)) {
    const rows = data.data.filter(isRecord);
    const limit = typeof data.limit === 'number' ? data.limit : (query.limit ?? rows.length);
    const page = typeof data.page === 'number' ? data.page : (query.page ?? 1);
    // Non-paginated answers (menu / dept lazy lists) say page 1, limit 1, total 1 whatever they hold.
    const wrapper = data.limit === 1 && data.page === 1 && !('is_next' in data);
    const total = wrapper ? rows.length : typeof data.total === 'number' ? data.total : rows.length;
    return { page, limit: wrapper ? rows.length : limit, total, rows };
  }
  return null;
}

/** The file name of a content-disposition header (RFC 5987 `filename*=` first), else null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const raw = (plain?.[2] ?? plain?.[1] ?? '').trim();
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export interface ResourceTransportOptions {
  serverUrl: string;
  t: Translate;
  callbacks: ApiCallbacks;
  fetch?: typeof fetch;
}

/** Ordered pairs as REST parameters (a repeated name becomes an array, sent without indices). */
export function pairsToParams(pairs: ReportParams): Params {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const known = params[name];
    params[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return params;
}

export class RestResources implements ResourceTransport {
  private readonly fetchImpl: typeof fetch;

  constructor(
    protected readonly http: HttpClient,
    private readonly options: ResourceTransportOptions,
  ) {
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** A JSON call on this adapter's transport (REST here; the GraphQL adapter's subclass goes through the gateway). */
  request<T = unknown>(options: RequestOptions): Promise<T> {
    return this.http.request<T>(options);
  }

  async list(resource: string, query: ListQuery = {}): Promise<ResourcePage> {
    const request: RequestOptions = { path: resourcePath(resource), params: listParams(query) };
    const page = toResourcePage(await this.request(request), query);
    if (!page) throw this.http.malformed(request);
    return page;
  }

  async retrieve(resource: string, id: RowId): Promise<ResourceRow> {
    return this.row({ path: resourcePath(resource, String(id)) });
  }

  async create(resource: string, body: ResourceRow): Promise<ResourceRow> {
    return this.row({ method: 'POST', path: resourcePath(resource), body });
  }

  async update(resource: string, id: RowId, body: ResourceRow): Promise<ResourceRow> {
    return this.row({ method: 'PUT', path: resourcePath(resource, String(id)), body });
  }

  async remove(resource: string, id: RowId): Promise<void> {
    await this.request({ method: 'DELETE', path: resourcePath(resource, String(id)) });
  }

  async multipleDelete(resource: string, keys: readonly RowId[]): Promise<void> {
    await this.request({ method: 'DELETE', path: resourcePath(resource, 'multiple_delete'), body: { keys } });
  }

  action(resource: string, path: string, options: ActionOptions = {}): Promise<unknown> {
    return this.request({ method: options.method ?? 'GET', path: resourcePath(resource, path), body: options.body, quiet: options.quiet });
  }

  exportData(resource: string, query: ExportQuery, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.download(resourcePath(resource, 'export_data'), listParams(query), onProgress);
  }

  importTemplate(resource: string, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.download(resourcePath(resource, 'import_data'), {}, onProgress);
  }

  /** The file goes up through the form back end (the server reads it from its own storage), then its url to import_data/. */
  async importData(resource: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<string> {
    const uploaded = await this.upload(file, fileName, { module: 'form', onProgress });
    const request: RequestOptions = { method: 'POST', path: resourcePath(resource, 'import_data'), body: { url: uploaded.url } };
    // A refused import rejects with the rows in `details` (reference server: code 4000, data [{row, msg}], nothing written).
    const { msg } = await this.http.performWithMessage(request, this.http.restExchange(request));
    return typeof msg === 'string' ? msg : '';
  }

  /** The back end named by `options.module` (src/adapters/upload), with XMLHttpRequest upload progress in the browser. */
  upload(file: Blob, fileName: string, options: UploadOptions = {}): Promise<UploadedFile> {
    const post = this.options.fetch ? fetchPostForm(this.options.fetch) : defaultPostForm();
    const uploader = createUploader(options.module, { serverUrl: this.options.serverUrl, http: this.http, t: this.options.t, callbacks: this.options.callbacks, post });
    return uploader.upload(file, fileName, options.onProgress);
  }

  /**
   * Multipart (field `file`) to an action of a resource (e.g. a game icon or release package) under the
   * HTTP client's rules, with upload progress; the answer's data as it is. The timeout grows with the
   * file (the spec's 60 s, or 1 s per 256 KiB when longer), so a large package is not cut off.
   */
  uploadTo(resource: string, path: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<unknown> {
    const post = this.options.fetch ? fetchPostForm(this.options.fetch) : defaultPostForm();
    const target = resourcePath(resource, path);
    const url = apiUrl(this.options.serverUrl, target);
    const timeoutMs = Math.ceil(file.size / (256 * 1024)) * 1000;
    return this.http.perform<unknown>({ method: 'POST', path: target, timeoutMs }, async (auth, signal) => {
      const headers: Record<string, string> = { Accept: 'application/json', ...auth };
      const answer = await post(url, [['file', file, fileName]], { headers, signal, onProgress });
      return replyOf(answer.status, answer.status >= 200 && answer.status < 300, answer.text);
    });
  }

  /** GET a file an action of a resource answers (e.g. a batch's codes); the name from content-disposition. */
  downloadFile(resource: string, path: string, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.download(resourcePath(resource, path), {}, onProgress);
  }

  /** GET a file at a path with ordered query pairs (e.g. an analysis's export), under the same rules. */
  downloadFrom(path: string, pairs: ReportParams, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.download(path, pairsToParams(pairs), onProgress);
  }

  streamFrom(path: string, pairs: ReportParams, options: StreamOptions = {}): Promise<StreamedFile> {
    return this.stream(path, pairsToParams(pairs), options);
  }

  /**
   * GET a file streamed by the server (header X-Export-Rows = rows in it): reports bytes received and
   * the rows, stops when the signal aborts (before the request: nothing is sent; once the answer
   * came: the body's read is cancelled). A JSON answer is an envelope and reads like one.
   */
  private async stream(path: string, params: Params, options: StreamOptions): Promise<StreamedFile> {
    if (options.signal?.aborted) throw new DOMException('The export was cancelled', 'AbortError');
    const query = encodeParams(params);
    const request: RequestOptions = { path };
    const url = apiUrl(this.options.serverUrl, path) + (query ? `?${query}` : '');
    const answer = await this.http.perform<unknown>(request, async (auth, timeout) => {
      const response = await this.fetchImpl(url, { method: 'GET', headers: { ...auth }, signal: timeout });
      if ((response.headers.get('content-type') ?? '').includes('application/json')) return replyOf(response.status, response.ok, await response.text());
      if (!response.ok) return { kind: 'http', status: response.status };
      return { kind: 'file', status: response.status, response };
    });
    if (!(answer instanceof Response)) throw this.http.malformed(request);
    // The reading loads with the first export (a lazy chunk, not the login page's).
    const { readExport } = await import('./read-export');
    const { blob, rows } = await readExport(answer, options);
    const name = fileNameFromDisposition(answer.headers.get('content-disposition')) ?? DEFAULT_EXPORT_FILE_NAME;
    return { name, blob, rows };
  }

  private async row(request: RequestOptions): Promise<ResourceRow> {
    const data = await this.request(request);
    if (isRecord(data)) return data;
    if (data === null || data === undefined || Array.isArray(data)) return {};
    throw this.http.malformed(request);
  }

  /** GET a file under the HTTP client's rules. A JSON answer instead of a file is an envelope and reads like one. */
  private async download(path: string, params: Params, onProgress?: ProgressListener): Promise<DownloadedFile> {
    const query = encodeParams(params);
    const request: RequestOptions = { path };
    const url = apiUrl(this.options.serverUrl, path) + (query ? `?${query}` : '');
    const answer = await this.http.perform<unknown>(request, async (auth, signal) => {
      const response = await this.fetchImpl(url, { method: 'GET', headers: { ...auth }, signal });
      if ((response.headers.get('content-type') ?? '').includes('application/json')) return replyOf(response.status, response.ok, await response.text());
      if (!response.ok) return { kind: 'http', status: response.status };
      return { kind: 'file', status: response.status, response };
    });
    if (!(answer instanceof Response)) throw this.http.malformed(request);
    const blob = await readWithProgress(answer, onProgress);
    const name = fileNameFromDisposition(answer.headers.get('content-disposition')) ?? DEFAULT_EXPORT_FILE_NAME;
    return { name, blob };
  }
}

/** Reads the body, reporting the share received when the size is known. */
async function readWithProgress(response: Response, onProgress?: ProgressListener): Promise<Blob> {
  const total = Number(response.headers.get('content-length')) || 0;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body || !onProgress) {
    const blob = await response.blob();
    onProgress?.(1);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(total ? 0 : null);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(total ? Math.min(1, received / total) : null);
  }
  onProgress(1);
  return new Blob(chunks, { type });
}
