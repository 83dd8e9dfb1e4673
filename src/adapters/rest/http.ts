import {
  AUTH_HEADER_SCHEME,
  HTTP_TIMEOUT_AUTH_MS,
  HTTP_TIMEOUT_PLAIN_MS,
  MESSAGE_DURATION_MS,
  REQUEST_RETRY,
  REQUEST_RETRY_DELAY_MS,
} from '../../config';
import type { Translate } from '../../i18n';
import { isRecord } from '../../../contracts/json';
import type { ApiCallbacks, Severity } from '../api';
import type { Cookies } from '../cookies';
import { ApiError, type ApiErrorKind } from '../errors';
import { bodyKind, nonEnvelopeText, type BodyKind } from '../error-text';
import { SessionTokens } from '../session';
import { envelopeOutcome, ENVELOPE, httpStatusOutcome, type AnswerContext, type Outcome } from './codes';
import { encodeParams, type Params } from './params';
import { apiUrl } from './urls';

/**
 * The HTTP client: every rule of spec §7-§8 in one place, for every call the console makes (JSON,
 * resources, uploads, downloads, and the GraphQL transport). Envelope codes, the 401 refresh-and-retry
 * (one refresh shared by concurrent requests, up to 3 retries), the Authorization header, timeouts,
 * parameter encoding, the session cookies, and how failures show (through the injected callbacks:
 * toast, front-end log, back to login).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** API path, e.g. 'api/login/' or '/api/system/user/user_info/'. */
  path: string;
  params?: Params;
  body?: unknown;
  /** The plain client: no Authorization header, the short timeout, no token refresh. */
  plain?: boolean;
  /** Failures are not shown or logged (the caller copes, e.g. an endpoint some back ends lack). */
  quiet?: boolean;
  /** A longer limit than the spec's for this call (a large upload); never shorter. */
  timeoutMs?: number;
}

export interface HttpClientOptions {
  /** The configured server URL ('' = same origin). */
  serverUrl: string;
  cookies: Cookies;
  t: Translate;
  callbacks: ApiCallbacks;
  fetch?: typeof fetch;
  timeouts?: { plain: number; auth: number };
  retry?: { count: number; delayMs: number };
  sleep?: (ms: number) => Promise<void>;
  /**
   * How a refresh token is exchanged for a new pair (default: POST token/refresh/ on this server).
   * The GraphQL adapter passes its refreshToken mutation here; the answer is a Reply like any other.
   */
  refreshExchange?: (refresh: string, signal: AbortSignal) => Promise<Reply>;
}

/** The headers that carry the session: `Authorization: JWT <token>`, or none. */
export type AuthHeader = Readonly<Record<string, string>>;

/** The one place the Authorization header is written (spec §4: scheme JWT). */
export function authHeader(token: string | null): AuthHeader {
  return token ? { Authorization: `${AUTH_HEADER_SCHEME} ${token}` } : {};
}

/**
 * One exchange of a transport: sends with the given session headers (empty = none; spread them into
 * the request's headers) and reports how it ended. It may throw only when the signal aborted or the
 * network failed.
 */
export type Exchange = (auth: AuthHeader, signal: AbortSignal) => Promise<Reply>;

/** The login call: a 401 there means wrong credentials. */
const LOGIN_PATH = 'api/login/';
const REFRESH_PATH = 'token/refresh/';

/** How one exchange with the server ended, whatever the transport (REST here, GraphQL in ../graphql). */
export type Reply =
  | { kind: 'envelope'; status: number; code: number; msg: unknown; data: unknown }
  | { kind: 'http'; status: number }
  /** `body`: how the unreadable answer looked (an empty body, a web page, ...), for a precise message. */
  | { kind: 'format'; status: number; body?: BodyKind }
  | { kind: 'network' }
  | { kind: 'timeout' }
  /** A download's file answer (not an envelope): the response, its body still unread. */
  | { kind: 'file'; status: number; response: Response };

