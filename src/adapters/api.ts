import type {
  DeptNode,
  DictionaryEntry,
  DictionaryGroup,
  MenuItem,
  RecentLogin,
  Settings,
  UserInfo,
} from '../../contracts/schemas';
import type { ResourceApi } from './resource-types';
import type { MessageApi } from './message-types';

export type * from './resource-types';
export type * from './message-types';

/**
 * Everything the console asks of a back end, for this slice. Stores speak only this interface;
 * `rest/` implements it over HTTP (the spec's HTTP rules live there), tests and stories pass fakes.
 * Every method resolves with plain data or rejects with an `ApiError` (see errors.ts).
 */
export interface ConsoleApi extends ResourceApi, MessageApi {
  /** A captcha challenge, or `{ enabled: false }` when the server has captcha off. */
  captcha(): Promise<Captcha>;
  /** Whether captcha is on. Falls back to the settings key `base.captcha_state` when the status call fails. */
  captchaStatus(): Promise<boolean>;
  /** Signs in. `password` is the plain password; the adapter decides how it goes on the wire. */
  login(credentials: Credentials): Promise<LoginSession>;
  /** Tells the server the session ends (the refresh token is revoked where the server supports it). */
  logout(refresh: string | null): Promise<void>;
  /** Exchanges the stored refresh token for a new access token; resolves with the new access token. */
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
}

export type Captcha = { enabled: true; key: number; image: string } | { enabled: false };

export interface Credentials {
  username: string;
  password: string;
  captcha?: string;
  captchaKey?: number;
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
