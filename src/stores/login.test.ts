import { describe, expect, it } from 'vitest';
import { ApiError } from '../adapters/errors';
import { fakeApi } from '../test/fake-api';
import { rootFixture } from '../test/root-fixture';
import { LoginStore } from './login';

describe('LoginStore', () => {
  it('does not ask for a challenge when captcha is off', async () => {
    let challenges = 0;
    const login = new LoginStore(fakeApi({ captchaStatus: async () => false, captcha: async () => (challenges++, { enabled: false }) }));
    await login.initCaptcha();
    expect(login.getSnapshot()).toMatchObject({ captchaEnabled: false, captchaState: 'ready' });
    expect(challenges).toBe(0);
  });

  it('loads a challenge when on, marks a failed load, and tells its subscribers each change', async () => {
    let fail = false;
    const login = new LoginStore(
      fakeApi({
        captchaStatus: async () => true,
        captcha: async () => {
          if (fail) throw new ApiError('network', 'x', 'api/captcha/');
          return { enabled: true, key: 5, image: 'data:image/png;base64,AA' };
        },
      }),
    );
    const seen: string[] = [];
    const stop = login.subscribe(() => seen.push(login.getSnapshot().captchaState));
    await login.initCaptcha();
    const first = login.getSnapshot();
    expect([first.captchaEnabled, first.captchaKey, first.captchaImage]).toEqual([true, 5, 'data:image/png;base64,AA']);
    fail = true;
    await login.reloadCaptcha();
    expect([login.getSnapshot().captchaState, login.getSnapshot().captchaKey]).toEqual(['failed', null]);
    expect(seen).toEqual(['loading', 'ready', 'loading', 'failed']);
    // A snapshot is never changed in place (useSyncExternalStore compares them).
    expect(first.captchaState).toBe('ready');
    stop();
    await login.reloadCaptcha();
    expect(seen).toHaveLength(4);
  });

  it('reads the footer texts from the settings once loaded', async () => {
    const login = new LoginStore(fakeApi({ settings: async () => ({ 'login.copyright': '© Game Co', 'login.keep_record': '', 'base.captcha_state': true }) }));
    expect(login.settingText('login.copyright')).toBeNull();
    await login.loadSettings();
    expect(login.settingText('login.copyright')).toBe('© Game Co');
    expect(login.settingText('login.keep_record')).toBeNull();
    expect(login.settingText('base.captcha_state')).toBeNull();
  });

  it('signs in through the adapter with the captcha answer, is busy meanwhile, and tells onSignedIn after', async () => {
    const calls: unknown[] = [];
    const events: string[] = [];
    let busy: boolean | null = null;
    const login = new LoginStore(
      fakeApi({
        login: async (credentials) => {
          calls.push(credentials);
          busy = login.getSnapshot().signingIn;
          events.push('called');
          return { userId: 1, access: 'A', refresh: 'R', name: 'n' };
        },
      }),
      { onSignedIn: () => void events.push('signed in') },
    );
    await login.login({ username: 'superadmin', password: 'pw', captcha: { answer: '15', key: 3 } });
    expect(calls).toEqual([{ username: 'superadmin', password: 'pw', captcha: '15', captchaKey: 3 }]);
    expect(events).toEqual(['called', 'signed in']);
    expect(busy).toBe(true);
    expect(login.getSnapshot().signingIn).toBe(false);
  });

  it('waits, still busy, for the promise onSignedIn returns (the console loading) before login() resolves', async () => {
    let release: () => void = () => undefined;
    const loading = new Promise<void>((resolve) => (release = resolve));
    const login = new LoginStore(fakeApi({ login: async () => ({ userId: 1, access: 'A', refresh: 'R', name: 'n' }) }), { onSignedIn: () => loading });
    let done = false;
    const signingIn = login.login({ username: 'superadmin', password: 'pw' }).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    expect(login.getSnapshot().signingIn).toBe(true);
    release();
    await signingIn;
    expect(done).toBe(true);
    expect(login.getSnapshot().signingIn).toBe(false);
  });

  it('a failed sign-in rejects, is no longer busy and does not tell onSignedIn (the console does not load)', async () => {
    let told = 0;
    const login = new LoginStore(
      fakeApi({
        login: async () => {
          throw new ApiError('envelope', '账号或密码不正确', 'api/login/');
        },
      }),
      { onSignedIn: () => void told++ },
    );
    await expect(login.login({ username: 'a', password: 'b' })).rejects.toThrow('账号或密码不正确');
    expect(login.getSnapshot().signingIn).toBe(false);
    expect(told).toBe(0);
  });

  it('the OAuth2 link shows only when the back end has a provider (a failing call hides it)', async () => {
    expect(await new LoginStore(fakeApi({ oauth2Config: async () => ({ enabled: true, provider: 'p', authorizeUrl: 'https://p/a', clientId: 'c', scope: 's' }) })).oauth2Available()).toBe(true);
    expect(await new LoginStore(fakeApi({ oauth2Config: async () => ({ enabled: false }) })).oauth2Available()).toBe(false);
    expect(
      await new LoginStore(
        fakeApi({
          oauth2Config: async () => {
            throw new ApiError('http', 'not found', 'api/oauth2/config/');
          },
        }),
      ).oauth2Available(),
    ).toBe(false);
  });

  it("the full console's login store signs in through the RootStore (the last user's state goes)", async () => {
    const { root } = rootFixture(fakeApi({ login: async () => ({ userId: 1, access: 'A', refresh: 'R', name: 'n' }) }));
    root.bootState = 'ready';
    await root.loginPage.login({ username: 'a', password: 'b' });
    expect(root.bootState).toBe('idle');
  });
});
