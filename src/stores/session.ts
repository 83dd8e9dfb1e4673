import { makeAutoObservable, runInAction } from 'mobx';
import type { UserInfo } from '../../contracts/schemas';
import type { ConsoleApi } from '../adapters/api';
import type { Cookies } from '../adapters/cookies';
import { DESIGN_REVIEW_ROLE_KEYS } from '../config';

export interface LoginForm {
  username: string;
  password: string;
  /** The captcha answer and the challenge's key, when captcha is on. */
  captcha?: { answer: string; key: number };
}

/**
 * Who is signed in: the user info, and whether the session cookies (uuid, token, refresh) hold a
 * token. The adapter writes those cookies (sign-in, refresh, logout, expiry); this store only reads them.
 */
export class SessionStore {
  user: UserInfo | null = null;
  signingIn = false;

  constructor(
    private readonly api: ConsoleApi,
    private readonly cookies: Cookies,
  ) {
    makeAutoObservable<SessionStore, 'api' | 'cookies'>(this, { api: false, cookies: false }, { autoBind: true });
  }

  /** A token is present: not absent and not the text 'undefined' (spec §4). Read fresh from the cookie. */
  hasToken(): boolean {
    const token = this.cookies.get('token');
    return !!token && token !== 'undefined';
  }

  /**
   * The user info has loaded. Not the same as having a name: a user whose name is empty still signs in
   * (the header then says 未登录, spec §2.4).
   */
  get userLoaded(): boolean {
    return this.user !== null;
  }

  /** Who is signed in, for per-user state: the user's id ('' before the user info loads). */
  get userKey(): string {
    return this.user ? String(this.user.id) : '';
  }

  /** The user reviews design (a superuser or a role in DESIGN_REVIEW_ROLE_KEYS): the user menu links the Storybook. */
  get reviewsDesign(): boolean {
    const user = this.user;
    return !!user && (user.is_superuser || user.role_info.some((role) => DESIGN_REVIEW_ROLE_KEYS.includes(role.key)));
  }

  /** The user's display name, '' when unknown. */
  get userName(): string {
    return this.user?.name ?? '';
  }

  /** Signs in; the adapter stores userId, access and refresh as the uuid, token and refresh cookies. */
  async login(form: LoginForm): Promise<void> {
    this.signingIn = true;
    try {
      await this.api.login({
        username: form.username,
        password: form.password,
        ...(form.captcha ? { captcha: form.captcha.answer, captchaKey: form.captcha.key } : {}),
      });
      runInAction(() => {
        this.user = null; // loaded by the route guard next
      });
    } finally {
      runInAction(() => {
        this.signingIn = false;
      });
    }
  }

  async loadUserInfo(): Promise<void> {
    const user = await this.api.userInfo();
    runInAction(() => {
      this.user = user;
    });
  }

  clear(): void {
    this.user = null;
    this.signingIn = false;
  }
}
