import type { FastifyInstance } from 'fastify';
import { dayOrdersExportQuery, dayOrdersQuery } from '../../../../contracts/schemas/income/day-orders';
import type { AppContext } from '../../../context';
import { writeXlsx } from '../../../domain/crud/xlsx';
import { formatDatetime } from '../../../domain/time';
import { guarded, sendFile } from '../../../http/crud-routes';
import { ok } from '../../../http/envelope';
import { parseReportQuery } from '../../../http/report-query';
import { dayOrders } from '../domain/day-orders';
import { ORDER_EXPORT_HEADER } from '../domain/orders';

/**
 * 历史收入's drill-down: GET /api/center_income/history/orders/ (the orders behind a day's revenue,
 * granted like the history itself) and …/orders/export_data/ (the screen's Export button), both
 * guarded by the access check's drill-down rule (domain/permissions.ts).
 */
export function registerDayOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tz = () => ctx.config.analyticsTz;
  app.get('/api/center_income/history/orders/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseReportQuery(dayOrdersQuery, req);
      const r = await dayOrders(ctx.db, tz(), q, { page: q.page, limit: q.limit });
      return ok({ page: q.page, limit: q.limit, total: r.total, is_next: (q.page - 1) * q.limit + r.rows.length < r.total, is_previous: q.page > 1, sum: r.sum, figures: r.figures, data: r.rows });
    }),
  );
  app.get('/api/center_income/history/orders/export_data/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseReportQuery(dayOrdersExportQuery, req);
      const r = await dayOrders(ctx.db, tz(), q, null);
      const rows = r.rows.map((o) => [o.id, o.order_id, o.game_name, o.distinct_id, o.amount, o.currency, o.amount_cny, o.channel, o.method, o.region, o.status === 'paid' ? '已支付' : '已退款', formatDatetime(o.time), o.refund_time === null ? null : formatDatetime(o.refund_time), formatDatetime(o.received_at)]);
      const name = `收入日订单-${q.day}-${q.kind === 'paid' ? '支付' : '退款'}-${formatDatetime(Date.now()).replace(/[-: ]/g, '').slice(0, 14)}.xlsx`;
      const file = await writeXlsx('收入日订单', ORDER_EXPORT_HEADER, rows, [10, 24, 16, 20, 14, 8, 14, 12, 12, 10, 8, 20, 20, 20]);
      return sendFile(reply.header('X-Export-Rows', String(rows.length)), { file, name });
    }),
  );
}
