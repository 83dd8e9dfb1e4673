import { isRecord } from '../../../../contracts/json';
import type { ListPage, MessageCreateRequest, MessageDetail, ReceivedMessage } from '../../../../contracts/schemas';
import { listPageOf, type PortRequest, type PortTransport } from '../../../adapters/port';
import type { MessagePageQuery, MessagesPort } from './message-types';

const BASE = '/api/system/message_center/';

/**
 * The message center over REST (API-CONTRACT §10), on the adapter's JSON requests. The message center
 * is the real back end's own (django-vue-admin), so its answers are read with that back end's
 * tolerance: shapes are checked where the console depends on them, not against the reference schema.
 */
export class RestMessages implements MessagesPort {
  constructor(private readonly transport: PortTransport) {}

  sent(query: MessagePageQuery): Promise<ListPage<MessageDetail>> {
    return this.page<MessageDetail>({ path: BASE, params: { page: query.page, limit: query.limit } });
  }

  received(query: MessagePageQuery & { isRead?: boolean }): Promise<ListPage<ReceivedMessage>> {
    const params: Record<string, number | boolean> = { page: query.page, limit: query.limit };
    if (query.isRead !== undefined) params.is_read = query.isRead;
    return this.page<ReceivedMessage>({ path: `${BASE}get_self_receive/`, params });
  }

  async newest(): Promise<ReceivedMessage | null> {
    const request: PortRequest = { path: `${BASE}get_newest_msg/` };
    const data = await this.transport.request(request);
    if (data === null || data === undefined || (isRecord(data) && Object.keys(data).length === 0)) return null;
    if (isRecord(data) && typeof data.title === 'string') return data as unknown as ReceivedMessage;
    throw this.transport.malformed(request);
  }

  async unreadCount(): Promise<number> {
    const request: PortRequest = { path: `${BASE}get_unread_msg/` };
    const data = await this.transport.request(request);
    if (isRecord(data) && typeof data.count === 'number') return data.count;
    throw this.transport.malformed(request);
  }

  open(id: number): Promise<MessageDetail> {
    return this.one({ path: `${BASE}${id}/` });
  }

  send(body: MessageCreateRequest): Promise<MessageDetail> {
    return this.one({ method: 'POST', path: BASE, body });
  }

  update(id: number, body: MessageCreateRequest): Promise<MessageDetail> {
    return this.one({ method: 'PUT', path: `${BASE}${id}/`, body });
  }

  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length === 1) await this.transport.request({ method: 'DELETE', path: `${BASE}${ids[0]}/` });
    else if (ids.length > 1) await this.transport.request({ method: 'DELETE', path: `${BASE}multiple_delete/`, body: { keys: ids } });
  }

  private async one(request: PortRequest): Promise<MessageDetail> {
    const data = await this.transport.request(request);
    if (isRecord(data) && typeof data.id === 'number') return data as unknown as MessageDetail;
    throw this.transport.malformed(request);
  }

  private async page<T>(request: PortRequest): Promise<ListPage<T>> {
    const page = listPageOf<T>(await this.transport.request(request));
    if (page) return page;
    throw this.transport.malformed(request);
  }
}

/** The REST message center over an adapter's transport. */
export function createMessagesPort(transport: PortTransport): MessagesPort {
  return new RestMessages(transport);
}
