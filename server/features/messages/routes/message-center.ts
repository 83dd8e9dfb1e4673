import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  messageCreateRequest,
  messageListQuery,
  multipleDeleteRequest,
} from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { MessageCenter, UnknownTargetError, type Page } from '../../../domain/messages';
import type { Account } from '../../../domain/users';
import { currentAccount, requireUser } from '../../../http/auth';
import { fail, NOT_FOUND_MSG, ok } from '../../../http/envelope';
import { parseInput } from '../../../domain/validation';
import { NEW_MESSAGE_FRAME, READ_FRAME } from '../../../ws/frames';

const BASE = '/api/system/message_center';

const LABELS = { title: '标题', content: '内容', target_type: '目标类型', target_user: '目标用户', target_role: '目标角色', target_dept: '目标部门' };
const NOT_OWNER = '只能修改或删除自己发送的消息。';

function paged<T>(page: Page<T>, pageNo: number, limit: number) {
  return {
    page: pageNo,
    total: page.total,
    limit,
    is_next: pageNo * limit < page.total,
    is_previous: pageNo > 1,
    data: page.rows,
  };
}

function listMsg(rows: unknown[]): string {
  return rows.length === 0 ? '暂无数据' : 'success';
}

/** A path id: a positive integer that fits the column, else null. */
function pathId(req: FastifyRequest<{ Params: { id: string } }>): number | null {
  const raw = req.params.id;
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/**
 * Message center (API-CONTRACT §10). The self-service calls (get_self_receive, get_newest_msg,
 * get_unread_msg) are open to any signed-in user. Retrieve is allowed to a recipient, the sender and
 * superusers; update and delete to the sender and superusers (a role-based permission layer may
 * narrow these further). Every new recipient gets a push, whatever the target type (upstream sends
 * none for target_type 0), on every server instance through the hub's broker.
 */
export function messageCenterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const messages = new MessageCenter(ctx.db);
  const auth = { preHandler: requireUser(ctx) };
  const mayEdit = async (account: Account, id: number): Promise<'missing' | 'denied' | 'ok'> => {
    const creator = await messages.creatorOf(id);
    if (creator === undefined) return 'missing';
    return account.is_superuser || creator === account.id ? 'ok' : 'denied';
  };
  const pushNew = async (targetType: number, users: number[]) => {
    if (targetType === 3) await ctx.hub.publish('all', NEW_MESSAGE_FRAME);
    else if (users.length > 0) await ctx.hub.publish(users, NEW_MESSAGE_FRAME);
  };

  app.get(`${BASE}/`, auth, async (req) => {
    const q = parseInput(messageListQuery, req.query);
    if (!q.ok) return fail(q.msg);
    const page = await messages.sent(currentAccount(req).id, q.data.page, q.data.limit);
    return ok(paged(page, q.data.page, q.data.limit), listMsg(page.rows));
  });

  app.get(`${BASE}/get_self_receive/`, auth, async (req) => {
    const q = parseInput(messageListQuery, req.query);
    if (!q.ok) return fail(q.msg);
    const isRead = q.data.is_read === undefined ? undefined : q.data.is_read === '1' || q.data.is_read === 'true';
    const page = await messages.received(currentAccount(req).id, q.data.page, q.data.limit, isRead);
    return ok(paged(page, q.data.page, q.data.limit), listMsg(page.rows));
  });

  app.get(`${BASE}/get_newest_msg/`, auth, async (req) => ok(await messages.newest(currentAccount(req).id), '获取成功'));

  app.get(`${BASE}/get_unread_msg/`, auth, async (req) => ok({ count: await messages.unreadCount(currentAccount(req).id) }, '获取成功'));

  app.get<{ Params: { id: string } }>(`${BASE}/:id/`, auth, async (req) => {
    const id = pathId(req);
    if (id === null) return fail(NOT_FOUND_MSG, 400);
    const account = currentAccount(req);
    const message = await messages.detail(id);
    if (!message) return fail(NOT_FOUND_MSG, 400);
    const recipient = message.target_user.includes(account.id);
    if (!recipient && !account.is_superuser && message.creator !== account.id) {
      return fail(`您没有执行该操作的权限。 (GET: ${BASE}/${id}/)`);
    }
    if (recipient && (await messages.markRead(id, account.id))) await ctx.hub.publish([account.id], READ_FRAME);
    return ok(message, '获取成功');
  });

  app.post(`${BASE}/`, auth, async (req) => {
    const body = parseInput(messageCreateRequest, req.body, LABELS);
    if (!body.ok) return fail(body.msg);
    try {
      const { message, added } = await messages.create(currentAccount(req), body.data);
      await pushNew(message.target_type, added);
      return ok(message, '新增成功');
    } catch (err) {
      if (err instanceof UnknownTargetError) return fail(err.message);
      throw err;
    }
  });

  const update = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const id = pathId(req);
    if (id === null) return fail(NOT_FOUND_MSG, 400);
    const account = currentAccount(req);
    const access = await mayEdit(account, id);
    if (access === 'missing') return fail(NOT_FOUND_MSG, 400);
    if (access === 'denied') return fail(NOT_OWNER);
    const body = parseInput(messageCreateRequest, req.body, LABELS);
    if (!body.ok) return fail(body.msg);
    try {
      const written = await messages.update(id, account, body.data);
      if (!written) return fail(NOT_FOUND_MSG, 400);
      if (written.added.length > 0) await ctx.hub.publish(written.added, NEW_MESSAGE_FRAME);
      return ok(written.message, '更新成功');
    } catch (err) {
      if (err instanceof UnknownTargetError) return fail(err.message);
      throw err;
    }
  };
  app.put<{ Params: { id: string } }>(`${BASE}/:id/`, auth, update);
  app.patch<{ Params: { id: string } }>(`${BASE}/:id/`, auth, update);

  app.delete(`${BASE}/multiple_delete/`, auth, async (req) => {
    const body = parseInput(multipleDeleteRequest, req.body);
    if (!body.ok) return fail(body.msg);
    const account = currentAccount(req);
    const keys = [...new Set(body.data.keys)];
    if (!account.is_superuser) {
      const owned = new Set(await messages.ownedBy(account.id, keys));
      if (keys.some((k) => !owned.has(k))) return fail(NOT_OWNER);
    }
    await messages.remove(keys);
    return ok([], '删除成功');
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/:id/`, auth, async (req) => {
    const id = pathId(req);
    if (id === null) return fail(NOT_FOUND_MSG, 400);
    const access = await mayEdit(currentAccount(req), id);
    if (access === 'missing') return fail(NOT_FOUND_MSG, 400);
    if (access === 'denied') return fail(NOT_OWNER);
    await messages.remove([id]);
    return ok([], '删除成功');
  });
}
