import {
  messageCreateRequest,
  messageDetail,
  messageList,
  messageListQuery,
  multipleDeleteRequest,
  newestMessage,
  receivedMessageList,
  unreadCount,
} from '../../../contracts/schemas';
import { deleted, type Operation } from '../../openapi/operation';

const tag = 'messages';

/** The message centre (通知公告): messages sent, received, read and deleted. */
export const MESSAGE_OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/api/system/message_center/', summary: 'Messages sent (list)', tag, auth: true, query: messageListQuery, data: messageList },
  { method: 'post', path: '/api/system/message_center/', summary: 'Send a message', tag, auth: true, body: messageCreateRequest, data: messageDetail },
  { method: 'get', path: '/api/system/message_center/get_self_receive/', summary: 'Messages received by the signed-in user', tag, auth: true, query: messageListQuery, data: receivedMessageList },
  { method: 'get', path: '/api/system/message_center/get_newest_msg/', summary: 'The newest received message', tag, auth: true, data: newestMessage },
  { method: 'get', path: '/api/system/message_center/get_unread_msg/', summary: 'Number of unread messages', tag, auth: true, data: unreadCount },
  { method: 'get', path: '/api/system/message_center/{id}/', summary: 'One message (marks it read)', tag, auth: true, data: messageDetail },
  { method: 'put', path: '/api/system/message_center/{id}/', summary: 'Edit a message (its sender only); new recipients are notified', tag, auth: true, body: messageCreateRequest, data: messageDetail },
  { method: 'patch', path: '/api/system/message_center/{id}/', summary: 'Edit a message, as PUT', tag, auth: true, body: messageCreateRequest, data: messageDetail },
  { method: 'delete', path: '/api/system/message_center/{id}/', summary: 'Delete one message', tag, auth: true, data: deleted },
  { method: 'delete', path: '/api/system/message_center/multiple_delete/', summary: 'Delete several messages', tag, auth: true, body: multipleDeleteRequest, data: deleted },
];
