import type { FastifyInstance } from 'fastify';
import { distributionQuery, historyQuery, incomeRangeQuery, rankQuery } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { distribution, history, overview, rank } from '../domain/reports';
import { ok } from '../../../http/envelope';
import { parseReportQuery } from '../../../http/report-query';
import { guarded } from '../../../http/crud-routes';

/**
 * The revenue reports (menus center_income/*; the screen's Search or Retrieve button grants the GET,
 * see domain/permissions.ts): overview, history, distribution and rank, all from the one revenue
 * function (server/domain/analytics/revenue.ts). Bad parameters: code 4000 with the first problem
 * (http/report-query.ts).
 */

export function registerIncomeReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  app.get('/api/center_income/overview/', async (req, reply) => guarded(reply, async () => ok(await overview(db, parseReportQuery(incomeRangeQuery, req)))));
  app.get('/api/center_income/history/', async (req, reply) => guarded(reply, async () => ok(await history(db, parseReportQuery(historyQuery, req)))));
  app.get('/api/center_income/distribution/', async (req, reply) => guarded(reply, async () => ok(await distribution(db, parseReportQuery(distributionQuery, req)))));
  app.get('/api/center_income/rank/', async (req, reply) => guarded(reply, async () => ok(await rank(db, parseReportQuery(rankQuery, req)))));
}
