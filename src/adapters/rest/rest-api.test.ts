// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, translator } from '../../i18n';
import { createCookies, memoryCookieJar } from '../cookies';
import { ApiError } from '../errors';
import { envelope, ok, startTestServer, type SeenRequest, type TestReply, type TestServer } from '../../test/http-server';
import { recordingCallbacks } from '../../test/fake-callbacks';
import { md5 } from '../password';
import { RestConsoleApi } from './rest-api';

const t = translator(createI18n('zh-chs'));
let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function setup(routes: Record<string, TestReply | ((req: SeenRequest) => TestReply)>, passwordEncoding?: 'md5' | 'plain') {
  server = await startTestServer((req) => {
    const route = routes[`${req.method} ${req.path}`];
    if (!route) return { status: 404, text: '<!DOCTYPE html><title>Page not found</title>' };
    return typeof route === 'function' ? route(req) : route;
  });
  const cookies = createCookies(memoryCookieJar());
  cookies.set('token', 'access-0');
  cookies.set('refresh', 'refresh-0');
  const callbacks = recordingCallbacks();
  const api = new RestConsoleApi({ serverUrl: server.url, cookies, t, callbacks, passwordEncoding });
  return { api, callbacks, cookies, server };
}

describe('RestConsoleApi', () => {
  it('captchaStatus uses the status call when the server has it', async () => {
    const { api, server: s } = await setup({ 'GET /api/captcha/status/': ok({ status: false }) });
    await expect(api.captchaStatus()).resolves.toBe(false);
    expect(s.to('/api/init/settings/')).toHaveLength(0);
  });

  it('captchaStatus falls back to settings base.captcha_state silently when the status call 404s (real back end)', async () => {
    const { api, callbacks, server: s } = await setup({ 'GET /api/init/settings/': ok({ 'base.captcha_state': false, 'login.site_name': 'x' }) });
    await expect(api.captchaStatus()).resolves.toBe(false);
    expect(s.to('/api/captcha/status/')).toHaveLength(1);
    expect(callbacks.notices).toEqual([]);
    expect(callbacks.failures).toEqual([]);
  });

  it('captchaStatus assumes on when neither call answers', async () => {
    const { api, callbacks } = await setup({});
    await expect(api.captchaStatus()).resolves.toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('captcha maps a challenge and an empty object (captcha off)', async () => {
    const { api } = await setup({ 'GET /api/captcha/': ok({ key: 7, image_base: 'data:image/png;base64,AAAA' }) });
    await expect(api.captcha()).resolves.toEqual({ enabled: true, key: 7, image: 'data:image/png;base64,AAAA' });
    const off = await setup({ 'GET /api/captcha/': ok({}) });
    await expect(off.api.captcha()).resolves.toEqual({ enabled: false });
  });

  it('login sends the md5 of the password with the captcha, without a token, stores the session cookies and returns the session', async () => {
    const { api, cookies, server: s } = await setup({
      'POST /api/login/': ok({ access: 'a', refresh: 'r', userId: 1, name: '超级管理员', avatar: null, user_type: 0, role_info: [] }, '请求成功'),
    });
    cookies.clearSession();
    const session = await api.login({ username: 'superadmin', password: 'admin123456', captcha: '15', captchaKey: 3 });
    expect(session).toEqual({ access: 'a', refresh: 'r', userId: 1, name: '超级管理员' });
    const sent = s.to('/api/login/')[0];
    expect(sent?.body).toEqual({ username: 'superadmin', password: 'a66abb5684c45962d887564f08346e8d', captcha: '15', captchaKey: 3 });
    expect(sent?.headers.authorization).toBeUndefined();
    expect([cookies.get('uuid'), cookies.get('token'), cookies.get('refresh')]).toEqual(['1', 'a', 'r']);
  });

  it.each<['md5' | 'plain', (p: string) => string]>([
    ['md5', (p) => md5(p)],
    ['plain', (p) => p],
  ])('login, reset password and change password all send the password %s', async (encoding, wire) => {
    const done = ok(null, '修改成功');
    const { api, server: s } = await setup(
      { 'POST /api/login/': ok({ access: 'a', refresh: 'r', userId: 1, name: 'n' }), 'PUT /api/system/user/4/reset_password/': done, 'PUT /api/system/user/1/change_password/': done },
      encoding,
    );
    await api.login({ username: 'superadmin', password: 'admin123456' });
    await api.resetPassword(4, { newPassword: 'new-secret', newPassword2: 'new-secret' });
    await api.changePassword(1, { oldPassword: 'admin123456', newPassword: 'other-secret', newPassword2: 'other-secret' });
    expect(s.to('/api/login/')[0]?.body).toEqual({ username: 'superadmin', password: wire('admin123456') });
    expect(s.to('/api/system/user/4/reset_password/')[0]?.body).toEqual({ newPassword: wire('new-secret'), newPassword2: wire('new-secret') });
    expect(s.to('/api/system/user/1/change_password/')[0]?.body).toEqual({ oldPassword: wire('admin123456'), newPassword: wire('other-secret'), newPassword2: wire('other-secret') });
  });

  it('login failure rejects with the server message', async () => {
    const { api } = await setup({ 'POST /api/login/': envelope(4000, '图片验证码错误') });
    const error = await api.login({ username: 'u', password: 'p', captcha: '1', captchaKey: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('图片验证码错误');
  });

  it('logout posts the refresh token with the access token, then removes the session cookies (even when the server refuses)', async () => {
    const { api, cookies, server: s } = await setup({ 'POST /api/logout/': ok(null, '注销成功') });
    cookies.set('uuid', '1');
    await api.logout();
    expect(s.to('/api/logout/')[0]?.body).toEqual({ refresh: 'refresh-0' });
    expect(s.to('/api/logout/')[0]?.headers.authorization).toBe('JWT access-0');
    expect([cookies.get('uuid'), cookies.get('token'), cookies.get('refresh')]).toEqual([null, null, null]);
    const refused = await setup({ 'POST /api/logout/': envelope(4000, 'no') });
    await expect(refused.api.logout()).rejects.toBeInstanceOf(ApiError);
    expect(refused.cookies.get('token')).toBeNull();
    expect(refused.callbacks.notices).toEqual([]);
  });

  it('oauth2Config asks without the session and quietly; oauth2Login stores the session it answers with', async () => {
    const { api, cookies, server: s } = await setup({
      'GET /api/oauth2/config/': ok({ enabled: true, provider: 'Demo', authorizeUrl: 'https://id.example/authorize', clientId: 'c', scope: 'openid' }),
      'POST /api/oauth2/login/': ok({ access: 'oa', refresh: 'or', userId: 7, name: '外部用户' }),
    });
    await expect(api.oauth2Config()).resolves.toMatchObject({ enabled: true, provider: 'Demo' });
    expect(s.to('/api/oauth2/config/')[0]?.headers.authorization).toBeUndefined();
    await expect(api.oauth2Login({ code: 'xyz', redirectUri: 'http://console.test/oauth2' })).resolves.toEqual({ access: 'oa', refresh: 'or', userId: 7, name: '外部用户' });
    expect(s.to('/api/oauth2/login/')[0]?.body).toEqual({ code: 'xyz', redirectUri: 'http://console.test/oauth2' });
    expect([cookies.get('uuid'), cookies.get('token'), cookies.get('refresh')]).toEqual(['7', 'oa', 'or']);
  });

  it('dictionary asks for key all with limit 100 by default, and for one key when given', async () => {
    const groups = [{ id: 1, value: 'button_status_bool', children: [{ label: '启用', value: 'true', type: 6, color: null }] }];
    const { api, server: s } = await setup({
      'GET /api/init/dictionary/': (req) => ok({ page: 1, limit: 1, total: 1, data: req.query.get('dictionary_key') === 'all' ? groups : groups[0]?.children }),
    });
    await expect(api.dictionary()).resolves.toEqual(groups);
    await expect(api.dictionary('button_status_bool')).resolves.toEqual(groups[0]?.children);
    expect(s.to('/api/init/dictionary/').map((r) => r.query.toString())).toEqual(['dictionary_key=all&limit=100', 'dictionary_key=button_status_bool&limit=100']);
  });

  it('webRouter unwraps data.data; allDept takes the bare list', async () => {
    const { api } = await setup({
      'GET /api/system/menu/web_router/': ok({ page: 1, limit: 1, total: 1, data: [{ id: 1, name: 'm' }] }),
      'GET /api/system/dept/all_dept/': ok([{ id: 1, name: 'd', parent: null }]),
    });
    await expect(api.webRouter()).resolves.toEqual([{ id: 1, name: 'm' }]);
    await expect(api.allDept()).resolves.toEqual([{ id: 1, name: 'd', parent: null }]);
  });

  it('a wrongly shaped answer is reported as unreadable', async () => {
    const { api, callbacks } = await setup({ 'GET /api/system/menu/web_router/': ok('nonsense') });
    await expect(api.webRouter()).rejects.toMatchObject({ kind: 'format' });
    expect(callbacks.notices[0]?.text).toBe('服务器返回了无法识别的数据');
  });

  it('dashboard counts read {count} and tolerate other numeric keys; missing endpoints fail quietly', async () => {
    const { api, callbacks } = await setup({
      'GET /api/system/datav/users_total/': ok({ count: 3 }),
      'GET /api/system/datav/users_login_total/': ok({ login_total: 12 }),
      'GET /api/system/datav/login_user/': ok({ login_user: [{ day: '2026-11-20', count: 2 }] }),
    });
    await expect(api.usersTotal()).resolves.toBe(3);
    await expect(api.usersLoginTotal()).resolves.toBe(12);
    await expect(api.loginTrend()).resolves.toEqual([{ day: '2026-11-20', count: 2 }]);
    await expect(api.attachmentTotal()).rejects.toBeInstanceOf(ApiError);
    await expect(api.recentLogins()).rejects.toBeInstanceOf(ApiError);
    expect(callbacks.notices).toEqual([]);
  });
});
