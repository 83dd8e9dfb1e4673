import type { FastifyInstance } from 'fastify';
import { retentionQuery } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { CrudError } from '../../../domain/crud/spec';
import { listDevices, parseDeviceQuery } from '../domain/devices';
import { retention } from '../domain/retention';
import { isRecord } from '../../../is-record';
import { ok } from '../../../http/envelope';
import { parseReportQuery } from '../../../http/report-query';
import { guarded } from '../../../http/crud-routes';
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
  // The Export of 平台账号, 设备管理 and 游戏用户.
  playersExportRoutes(app, ctx);
}
