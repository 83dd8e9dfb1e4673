import { isRecord } from '../../../contracts/json';
import type { DeptNode, DictionaryEntry, DictionaryGroup, MenuItem, RecentLogin, Settings, UserInfo } from '../../../contracts/schemas';
import type { ListPage, MessageCreateRequest, MessageDetail, ReceivedMessage } from '../../../contracts/schemas';
import { DEFAULT_DICTIONARY_KEY, DICTIONARY_LIMIT } from '../../config';
import type { Translate } from '../../i18n';
import type { ApiCallbacks, AttachmentTotal, Captcha, ConsoleApi, Credentials, LoginDay, LoginSession } from '../api';
import { ConsoleApiBase, loginSessionOf } from '../console-base';
import type { Cookies } from '../cookies';
import type { ApiError } from '../errors';
import type { MessagePageQuery } from '../message-types';
import { encodePassword, type PasswordEncoding } from '../password';
import { HttpClient, type HttpClientOptions, type RequestOptions } from './http';
import { RestMessages } from './messages';
import { pairsToParams, RestResources } from './resources';
import type { ReportParams, TrackingReport } from '../tracking';

export interface RestApiOptions {
  serverUrl: string;
  cookies: Cookies;
  t: Translate;
  callbacks: ApiCallbacks;
  /** Test seams; the defaults are the spec's numbers. */
  fetch?: typeof fetch;
  timeouts?: HttpClientOptions['timeouts'];
  retry?: HttpClientOptions['retry'];
  sleep?: HttpClientOptions['sleep'];
  /** How passwords go on the wire (login, reset, change): 'md5' (like the back end's web client, default) or 'plain'. */
  passwordEncoding?: PasswordEncoding;
}


type Json = Record<string, unknown>;

/** `ConsoleApi` over the django-vue-admin REST contract (and the reference server, which speaks it too). */
export class RestConsoleApi extends ConsoleApiBase implements ConsoleApi {
  readonly http: HttpClient;
  protected readonly passwordEncoding: PasswordEncoding;
  protected readonly resources: RestResources;
  /** Message center calls. */
  private readonly messages: RestMessages;

  /** An analysis report of event tracking: GET with the query's pairs (event repeated). */
  protected report(report: TrackingReport, params: ReportParams): Promise<unknown> {
    return this.http.request({ path: `/api/data_embed/${report}/`, params: pairsToParams(params) });
  }

  /** A revenue report: GET with the query's pairs. */
  protected incomeReport(path: string, params: ReportParams): Promise<unknown> {
    return this.http.request({ path, params: pairsToParams(params) });
  }

  constructor(options: RestApiOptions) {
    super();
    this.http = new HttpClient(options);
    this.resources = new RestResources(this.http, options);
    this.messages = new RestMessages(this.http);
    this.passwordEncoding = options.passwordEncoding ?? 'md5';
  }

  async captcha(): Promise<Captcha> {
    const data = await this.http.request({ path: 'api/captcha/', plain: true });
    if (isRecord(data) && typeof data.key === 'number' && typeof data.image_base === 'string') {
      return { enabled: true, key: data.key, image: data.image_base };
    }
    return { enabled: false };
  }

  async captchaStatus(): Promise<boolean> {
    try {
      const data = await this.http.request({ path: 'api/captcha/status/', plain: true, quiet: true });
      if (isRecord(data) && typeof data.status === 'boolean') return data.status;
    } catch {
      // The real back end has no status call (HTTP 404): ask the settings instead, silently.
    }
    try {
      const settings = await this.http.request({ path: '/api/init/settings/', quiet: true });
      if (isRecord(settings) && typeof settings['base.captcha_state'] === 'boolean') return settings['base.captcha_state'];
    } catch {
      // Fall through: assume on, the captcha call itself tells (it answers {} when off).
    }
    return true;
  }

  async login(credentials: Credentials): Promise<LoginSession> {
    const body: Json = { username: credentials.username, password: encodePassword(this.passwordEncoding, credentials.password) };
    if (credentials.captcha !== undefined) body.captcha = credentials.captcha;
    if (credentials.captchaKey !== undefined) body.captchaKey = credentials.captchaKey;
    const request: RequestOptions = { method: 'POST', path: 'api/login/', body, plain: true };
    const session = loginSessionOf(await this.http.request(request));
    if (!session) throw this.badShape(request);
    this.http.session.start(session);
    return session;
  }

  async logout(): Promise<void> {
    const refresh = this.http.session.refresh();
    try {
      await this.http.request({ method: 'POST', path: 'api/logout/', body: refresh ? { refresh } : {}, quiet: true });
    } finally {
      this.http.session.clear();
    }
  }

  refreshToken(): Promise<string> {
    return this.http.refresh();
  }

  async userInfo(): Promise<UserInfo> {
    const request: RequestOptions = { path: '/api/system/user/user_info/', params: {} };
    const data = await this.http.request(request);
    if (isRecord(data) && typeof data.name === 'string') return data as unknown as UserInfo;
    throw this.badShape(request);
  }

