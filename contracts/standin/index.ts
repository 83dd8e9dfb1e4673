import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { verifyJwt } from '../../server/auth/jwt';
import { startTestServerWithContext } from '../../server/testing';
import { FAULTS, faultsFromEnv, type FaultName } from './faults';
import { afterAll, RULES, type ProxyAnswer, type ProxyRequest, type Rule, type StandInContext } from './rules';

/**
 * A stand-in of the real back end, built from the facts of API-CONTRACT.md (§3-§18): the reference
 * server (embedded, captcha off, the sample data of a fresh instance) behind a proxy that answers the
 * way the real django-vue-admin 2.x does where the two knowingly differ (rules.ts, one rule per fact),
 * sockets included. Like the real back end it offers the system API and nothing of the platform (its
 * routes answer Django's HTML 404, web_router holds the 17 system menus). The contract suite runs
 * against it as against any external target (the `standin`
 * project), and must pass with each difference reported as an annotation; with `faults`, it answers
 * deliberately wrong and the suite must fail, naming the route (suite.test.ts).
 *
 *   npx tsx contracts/standin/main.ts        # a stand-in to point the console or the suite at by hand
 */
export interface StandIn {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close(): Promise<void>;
}

export interface StandInOptions {
  faults?: readonly FaultName[];
  /** Serve the built console (dist/) through the stand-in, for looking at it on "the real back end". */
  serveConsole?: boolean;
  /** Extra environment of the reference server inside (e.g. CONSOLE_DIR). */
  env?: Record<string, string>;
}

export { faultsFromEnv };

/** Headers that belong to one hop. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'host']);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forwardTo(base: URL, req: ProxyRequest): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP.has(k)) headers[k] = v;
    if (req.body.length > 0) headers['content-length'] = String(req.body.length);
    const query = req.query.toString();
    const out = httpRequest({ host: base.hostname, port: base.port, method: req.method, path: req.path + (query ? `?${query}` : ''), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const answerHeaders: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !HOP.has(k)) answerHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 502, headers: answerHeaders, body: Buffer.concat(chunks) });
      });
    });
    out.on('error', reject);
    out.end(req.body);
  });
}

const NEW_MESSAGE = '您有一条新消息~';

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const { srv, ctx: app } = await startTestServerWithContext({ captcha: false, serveConsole: options.serveConsole ?? false, env: { JOBS: 'on', ...options.env } });
  const reference = new URL(srv.baseUrl);
  const secret = app.jwtSecret;
  const faults: Rule[] = (options.faults ?? []).map((name) => FAULTS[name]);
  const rules: Rule[] = [...faults, ...RULES];

  let service: Promise<string> | null = null;
  /** Open socket relays by user: each may be told to drop the next 您有一条新消息~ frame (until a time). */
  const relays = new Map<number, Set<{ dropUntil: number }>>();
  const ctx: StandInContext = {
    forward: (req) => forwardTo(reference, req),
    serviceToken: () => {
      service ??= (async () => {
        const res = await fetch(`${srv.baseUrl}/api/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'contract-standin' },
          body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }),
        });
        const body = (await res.json()) as { data?: { access?: string } };
        if (!body.data?.access) throw new Error('the stand-in could not sign in to the reference server');
        return body.data.access;
      })();
      return service;
    },
    suppressNewMessageFrame: (ids) => {
      // Only the sockets open now can receive the push this message causes.
      const marked = ids.flatMap((id) => [...(relays.get(id) ?? [])]);
      for (const relay of marked) relay.dropUntil = Date.now() + 3000;
      return () => {
        for (const relay of marked) relay.dropUntil = 0;
      };
    },
    duplicateValues: new Map(),
  };

  const server: Server = createServer((incoming, res) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in');
      const req: ProxyRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body: await readBody(incoming) };
      let answer: ProxyAnswer | undefined;
      for (const rule of rules) {
        answer = await rule.handle(req, ctx);
        if (answer) break;
      }
      answer = afterAll(req, answer ?? (await ctx.forward(req)));
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
      res.end(answer.body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`stand-in: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  // Sockets (§12): only ws/<token>/ with a token signed by the server's key (any token type); a bad
  // token, a missing slash or an unknown path (api/ws/ included: only a proxy in front maps it) fail
  // the handshake with HTTP 500.
  const sockets = new WebSocketServer({ noServer: true });
  const refuse = (socket: Socket, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: text/html\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  };
  server.on('upgrade', (incoming: IncomingMessage, socket: Socket, head: Buffer) => {
    const path = new URL(incoming.url ?? '/', 'http://stand-in').pathname;
    const match = /^\/ws\/([^/]+)\/$/.exec(path);
    if (!match) return refuse(socket, 500, 'Internal Server Error');
    const token = decodeURIComponent(match[1] ?? '');
    const checked = verifyJwt(token, secret);
    if (!checked.ok) return refuse(socket, 500, 'Internal Server Error');
    const userId = Number(checked.claims.user_id);
    sockets.handleUpgrade(incoming, socket, head, (client) => {
      const relay = { dropUntil: 0 };
      const mine = relays.get(userId) ?? new Set();
      relays.set(userId, mine.add(relay));
      const inner = new WebSocket(`${srv.wsUrl}/ws/${encodeURIComponent(token)}/`, { headers: { 'user-agent': String(incoming.headers['user-agent'] ?? 'contract-standin') } });
      inner.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
        const text = data.toString();
        if (Date.now() < relay.dropUntil && text.includes(NEW_MESSAGE)) {
          relay.dropUntil = 0;
          return;
        }
        client.send(isBinary ? data : text);
      });
      inner.on('close', (code: number, reason: Buffer) => client.close(code >= 1000 && code < 5000 && code !== 1005 && code !== 1006 ? code : 1000, reason));
      inner.on('error', () => client.terminate());
      // Frames the client sends are accepted and ignored (§12): nothing reaches the server inside, so
      // no subscription of the platform's live frames either.
      client.on('message', () => undefined);
      client.on('close', () => {
        mine.delete(relay);
        inner.terminate();
      });
      client.on('error', () => inner.terminate());
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await srv.close();
    },
  };
}
