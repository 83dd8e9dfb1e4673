import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listPage, loginResult, oauth2Config, userInfo } from '../../contracts/schemas';
import { startTestServer, type TestServer } from '../testing';
import { call, expectData, expectFailure, SERVER_TIMEOUT_MS } from '../test/helpers';
import { startStandInProvider, type StandInProvider } from '../test/oauth2-provider';

describe('OAuth2 login (authorization-code flow against a stand-in provider)', () => {
  let provider: StandInProvider;
  let srv: TestServer;
  const saved: Record<string, string | undefined> = {};
  const redirectUri = 'http://127.0.0.1:9/oauth2';

  beforeAll(async () => {
    provider = await startStandInProvider('admin');
    for (const [key, value] of Object.entries(provider.env)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    srv = await startTestServer({ captcha: false });
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
    await provider?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('config tells the console where to send the person, without the secret', async () => {
    const data = expectData(await call(srv, '/api/oauth2/config/'), oauth2Config);
    expect(data).toEqual({ enabled: true, provider: 'Stand-in', authorizeUrl: `${provider.url}/authorize`, clientId: 'console-client', scope: 'openid profile' });
    expect(JSON.stringify(data)).not.toContain(provider.clientSecret);
  });

  it('the provider redirects back with a code; the server exchanges it and signs the matching user in', async () => {
    const authorize = new URL(`${provider.url}/authorize`);
    authorize.search = new URLSearchParams({ response_type: 'code', client_id: 'console-client', redirect_uri: redirectUri, state: 'st-1', scope: 'openid' }).toString();
    const res = await fetch(authorize, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') ?? '';
    const admin = expectData(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456' } }), loginResult);
    const loginRows = async () => {
      const page = expectData(await call(srv, '/api/system/login_log/?username=admin&limit=100', { token: admin.access }), listPage(z.object({ username: z.string() })));
      return page.total;
    };
    const before = await loginRows();

    const login = expectData(await call(srv, '/api/oauth2/login/', { body: { code, redirectUri } }), loginResult);
    expect(provider.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'console-client', client_secret: provider.clientSecret });
    const info = expectData(await call(srv, '/api/system/user/user_info/', { token: login.access }), userInfo);
    expect(info.username).toBe('admin');
    // Like a password login: one login log row.
    expect(await loginRows()).toBe(before + 1);
  });

  it('a used or unknown code, a redirect mismatch and bad input are refused with a clear message', async () => {
    const code = provider.issueCode(redirectUri);
    expectFailure(await call(srv, '/api/oauth2/login/', { body: { code, redirectUri: 'http://127.0.0.1:9/elsewhere' } }), 400, '授权码无效或已过期');
    expectFailure(await call(srv, '/api/oauth2/login/', { body: { code: 'nope', redirectUri } }), 400, '授权码无效或已过期');
    expectFailure(await call(srv, '/api/oauth2/login/', { body: { redirectUri } }), 400, '授权码:该字段是必填项。');
    expectFailure(await call(srv, '/api/oauth2/login/', { body: { code: 'x', redirectUri: 'not a url' } }), 400, '回调地址:格式不正确。');
  });

  it('a provider user without a local account is refused', async () => {
    const stranger = await startStandInProvider('nobody-here');
    const saved2 = { ...process.env };
    Object.assign(process.env, stranger.env);
    const other = await startTestServer({ captcha: false });
    try {
      const code = stranger.issueCode(redirectUri);
      expectFailure(await call(other, '/api/oauth2/login/', { body: { code, redirectUri } }), 400, '第三方账号未绑定本系统用户');
    } finally {
      await other.close();
      await stranger.close();
      Object.assign(process.env, { ...saved2 });
      for (const [key, value] of Object.entries(provider.env)) process.env[key] = value;
    }
  }, SERVER_TIMEOUT_MS);

  it('without configuration the flow is off', async () => {
    const keys = Object.keys(provider.env);
    const before = keys.map((k) => process.env[k]);
    for (const k of keys) delete process.env[k];
    const plain = await startTestServer({ captcha: false });
    try {
      expect(expectData(await call(plain, '/api/oauth2/config/'), oauth2Config)).toEqual({ enabled: false });
      expectFailure(await call(plain, '/api/oauth2/login/', { body: { code: 'x', redirectUri } }), 400, '未配置第三方登录');
    } finally {
      await plain.close();
      keys.forEach((k, i) => {
        const v = before[i];
        if (v !== undefined) process.env[k] = v;
      });
    }
  }, SERVER_TIMEOUT_MS);
});
