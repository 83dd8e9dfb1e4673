import type { FastifyError, FastifyInstance } from 'fastify';
import { TRACK_MAX_BYTES } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { EventWriter, ingestBatch, TrackError, TrackingConfig } from '../domain/ingest';
import { fail, ok } from '../../../http/envelope';

/**
 * POST /api/embed/track/: batches from game SDKs (no JWT; the app key and the HMAC of the raw body
 * sign them). The body is read as bytes (any content type) so the signature is checked over exactly
 * what was sent; batch-level refusals are the envelope with an HTTP 4xx of the same code.
 */
export async function registerTrackRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const config = new TrackingConfig(ctx.db, ctx.secretBox);
  const writer = new EventWriter(ctx.db, ctx.config.analyticsTz, undefined, (from, to) => {
    ctx.sessionKeeper.touch(from, to);
    // The players' upkeep of what this commit queued (domain/players/upkeep.ts), a moment later.
    ctx.playerUpkeep.kick();
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: TRACK_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(fail(`请求体过大（上限 ${TRACK_MAX_BYTES / 1024 / 1024} MB）`, 413));
      if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) return reply.code(400).send(fail('请求体不正确', 400));
      req.log.error({ err }, 'tracking batch failed');
      // Nothing of the batch was stored (one statement): the SDK retries it.
      return reply.code(503).send(fail('暂时无法保存，请稍后重试（本批未保存）', 503));
    });
    scope.post('/api/embed/track/', async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      try {
        const result = await ingestBatch(config, writer, { appKey: header('x-app-key'), signature: header('x-signature') }, raw);
        return ok(result, result.rejected.length === 0 ? '接收成功' : `接收 ${result.accepted} 个，拒绝 ${result.rejected.length} 个`);
      } catch (err) {
        if (err instanceof TrackError) return reply.code(err.status).send(fail(err.message, err.status));
        throw err;
      }
    });
  });
}
