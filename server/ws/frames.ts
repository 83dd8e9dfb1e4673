import type { SocketFrame } from '../../contracts/schemas';

/**
 * The socket frames the server pushes (upstream's wording): the greeting of a new socket, and the
 * message center's notices, sent by its routes and by the jobs that write messages.
 */

export const CONNECTED_FRAME: SocketFrame = { sender: 'system', contentType: 'SYSTEM', content: '连接成功', refresh_unread: false };
export const UNREAD_FRAME: SocketFrame = { sender: 'system', contentType: 'SYSTEM', content: '请查看您的未读消息~', refresh_unread: true };

/** The frame every recipient of a new message gets. */
export const NEW_MESSAGE_FRAME: SocketFrame = { sender: 'system', contentType: 'SYSTEM', content: '您有一条新消息~', refresh_unread: true };
/** The frame the reader gets after opening a message. */
export const READ_FRAME: SocketFrame = { sender: 'system', contentType: 'TEXT', content: '您查看了一条消息~', refresh_unread: true };
