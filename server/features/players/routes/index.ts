import type { FastifyInstance } from 'fastify';
import { retentionPlayersExportQuery, retentionPlayersQuery, retentionQuery } from '../../../../contracts/schemas';
import { writeXlsx } from '../../../domain/crud/xlsx';
import { formatDatetime } from '../../../domain/time';
import { guarded, sendFile } from '../../../http/crud-routes';
import { retentionPlayers } from '../domain/retention-players';
import type { AppContext } from '../../../context';
import { CrudError } from '../../../domain/crud/spec';
import { listDevices, parseDeviceQuery } from '../domain/devices';
import { retention } from '../domain/retention';
import { isRecord } from '../../../is-record';
import { ok } from '../../../http/envelope';
import { parseReportQuery } from '../../../http/report-query';
import { playersExportRoutes } from './exports';

/**
 * Players (menus center_users/devices and center_users/retention). The screen's Search or Retrieve
 * button grants its GET (domain/permissions.ts). Bad parameters: code 4000 with the first problem.
 */
export function playersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const tz = () => ctx.config.analyticsTz;
  app.get('/api/center_users/devices/', async (req, reply) =>
    guarded(reply, async () => {
      const q: unknown = req.query ?? {};
      if (!isRecord(q)) throw new CrudError('查询参数格式不正确');
      const page = await listDevices(db, parseDeviceQuery(q));
      return ok(page, page.data.length === 0 ? '暂无数据' : 'success');
    }),
  );
  app.get('/api/center_users/retention/', async (req, reply) => guarded(reply, async () => ok(await retention(db, tz(), parseReportQuery(retentionQuery, req)))));
  // 留存分析's drill-down: the players of a cohort retained on day N (same game and channel), and their export (Export button).
  app.get('/api/center_users/retention/players/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseReportQuery(retentionPlayersQuery, req);
      const { total, rows } = await retentionPlayers(db, q, { page: q.page, limit: q.limit });
      return ok({ page: q.page, limit: q.limit, total, is_next: (q.page - 1) * q.limit + rows.length < total, is_previous: q.page > 1, data: rows });
    }),
  );
  app.get('/api/center_users/retention/players/export_data/', async (req, reply) =>
    guarded(reply, async () => {
      const q = parseReportQuery(retentionPlayersExportQuery, req);
      const { rows } = await retentionPlayers(db, q, null);
      const name = `留存玩家-${q.day}-第${q.n}天-${formatDatetime(Date.now()).replace(/[-: ]/g, '').slice(0, 14)}.xlsx`;
      const file = await writeXlsx('留存玩家', ['游戏', '玩家', '渠道', `活跃天数(第0至${q.n}天)`], rows.map((r) => [r.game_name, r.distinct_id, r.channel, r.active_days]), [20, 28, 16, 18]);
      return sendFile(reply, { file, name });
    }),
  );
  // The Export of 平台账号, 设备管理 and 游戏用户.
  playersExportRoutes(app, ctx);
}
