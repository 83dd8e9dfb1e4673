import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { CrudError } from '../../../domain/crud/spec';
import { streamXlsx } from '../../../domain/crud/xlsx-stream';
import { formatDatetime } from '../../../domain/time';
import { guarded, XLSX_TYPE } from '../../../http/crud-routes';
import { isRecord } from '../../../is-record';
import { parseAccountQuery } from '../domain/accounts';
import { parseDeviceQuery } from '../domain/devices';
import { exportAccounts, exportDevices, exportGameUsers, type PlayersExport } from '../domain/exports';
import { parseGameUserQuery } from '../domain/game-users';

/**
 * The exports of 平台账号, 设备管理 and 游戏用户: GET /api/center_users/<screen>/export_data/ with the
 * list's filters and ordering (page and limit ignored) → every row of the list as an xlsx streamed while
 * it is read, the row count in X-Export-Rows before the first byte. The access check grants it by the
 * screen's Export button only (domain/permissions.ts: `export_data/`); bad filters: code 4000.
 */
export function playersExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const q = (req: FastifyRequest): Record<string, unknown> => {
    const v: unknown = req.query ?? {};
    if (!isRecord(v)) throw new CrudError('查询参数格式不正确');
    return v;
  };
  const send = (req: FastifyRequest, reply: FastifyReply, sheet: PlayersExport) => {
    const name = `${sheet.title}-${formatDatetime(Date.now()).replace(/[-: ]/g, '').slice(0, 14)}.xlsx`;
    const body = Readable.from(streamXlsx(sheet.title, sheet.header, sheet.chunks, sheet.widths));
    body.on('error', (err) => req.log.error({ err }, `${sheet.title} export failed`));
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', `attachment;filename=${encodeURIComponent(name)}`)
      .header('X-Export-Rows', String(sheet.rows))
      .send(body);
  };
  app.get('/api/center_users/accounts/export_data/', async (req, reply) => guarded(reply, async () => send(req, reply, await exportAccounts(db, parseAccountQuery(q(req))))));
  app.get('/api/center_users/devices/export_data/', async (req, reply) => guarded(reply, async () => send(req, reply, await exportDevices(db, parseDeviceQuery(q(req))))));
  app.get('/api/center_users/game_users/export_data/', async (req, reply) => guarded(reply, async () => send(req, reply, await exportGameUsers(db, parseGameUserQuery(q(req))))));
}
