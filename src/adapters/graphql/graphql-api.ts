import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type {
  DeptNode,
  DictionaryEntry,
  DictionaryGroup,
  ListPage,
  MenuItem,
  MessageCreateRequest,
  MessageDetail,
  ReceivedMessage,
  RecentLogin,
  Settings,
  UserInfo,
} from '../../../contracts/schemas';
import { isRecord } from '../../../contracts/json';
import type { MessagePageQuery, MessagesPort } from '../../features/messages/adapters/message-types';
import { DEFAULT_DICTIONARY_KEY } from '../../config';
import type { Translate } from '../../i18n';
import type { ApiCallbacks, AttachmentTotal, Captcha, ConsoleApi, Credentials, LoginDay, LoginSession } from '../api';
import { ConsoleApiBase } from '../console-base';
import type { Cookies } from '../cookies';
import { encodePassword, type PasswordEncoding } from '../password';
import { HttpClient, type HttpClientOptions, type RequestOptions } from '../rest/http';
import { GraphqlResources } from './resources';
import {
  AllDeptDocument,
  AttachmentTotalDocument,
  CaptchaDocument,
  CaptchaStatusDocument,
  DictionariesDocument,
  DeleteMessagesDocument,
  DictionaryDocument,
  LoginDocument,
  LoginTrendDocument,
  LogoutDocument,
  NewestMessageDocument,
  OpenMessageDocument,
  ReceivedMessagesDocument,
  SendMessageDocument,
  SentMessagesDocument,
  UnreadMessageCountDocument,
  UpdateMessageDocument,
  RecentLoginsDocument,
  RegisteredUsersDocument,
  RefreshTokenDocument,
  ResourceListDocument,
  SettingsDocument,
  TrackingReportDocument,
  UserInfoDocument,
  UsersLoginTotalDocument,
  UsersTotalDocument,
  WebRouterDocument,
} from './generated/graphql';
import { GraphqlTransport } from './transport';
import { listPageOf, type AnalysisReport, type ReportParams } from '../port';

export interface GraphqlApiOptions {
  /** The configured server URL ('' = same origin); the gateway is at <serverUrl>/graphql. */
  serverUrl: string;
  cookies: Cookies;
  t: Translate;
  callbacks: ApiCallbacks;
  fetch?: typeof fetch;
  timeouts?: HttpClientOptions['timeouts'];
  retry?: HttpClientOptions['retry'];
  sleep?: HttpClientOptions['sleep'];
  passwordEncoding?: PasswordEncoding;
}

type Json = Record<string, unknown>;

const MESSAGES = '/api/system/message_center/';

/**
 * The calls this adapter makes, each named by the REST path the gateway calls for it: messages that
 * carry the url ('msg: url', 404 texts) read the same as with the REST adapter, and 'api/login/' marks
 * the login call whose 401 is a wrong password.
 */
const CALL = {
  captcha: { path: 'api/captcha/', plain: true },
  captchaStatus: { path: 'api/captcha/status/', plain: true, quiet: true },
  login: { method: 'POST', path: 'api/login/', plain: true },
  logout: { method: 'POST', path: 'api/logout/', quiet: true },
  userInfo: { path: '/api/system/user/user_info/' },
  settings: { path: '/api/init/settings/' },
  dictionary: { path: '/api/init/dictionary/' },
  webRouter: { path: '/api/system/menu/web_router/' },
  allDept: { path: '/api/system/dept/all_dept/' },
  usersTotal: { path: '/api/system/datav/users_total/', quiet: true },
  usersLoginTotal: { path: '/api/system/datav/users_login_total/', quiet: true },
  attachmentTotal: { path: '/api/system/datav/attachment_total/', quiet: true },
  loginTrend: { path: '/api/system/datav/login_user/', quiet: true },
  registeredUsers: { path: '/api/system/datav/registered_user/', quiet: true },
  recentLogins: { path: '/api/system/datav/recent_logins/', quiet: true },
  sentMessages: { path: MESSAGES },
  receivedMessages: { path: `${MESSAGES}get_self_receive/` },
  newestMessage: { path: `${MESSAGES}get_newest_msg/` },
  unreadMessageCount: { path: `${MESSAGES}get_unread_msg/` },
  sendMessage: { method: 'POST', path: MESSAGES },
} satisfies Record<string, RequestOptions>;

/**
 * `ConsoleApi` over the GraphQL gateway (server/gateway) through graphql-request and the typed
 * documents generated from src/adapters/graphql/operations.graphql. The spec's rules are the REST
 * adapter's own: HttpClient.perform runs them around each GraphQL exchange, and the refresh goes
 * through the refreshToken mutation (one refresh shared by concurrent requests).
 */
