import type { FastifyError, FastifyInstance } from 'fastify';
import { ORDER_MAX_BYTES } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { ingestOrders } from '../domain/ingest';
import { TrackError, TrackingConfig } from '../../tracking/domain/ingest';
import { fail, ok } from '../../../http/envelope';

/**
 * POST /api/ingest/orders/: payment callbacks from game servers (no JWT; the tracking app's key and
 * the HMAC of the raw body sign them, exactly as POST /api/embed/track/). Batch-level refusals are the
 * envelope with an HTTP 4xx of the same code; per-callback ones are in data.rejected.
 */
export async function registerOrderIngestRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const config = new TrackingConfig(ctx.db, ctx.secretBox);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ORDER_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(fail(`请求体过大（上限 ${ORDER_MAX_BYTES / 1024 / 1024} MB）`, 413));
      if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) return reply.code(400).send(fail('请求体不正确', 400));
      req.log.error({ err }, 'order batch failed');
      // Nothing of the batch was stored (one transaction): the game server retries it.
      return reply.code(503).send(fail('暂时无法保存，请稍后重试（本批未保存）', 503));
    });
    scope.post('/api/ingest/orders/', async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      try {
        const { conflicts, ...result } = await ingestOrders(ctx.db, config, ctx.config.analyticsTz, { appKey: header('x-app-key'), signature: header('x-signature') }, raw);
        if (conflicts > 0) req.log.warn({ conflicts }, 'order callbacks refused: repeats of an order id with different content (kept in order_conflicts)');
        return ok(result, result.rejected.length === 0 ? '接收成功' : `接收 ${result.accepted} 个，拒绝 ${result.rejected.length} 个`);
      } catch (err) {
        if (err instanceof TrackError) return reply.code(err.status).send(fail(err.message, err.status));
        throw err;
      }
    });
  });
}
