import { makeAutoObservable, runInAction } from 'mobx';
import type { RecentLogin } from '../../contracts/schemas';
import type { ConsoleApi, LoginDay } from '../adapters/api';
import type { LoadState } from './menu';

const valueOf = <T>(result: PromiseSettledResult<T>): T | null => (result.status === 'fulfilled' ? result.value : null);

/** Figures of the console dashboard. Each figure is null when its call failed (the page shows '-'). */
export class DashboardStore {
  usersTotal: number | null = null;
  loginsTotal: number | null = null;
  attachmentsTotal: number | null = null;
  trend: LoginDay[] | null = null;
  recent: RecentLogin[] | null = null;
  state: LoadState = 'idle';

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<DashboardStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    const [users, logins, attachments, trend, recent] = await Promise.allSettled([
      this.api.usersTotal(),
      this.api.usersLoginTotal(),
      this.api.attachmentTotal(),
      this.api.loginTrend(),
      this.api.recentLogins(),
    ]);
    runInAction(() => {
      this.usersTotal = valueOf(users);
      this.loginsTotal = valueOf(logins);
      this.attachmentsTotal = valueOf(attachments);
      this.trend = valueOf(trend);
      this.recent = valueOf(recent);
      this.state = 'ready';
    });
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
    return this.trend ? this.trend.reduce((sum, day) => sum + day.count, 0) : null;
  }

  clear(): void {
    this.usersTotal = this.loginsTotal = this.attachmentsTotal = null;
    this.trend = this.recent = null;
    this.state = 'idle';
  }
}
