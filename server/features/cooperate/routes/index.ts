import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { lockIn, partnerOverviewQuery, rateQuery, settlementQuery, shareRateIn } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { lockMonth, listRates, partnerOverview, setRate, settlementSheet, settlements, SETTLEMENT_EXPORT_HEADER } from '../domain/settlements';
import { CrudError } from '../../../domain/crud/spec';
import { streamXlsx } from '../../../domain/crud/xlsx-stream';
import { currentAccount } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { isRecord } from '../../../is-record';
import { parseReportQuery } from '../../../http/report-query';
import { guarded, XLSX_TYPE } from '../../../http/crud-routes';

/**
 * Partners (cooperate/*): the partner KPIs (overview), the monthly settlements (reports),
 * their xlsx export, the revenue-share rates and the lock of a month. Reads: the screen's Search or
 * Retrieve; writes (a rate, a lock): 合作报表's Update button (domain/permissions.ts).
 */

/** A JSON body checked against a contract schema: the first problem → code 4000 with its message. */
function parseBody<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  if (!isRecord(req.body)) throw new CrudError('请求数据格式不正确，应为 JSON 对象。');
  const res = schema.safeParse(req.body);
  if (!res.success) throw new CrudError(res.error.issues[0]?.message ?? '请求数据不合法。');
  return res.data;
}

export function cooperateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const who = (req: FastifyRequest) => {
    const a = currentAccount(req);
    return { id: a.id, name: a.name || a.username };
  };
  app.get('/api/cooperate/overview/', async (req, reply) => guarded(reply, async () => ok(await partnerOverview(db, parseReportQuery(partnerOverviewQuery, req)))));
  app.get('/api/cooperate/reports/', async (req, reply) => guarded(reply, async () => ok(await settlements(db, parseReportQuery(settlementQuery, req)))));
  app.get('/api/cooperate/reports/export/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseReportQuery(settlementQuery, req);
      const result = await settlements(db, q);
      const rows = settlementSheet(result);
      const name = `合作报表-${q.month}.xlsx`;
      async function* once() {
        yield rows;
      }
      const body = Readable.from(streamXlsx('合作报表', SETTLEMENT_EXPORT_HEADER, once(), [20, 10, 24, 14, 14, 14, 10, 10, 10, 16, 16, 36]));
      body.on('error', (err) => req.log.error({ err }, 'settlement export failed'));
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', `attachment;filename=${encodeURIComponent(name)}`)
        .header('X-Export-Rows', String(rows.length))
        .send(body);
    }),
  );
  app.get('/api/cooperate/reports/rates/', async (req, reply) => guarded(reply, async () => ok(await listRates(db, parseReportQuery(rateQuery, req).partner))));
  app.post('/api/cooperate/reports/rates/', async (req, reply) => guarded(reply, async () => ok(await setRate(db, parseBody(shareRateIn, req), who(req)))));
  app.post('/api/cooperate/reports/lock/', async (req, reply) => guarded(reply, async () => ok(await lockMonth(db, parseBody(lockIn, req), who(req), ctx.config.analyticsTz))));
}