export class GraphqlConsoleApi extends ConsoleApiBase implements ConsoleApi {
  readonly http: HttpClient;
  private readonly transport: GraphqlTransport;
  protected readonly passwordEncoding: PasswordEncoding;
  /** Resource JSON through the gateway (typed lists, rest / restWrite); files over REST. */
  protected readonly resources: GraphqlResources;

  constructor(options: GraphqlApiOptions) {
    super();
    const transport = new GraphqlTransport(options.serverUrl, options.fetch);
    this.transport = transport;
    this.passwordEncoding = options.passwordEncoding ?? 'md5';
    this.http = new HttpClient({
      ...options,
      refreshExchange: (refresh, signal) => transport.exchange(RefreshTokenDocument, { refresh }, 'refreshToken', {}, signal),
    });
    this.resources = new GraphqlResources(this.http, transport, options);
    this.attachPorts({ messages: new GraphqlMessages((call, document, variables, field) => this.run(call, document, variables, field), this.http) });
  }

  /** An analysis report through the gateway's trackingReport (named by its REST path in messages). */
  protected analysis(report: AnalysisReport, params: ReportParams): Promise<unknown> {
    const variables = { report: report.toUpperCase() as Uppercase<AnalysisReport>, params: params.map(([name, value]) => ({ name, value })) };
    return this.run({ path: `/api/data_embed/${report}/` }, TrackingReportDocument, variables, 'trackingReport');
  }

  /**
   * A feature's read (a revenue report, a players table, ...) through the gateway's typed resourceList: each pair an `equals` argument, which
   * the gateway writes as the same query parameter upstream (no gateway change needed; named by its
   * REST path in messages). The answer is the envelope's data as it is.
   */
  protected read(path: string, params: ReportParams): Promise<unknown> {
    const variables = { resource: path.replace(/^\/+/, ''), query: { filters: params.map(([field, value]) => ({ field, op: 'EQUALS' as const, value })) } };
    return this.run({ path }, ResourceListDocument, variables, 'resourceList');
  }

  async captcha(): Promise<Captcha> {
    const data = await this.run(CALL.captcha, CaptchaDocument, {}, 'captcha');
    if (typeof data.key === 'number' && typeof data.image_base === 'string') return { enabled: true, key: data.key, image: data.image_base };
    return { enabled: false };
  }

  async captchaStatus(): Promise<boolean> {
    try {
      return await this.run(CALL.captchaStatus, CaptchaStatusDocument, {}, 'captchaStatus');
    } catch {
      // As with REST: assume on; the captcha call itself tells (it answers {} when off).
      return true;
    }
  }

  async login(credentials: Credentials): Promise<LoginSession> {
    const data = await this.run(
      CALL.login,
      LoginDocument,
      {
        username: credentials.username,
        password: encodePassword(this.passwordEncoding, credentials.password),
        captcha: credentials.captcha ?? null,
        captchaKey: credentials.captchaKey ?? null,
      },
      'login',
    );
    const session = { userId: data.userId, access: data.access, refresh: data.refresh, name: data.name };
    this.http.session.start(session);
    return session;
  }

  async logout(): Promise<void> {
    const refresh = this.http.session.refresh();
    try {
      await this.run(CALL.logout, LogoutDocument, { refresh }, 'logout');
    } finally {
      this.http.session.clear();
    }
  }

  refreshToken(): Promise<string> {
    return this.http.refresh();
  }

  async userInfo(): Promise<UserInfo> {
    const data = await this.run(CALL.userInfo, UserInfoDocument, {}, 'userInfo');
    const { dept_info, tenant_name, ...rest } = data;
    return { ...rest, ...(dept_info ? { dept_info } : {}), ...(tenant_name != null ? { tenant_name } : {}) };
  }

  async settings(): Promise<Settings> {
    const data: unknown = await this.run(CALL.settings, SettingsDocument, {}, 'settings');
    if (isRecord(data)) return data as Settings;
    throw this.http.malformed(CALL.settings);
  }

  dictionary(key?: 'all'): Promise<DictionaryGroup[]>;
  dictionary(key: string): Promise<DictionaryEntry[]>;
  async dictionary(key: string = DEFAULT_DICTIONARY_KEY): Promise<DictionaryGroup[] | DictionaryEntry[]> {
    if (key === DEFAULT_DICTIONARY_KEY) return this.run(CALL.dictionary, DictionariesDocument, {}, 'dictionaries');
    return this.run(CALL.dictionary, DictionaryDocument, { key }, 'dictionary');
  }

  webRouter(): Promise<MenuItem[]> {
    return this.run(CALL.webRouter, WebRouterDocument, {}, 'webRouter');
  }

  allDept(): Promise<DeptNode[]> {
    return this.run(CALL.allDept, AllDeptDocument, {}, 'allDept');
  }

