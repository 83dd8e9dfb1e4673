import http from 'node:http';
import https from 'node:https';

/**
 * A small HTTP client on node:http, so the suite controls every header it sends (fetch always adds a
 * User-Agent; the contract has a case without one) and sees every status as it is (no redirects).
 */

export interface Reply {
  /** The request this answers, e.g. `GET /api/system/area/?pcode__isnull=true`: every failure message names it. */
  route: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
}

export interface RequestOptions {
  /** A JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  /** A raw body; set the Content-Type yourself in `headers`. */
  body?: string | Buffer;
  /** Access token, sent as `Authorization: <scheme> <token>`. */
  token?: string;
  /** Authorization scheme; the back end only accepts `JWT`. */
  scheme?: string;
  headers?: Record<string, string>;
  /** Default 'contract-suite'; null sends no User-Agent header at all. */
  userAgent?: string | null;
  timeoutMs?: number;
}

/** One request and its answer, kept for the report. */
export interface Exchange {
  method: string;
  url: string;
  requestBody: string;
  status: number | 'no answer';
  responseText: string;
  ms: number;
}

const MAX_LOGGED_BODY = 4000;

function clip(s: string): string {
  return s.length > MAX_LOGGED_BODY ? `${s.slice(0, MAX_LOGGED_BODY)}… (${s.length} chars)` : s;
}

export class HttpClient {
  /** Exchanges since the last `takeLog()`. */
  private log: Exchange[] = [];

  constructor(readonly baseUrl: string) {}

  /** `path` is relative to the base URL, with or without a leading slash (the contract has both). */
  url(path: string): URL {
    return new URL(path.replace(/^\/+/, ''), this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
  }

  get(path: string, opts: RequestOptions = {}): Promise<Reply> {
    return this.request('GET', path, opts);
  }

  post(path: string, opts: RequestOptions = {}): Promise<Reply> {
    return this.request('POST', path, opts);
  }

  takeLog(): Exchange[] {
    const out = this.log;
    this.log = [];
    return out;
  }

  request(method: string, path: string, opts: RequestOptions = {}): Promise<Reply> {
    const url = this.url(path);
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    const ua = opts.userAgent === undefined ? 'contract-suite' : opts.userAgent;
    if (ua !== null) headers['user-agent'] = ua;
    if (opts.token !== undefined) headers.authorization = `${opts.scheme ?? 'JWT'} ${opts.token}`;
    let body: string | Buffer | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const transport = url.protocol === 'https:' ? https : http;
    const started = Date.now();
    const entry: Exchange = {
      method,
      url: url.toString(),
      requestBody: body === undefined ? '' : clip(typeof body === 'string' ? body : `<${body.length} bytes>`),
      status: 'no answer',
      responseText: '',
      ms: 0,
    };
    this.log.push(entry);
    return new Promise<Reply>((resolve, reject) => {
      const req = transport.request(url, { method, headers, timeout: opts.timeoutMs ?? 15_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          entry.status = res.statusCode ?? 0;
          entry.responseText = clip(text);
          entry.ms = Date.now() - started;
          resolve({ route: `${method} ${url.pathname}${url.search}`, status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) });
        });
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${url} gave no answer within ${opts.timeoutMs ?? 15_000} ms`)));
      req.on('error', (e) => {
        entry.ms = Date.now() - started;
        entry.responseText = e.message;
        reject(e);
      });
      if (body !== undefined) req.write(body);
      req.end();
    });
  }
}

function parseJson(text: string): unknown {
  const t = text.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/** Printable form of a request log, attached to each test's report. */
export function formatLog(log: Exchange[]): string {
  return log
    .map((e) => `${e.method} ${e.url} → ${e.status} (${e.ms} ms)\n${e.requestBody ? `  sent: ${e.requestBody}\n` : ''}  got:  ${e.responseText}`)
    .join('\n\n');
}
