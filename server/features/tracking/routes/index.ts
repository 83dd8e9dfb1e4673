import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { LiveEvents } from '../domain/live';
import { registerTrackingConfigRoutes } from './config';
import { registerEventAnalysisRoutes } from './event';
import { registerLiveRoutes } from './live';
import { registerTrackRoute } from './track';

/**
 * Event tracking, write side: the configuration screens (embed_configure/*), the SDK
 * ingestion (POST /api/embed/track/), its live view (embed_configure/game/{id}/live/ and the
 * `embed_live` socket frame) and the event analysis (data_embed/event). Funnel and session
 * analysis register their own routes (routes/data-embed-analysis.ts).
 */
export async function embedRoutes(app: FastifyInstance, ctx: AppContext, live = new LiveEvents()): Promise<void> {
  await registerTrackingConfigRoutes(app, ctx, live);
  await registerTrackRoute(app, ctx, live);
  registerLiveRoutes(app, ctx, live);
  await registerEventAnalysisRoutes(app, ctx);
}
