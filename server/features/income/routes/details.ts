import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { CrudError } from '../../../domain/crud/spec';
import { streamXlsx } from '../../../domain/crud/xlsx-stream';
import { countOrders, exportOrderRows, listOrders, ORDER_EXPORT_HEADER, parseOrderQuery } from '../domain/orders';
import { formatDatetime } from '../../../domain/time';
import { ok } from '../../../http/envelope';
import { isRecord } from '../../../is-record';
import { guarded, XLSX_TYPE } from '../../../http/crud-routes';

/**
 * center_income/details: GET /api/center_income/details/ (the orders list, Search/Retrieve) and
 * GET …/details/export/ (Export): every matching order as an xlsx streamed while it is read (flat
 * memory), its row count in X-Export-Rows before the first byte so the console can show progress.
 */
export function registerOrderDetailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tz = () => ctx.config.analyticsTz;
  const parse = (req: FastifyRequest) => {
    const q: unknown = req.query ?? {};
    if (!isRecord(q)) throw new CrudError('查询参数格式不正确');
    return parseOrderQuery(q);
  };
  app.get('/api/center_income/details/', async (req, reply) => guarded(reply, async () => ok(await listOrders(ctx.db, parse(req), tz()))));
  app.get('/api/center_income/details/export/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parse(req);
      const rows = await countOrders(ctx.db, q, tz());
      const name = `收入明细-${formatDatetime(Date.now()).replace(/[-: ]/g, '').slice(0, 14)}.xlsx`;
      const body = Readable.from(streamXlsx('收入明细', ORDER_EXPORT_HEADER, exportOrderRows(ctx.db, q, tz()), [10, 24, 16, 20, 14, 8, 14, 12, 12, 10, 8, 20, 20, 20]));
      body.on('error', (err) => req.log.error({ err }, 'orders export failed'));
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', `attachment;filename=${encodeURIComponent(name)}`)
        .header('X-Export-Rows', String(rows))
        .send(body);
    }),
  );
}
