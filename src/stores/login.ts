import type { Settings } from '../../contracts/schemas';
import type { LoginApi } from '../adapters/api';
import type { LoginForm } from './session';

export type { LoginForm };
export type CaptchaState = 'idle' | 'loading' | 'ready' | 'failed';

/** What the login page shows, one immutable snapshot per change. */
export interface LoginSnapshot {
  /** Whether captcha is on; null until known. */
  captchaEnabled: boolean | null;
  captchaKey: number | null;
  captchaImage: string | null;
  captchaState: CaptchaState;
  /** The server's settings (`/api/init/settings/`), once loaded. */
  settings: Settings | null;
  signingIn: boolean;
}

export interface LoginStoreOptions {
  /**
   * The sign-in itself; by default the adapter's login. The full console passes the RootStore's
   * (which also forgets the last user and loads the new one's preferences).
   */
  signIn?: (form: LoginForm) => Promise<void>;
  /**
   * Told when a sign-in succeeded (the login-only boot loads the rest of the console then); a promise
   * it returns is awaited, still busy, before login() resolves and the page moves on.
   */
  onSignedIn?: () => Promise<void> | void;
}

/**
 * The login page's store (spec §4): captcha, the settings' footer texts, the sign-in links' checks
 * and the sign-in. Deliberately without MobX: the login page loads before anything else (its budget:
 * ≤ 100 KB of JavaScript), so this store is a plain snapshot with subscribers (React reads it with
 * useSyncExternalStore, components/login-context.tsx). The login-only boot builds it on the login
 * calls' adapter; the full console builds one on its own adapter (RootStore.loginPage).
 */
export class LoginStore {
  private snapshot: LoginSnapshot = { captchaEnabled: null, captchaKey: null, captchaImage: null, captchaState: 'idle', settings: null, signingIn: false };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly api: LoginApi,
    private readonly options: LoginStoreOptions = {},
  ) {}

  /** The current state (the same object until something changes). */
  readonly getSnapshot = (): LoginSnapshot => this.snapshot;

  /** Calls `listener` after every change; returns the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(change: Partial<LoginSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of [...this.listeners]) listener();
  }

  /** Learns whether captcha is on and, if so, fetches a challenge. */
  async initCaptcha(): Promise<void> {
    const on = await this.api.captchaStatus();
    if (!on) return this.set({ captchaEnabled: false, captchaKey: null, captchaImage: null, captchaState: 'ready' });
    await this.reloadCaptcha();
  }

  /** A new challenge (each one is good for a single login attempt). */
  async reloadCaptcha(): Promise<void> {
    this.set({ captchaState: 'loading' });
    try {
      const captcha = await this.api.captcha();
      this.set(captcha.enabled ? { captchaEnabled: true, captchaKey: captcha.key, captchaImage: captcha.image, captchaState: 'ready' } : { captchaEnabled: false, captchaKey: null, captchaImage: null, captchaState: 'ready' });
    } catch {
      this.set({ captchaEnabled: true, captchaKey: null, captchaImage: null, captchaState: 'failed' });
    }
  }

  /** The server's settings (the footer's copyright and licence lines). */
  async loadSettings(): Promise<void> {
    const settings = await this.api.settings();
    this.set({ settings });
  }

  /** A string setting, or null when absent, not a string or not loaded. */
  settingText(key: string): string | null {
    const value = this.snapshot.settings?.[key];
    return typeof value === 'string' && value ? value : null;
  }

  /** Signs in (the adapter stores the session cookies). */
  async login(form: LoginForm): Promise<void> {
    this.set({ signingIn: true });
    try {
      if (this.options.signIn) await this.options.signIn(form);
      else {
        await this.api.login({
          username: form.username,
          password: form.password,
          ...(form.captcha ? { captcha: form.captcha.answer, captchaKey: form.captcha.key } : {}),
        });
      }
      await this.options.onSignedIn?.();
    } finally {
      this.set({ signingIn: false });
    }
  }

  /** Whether the back end has an OAuth2 provider configured (a back end without the call: no). */
  async oauth2Available(): Promise<boolean> {
    try {
      return (await this.api.oauth2Config()).enabled;
    } catch {
      return false;
    }
  }
}
