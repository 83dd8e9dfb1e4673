import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { IngestError, type SignedHeaders } from '../domain/ingest/signed-batch';
import { fail } from './envelope';

/**
 * The HTTP side of a signed ingestion route (POST /api/embed/track/, POST /api/ingest/orders/): no
 * JWT; the body is read as bytes (any content type) so the signature (domain/ingest/signed-batch.ts)
 * is checked over exactly what was sent. Batch-level refusals are the envelope with an HTTP 4xx of the
 * same code: 413 over `maxBytes`, 400 for a body Fastify cannot read, the IngestError's status for the
 * rest; a failure while storing is 503 (nothing of the batch was stored: the sender retries it).
 */
export interface SignedIngestRoute {
  url: string;
  maxBytes: number;
  /** The log line of an unexpected failure. */
  failure: string;
  /** Handles one batch: the raw body and the signed-request headers; IngestError refuses it. */
  handle(req: FastifyRequest, headers: SignedHeaders, raw: Buffer): Promise<unknown>;
}

export async function registerSignedIngestRoute(app: FastifyInstance, route: SignedIngestRoute): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: route.maxBytes }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(fail(`请求体过大（上限 ${route.maxBytes / 1024 / 1024} MB）`, 413));
      if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) return reply.code(400).send(fail('请求体不正确', 400));
      req.log.error({ err }, route.failure);
      // Nothing of the batch was stored (one statement or transaction): the sender retries it.
      return reply.code(503).send(fail('暂时无法保存，请稍后重试（本批未保存）', 503));
    });
    scope.post(route.url, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      try {
        return await route.handle(req, { appKey: header('x-app-key'), signature: header('x-signature') }, raw);
      } catch (err) {
        if (err instanceof IngestError) return reply.code(err.status).send(fail(err.message, err.status));
        throw err;
      }
    });
  });
}
