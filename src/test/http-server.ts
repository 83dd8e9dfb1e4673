import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the local test server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
  at: number;
}

/** How the test server answers: JSON (an envelope or anything), raw text, or never. */
export type TestReply =
  | { status?: number; json: unknown }
  | { status?: number; text: string; contentType?: string }
  | { hang: true };

export interface TestServer {
  url: string;
  requests: SeenRequest[];
  /** Requests to one path. */
  to(path: string): SeenRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1, random port, answering through `handler`. */
export async function startTestServer(handler: (req: SeenRequest) => TestReply | Promise<TestReply>): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? (JSON.parse(raw) as unknown) : undefined;
      } catch {
        body = raw;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const seen: SeenRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, at: Date.now() };
      requests.push(seen);
      void Promise.resolve(handler(seen)).then((reply) => {
        if ('hang' in reply) {
          hanging.add(res);
          return;
        }
        if ('json' in reply) {
          res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(reply.json));
        } else {
          res.writeHead(reply.status ?? 200, { 'Content-Type': reply.contentType ?? 'text/html' });
          res.end(reply.text);
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    to: (path) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Envelope helpers. */
export const ok = (data: unknown, msg = 'success'): TestReply => ({ json: { code: 2000, msg, data } });
export const envelope = (code: number, msg: unknown, data: unknown = null): TestReply => ({ json: { code, msg, data } });
