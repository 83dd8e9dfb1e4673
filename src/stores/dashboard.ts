import { makeAutoObservable, runInAction } from 'mobx';
import type { RecentLogin } from '../../contracts/schemas';
import type { AttachmentTotal, ConsoleApi, LoginDay } from '../adapters/api';
import { DASHBOARD_TREND_DAYS } from '../config';
import type { LoadState } from './menu';

const valueOf = <T>(result: PromiseSettledResult<T>): T | null => (result.status === 'fulfilled' ? result.value : null);
const sum = (days: LoginDay[] | null): number | null => (days ? days.reduce((n, day) => n + day.count, 0) : null);

/**
 * Figures of the console dashboard, from the datav calls (the same keys on the reference server and
 * the real back end, API-CONTRACT §17). Each figure is null when its call failed (the page shows '-').
 */
export class DashboardStore {
  usersTotal: number | null = null;
  loginsTotal: number | null = null;
  attachments: AttachmentTotal | null = null;
  /** Sign-ins per day as the server sent them (30 days), oldest first. */
  logins: LoginDay[] | null = null;
  /** New users per day (30 days), oldest first. */
  registered: LoginDay[] | null = null;
  recent: RecentLogin[] | null = null;
  state: LoadState = 'idle';

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<DashboardStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    const [users, logins, attachments, trend, registered, recent] = await Promise.allSettled([
      this.api.usersTotal(),
      this.api.usersLoginTotal(),
      this.api.attachmentTotal(),
      this.api.loginTrend(),
      this.api.registeredUsers(),
      this.api.recentLogins(),
    ]);
    runInAction(() => {
      this.usersTotal = valueOf(users);
      this.loginsTotal = valueOf(logins);
      this.attachments = valueOf(attachments);
      this.logins = valueOf(trend);
      this.registered = valueOf(registered);
      this.recent = valueOf(recent);
      this.state = 'ready';
    });
  }

  get attachmentsTotal(): number | null {
    return this.attachments?.count ?? null;
  }

  /** The files' size as the server words it ("39 Bytes"); null when unknown. */
  get attachmentsSpace(): string | null {
    return this.attachments?.occupySpace ?? null;
  }

  /** The chart's days: the last DASHBOARD_TREND_DAYS of the series, whatever length the server sends. */
  get trend(): LoginDay[] | null {
    return this.logins ? this.logins.slice(-DASHBOARD_TREND_DAYS) : null;
  }

  /**
   * Today as the server counts it: the last day of its sign-in chart (YYYY-MM-DD, Asia/Shanghai on
   * both back ends), so the greeting's date and the chart never disagree around midnight or with a
   * wrong browser clock. Null until the chart has loaded, or when it failed.
   */
  get today(): string | null {
    if (!this.trend || this.trend.length === 0) return null;
    return this.trend.reduce((last, day) => (day.day > last ? day.day : last), '') || null;
  }

  /** Sign-ins over the trend's days. */
  get logins7d(): number | null {
    return sum(this.trend);
  }

  /** Users who joined over the whole registered_user series (30 days). */
  get newUsers(): number | null {
    return sum(this.registered);
  }

  clear(): void {
    this.usersTotal = this.loginsTotal = null;
    this.attachments = null;
    this.logins = this.registered = this.recent = null;
    this.state = 'idle';
  }
}
