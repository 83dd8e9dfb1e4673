import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gameStatsQuery, userStatsQuery, type StatsResult } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { streamXlsx } from '../../../domain/crud/xlsx-stream';
import { gameStats, statsSheet, STATS_EXPORT_HEADER, userStats } from '../domain/data-reports';
import { ok } from '../../../http/envelope';
import { parseReportQuery } from '../../../http/report-query';
import { guarded, sendFile, XLSX_TYPE } from '../../../http/crud-routes';
import { dayPlayersExportQuery, dayPlayersQuery } from '../../../../contracts/schemas/reports/day-players';
import { writeXlsx } from '../../../domain/crud/xlsx';
import { formatDatetime } from '../../../domain/time';
import { dayPlayers } from '../domain/day-players';

/**
 * Data reports: GET /api/data_reports/game_stats/ and /user_stats/ (the screen's Search
 * or Retrieve, domain/permissions.ts) and their xlsx exports (…/export/, the screen's Export button by the
 * generic export rule). Bad parameters: code 4000 with the first problem.
 */
export function dataReportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const tz = () => ctx.config.analyticsTz;
  const send = (req: FastifyRequest, reply: FastifyReply, title: string, result: StatsResult) => {
    const rows = statsSheet(result);
    async function* once() {
      yield rows;
    }
    const body = Readable.from(streamXlsx(title, STATS_EXPORT_HEADER, once(), [24, 12, 12, 12, 16, 14, 12, 12]));
    body.on('error', (err) => req.log.error({ err }, 'data report export failed'));
    const name = `${title}-${result.start}_${result.end}${result.game !== null ? `-${result.game}` : ''}.xlsx`;
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', `attachment;filename=${encodeURIComponent(name)}`)
      .header('X-Export-Rows', String(rows.length))
      .send(body);
  };
  app.get('/api/data_reports/game_stats/', async (req, reply) => guarded(reply, async () => ok(await gameStats(db, tz(), parseReportQuery(gameStatsQuery, req)))));
  app.get('/api/data_reports/user_stats/', async (req, reply) => guarded(reply, async () => ok(await userStats(db, tz(), parseReportQuery(userStatsQuery, req)))));
  app.get('/api/data_reports/game_stats/export/', async (req, reply) =>
    guarded(reply, async () => send(req, reply, '游戏统计', await gameStats(db, tz(), parseReportQuery(gameStatsQuery, req)))),
  );
  // 游戏统计's drill-down: the players behind a day's new / active / paying figure (granted like the report), and their export (its Export button).
  app.get('/api/data_reports/game_stats/players/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseReportQuery(dayPlayersQuery, req);
      const { total, rows } = await dayPlayers(db, q, { page: q.page, limit: q.limit });
      return ok({ page: q.page, limit: q.limit, total, is_next: (q.page - 1) * q.limit + rows.length < total, is_previous: q.page > 1, data: rows });
    }),
  );
  app.get('/api/data_reports/game_stats/players/export_data/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseReportQuery(dayPlayersExportQuery, req);
      const { rows } = await dayPlayers(db, q, null);
      const label = { new: '新增', active: '活跃', paying: '付费' }[q.metric];
      const name = `游戏统计-${q.day}-${label}玩家-${formatDatetime(Date.now()).replace(/[-: ]/g, '').slice(0, 14)}.xlsx`;
      const file = await writeXlsx(`${label}玩家`, ['游戏', '玩家', '注册日', '当天支付订单数', '当天支付金额(分, CNY)'], rows.map((r) => [r.game_name, r.distinct_id, r.registered, r.orders, r.paid]), [20, 28, 12, 14, 18]);
      return sendFile(reply.header('X-Export-Rows', String(rows.length)), { file, name });
    }),
  );
  app.get('/api/data_reports/user_stats/export/', async (req, reply) =>
    guarded(reply, async () => send(req, reply, '用户统计', await userStats(db, tz(), parseReportQuery(userStatsQuery, req)))),
  );
}
