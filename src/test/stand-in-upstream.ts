import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { ConsoleApi } from '../adapters/api';
import { createCookies, memoryCookieJar } from '../adapters/cookies';
import { createGraphqlConsoleApi } from '../adapters/graphql/graphql-api';
import { RestConsoleApi } from '../adapters/rest/rest-api';
import { createI18n, translator } from '../i18n';
import { recordingCallbacks } from './fake-callbacks';

/**
 * The stand-in upstream of the shared adapter suite's per-area files: a loopback HTTP server that
 * answers the REST calls through the file's own `route` (in the shapes of the contract schemas,
 * parsed first) and records each call that reached it; `/graphql` goes through the real gateway code
 * to this same server, so both adapters are proven against one upstream. Registers its own
 * beforeAll/afterAll. The gateway comes from the test file (the console's code never imports the
 * server; only tests do).
 */

/** server/gateway's executeGateway, as the test file passes it. */
export type Gateway = (request: { query: unknown; variables?: unknown }, context: { baseUrl: string; authorization: string | undefined }) => Promise<unknown>;

/** A REST call as it reached the upstream. */
export interface UpstreamCall {
  method: string;
  path: string;
  /** The query string without `?`. */
  query: string;
  body: string;
  /** The request's content-type ('' without one). */
  type: string;
  auth: string | undefined;
}

export interface UpstreamRequest extends UpstreamCall {
  url: URL;
  req: IncomingMessage;
}

export interface UpstreamReply {
  /** 200 with a JSON body. */
  json(value: unknown): void;
  /** The success envelope around `data`. */
  ok(data: unknown): void;
  /** A refusal in the envelope (code 4000 unless given). */
  refuse(msg: string, code?: number): void;
  res: ServerResponse;
}

export type AdapterKind = 'rest' | 'graphql';
export const ADAPTER_KINDS: AdapterKind[] = ['rest', 'graphql'];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });

export function standInUpstream(gateway: Gateway, route: (req: UpstreamRequest, reply: UpstreamReply) => void | Promise<void>) {
  const seen: UpstreamCall[] = [];
  let server: Server | undefined;
  let baseUrl = '';
  const t = translator(createI18n('zh-chs'));

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const json = (value: unknown) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        const text = await readBody(req);
        if (url.pathname === '/graphql') {
          const request = JSON.parse(text) as { query: unknown; variables?: unknown };
          json(await gateway(request, { baseUrl, authorization: req.headers.authorization }));
          return;
        }
        const call: UpstreamCall = { method: req.method ?? '', path: url.pathname, query: url.search.slice(1), body: text, type: req.headers['content-type'] ?? '', auth: req.headers.authorization };
        seen.push(call);
        const reply: UpstreamReply = {
          json,
          ok: (data) => json({ code: 2000, msg: 'success', data }),
          refuse: (msg, code = 4000) => json({ code, msg, data: null }),
          res,
        };
        await route({ ...call, url, req }, reply);
        if (!res.headersSent) json({ code: 404, msg: '接口地址不正确', data: null });
      })();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  return {
    /** Every REST call that reached the upstream (the gateway's calls included), in order. */
    seen,
    get baseUrl() {
      return baseUrl;
    },
    /** A console adapter of that kind on this upstream, signed in with `token`, its callbacks recorded. */
    adapter(kind: AdapterKind, token: string): { api: ConsoleApi; callbacks: ReturnType<typeof recordingCallbacks> } {
      const cookies = createCookies(memoryCookieJar());
      cookies.set('token', token);
      const callbacks = recordingCallbacks();
      const options = { serverUrl: baseUrl, cookies, t, callbacks, retry: { count: 1, delayMs: 5 } };
      return { api: kind === 'rest' ? new RestConsoleApi(options) : createGraphqlConsoleApi(options), callbacks };
    },
  };
}