const normalize = (path: string): string => path.replace(/^\/+/, '').split('?')[0] ?? '';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class HttpClient {
  /** The session cookies; this client is their one writer (sign-in, refresh, logout, expiry). */
  readonly session: SessionTokens;
  private readonly serverUrl: string;
  private readonly t: Translate;
  private readonly callbacks: ApiCallbacks;
  private readonly fetchImpl: typeof fetch;
  private readonly timeouts: { plain: number; auth: number };
  private readonly retry: { count: number; delayMs: number };
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly refreshExchange: ((refresh: string, signal: AbortSignal) => Promise<Reply>) | undefined;
  /** The refresh in flight, shared by every request that met a 401 meanwhile. */
  private refreshing: Promise<string> | null = null;

  constructor(options: HttpClientOptions) {
    this.serverUrl = options.serverUrl;
    this.session = new SessionTokens(options.cookies);
    this.t = options.t;
    this.callbacks = options.callbacks;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeouts = options.timeouts ?? { plain: HTTP_TIMEOUT_PLAIN_MS, auth: HTTP_TIMEOUT_AUTH_MS };
    this.retry = options.retry ?? { count: REQUEST_RETRY, delayMs: REQUEST_RETRY_DELAY_MS };
    this.sleep = options.sleep ?? defaultSleep;
    this.refreshExchange = options.refreshExchange;
  }

  /** Sends a REST request and resolves with the envelope's `data`, or rejects with an ApiError already shown. */
  request<T = unknown>(options: RequestOptions): Promise<T> {
    return this.perform<T>(options, this.restExchange(options));
  }

  /** The REST exchange of a JSON request (for perform, when a caller needs more than `request`). */
  restExchange(options: RequestOptions): Exchange {
    return (auth, signal) => this.send(options, auth, signal);
  }

  /**
   * Runs the spec's rules around any transport: `exchange` does one round trip, this decides what the
   * answer means (envelope codes, HTTP statuses), refreshes and retries, shows and logs failures.
   * `options.path` names the call in messages ('msg: url') and marks the login call. Resolves with the
   * envelope's data (a download: the file's Response).
   */
  async perform<T = unknown>(options: RequestOptions, exchange: Exchange): Promise<T> {
    return (await this.settle(options, exchange)).data as T;
  }

  /** Like `perform`, with the envelope's `msg` too (import_data answers with its summary there). */
  performWithMessage(options: RequestOptions, exchange: Exchange): Promise<{ data: unknown; msg: unknown }> {
    return this.settle(options, exchange);
  }

  private async settle(options: RequestOptions, exchange: Exchange): Promise<{ data: unknown; msg: unknown }> {
    const path = normalize(options.path);
    const ctx: AnswerContext = { url: options.path, isLogin: path === LOGIN_PATH, t: this.t };
    for (let attempt = 0; ; attempt++) {
      const token = options.plain ? null : this.session.access();
      const auth = authHeader(token);
      const limit = options.plain ? this.timeouts.plain : this.timeouts.auth;
      const reply = await this.timed(Math.max(limit, options.timeoutMs ?? 0), (signal) => exchange(auth, signal));
      let outcome: Outcome;
      switch (reply.kind) {
        case 'envelope':
          outcome = envelopeOutcome(reply.code, reply.msg, ctx);
          if (outcome.kind === 'ok') return { data: reply.data, msg: reply.msg };
          break;
        case 'file':
          return { data: reply.response, msg: '' };
        case 'http':
          outcome = httpStatusOutcome(reply.status, ctx);
          break;
        case 'timeout':
          throw this.fail(options, 'timeout', this.t('http.s408'), null);
        case 'network':
          throw this.fail(options, 'network', this.t('http.network'), null);
        case 'format':
          throw this.fail(options, 'format', nonEnvelopeText(reply, this.t, options.path), reply.status);
      }
      const code = reply.kind === 'envelope' ? reply.code : reply.status;
      if (outcome.kind === 'refresh') {
        if (options.plain) throw this.fail(options, 'envelope', this.t('auth.expired'), code);
        if (attempt >= this.retry.count) throw this.expire(options, this.t('auth.expired'), token, code);
        try {
          await this.refreshAfter(token);
        } catch {
          throw this.expire(options, this.t('auth.expired'), token, code);
        }
        await this.sleep(this.retry.delayMs);
        continue;
      }
      if (outcome.kind === 'expire') throw this.expire(options, outcome.message, token, code);
      if (outcome.kind === 'show') {
        const details = reply.kind === 'envelope' ? reply.data : null;
        throw this.fail(options, reply.kind === 'envelope' ? 'envelope' : 'http', outcome.message, code, outcome.severity, details);
      }
    }
  }

  /**
   * Gets a new access token with the refresh cookie and stores it. Concurrent callers share one call.
   * Rejects (without showing anything) when the refresh token is missing or refused.
   */
  refresh(): Promise<string> {
    if (!this.refreshing) {
      this.refreshing = this.refreshNow().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  /** A 2000 answer whose data has the wrong shape: shown (unless quiet) like any failure. */
  malformed(options: RequestOptions): ApiError {
    return this.fail(options, 'format', this.t('http.badResponse'), null);
  }

  /** Refresh unless another request already replaced the token this one was sent with. */
  private async refreshAfter(tokenUsed: string | null): Promise<void> {
    if (this.refreshing) {
      await this.refreshing;
      return;
    }
    const current = this.session.access();
    if (current !== null && current !== tokenUsed) return;
    await this.refresh();
  }

  private async refreshNow(): Promise<string> {
    const refresh = this.session.refresh();
    if (!refresh) throw new ApiError('auth', this.t('auth.expired'), REFRESH_PATH);
    const reply = await this.timed(this.timeouts.plain, (signal) =>
      this.refreshExchange
        ? this.refreshExchange(refresh, signal)
        : this.send({ method: 'POST', path: REFRESH_PATH, body: { refresh }, plain: true }, authHeader(null), signal),
    );
    if (reply.kind === 'envelope' && reply.code === ENVELOPE.ok && isRecord(reply.data)) {
      const data = reply.data;
      if (typeof data.access === 'string' && data.access) {
        this.session.renew(data.access, typeof data.refresh === 'string' && data.refresh ? data.refresh : undefined);
        return data.access;
      }
    }
    throw new ApiError('auth', this.t('auth.expired'), REFRESH_PATH);
  }

  /** Runs one exchange under a timeout. Never throws: a timeout or network failure is a Reply too. */
  private async timed(timeoutMs: number, run: (signal: AbortSignal) => Promise<Reply>): Promise<Reply> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await run(controller.signal);
    } catch {
      return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network' };
    } finally {
      clearTimeout(timer);
    }
  }

  /** One HTTP exchange. Throws only on network failure or abort (see `timed`). */
  private async send(options: RequestOptions, auth: AuthHeader, signal: AbortSignal): Promise<Reply> {
    const query = encodeParams(options.params);
    const url = apiUrl(this.serverUrl, options.path) + (query ? `?${query}` : '');
    const headers: Record<string, string> = { Accept: 'application/json', ...auth };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.fetchImpl(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    return replyOf(response.status, response.ok, await response.text());
  }

  /** Shows (unless quiet), logs, and builds the error a failed call rejects with. */
  private fail(options: RequestOptions, kind: ApiErrorKind, message: string, code: number | null, severity: Severity = 'error', details: unknown = null): ApiError {
    if (!options.quiet) {
      this.callbacks.notify({ severity, text: message, life: MESSAGE_DURATION_MS });
      this.callbacks.logFailure({ message, url: options.path, severity });
    }
    return new ApiError(kind, message, options.path, code, details);
  }

  /**
   * Ends the session: clears the cookies, shows the message and sends the console to login. When a
   * concurrent request already did so (the token it carried is gone), it only rejects.
   */
  private expire(options: RequestOptions, message: string, tokenUsed: string | null, code: number | null): ApiError {
    const handledElsewhere = tokenUsed !== null && this.session.access() === null;
    this.session.clear();
    if (!handledElsewhere) {
      this.callbacks.notify({ severity: 'error', text: message, life: MESSAGE_DURATION_MS });
      this.callbacks.logFailure({ message, url: options.path, severity: 'error' });
      this.callbacks.authExpired();
    }
    return new ApiError('auth', message, options.path, code);
  }
}

/** Reads an HTTP answer: an envelope when the body is one, else an HTTP error or an unreadable answer. */
export function replyOf(status: number, ok: boolean, text: string): Reply {
  const body = parseJson(text);
  if (isRecord(body) && typeof body.code === 'number') return { kind: 'envelope', status, code: body.code, msg: body.msg, data: body.data };
  if (!ok) return { kind: 'http', status };
  return { kind: 'format', status, body: bodyKind(text) };
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
