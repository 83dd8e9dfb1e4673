import { AUTH_HEADER_SCHEME, DEFAULT_EXPORT_FILE_NAME, MESSAGE_DURATION_MS } from '../../config';
import type { Translate } from '../../i18n';
import type { ApiCallbacks } from '../api';
import { ApiError } from '../errors';
import type {
  ActionOptions,
  DownloadedFile,
  ListQuery,
  ProgressListener,
  ResourceApi,
  ResourcePage,
  ResourceRow,
  RowId,
  UploadedFile,
} from '../resource-types';
import { envelopeOutcome } from './codes';
import { replyOf, type HttpClient, type RequestOptions } from './http';
import { encodeParams, type Params } from './params';
import { apiUrl } from './urls';
import { FormUpload } from '../upload/form';
import { defaultPostForm, fetchPostForm } from '../upload/transport';

/**
 * The generic resource calls over REST (API-CONTRACT §3, §14). JSON calls go through the one HTTP
 * client (envelope codes, token refresh, timeouts); file transfers (export, import template, upload)
 * use fetch here with the same Authorization header and the same envelope rules for failures.
 */


type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/** `a/b/` joined under a resource base path ('/api/system/user/'), with one slash between and a trailing slash. */
export function resourcePath(resource: string, sub = ''): string {
  const base = resource.endsWith('/') ? resource : `${resource}/`;
  const tail = sub.replace(/^\/+/, '');
  if (!tail) return base;
  return tail.endsWith('/') || tail.includes('?') ? base + tail : `${base}${tail}/`;
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

/** A failed import: the message plus the rows the server refused (`details`: [{row, msg}]). */
export class ImportError extends ApiError {
  constructor(
    message: string,
    url: string,
    code: number | null,
    readonly details: unknown[],
  ) {
    super('envelope', message, url, code);
  }
}

export interface ResourceTransportOptions {
  serverUrl: string;
  t: Translate;
  callbacks: ApiCallbacks;
  fetch?: typeof fetch;
}

export class RestResources implements ResourceApi {
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly http: HttpClient,
    private readonly options: ResourceTransportOptions,
  ) {
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async list(resource: string, query: ListQuery = {}): Promise<ResourcePage> {
    const request: RequestOptions = { path: resourcePath(resource), params: query };
    const page = toResourcePage(await this.http.request(request), query);
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
    await this.http.request({ method: 'DELETE', path: resourcePath(resource, String(id)) });
  }

  async multipleDelete(resource: string, keys: readonly RowId[]): Promise<void> {
    await this.http.request({ method: 'DELETE', path: resourcePath(resource, 'multiple_delete'), body: { keys } });
  }

  action(resource: string, path: string, options: ActionOptions = {}): Promise<unknown> {
    return this.http.request({
      method: options.method ?? 'GET',
      path: resourcePath(resource, path),
      params: options.params,
      body: options.body,
      quiet: options.quiet,
      plain: options.signedOut,
    });
  }

  exportData(resource: string, query: ListQuery, onProgress?: ProgressListener): Promise<DownloadedFile> {
    const { page: _page, limit: _limit, ...filters } = query;
    return this.download_(resourcePath(resource, 'export_data'), filters, onProgress);
  }

  importTemplate(resource: string, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.download_(resourcePath(resource, 'import_data'), {}, onProgress);
  }

  async importData(resource: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<string> {
    const uploaded = await this.upload(file, fileName, onProgress);
    const path = resourcePath(resource, 'import_data');
    const response = await this.authorized(path, {
      method: 'POST',
      body: JSON.stringify({ url: uploaded.url }),
      headers: { 'Content-Type': 'application/json' },
    });
    const body = await readJson(response);
    if (isRecord(body) && body.code === 2000) return typeof body.msg === 'string' ? body.msg : '';
    const error = isRecord(body) ? this.envelopeFailure(path, body) : this.show(path, this.options.t('http.badResponse'), response.status);
    // The reference server lists each bad row in data: [{row, msg}] (all or nothing: nothing was written).
    throw new ImportError(error.message, path, error.code, isRecord(body) && Array.isArray(body.data) ? body.data : []);
  }

  /**
   * The form back end of src/adapters/upload (multipart field `file`, the HTTP client's rules, 上传失败
   * on an empty answer), with XMLHttpRequest upload progress in the browser.
   */
  upload(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<UploadedFile> {
    const post = this.options.fetch ? fetchPostForm(this.options.fetch) : defaultPostForm();
    const uploader = new FormUpload({ serverUrl: this.options.serverUrl, http: this.http, t: this.options.t, callbacks: this.options.callbacks, post });
    return uploader.upload(file, fileName, onProgress);
  }

  /**
   * Multipart (field `file`) to an action of a resource under the HTTP client's rules (envelope codes,
   * 401 refresh and retry), with upload progress; the timeout grows with the file (60 s, or 1 s per
   * 256 KiB when longer), so a large package is not cut off by the JSON calls' limit.
   */
  async uploadTo(resource: string, path: string, file: Blob, fileName: string, options: { params?: Params; onProgress?: ProgressListener } = {}): Promise<unknown> {
    const post = this.options.fetch ? fetchPostForm(this.options.fetch) : defaultPostForm();
    const target = resourcePath(resource, path);
    const query = encodeParams(options.params);
    const url = apiUrl(this.options.serverUrl, target) + (query ? `?${query}` : '');
    const timeoutMs = Math.max(60_000, Math.ceil(file.size / (256 * 1024)) * 1000);
    return this.http.perform<unknown>({ method: 'POST', path: target, timeoutMs }, async (token, signal) => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token) headers.Authorization = `${AUTH_HEADER_SCHEME} ${token}`;
      const answer = await post(url, [['file', file, fileName]], { headers, signal, onProgress: options.onProgress });
      return replyOf(answer.status, answer.status >= 200 && answer.status < 300, answer.text);
    });
  }

  download(resource: string, path: string, params: Params = {}, onProgress?: ProgressListener): Promise<DownloadedFile> {
    return this.download_(resourcePath(resource, path), params, onProgress);
  }

  private async row(request: RequestOptions): Promise<ResourceRow> {
    const data = await this.http.request(request);
    if (isRecord(data)) return data;
    if (data === null || data === undefined || Array.isArray(data)) return {};
    throw this.http.malformed(request);
  }

  /** GET a file. A JSON answer instead of a file is an envelope failure and shows like one. */
  private async download_(path: string, params: Params, onProgress?: ProgressListener): Promise<DownloadedFile> {
    const query = encodeParams(params);
    const response = await this.authorized(path + (query ? `?${query}` : ''), { method: 'GET' });
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const body = await readJson(response);
      throw isRecord(body) ? this.envelopeFailure(path, body) : this.show(path, this.options.t('http.badResponse'), response.status);
    }
    if (!response.ok) throw this.show(path, this.options.t('http.failed'), response.status);
    const blob = await readWithProgress(response, onProgress);
    const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? DEFAULT_EXPORT_FILE_NAME;
    return { name, blob };
  }

  /** fetch with the JWT; one token refresh and retry when the server says 401 (in the envelope or the status). */
  private async authorized(path: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = this.http.token();
      const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
      if (token) headers.Authorization = `${AUTH_HEADER_SCHEME} ${token}`;
      let response: Response;
      try {
        response = await this.fetchImpl(apiUrl(this.options.serverUrl, path), { ...init, headers });
      } catch {
        throw this.show(path, this.options.t('http.network'), null);
      }
      if (attempt === 0 && (await isUnauthorized(response))) {
        try {
          await this.http.refresh();
          continue;
        } catch {
          // fall through: the caller reads the 401 as a failure
        }
      }
      return response;
    }
  }

  private envelopeFailure(path: string, body: Json): ApiError {
    const code = typeof body.code === 'number' ? body.code : 0;
    const outcome = envelopeOutcome(code, body.msg, { url: path, isLogin: false, t: this.options.t });
    if (outcome.kind === 'show') return this.show(path, outcome.message, code, outcome.severity);
    if (outcome.kind === 'expire') return this.show(path, outcome.message, code);
    return this.show(path, this.options.t('auth.expired'), code);
  }

  private show(path: string, message: string, code: number | null, severity: 'error' | 'warn' | 'info' | 'success' = 'error'): ApiError {
    this.options.callbacks.notify({ severity, text: message, life: MESSAGE_DURATION_MS });
    this.options.callbacks.logFailure({ message, url: path, severity });
    return new ApiError('envelope', message, path, code);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return null;
  }
}

async function isUnauthorized(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return false;
  const body = await readJson(response.clone());
  return isRecord(body) && body.code === 401;
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