  usersTotal(): Promise<number> {
    return this.run(CALL.usersTotal, UsersTotalDocument, {}, 'usersTotal');
  }

  usersLoginTotal(): Promise<number> {
    return this.run(CALL.usersLoginTotal, UsersLoginTotalDocument, {}, 'usersLoginTotal');
  }

  async attachmentTotal(): Promise<AttachmentTotal> {
    const total = await this.run(CALL.attachmentTotal, AttachmentTotalDocument, {}, 'attachmentTotal');
    return { count: total.count, occupySpace: total.occupySpace ?? null };
  }

  loginTrend(): Promise<LoginDay[]> {
    return this.run(CALL.loginTrend, LoginTrendDocument, {}, 'loginTrend');
  }

  registeredUsers(): Promise<LoginDay[]> {
    return this.run(CALL.registeredUsers, RegisteredUsersDocument, {}, 'registeredUsers');
  }

  recentLogins(): Promise<RecentLogin[]> {
    return this.run(CALL.recentLogins, RecentLoginsDocument, {}, 'recentLogins');
  }

  /** One operation under the spec's rules; resolves with `data[field]`. */
  private run<R, V extends Json, F extends keyof R & string>(call: RequestOptions, document: TypedDocumentNode<R, V>, variables: V, field: F): Promise<R[F]> {
    return this.http.perform<R[F]>(call, (auth, signal) => this.transport.exchange(document, variables, field, auth, signal));
  }
}

type Run = <R, V extends Json, F extends keyof R & string>(call: RequestOptions, document: TypedDocumentNode<R, V>, variables: V, field: F) => Promise<R[F]>;

/** The message center through the gateway's typed message operations (named by their REST paths in messages). */
class GraphqlMessages implements MessagesPort {
  constructor(
    private readonly run: Run,
    private readonly http: HttpClient,
  ) {}

  async sent(query: MessagePageQuery): Promise<ListPage<MessageDetail>> {
    return this.page<MessageDetail>(CALL.sentMessages, await this.run(CALL.sentMessages, SentMessagesDocument, { page: query.page, limit: query.limit }, 'sentMessages'));
  }

  async received(query: MessagePageQuery & { isRead?: boolean }): Promise<ListPage<ReceivedMessage>> {
    const variables = { page: query.page, limit: query.limit, isRead: query.isRead ?? null };
    return this.page<ReceivedMessage>(CALL.receivedMessages, await this.run(CALL.receivedMessages, ReceivedMessagesDocument, variables, 'receivedMessages'));
  }

  async newest(): Promise<ReceivedMessage | null> {
    const data: unknown = await this.run(CALL.newestMessage, NewestMessageDocument, {}, 'newestMessage');
    if (data === null) return null;
    if (isRecord(data) && typeof data.title === 'string') return data as unknown as ReceivedMessage;
    throw this.http.malformed(CALL.newestMessage);
  }

  unreadCount(): Promise<number> {
    return this.run(CALL.unreadMessageCount, UnreadMessageCountDocument, {}, 'unreadMessageCount');
  }

  async open(id: number): Promise<MessageDetail> {
    const call: RequestOptions = { path: `${MESSAGES}${id}/` };
    return this.message(call, await this.run(call, OpenMessageDocument, { id }, 'openMessage'));
  }

  async send(body: MessageCreateRequest): Promise<MessageDetail> {
    return this.message(CALL.sendMessage, await this.run(CALL.sendMessage, SendMessageDocument, { body }, 'sendMessage'));
  }

  async update(id: number, body: MessageCreateRequest): Promise<MessageDetail> {
    const call: RequestOptions = { method: 'PUT', path: `${MESSAGES}${id}/` };
    return this.message(call, await this.run(call, UpdateMessageDocument, { id, body }, 'updateMessage'));
  }

  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const call: RequestOptions = { method: 'DELETE', path: ids.length === 1 ? `${MESSAGES}${ids[0]}/` : `${MESSAGES}multiple_delete/` };
    await this.run(call, DeleteMessagesDocument, { ids: [...ids] }, 'deleteMessages');
  }

  private message(call: RequestOptions, data: unknown): MessageDetail {
    if (isRecord(data) && typeof data.id === 'number') return data as unknown as MessageDetail;
    throw this.http.malformed(call);
  }

  private page<T>(call: RequestOptions, data: unknown): ListPage<T> {
    const page = listPageOf<T>(data);
    if (page) return page;
    throw this.http.malformed(call);
  }
}

/** The GraphQL ConsoleApi: every method, JSON through the gateway, files over REST. */
export function createGraphqlConsoleApi(options: GraphqlApiOptions): ConsoleApi {
  return new GraphqlConsoleApi(options);
}
