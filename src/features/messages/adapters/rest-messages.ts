import { isRecord } from '../../../../contracts/json';
import type { ListPage, MessageCreateRequest, MessageDetail, ReceivedMessage } from '../../../../contracts/schemas';
import type { MessageApi, MessagePageQuery } from './message-types';
import type { HttpClient, RequestOptions } from '../../../adapters/rest/http';

const BASE = '/api/system/message_center/';


/** The message center over REST (API-CONTRACT §10). Shapes are checked where the console depends on them. */
export class RestMessages implements MessageApi {
  constructor(private readonly http: HttpClient) {}

  sentMessages(query: MessagePageQuery): Promise<ListPage<MessageDetail>> {
    return this.page<MessageDetail>({ path: BASE, params: { page: query.page, limit: query.limit } });
  }

  receivedMessages(query: MessagePageQuery & { isRead?: boolean }): Promise<ListPage<ReceivedMessage>> {
    const params: Record<string, number | boolean> = { page: query.page, limit: query.limit };
    if (query.isRead !== undefined) params.is_read = query.isRead;
    return this.page<ReceivedMessage>({ path: `${BASE}get_self_receive/`, params });
  }

  async newestMessage(): Promise<ReceivedMessage | null> {
    const request: RequestOptions = { path: `${BASE}get_newest_msg/` };
    const data = await this.http.request(request);
    if (data === null || data === undefined || (isRecord(data) && Object.keys(data).length === 0)) return null;
    if (isRecord(data) && typeof data.title === 'string') return data as unknown as ReceivedMessage;
    throw this.http.malformed(request);
  }

  async unreadMessageCount(): Promise<number> {
    const request: RequestOptions = { path: `${BASE}get_unread_msg/` };
    const data = await this.http.request(request);
    if (isRecord(data) && typeof data.count === 'number') return data.count;
    throw this.http.malformed(request);
  }

  openMessage(id: number): Promise<MessageDetail> {
    return this.one({ path: `${BASE}${id}/` });
  }

  sendMessage(body: MessageCreateRequest): Promise<MessageDetail> {
    return this.one({ method: 'POST', path: BASE, body });
  }

  updateMessage(id: number, body: MessageCreateRequest): Promise<MessageDetail> {
    return this.one({ method: 'PUT', path: `${BASE}${id}/`, body });
  }

  async deleteMessages(ids: readonly number[]): Promise<void> {
    if (ids.length === 1) await this.http.request({ method: 'DELETE', path: `${BASE}${ids[0]}/` });
    else if (ids.length > 1) await this.http.request({ method: 'DELETE', path: `${BASE}multiple_delete/`, body: { keys: ids } });
  }

  private async one(request: RequestOptions): Promise<MessageDetail> {
    const data = await this.http.request(request);
    if (isRecord(data) && typeof data.id === 'number') return data as unknown as MessageDetail;
    throw this.http.malformed(request);
  }

  private async page<T>(request: RequestOptions): Promise<ListPage<T>> {
    const page = listPageOf<T>(await this.http.request(request));
    if (page) return page;
    throw this.http.malformed(request);
  }
}

/** A message list answer read as a ListPage (missing paging fields filled from the rows); null if it is none. */
export function listPageOf<T>(data: unknown): ListPage<T> | null {
  if (!isRecord(data) || !Array.isArray(data.data)) return null;
  const rows = data.data as T[];
  return {
    page: typeof data.page === 'number' ? data.page : 1,
    limit: typeof data.limit === 'number' ? data.limit : rows.length,
    total: typeof data.total === 'number' ? data.total : rows.length,
    is_next: data.is_next === true,
    is_previous: data.is_previous === true,
    data: rows,
  };
}