  async settings(): Promise<Settings> {
    const request: RequestOptions = { path: '/api/init/settings/' };
    const data = await this.http.request(request);
    if (isRecord(data)) return data;
    throw this.badShape(request);
  }

  dictionary(key?: 'all'): Promise<DictionaryGroup[]>;
  dictionary(key: string): Promise<DictionaryEntry[]>;
  async dictionary(key: string = DEFAULT_DICTIONARY_KEY): Promise<DictionaryGroup[] | DictionaryEntry[]> {
    const request: RequestOptions = { path: '/api/init/dictionary/', params: { dictionary_key: key, limit: DICTIONARY_LIMIT } };
    return this.listOf<DictionaryGroup | DictionaryEntry>(request, await this.http.request(request)) as DictionaryGroup[] | DictionaryEntry[];
  }

  async webRouter(): Promise<MenuItem[]> {
    const request: RequestOptions = { path: '/api/system/menu/web_router/', params: {} };
    return this.listOf<MenuItem>(request, await this.http.request(request));
  }

  async allDept(): Promise<DeptNode[]> {
    const request: RequestOptions = { path: '/api/system/dept/all_dept/' };
    return this.listOf<DeptNode>(request, await this.http.request(request));
  }

  usersTotal(): Promise<number> {
    return this.count('/api/system/datav/users_total/', 'users_total');
  }

  usersLoginTotal(): Promise<number> {
    return this.count('/api/system/datav/users_login_total/', 'login_total');
  }

  async attachmentTotal(): Promise<AttachmentTotal> {
    const request: RequestOptions = { path: '/api/system/datav/attachment_total/', quiet: true };
    const data = await this.http.request(request);
    if (!isRecord(data) || typeof data.count !== 'number') throw this.badShape(request);
    return { count: data.count, occupySpace: typeof data.occupy_space === 'string' && data.occupy_space ? data.occupy_space : null };
  }

  loginTrend(): Promise<LoginDay[]> {
    return this.days('/api/system/datav/login_user/', 'login_user');
  }

  registeredUsers(): Promise<LoginDay[]> {
    return this.days('/api/system/datav/registered_user/', 'registered_user_list');
  }

  async recentLogins(): Promise<RecentLogin[]> {
    const request: RequestOptions = { path: '/api/system/datav/recent_logins/', quiet: true };
    return this.listOf<RecentLogin>(request, await this.http.request(request));
  }

  sentMessages(query: MessagePageQuery): Promise<ListPage<MessageDetail>> {
    return this.messages.sentMessages(query);
  }
  receivedMessages(query: MessagePageQuery & { isRead?: boolean }): Promise<ListPage<ReceivedMessage>> {
    return this.messages.receivedMessages(query);
  }
  newestMessage(): Promise<ReceivedMessage | null> {
    return this.messages.newestMessage();
  }
  unreadMessageCount(): Promise<number> {
    return this.messages.unreadMessageCount();
  }
  openMessage(id: number): Promise<MessageDetail> {
    return this.messages.openMessage(id);
  }
  sendMessage(body: MessageCreateRequest): Promise<MessageDetail> {
    return this.messages.sendMessage(body);
  }
  updateMessage(id: number, body: MessageCreateRequest): Promise<MessageDetail> {
    return this.messages.updateMessage(id, body);
  }
  deleteMessages(ids: readonly number[]): Promise<void> {
    return this.messages.deleteMessages(ids);
  }

  /**
   * A datav count, read from its own key (`users_total`, `login_total`: API-CONTRACT §17) or `count`.
   * Quiet: a back end without it makes the dashboard show '-', not a toast.
   */
  private async count(path: string, key: string): Promise<number> {
    const request: RequestOptions = { path, quiet: true };
    const data = await this.http.request(request);
    if (isRecord(data)) {
      const value = typeof data[key] === 'number' ? data[key] : data.count;
      if (typeof value === 'number') return value;
    }
    throw this.badShape(request);
  }

  /** A datav day series `{<key>: [{day, count}]}`, oldest first (quiet, like the counts). */
  private async days(path: string, key: string): Promise<LoginDay[]> {
    const request: RequestOptions = { path, quiet: true };
    const data = await this.http.request(request);
    const rows: unknown = isRecord(data) ? data[key] : data;
    if (!Array.isArray(rows)) throw this.badShape(request);
    return rows
      .filter(isRecord)
      .map((row) => ({ day: String(row.day ?? ''), count: Number(row.count) || 0 }))
      .sort((a, b) => a.day.localeCompare(b.day));
  }

  /** A list comes bare (`data: [...]`) or wrapped (`data: {page, limit, total, data: [...]}`). */
  private listOf<T>(request: RequestOptions, data: unknown): T[] {
    if (Array.isArray(data)) return data as T[];
    if (isRecord(data) && Array.isArray(data.data)) return data.data as T[];
    throw this.badShape(request);
  }

  private badShape(request: RequestOptions): ApiError {
    return this.http.malformed(request);
  }
}
