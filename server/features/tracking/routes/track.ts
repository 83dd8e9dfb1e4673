import type { FastifyInstance } from 'fastify';
import { TRACK_MAX_BYTES } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { IngestApps } from '../../../domain/ingest/signed-batch';
import { EventWriter, ingestBatch, TrackingConfig } from '../domain/ingest';
import { ok } from '../../../http/envelope';
import { registerSignedIngestRoute } from '../../../http/signed-ingest';

/**
 * POST /api/embed/track/: batches from game SDKs (no JWT; the app key and the HMAC of the raw body
 * sign them, checked as for the order callbacks: http/signed-ingest.ts). Batch-level refusals are the
 * envelope with an HTTP 4xx of the same code; per-event ones are in data.rejected.
 */
export async function registerTrackRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const apps = new IngestApps(ctx.db, ctx.secretBox);
  const config = new TrackingConfig(ctx.db);
  const writer = new EventWriter(ctx.db, ctx.config.analyticsTz, undefined, (from, to) => {
    ctx.sessionKeeper.touch(from, to);
    // The players' upkeep of what this commit queued (players/domain/upkeep.ts), a moment later.
    ctx.playerUpkeep.kick();
  });
  await registerSignedIngestRoute(app, {
    url: '/api/embed/track/',
    maxBytes: TRACK_MAX_BYTES,
    failure: 'tracking batch failed',
    async handle(_req, headers, raw) {
      const result = await ingestBatch(apps, config, writer, headers, raw);
      return ok(result, result.rejected.length === 0 ? '接收成功' : `接收 ${result.accepted} 个，拒绝 ${result.rejected.length} 个`);
    },
  });
}
