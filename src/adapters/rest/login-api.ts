import { isRecord } from '../../../contracts/json';
import type { OAuth2Config, Settings } from '../../../contracts/schemas';
import type { Captcha, Credentials, LoginApi, LoginSession } from '../api';
import { encodePassword, type PasswordEncoding } from '../password';
import type { HttpClient, RequestOptions } from './http';

/** The session a sign-in answer carries (API-CONTRACT §4: access, refresh, userId, name), or null. */
export function loginSessionOf(data: unknown): LoginSession | null {
  if (!isRecord(data) || typeof data.access !== 'string' || typeof data.refresh !== 'string') return null;
  return {
    userId: typeof data.userId === 'number' ? data.userId : 0,
    access: data.access,
    refresh: data.refresh,
    name: typeof data.name === 'string' ? data.name : '',
  };
}

/** The OAuth2 provider's public configuration, or null when the answer has another shape. */
export function oauth2ConfigOf(data: unknown): OAuth2Config | null {
  if (isRecord(data) && data.enabled === false) return { enabled: false };
  if (isRecord(data) && data.enabled === true && ['provider', 'authorizeUrl', 'clientId', 'scope'].every((key) => typeof data[key] === 'string')) {
    return data as OAuth2Config;
  }
  return null;
}

/**
 * The login page's REST calls (captcha status, captcha, settings, OAuth2 check, sign-in) on one HTTP
 * client. The login-only boot (src/compose-login.ts) uses this alone, so the login page's bundle holds
 * no other call; the full REST adapter (RestConsoleApi) delegates these same calls here.
 */
export class RestLoginApi implements LoginApi {
  constructor(
    readonly http: HttpClient,
    private readonly passwordEncoding: PasswordEncoding = 'md5',
  ) {}

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
    const body: Record<string, unknown> = { username: credentials.username, password: encodePassword(this.passwordEncoding, credentials.password) };
    if (credentials.captcha !== undefined) body.captcha = credentials.captcha;
    if (credentials.captchaKey !== undefined) body.captchaKey = credentials.captchaKey;
    const request: RequestOptions = { method: 'POST', path: 'api/login/', body, plain: true };
    const session = loginSessionOf(await this.http.request(request));
    if (!session) throw this.http.malformed(request);
    this.http.session.start(session);
    return session;
  }

  async settings(): Promise<Settings> {
    const request: RequestOptions = { path: '/api/init/settings/' };
    const data = await this.http.request(request);
    if (isRecord(data)) return data;
    throw this.http.malformed(request);
  }

  async oauth2Config(): Promise<OAuth2Config> {
    const request: RequestOptions = { path: '/api/oauth2/config/', plain: true, quiet: true };
    const config = oauth2ConfigOf(await this.http.request(request));
    if (!config) throw this.http.malformed(request);
    return config;
  }
}
