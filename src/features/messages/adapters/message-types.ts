import type { ListPage, MessageCreateRequest, MessageDetail, ReceivedMessage } from '../../../../contracts/schemas';

/** Paging of the message lists. */
export interface MessagePageQuery {
  page: number;
  limit: number;
}

/** The message center calls (spec §7, API-CONTRACT §10). */
export interface MessageApi {
  /** Messages the signed-in user sent (GET message_center/). */
  sentMessages(query: MessagePageQuery): Promise<ListPage<MessageDetail>>;
  /** Messages the signed-in user received, newest first, each with its own is_read. */
  receivedMessages(query: MessagePageQuery & { isRead?: boolean }): Promise<ListPage<ReceivedMessage>>;
  /** The newest received message, or null. */
  newestMessage(): Promise<ReceivedMessage | null>;
  /** How many received messages are unread. */
  unreadMessageCount(): Promise<number>;
  /** Retrieves one message; the server marks the caller's copy read. */
  openMessage(id: number): Promise<MessageDetail>;
  sendMessage(body: MessageCreateRequest): Promise<MessageDetail>;
  updateMessage(id: number, body: MessageCreateRequest): Promise<MessageDetail>;
  /** Deletes one (DELETE {id}/) or several (multiple_delete) messages. */
  deleteMessages(ids: readonly number[]): Promise<void>;
}
