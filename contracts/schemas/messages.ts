import { z } from 'zod';
import { datetime, listPage } from './envelope';

/** Message center (API-CONTRACT §10). target_type: 0 by user, 1 by role, 2 by department, 3 everybody. */
export const MESSAGE_TARGET = { user: 0, role: 1, dept: 2, all: 3 } as const;
export const messageTargetType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type MessageTargetType = z.infer<typeof messageTargetType>;

const id = z.number().int().positive().max(2_147_483_647);
const idList = z.array(id).max(10_000);

/** POST /api/system/message_center/ (and PUT /{id}/) body. */
export const messageCreateRequest = z
  .object({
    title: z.string().trim().min(1, '标题:该字段不能为空。').max(100, '标题:长度不能超过 100 个字符。'),
    content: z.string().max(200_000, '内容:长度不能超过 200000 个字符。'),
    target_type: messageTargetType,
    target_user: idList.optional(),
    target_role: idList.optional(),
    target_dept: idList.optional(),
  })
  .superRefine((body, ctx) => {
    const need = { 0: ['target_user', '目标用户'], 1: ['target_role', '目标角色'], 2: ['target_dept', '目标部门'] } as const;
    if (body.target_type === 3) return;
    const [key, label] = need[body.target_type];
    if (!body[key] || body[key].length === 0) ctx.addIssue({ code: 'custom', path: [key], message: `${label}:该字段是必填项。` });
  });
export type MessageCreateRequest = z.infer<typeof messageCreateRequest>;

/** DELETE /api/system/message_center/multiple_delete/ body. */
export const multipleDeleteRequest = z.object({ keys: z.array(id).min(1, 'keys:该字段是必填项。').max(1000) });

/** One message as the list, create, get_self_receive and get_newest_msg calls return it. */
export const message = z.object({
  id,
  title: z.string(),
  content: z.string(),
  target_type: z.number().int(),
  target_user: z.array(z.number().int()),
  target_role: z.array(z.number().int()),
  target_dept: z.array(z.number().int()),
  creator: z.number().int().nullable(),
  creator_name: z.string().nullable(),
  modifier: z.string().nullable(),
  modifier_name: z.string().nullable(),
  dept_belong_id: z.string().nullable(),
  description: z.string().nullable(),
  create_datetime: datetime,
  update_datetime: datetime,
});
export type Message = z.infer<typeof message>;

/** A received message: the caller's own read state. */
export const receivedMessage = message.extend({ is_read: z.boolean() });
export type ReceivedMessage = z.infer<typeof receivedMessage>;

/** Nested target objects of the sent list and of retrieve (only the keys the console reads are checked). */
export const messageTargetUserInfo = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export const messageTargetRoleInfo = z.object({ id: z.number().int(), name: z.string(), key: z.string() });
export const messageTargetDeptInfo = z.object({ id: z.number().int(), name: z.string() });

/** Sent list rows and retrieve: the message plus the targets' objects. */
export const messageDetail = message.extend({
  user_info: z.array(messageTargetUserInfo),
  role_info: z.array(messageTargetRoleInfo),
  dept_info: z.array(messageTargetDeptInfo),
});
export type MessageDetail = z.infer<typeof messageDetail>;

export const messageList = listPage(messageDetail);
export const receivedMessageList = listPage(receivedMessage);
/** get_newest_msg: the newest received message, or null. */
export const newestMessage = receivedMessage.nullable();
/** get_unread_msg. */
export const unreadCount = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** Paging query of the message lists. */
export const messageListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(999).default(10),
  is_read: z.enum(['0', '1', 'true', 'false']).optional(),
});
