import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { registerOrderDetailRoutes } from './details';
import { registerDayOrderRoutes } from './day-orders';
import { registerOrderIngestRoute } from './ingest';
import { registerIncomeReportRoutes } from './reports';

/**
 * Orders and revenue: the payment callbacks (POST /api/ingest/orders/) and the revenue
 * screens (center_income/*: overview, history, distribution, rank, details and its export).
 */
export async function incomeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerOrderIngestRoute(app, ctx);
  registerIncomeReportRoutes(app, ctx);
  registerOrderDetailRoutes(app, ctx);
  registerDayOrderRoutes(app, ctx);
}
