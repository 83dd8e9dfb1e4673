import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { distributionQuery, historyQuery, incomeRangeQuery, rankQuery } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { CrudError } from '../../../domain/crud/spec';
import { distribution, history, overview, rank } from '../domain/revenue';
import { ok } from '../../../http/envelope';
import { isRecord } from '../../../is-record';
import { guarded } from '../../system/routes/crud-routes';

/**
 * The revenue reports (menus center_income/*; the screen's Search or Retrieve button grants the GET,
 * see domain/permissions.ts): overview, history, distribution and rank, all from the one revenue
 * function (domain/income/revenue.ts). Bad parameters: code 4000 with the first problem.
 */

const BAD_QUERY = '查询参数格式不正确';

/** The query string checked against a contract schema: the first problem → code 4000 with its message. */
export function parseIncomeQuery<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const q: unknown = req.query ?? {};
  if (!isRecord(q)) throw new CrudError(BAD_QUERY);
  // A repeated parameter (?game=1&game=2) is one value too many, not the first of them.
  for (const [k, v] of Object.entries(q)) if (Array.isArray(v)) throw new CrudError(`参数 ${k.slice(0, 32)} 只能出现一次`);
  const res = schema.safeParse(q);
  if (!res.success) throw new CrudError(res.error.issues[0]?.message ?? BAD_QUERY);
  return res.data;
}

export function registerIncomeReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  app.get('/api/center_income/overview/', async (req, reply) => guarded(reply, async () => ok(await overview(db, parseIncomeQuery(incomeRangeQuery, req)))));
  app.get('/api/center_income/history/', async (req, reply) => guarded(reply, async () => ok(await history(db, parseIncomeQuery(historyQuery, req)))));
  app.get('/api/center_income/distribution/', async (req, reply) => guarded(reply, async () => ok(await distribution(db, parseIncomeQuery(distributionQuery, req)))));
  app.get('/api/center_income/rank/', async (req, reply) => guarded(reply, async () => ok(await rank(db, parseIncomeQuery(rankQuery, req)))));
}
