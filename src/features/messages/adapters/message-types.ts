import type { ListPage, MessageCreateRequest, MessageDetail, ReceivedMessage } from '../../../../contracts/schemas';

/** Paging of the message lists. */
export interface MessagePageQuery {
  page: number;
  limit: number;
}

/** The message center's port (spec §7, API-CONTRACT §10). */
export interface MessagesPort {
  /** Messages the signed-in user sent (GET message_center/). */
  sent(query: MessagePageQuery): Promise<ListPage<MessageDetail>>;
  /** Messages the signed-in user received, newest first, each with its own is_read. */
  received(query: MessagePageQuery & { isRead?: boolean }): Promise<ListPage<ReceivedMessage>>;
  /** The newest received message, or null. */
  newest(): Promise<ReceivedMessage | null>;
  /** How many received messages are unread. */
  unreadCount(): Promise<number>;
  /** Retrieves one message; the server marks the caller's copy read. */
  open(id: number): Promise<MessageDetail>;
  send(body: MessageCreateRequest): Promise<MessageDetail>;
  update(id: number, body: MessageCreateRequest): Promise<MessageDetail>;
  /** Deletes one (DELETE {id}/) or several (multiple_delete) messages. */
  remove(ids: readonly number[]): Promise<void>;
}
