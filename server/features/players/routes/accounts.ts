import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { CrudError } from '../../../domain/crud/spec';
import { accountDetail, banAccount, listAccounts, parseAccountDetailQuery, parseAccountQuery, parseBan, parseUnban, unbanAccount } from '../domain/accounts';
import {
  gameUserDetail,
  listGameUsers,
  parseGameUserQuery,
  parsePlayerKey,
  parseSessionsQuery,
  parseTrackQuery,
  playerDevices,
  playerSessions,
  playerTrack,
} from '../domain/game-users';
import { ok } from '../../../http/envelope';
import { isRecord } from '../../../is-record';
import { guarded } from '../../../http/crud-routes';

/**
 * center_users/accounts and center_users/game_users. Reads by the screen's Search or
 * Retrieve; ban/unban by 平台账号's Update (domain/permissions.ts). Every POST is in the operation log
 * (http/operation-log.ts). Bad input: code 4000 with the reason, nothing written.
 */
export function accountsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const tz = () => ctx.config.analyticsTz;
  const q = (req: FastifyRequest): Record<string, unknown> => {
    const v: unknown = req.query ?? {};
    if (!isRecord(v)) throw new CrudError('查询参数格式不正确');
    return v;
  };
  const list = <T>(page: { data: T[] }) => ok(page, page.data.length === 0 ? '暂无数据' : 'success');
  app.get('/api/center_users/accounts/', async (req, reply) => guarded(reply, async () => list(await listAccounts(db, parseAccountQuery(q(req))))));
  app.get('/api/center_users/accounts/detail/', async (req, reply) => guarded(reply, async () => ok(await accountDetail(db, parseAccountDetailQuery(q(req))))));
  app.post('/api/center_users/accounts/ban/', async (req, reply) => guarded(reply, async () => ok(await banAccount(db, parseBan(req.body), req.account?.id ?? null), '封禁成功')));
  app.post('/api/center_users/accounts/unban/', async (req, reply) => guarded(reply, async () => ok(await unbanAccount(db, parseUnban(req.body), req.account?.id ?? null), '解封成功')));
  app.get('/api/center_users/game_users/', async (req, reply) => guarded(reply, async () => list(await listGameUsers(db, parseGameUserQuery(q(req))))));
  app.get('/api/center_users/game_users/detail/', async (req, reply) => guarded(reply, async () => ok(await gameUserDetail(db, parsePlayerKey(q(req))))));
  app.get('/api/center_users/game_users/track/', async (req, reply) => guarded(reply, async () => list(await playerTrack(db, tz(), parseTrackQuery(q(req))))));
  app.get('/api/center_users/game_users/devices/', async (req, reply) => guarded(reply, async () => ok(await playerDevices(db, parsePlayerKey(q(req))))));
  app.get('/api/center_users/game_users/sessions/', async (req, reply) => guarded(reply, async () => ok(await playerSessions(db, tz(), parseSessionsQuery(q(req))))));
}
