import type {
  DeptNode,
  DictionaryEntry,
  DictionaryGroup,
  MenuItem,
  OAuth2Config,
  RecentLogin,
  Settings,
  UserInfo,
} from '../../contracts/schemas';
import type { DownloadedFile, ProgressListener } from './port';
import type { AdvertisingPort } from '../features/advertising/adapters/advertising';
import type { AutomationPort } from '../features/automation/adapters/automation';
import type { CooperatePort } from '../features/cooperate/adapters/cooperate';
import type { DashboardPort } from '../features/dashboard/adapters/dashboard';
import type { IncomePort } from '../features/income/adapters/income';
import type { MessagesPort } from '../features/messages/adapters/message-types';
import type { AccountsPort } from '../features/players/adapters/accounts';
import type { PlayersPort } from '../features/players/adapters/players';
import type { ReportsPort } from '../features/reports/adapters/data-reports';
import type { TrackingPort } from '../features/tracking/adapters/tracking';

export type { AnalysisReport, DownloadedFile, ExportProgress, ProgressListener, ReportParams, StreamedFile, StreamOptions } from './port';

// The feature ports' own types (queries, answers), for the stores that speak them.
export type * from '../features/advertising/adapters/advertising';
export type * from '../features/automation/adapters/automation';
export type * from '../features/cooperate/adapters/cooperate';
export type * from '../features/dashboard/adapters/dashboard';
export type * from '../features/dashboard/adapters/dashboard-live';
export type * from '../features/dashboard/adapters/workbench';
export type * from '../features/income/adapters/income';
export type * from '../features/messages/adapters/message-types';
export type * from '../features/players/adapters/accounts';
export type * from '../features/players/adapters/players';
export type * from '../features/reports/adapters/data-reports';
export type * from '../features/tracking/adapters/tracking';

/**
 * The platform features' calls, one port per feature, each written once over the adapters' seam
 * (port.ts) in its feature's `adapters/` folder and built by both adapters over their own transport.
 */
export interface FeaturePorts {
  tracking: TrackingPort;
  income: IncomePort;
  players: PlayersPort;
  accounts: AccountsPort;
  reports: ReportsPort;
  advertising: AdvertisingPort;
  cooperate: CooperatePort;
  automation: AutomationPort;
  dashboard: DashboardPort;
  messages: MessagesPort;
}

/**
 * Everything the console asks of a back end: the core calls (session, captcha, settings, user, menus,
 * dictionary, departments, generic resources, uploads, passwords, OAuth2, the home dashboard's
 * figures) and one port per platform feature (`api.tracking.funnel(query)`, ...). Stores speak only
 * this interface; `rest/` implements it over HTTP (the spec's HTTP rules live there) and `graphql/`
 * over the gateway; tests and stories pass fakes. Every method resolves with plain data or rejects
 * with an `ApiError` (see errors.ts).
 *
 * The adapter owns the session cookies (uuid, token, refresh): it stores them at sign-in (`login`,
 * `oauth2Login`), replaces the token when it refreshes it, and removes them at `logout` and when the
 * session expires. Stores only read them.
 */
