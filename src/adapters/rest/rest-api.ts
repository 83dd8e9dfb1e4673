import { isRecord } from '../../../contracts/json';
import type { DeptNode, DictionaryEntry, DictionaryGroup, MenuItem, RecentLogin, Settings, UserInfo } from '../../../contracts/schemas';
import { DEFAULT_DICTIONARY_KEY, DICTIONARY_LIMIT } from '../../config';
import type { Translate } from '../../i18n';
import type { ApiCallbacks, AttachmentTotal, Captcha, ConsoleApi, Credentials, LoginDay, LoginSession } from '../api';
import { ConsoleApiBase } from '../console-base';
import type { Cookies } from '../cookies';
import type { ApiError } from '../errors';
import type { PasswordEncoding } from '../password';
import { RestLoginApi } from './login-api';
import { HttpClient, type HttpClientOptions, type RequestOptions } from './http';
import type { AnalysisReport, ReportParams } from '../port';
import { pairsToParams, RestResources } from './resources';

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


/** `ConsoleApi` over the django-vue-admin REST contract (and the reference server, which speaks it too). */
export class RestConsoleApi extends ConsoleApiBase implements ConsoleApi {
  readonly http: HttpClient;
  protected readonly passwordEncoding: PasswordEncoding;
  protected readonly resources: RestResources;
  private readonly loginCalls: RestLoginApi;

  /** An analysis report of event tracking: GET with the query's pairs (event repeated). */
  protected analysis(report: AnalysisReport, params: ReportParams): Promise<unknown> {
    return this.http.request({ path: `/api/data_embed/${report}/`, params: pairsToParams(params) });
  }

  /** A feature's read (a revenue report, a players table, ...): GET with the query's pairs. */
  protected read(path: string, params: ReportParams): Promise<unknown> {
    return this.http.request({ path, params: pairsToParams(params) });
  }

  constructor(options: RestApiOptions) {
    super();
    this.http = new HttpClient(options);
    this.resources = new RestResources(this.http, options);
    this.passwordEncoding = options.passwordEncoding ?? 'md5';
    this.loginCalls = new RestLoginApi(this.http, this.passwordEncoding);
    this.attachPorts();
  }

  // The login page's calls live in RestLoginApi (the login-only boot loads that alone).
  captcha(): Promise<Captcha> {
    return this.loginCalls.captcha();
  }

  captchaStatus(): Promise<boolean> {
    return this.loginCalls.captchaStatus();
  }

  login(credentials: Credentials): Promise<LoginSession> {
    return this.loginCalls.login(credentials);
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

  settings(): Promise<Settings> {
    return this.loginCalls.settings();
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
