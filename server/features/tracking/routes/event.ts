import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { analyseEvents, eventAnalysisXlsx, parseEventQuery } from '../domain/event-analysis';
import { ok } from '../../../http/envelope';
import { guarded, sendFile } from '../../../http/crud-routes';

/**
 * GET /api/data_embed/event/ (the screen's Search button) and GET …/event/export/ (its Export button):
 * event analysis, see domain/tracking/event-analysis.ts.
 */
export async function registerEventAnalysisRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tz = ctx.config.analyticsTz;
  app.get('/api/data_embed/event/', async (req, reply) =>
    guarded(reply, async () => ok(await analyseEvents(ctx.db, parseEventQuery(req.query as Record<string, unknown>), tz))),
  );
  app.get('/api/data_embed/event/export/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseEventQuery(req.query as Record<string, unknown>);
      return sendFile(reply, await eventAnalysisXlsx(await analyseEvents(ctx.db, q, tz), q.property));
    }),
  );
}
