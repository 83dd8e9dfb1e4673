import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { registerTrackingConfigRoutes } from './config';
import { registerEventAnalysisRoutes } from './event';
import { registerTrackRoute } from './track';

/**
 * Event tracking, write side: the configuration screens (embed_configure/*), the SDK
 * ingestion (POST /api/embed/track/) and the event analysis (data_embed/event). Funnel and session
 * analysis register their own routes (routes/data-embed-analysis.ts).
 */
export async function embedRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerTrackingConfigRoutes(app, ctx);
  await registerTrackRoute(app, ctx);
  await registerEventAnalysisRoutes(app, ctx);
}
