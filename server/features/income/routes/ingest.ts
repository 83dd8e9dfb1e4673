import type { FastifyInstance } from 'fastify';
import { ORDER_MAX_BYTES } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { IngestApps } from '../../../domain/ingest/signed-batch';
import { ingestOrders } from '../domain/ingest';
import { ok } from '../../../http/envelope';
import { registerSignedIngestRoute } from '../../../http/signed-ingest';

/**
 * POST /api/ingest/orders/: payment callbacks from game servers (no JWT; the tracking app's key and
 * the HMAC of the raw body sign them, checked exactly as for POST /api/embed/track/:
 * http/signed-ingest.ts). Batch-level refusals are the envelope with an HTTP 4xx of the same code;
 * per-callback ones are in data.rejected.
 */
export async function registerOrderIngestRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const apps = new IngestApps(ctx.db, ctx.secretBox);
  await registerSignedIngestRoute(app, {
    url: '/api/ingest/orders/',
    maxBytes: ORDER_MAX_BYTES,
    failure: 'order batch failed',
    async handle(req, headers, raw) {
      const { conflicts, ...result } = await ingestOrders(ctx.db, apps, ctx.config.analyticsTz, headers, raw);
      if (conflicts > 0) req.log.warn({ conflicts }, 'order callbacks refused: repeats of an order id with different content (kept in order_conflicts)');
      return ok(result, result.rejected.length === 0 ? '接收成功' : `接收 ${result.accepted} 个，拒绝 ${result.rejected.length} 个`);
    },
  });
}