export interface ConsoleApi extends ResourceApi, FeaturePorts {
  /** A captcha challenge, or `{ enabled: false }` when the server has captcha off. */
  captcha(): Promise<Captcha>;
  /** Whether captcha is on. Falls back to the settings key `base.captcha_state` when the status call fails. */
  captchaStatus(): Promise<boolean>;
  /** Signs in and stores the session cookies. `password` is the plain password; the adapter encodes it. */
  login(credentials: Credentials): Promise<LoginSession>;
  /** Tells the server the session ends (the refresh token is revoked where the server supports it), then removes the session cookies. */
  logout(): Promise<void>;
  /** Exchanges the stored refresh token for a new access token, stores it and resolves with it. */
  refreshToken(): Promise<string>;
  userInfo(): Promise<UserInfo>;
  /** Server settings, a flat `"<group>.<key>"` map. */
  settings(): Promise<Settings>;
  /** All dictionaries (key 'all', the default) as groups. */
  dictionary(key?: 'all'): Promise<DictionaryGroup[]>;
  /** One dictionary's entries. */
  dictionary(key: string): Promise<DictionaryEntry[]>;
  /** The raw, flat menu list of the signed-in user. */
  webRouter(): Promise<MenuItem[]>;
  /** All departments, flat, ordered by sort. */
  allDept(): Promise<DeptNode[]>;
  /**
   * Dashboard figures (datav, in the real back end's keys: API-CONTRACT §17). Each may fail on a back
   * end that lacks it: callers show '-' then.
   */
  usersTotal(): Promise<number>;
  usersLoginTotal(): Promise<number>;
  attachmentTotal(): Promise<AttachmentTotal>;
  /** Sign-ins per day, oldest first (30 days on both servers). */
  loginTrend(): Promise<LoginDay[]>;
  /** New users per day, oldest first (30 days). */
  registeredUsers(): Promise<LoginDay[]>;
  recentLogins(): Promise<RecentLogin[]>;
  /** An administrator sets a user's password (PUT user/{id}/reset_password/); encoded like the login's. */
  resetPassword(userId: RowId, form: NewPassword): Promise<void>;
  /** The signed-in user changes their own password (PUT user/{id}/change_password/); encoded like the login's. */
  changePassword(userId: RowId, form: NewPassword & { oldPassword: string }): Promise<void>;
  /** The OAuth2 provider configured on the back end (quiet, without the session); `{ enabled: false }` when none. */
  oauth2Config(): Promise<OAuth2Config>;
  /** Lets the back end exchange the provider's code (POST oauth2/login/) and stores the session cookies it answers with. */
  oauth2Login(input: { code: string; redirectUri: string }): Promise<LoginSession>;
}

/** The calls the login page makes, signed out: all the login-only boot's adapter has to offer. */
export type LoginApi = Pick<ConsoleApi, 'captchaStatus' | 'captcha' | 'login' | 'settings' | 'oauth2Config'>;

export type Captcha = { enabled: true; key: number; image: string } | { enabled: false };

export interface Credentials {
  username: string;
  password: string;
  captcha?: string;
  captchaKey?: number;
}

/** A new password typed twice (plain: the adapter encodes it). */
export interface NewPassword {
  newPassword: string;
  newPassword2: string;
}

/** What a successful sign-in yields (the fields the console keeps). */
export interface LoginSession {
  userId: number;
  access: string;
  refresh: string;
  name: string;
}

/** One day of a datav day series: "YYYY-MM-DD" and its count. */
export interface LoginDay {
  day: string;
  count: number;
}

/** attachment_total: the number of files, and their size as the server's display text ("39 Bytes"), when it sends one. */
export interface AttachmentTotal {
  count: number;
  occupySpace: string | null;
}


// ---------------------------------------------------------------------------------------------
// Generic resources (API-CONTRACT §3, §14): every management screen is a viewset at a base path such
// as '/api/system/user/' with list / retrieve / create / update / destroy / multiple_delete /
// export_data / import_data and extra actions.

export type RowId = number | string;

/** One row as the server sends it (fields differ per resource). */
export type ResourceRow = Record<string, unknown>;

/** A value a list filter compares with. */
export type FilterValue = string | number | boolean;

export type SortDirection = 'asc' | 'desc';

/** Sort by one field. */
export interface Ordering {
  field: string;
  direction: SortDirection;
}

/**
 * One condition of a list query. The adapters write it the way their back end reads it (REST: django
 * query parameters; GraphQL: typed arguments the gateway turns into the same):
 * - `equals`: the back end's filter on that field (`?field=value`): exact for ids, choices and
 *   booleans; django-vue-admin and the reference server match their text fields by part, ignoring case;
 * - `contains`: part of a text, ignoring case (`field__icontains`);
 * - `in`: any of the values (`?field=a&field=b`);
 * - `range`: from / to, both ends included, either may be missing (`field_after`, `field_before`; dates as yyyy-MM-dd);
 * - `isNull`: the field is empty (true) or set (false) (`field__isnull`).
 */
export type ListFilter =
  | { op: 'equals'; field: string; value: FilterValue }
  | { op: 'contains'; field: string; value: string }
  | { op: 'in'; field: string; values: readonly FilterValue[] }
  | { op: 'range'; field: string; from?: string; to?: string }
  | { op: 'isNull'; field: string; value: boolean };

