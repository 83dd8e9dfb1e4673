import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import { anyEnvelope, envelope, loginResult, type Envelope } from '../../contracts/schemas';
import type { AppContext } from '../context';
import { startTestServerWithContext, type TestServer, type TestServerOptions } from '../testing';
import { SERVER_TIMEOUT_MS } from './timeouts';

export { SERVER_TIMEOUT_MS };

export interface CallOptions {
  method?: string;
  token?: string;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** The answer of a call as a CallResult; it must be a JSON envelope. */
async function envelopeOf<T>(path: string, res: Response): Promise<CallResult<T>> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path}: not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body: anyEnvelope.parse(json) as Envelope<T> };
}

/** One HTTP call to the test server; the answer must be a JSON envelope. */
export async function call<T = unknown>(srv: TestServer, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { 'user-agent': 'vitest', ...opts.headers };
  if (opts.token) headers.authorization = `JWT ${opts.token}`;
  let body: string | Buffer | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${srv.baseUrl}${path}`, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
    redirect: 'manual',
  });
  return envelopeOf<T>(path, res);
}

/** Asserts a successful envelope and validates its data against a contract schema. */
export function expectData<S extends z.ZodType>(res: CallResult, schema: S): z.infer<S> {
  expect(res.status).toBe(200);
  expect(res.body.code, JSON.stringify(res.body.msg)).toBe(2000);
  return (envelope(schema).parse(res.body) as { data: z.infer<S> }).data;
}

/** Asserts a failure envelope: HTTP status, code and msg. */
export function expectFailure(res: CallResult, code: number, msg: unknown, status = 200): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ code, data: null, msg });
}

/** Signs in (captcha solved when on) and returns the login data. */
export async function login(srv: TestServer, username: string, password = 'admin123456', captchaOn = true) {
  const body: Record<string, unknown> = { username, password };
  if (captchaOn) {
    const cap = await call<{ key: number }>(srv, '/api/captcha/');
    const key = cap.body.data.key;
    body.captcha = await srv.captchaAnswer(key);
    body.captchaKey = key;
  }
  const res = await call(srv, '/api/login/', { body });
  return expectData(res, loginResult);
}

/** A multipart upload (field `file`) to the test server; the answer must be a JSON envelope. */
export async function upload<T = unknown>(srv: TestServer, path: string, file: { name: string; bytes: Uint8Array | string; type?: string }, token?: string): Promise<CallResult<T>> {
  const form = new FormData();
  const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : file.bytes;
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'application/octet-stream' }), file.name);
  const headers: Record<string, string> = { 'user-agent': 'vitest' };
  if (token) headers.authorization = `JWT ${token}`;
  const res = await fetch(`${srv.baseUrl}${path}`, { method: 'POST', headers, body: form });
  return envelopeOf<T>(path, res);
}

/** What `suiteServer` hands a suite: the server, its internals and the access tokens of the users it signed in, in order. */
export interface SuiteServer<Tokens> {
  srv: TestServer;
  ctx: AppContext;
  tokens: Tokens;
}

/**
 * A suite's server: before its tests, starts a test server (captcha off unless `options` say so),
 * signs in `users` one after the other (password admin123456, no captcha) and hands all of it to
 * `take`; after its tests, closes the server. `timeout` bounds the start. `options` may be a function
 * when they depend on what an earlier hook set up (it is called when the server starts).
 */
export function suiteServer<const Users extends readonly string[]>(
  users: Users,
  take: (suite: SuiteServer<{ [K in keyof Users]: string }>) => void,
  options: TestServerOptions | (() => TestServerOptions) = {},
  timeout = SERVER_TIMEOUT_MS,
): void {
  let started: TestServer | undefined;
  beforeAll(async () => {
    const { srv, ctx } = await startTestServerWithContext({ captcha: false, ...(typeof options === 'function' ? options() : options) });
    started = srv;
    const tokens: string[] = [];
    for (const user of users) tokens.push((await login(srv, user, 'admin123456', false)).access);
    take({ srv, ctx, tokens: tokens as { [K in keyof Users]: string } });
  }, timeout);
  afterAll(async () => {
    await started?.close();
  }, SERVER_TIMEOUT_MS);
}

/** The key and secret a game server or SDK signs its ingestion calls with. */
export interface AppCredentials {
  app_key: string;
  secret: string;
}

/** The X-Signature of a body: HMAC-SHA256 with the app secret, in hex. */
export const signBody = (secret: string, body: string | Buffer) => createHmac('sha256', secret).update(body).digest('hex');

/** A signed ingestion call (events, orders): `body` sent as given when a string, else as JSON, with the app key and its signature. */
export function signedPost(srv: TestServer, path: string, creds: AppCredentials, body: unknown): Promise<CallResult> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return call(srv, path, { method: 'POST', raw, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': signBody(creds.secret, raw) } });
}
