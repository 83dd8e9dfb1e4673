import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { IngestError, type SignedHeaders } from '../domain/ingest/signed-batch';
import { fail } from './envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: @fastify/cors leaves the route alone (it answers CORS itself). */
    cors?: false;
  }
}

/**
 * The HTTP side of an ingestion route (POST /api/embed/track/, POST /api/ingest/orders/): no
 * JWT; the body is read as bytes (any content type: a signature is checked over exactly what was sent,
 * and navigator.sendBeacon sends text/plain) so the handler decides what it is. Batch-level refusals
 * are the envelope with an HTTP 4xx of the same code: 413 over `maxBytes`, 400 for a body Fastify
 * cannot read, 429 from the route's rate limit (with Retry-After), the IngestError's status for the
 * rest; a failure while storing is 503 (nothing of the batch was stored: the sender retries it).
 */
export interface SignedIngestRoute {
  url: string;
  maxBytes: number;
  /** The log line of an unexpected failure. */
  failure: string;
  /** Handles one batch: the raw body and the ingestion headers; IngestError refuses it. */
  handle(req: FastifyRequest, headers: SignedHeaders, raw: Buffer, reply: FastifyReply): Promise<unknown>;
  /** Runs before the body is read (headers that every answer carries, CORS say). */
  onRequest?: onRequestAsyncHookHandler[];
  /** Runs before the handler (after the body is read): a rate limit, say. */
  preHandler?: preHandlerAsyncHookHandler[];
  /**
   * The route answers CORS itself (the global CORS plugin leaves it alone): `preflight` answers its
   * OPTIONS, `handle` sets the headers of the POST.
   */
  preflight?(req: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** The ingestion headers of a request. */
export function ingestHeaders(req: FastifyRequest): SignedHeaders {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  return { appKey: header('x-app-key'), signature: header('x-signature'), publicKey: header('x-public-key'), origin: header('origin') };
}

export async function registerSignedIngestRoute(app: FastifyInstance, route: SignedIngestRoute): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: route.maxBytes }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(fail(`请求体过大（上限 ${route.maxBytes / 1024 / 1024} MB）`, 413));
      // The rate limit (Retry-After is already set by it).
      if (err.statusCode === 429) return reply.code(429).send(fail(err.message, 429));
      if (err instanceof IngestError) return reply.code(err.status).send(fail(err.message, err.status));
      if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) return reply.code(400).send(fail('请求体不正确', 400));
      req.log.error({ err }, route.failure);
      // Nothing of the batch was stored (one statement or transaction): the sender retries it.
      return reply.code(503).send(fail('暂时无法保存，请稍后重试（本批未保存）', 503));
    });
    const ownCors = route.preflight !== undefined;
    if (route.preflight) {
      const preflight = route.preflight;
      scope.options(route.url, { config: { cors: false } }, (req, reply) => preflight(req, reply));
    }
    scope.post(route.url, {
        ...(ownCors ? { config: { cors: false } } : {}),
        ...(route.onRequest ? { onRequest: route.onRequest } : {}),
        ...(route.preHandler ? { preHandler: route.preHandler } : {}),
      }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        return await route.handle(req, ingestHeaders(req), raw, reply);
      } catch (err) {
        if (err instanceof IngestError) return reply.code(err.status).send(fail(err.message, err.status));
        throw err;
      }
    });
  });
}