/** A list call, the same for every transport. Absent parts are not sent (the back end's defaults apply). */
export interface ListQuery {
  /** 1-based page. */
  page?: number;
  /** Rows per page. */
  limit?: number;
  ordering?: Ordering;
  filters?: readonly ListFilter[];
  /** Free text over the resource's search fields. */
  search?: string;
  /** Only these rows (e.g. the labels of a remote select's current values). */
  ids?: readonly RowId[];
}

/** The filters of a list without its paging (what an export sends). */
export type ExportQuery = Omit<ListQuery, 'page' | 'limit'>;

/** One page of a list. Non-paginated answers (a bare array, or `total: 1` trees) come back as one page. */
export interface ResourcePage {
  page: number;
  limit: number;
  total: number;
  rows: ResourceRow[];
}

/** An uploaded file (spec §3): url and id. */
export interface UploadedFile {
  id: number;
  url: string;
  name?: string;
}

export interface UploadOptions {
  /** The upload back end (spec §7: form, alioss, cos, qiniu); default form. */
  module?: string;
  onProgress?: ProgressListener;
}

export interface ActionOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A failure is neither shown nor logged: the caller copes (e.g. an endpoint some back ends lack). */
  quiet?: boolean;
}

/** The resource half of ConsoleApi. */
export interface ResourceApi {
  list(resource: string, query?: ListQuery): Promise<ResourcePage>;
  retrieve(resource: string, id: RowId): Promise<ResourceRow>;
  create(resource: string, body: ResourceRow): Promise<ResourceRow>;
  update(resource: string, id: RowId, body: ResourceRow): Promise<ResourceRow>;
  remove(resource: string, id: RowId): Promise<void>;
  multipleDelete(resource: string, keys: readonly RowId[]): Promise<void>;
  /** GET export_data/ with the list's filters; the file name comes from content-disposition (default 文件导出.xlsx). */
  exportData(resource: string, query: ExportQuery, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /** GET import_data/: the import template. */
  importTemplate(resource: string, onProgress?: ProgressListener): Promise<DownloadedFile>;
  /**
   * Uploads the file (form back end, api/system/file/), then POST import_data/ with its url. Resolves
   * with the server's message; a refused import rejects with an ApiError whose `details` lists the rows.
   */
  importData(resource: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<string>;
  /** An extra action under the resource, e.g. action('/api/system/user/', '3/reset_to_default_password/', { method: 'PUT', body }). */
  action(resource: string, path: string, options?: ActionOptions): Promise<unknown>;
  /** Uploads a file through the chosen back end (spec §7); 上传失败 when the answer has no data. */
  upload(file: Blob, fileName: string, options?: UploadOptions): Promise<UploadedFile>;
  /**
   * A multipart upload (field `file`) to an action of a resource, e.g. uploadTo('/api/game/upload/',
   * 'package/', file, name): the HTTP rules of every call, upload progress, the answer's data as it is.
   * Over REST in both adapters (files are not JSON).
   */
  uploadTo(resource: string, path: string, file: Blob, fileName: string, onProgress?: ProgressListener): Promise<unknown>;
  /** GET a file an action of a resource answers (e.g. a batch's codes as xlsx); the name from content-disposition. */
  downloadFile(resource: string, path: string, onProgress?: ProgressListener): Promise<DownloadedFile>;
}

// ---------------------------------------------------------------------------------------------

/** What the adapters report to the rest of the console: side effects arrive by injected callbacks. */
export interface ApiCallbacks {
  /** Show a toast. */
  notify(notice: Notice): void;
  /** The session is gone (cookies already cleared): the console resets its state and goes to login. */
  authExpired(): void;
  /** A failure worth keeping in the front-end log. */
  logFailure(failure: Failure): void;
}

export type Severity = 'success' | 'info' | 'warn' | 'error';

export interface Notice {
  severity: Severity;
  text: string;
  /** Milliseconds; default MESSAGE_DURATION_MS. */
  life?: number;
}

export interface Failure {
  message: string;
  url: string;
  severity: Severity;
}
