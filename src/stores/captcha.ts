import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleApi } from '../adapters/api';
import type { LoadState } from './menu';

/** The login captcha: whether it is on, and the current challenge. */
export class CaptchaStore {
  /** null until known. */
  enabled: boolean | null = null;
  key: number | null = null;
  image: string | null = null;
  state: LoadState = 'idle';

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<CaptchaStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** Learns whether captcha is on and, if so, fetches a challenge. */
  async init(): Promise<void> {
    const on = await this.api.captchaStatus();
    if (!on) {
      runInAction(() => {
        this.enabled = false;
        this.state = 'ready';
      });
      return;
    }
    await this.reload();
  }

  /** A new challenge (each one is good for a single login attempt). */
  async reload(): Promise<void> {
    this.state = 'loading';
    try {
      const captcha = await this.api.captcha();
      runInAction(() => {
        this.enabled = captcha.enabled;
        this.key = captcha.enabled ? captcha.key : null;
        this.image = captcha.enabled ? captcha.image : null;
        this.state = 'ready';
      });
    } catch {
      runInAction(() => {
        this.enabled = true;
        this.key = null;
        this.image = null;
        this.state = 'failed';
      });
    }
  }
}
