import { describe, expect, it } from 'vitest';
import { captchaResult, captchaStatus, errorEnvelope, loginResult, refreshResult, tokenClaims, userInfo } from '../../contracts/schemas';
import type { AppContext } from '../context';
import { startTestServerWithContext, type TestServer } from '../testing';
import { call, expectData, expectFailure, login, SERVER_TIMEOUT_MS, suiteServer } from '../test/helpers';

const BAD_LOGIN = '账号/密码错误';

function claimsOf(token: string) {
  return tokenClaims.parse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()));
}

describe('auth with captcha on', () => {
  let srv: TestServer;
  let ctx: AppContext;
  suiteServer([], (s) => ({ srv, ctx } = s), { captcha: true });

  async function freshCaptcha(): Promise<{ key: number; answer: string }> {
    const res = await call<{ key: number }>(srv, '/api/captcha/');
    const data = expectData(res, captchaResult);
    if (!('key' in data)) throw new Error('captcha is off');
    return { key: data.key, answer: (await srv.captchaAnswer(data.key)) ?? '' };
  }

  it('GET api/captcha/ gives a key and a PNG data URL; status says on', async () => {
    const c = await freshCaptcha();
    expect(c.answer).toMatch(/^\d+$/);
    expect(expectData(await call(srv, '/api/captcha/status/'), captchaStatus)).toEqual({ status: true });
  });

  it('logs in with the right captcha: contract example 5', async () => {
    const c = await freshCaptcha();
    const res = await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456', captcha: c.answer, captchaKey: c.key } });
    expect(Object.keys(res.body)).toEqual(['code', 'msg', 'data']);
    expect(res.body.msg).toBe('请求成功');
    const data = expectData(res, loginResult);
    expect(data).toMatchObject({
      name: '超级管理员',
      userId: 1,
      avatar: null,
      user_type: 0,
      dept_info: { dept_id: 1, dept_name: 'DVAdmin团队' },
      role_info: [{ id: 1, name: '管理员', key: 'admin' }],
    });
    const access = claimsOf(data.access);
    const refresh = claimsOf(data.refresh);
    expect(access).toMatchObject({ token_type: 'access', user_id: 1 });
    expect(refresh).toMatchObject({ token_type: 'refresh', user_id: 1 });
    expect(access.exp - access.iat).toBe(3600);
    expect(refresh.exp - refresh.iat).toBe(86400);
  });

  it('accepts the captcha key as a string (form posts send strings)', async () => {
    const c = await freshCaptcha();
    const res = await call(srv, '/api/login/', {
      raw: new URLSearchParams({ username: 'test', password: 'admin123456', captcha: c.answer, captchaKey: String(c.key) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(expectData(res, loginResult)).toMatchObject({ name: '测试人员', userId: 3, dept_info: { dept_id: 3, dept_name: '技术部' }, role_info: [{ id: 2, key: 'public' }] });
  });

  it('refuses a missing captcha: 验证码不能为空', async () => {
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456' } }), 4000, '验证码不能为空');
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456', captcha: '', captchaKey: 1 } }), 4000, '验证码不能为空');
  });

  it('refuses a wrong captcha, and the challenge cannot be retried', async () => {
    const c = await freshCaptcha();
    const wrong = String(Number(c.answer) + 1);
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456', captcha: wrong, captchaKey: c.key } }), 4000, '图片验证码错误');
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456', captcha: c.answer, captchaKey: c.key } }), 4000, '图片验证码错误');
  });

  it('refuses an unknown or missing captcha key: 图片验证码错误', async () => {
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456', captcha: '1', captchaKey: 987654 } }), 4000, '图片验证码错误');
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456', captcha: '1' } }), 4000, '图片验证码错误');
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456', captcha: '1', captchaKey: 'abc' } }), 4000, '图片验证码错误');
  });

  it('refuses an expired captcha: 验证码过期', async () => {
    const c = await freshCaptcha();
    // Age the challenge past its lifetime through the server's own database.
    await ctx.db.query("UPDATE captcha SET expires_at = now() - interval '1 second' WHERE id = $1", [c.key]);
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'admin123456', captcha: c.answer, captchaKey: c.key } }), 4000, '验证码过期');
  });

  it('validates fields before the captcha: missing password / username', async () => {
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin' } }), 4000, 'password:该字段是必填项。');
    expectFailure(await call(srv, '/api/login/', { body: { password: 'x' } }), 4000, 'username:该字段是必填项。');
    expectFailure(await call(srv, '/api/login/', { body: { username: '', password: 'x' } }), 4000, 'username:该字段是必填项。');
    expectFailure(await call(srv, '/api/login/', { body: { username: 12, password: 'x' } }), 4000, 'username:类型不正确。');
    expectFailure(await call(srv, '/api/login/', { body: { username: 'a'.repeat(151), password: 'x' } }), 4000, 'username:长度不能超过 150 个字符。');
    expectFailure(await call(srv, '/api/login/', { body: ['superadmin'] }), 4000, '请求数据格式不正确，应为 JSON 对象。');
    expectFailure(await call(srv, '/api/login/', { method: 'POST' }), 4000, 'username:该字段是必填项。');
  });

  it('unknown user and wrong password give code 401 账号/密码错误', async () => {
    let c = await freshCaptcha();
    expectFailure(await call(srv, '/api/login/', { body: { username: 'nobody', password: 'x', captcha: c.answer, captchaKey: c.key } }), 401, BAD_LOGIN);
    c = await freshCaptcha();
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'wrong', captcha: c.answer, captchaKey: c.key } }), 401, BAD_LOGIN);
  });
});

describe('auth with captcha off', () => {
  let srv: TestServer;
  let ctx: AppContext;
  suiteServer([], (s) => ({ srv, ctx } = s));

  it('GET api/captcha/ answers {} and status false; settings agree', async () => {
    const res = await call(srv, '/api/captcha/');
    expect(res.body).toEqual({ code: 2000, data: {}, msg: 'success' });
    expect(expectData(await call(srv, '/api/captcha/status/'), captchaStatus)).toEqual({ status: false });
    expect((await call<Record<string, unknown>>(srv, '/api/init/settings/')).body.data['base.captcha_state']).toBe(false);
  });

  it('logs in with the plain password and with its md5 (example 20)', async () => {
    expect((await login(srv, 'superadmin', 'admin123456', false)).userId).toBe(1);
    expect((await login(srv, 'superadmin', 'a66abb5684c45962d887564f08346e8d', false)).userId).toBe(1);
  });

  it('wrong password, unknown user: 401', async () => {
    expectFailure(await call(srv, '/api/login/', { body: { username: 'superadmin', password: 'wrong' } }), 401, BAD_LOGIN);
    expectFailure(await call(srv, '/api/login/', { body: { username: 'nobody', password: 'x' } }), 401, BAD_LOGIN);
    expectFailure(await call(srv, '/api/login/', { body: { username: 'SUPERADMIN', password: 'admin123456' } }), 401, BAD_LOGIN);
  });

  it('works without a User-Agent header and writes the login log', async () => {
    const res = await fetch(`${srv.baseUrl}/api/login/`, {
      method: 'POST',
      // fetch adds its own User-Agent unless one is given: an empty one is "none" for the server.
      headers: { 'content-type': 'application/json', 'user-agent': '' },
      body: JSON.stringify({ username: 'admin', password: 'admin123456' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; data: { access: string } };
    expect(body.code).toBe(2000);
    const recent = await call<Array<{ username: string; browser: string; os: string }>>(srv, '/api/system/datav/recent_logins/', { token: body.data.access });
    expect(recent.body.data[0]).toMatchObject({ username: 'admin', browser: 'Other', os: 'Other' });
  });

  it('writes a login_log row and an operation_log row with the password masked', async () => {
    const data = await login(srv, 'test', 'admin123456', false);
    const before = await call<{ login_total: number }>(srv, '/api/system/datav/users_login_total/', { token: data.access });
    await login(srv, 'test', 'admin123456', false);
    const after = await call<{ login_total: number }>(srv, '/api/system/datav/users_login_total/', { token: data.access });
    expect(after.body.data.login_total).toBe(before.body.data.login_total + 1);
    // The operation log is written after the answer has gone out: give it a moment.
    await new Promise((r) => setTimeout(r, 200));
    const rows = await ctx.db.query<{ request_path: string; response_code: string; request_modular: string; request_body: string; creator: number }>(
      'SELECT request_path, response_code, request_modular, request_body, creator FROM operation_log ORDER BY id DESC',
    );
    const loginRow = rows.find((r) => r.request_path === '/api/login/' && r.response_code === '2000');
    expect(loginRow?.request_modular).toBe('登录模块');
    expect(loginRow?.creator).toBe(3);
    expect(loginRow?.request_body).not.toContain('admin123456');
    expect(loginRow?.request_body).toContain('"password":"***');
  });

  describe('token refresh and logout', () => {
    it('refresh returns a new access and a new refresh token (rotation; example 29/32 shapes)', async () => {
      const data = await login(srv, 'superadmin', 'admin123456', false);
      const r1 = expectData(await call(srv, '/token/refresh/', { body: { refresh: data.refresh } }), refreshResult);
      expect(r1.refresh).not.toBe(data.refresh);
      expect(claimsOf(r1.access)).toMatchObject({ token_type: 'access', user_id: 1 });
      expect(claimsOf(r1.refresh).sid).toBe(claimsOf(data.refresh).sid);
      const r2 = expectData(await call(srv, '/token/refresh/', { body: { refresh: r1.refresh } }), refreshResult);
      expect(r2.refresh).not.toBe(r1.refresh);
      const me = expectData(await call(srv, '/api/system/user/user_info/', { token: r2.access }), userInfo);
      expect(me.username).toBe('superadmin');
    });

    it('a reused refresh token revokes its session: every token of it stops working', async () => {
      const data = await login(srv, 'admin', 'admin123456', false);
      const r1 = expectData(await call(srv, '/token/refresh/', { body: { refresh: data.refresh } }), refreshResult);
      const r2 = expectData(await call(srv, '/token/refresh/', { body: { refresh: r1.refresh } }), refreshResult);
      // data.refresh was replaced twice: whoever presents it now holds a copy.
      expectFailure(await call(srv, '/token/refresh/', { body: { refresh: data.refresh } }), 400, 'error', 401);
      expectFailure(await call(srv, '/token/refresh/', { body: { refresh: r2.refresh } }), 400, 'error', 401);
      const me = await call(srv, '/api/system/user/user_info/', { token: r2.access });
      expect(me.body.code).toBe(401);
      expect(me.body.msg).toMatchObject({ code: 'token_not_valid' });
      // Another session of the same user lives on.
      const other = await login(srv, 'admin', 'admin123456', false);
      expect((await call(srv, '/api/system/user/user_info/', { token: other.access })).body.code).toBe(2000);
    });

    it('the refresh token replaced a moment ago (a second tab racing) is refused without ending the session', async () => {
      const data = await login(srv, 'admin', 'admin123456', false);
      const r1 = expectData(await call(srv, '/token/refresh/', { body: { refresh: data.refresh } }), refreshResult);
      expectFailure(await call(srv, '/token/refresh/', { body: { refresh: data.refresh } }), 400, 'error', 401);
      expect((await call(srv, '/api/system/user/user_info/', { token: r1.access })).body.code).toBe(2000);
      expect((await call(srv, '/token/refresh/', { body: { refresh: r1.refresh } })).body.code).toBe(2000);
    });

    it('refresh failures are HTTP 401 {code:400, data:null, msg:error}', async () => {
      const data = await login(srv, 'superadmin', 'admin123456', false);
      const refused = async (body: unknown) => {
        const res = await call(srv, '/token/refresh/', { body });
        expectFailure(res, 400, 'error', 401);
        errorEnvelope.parse(res.body);
      };
      await refused({ refresh: 'garbage' });
      await refused({ refresh: data.access });
      await refused({});
      await refused({ refresh: srv.signToken({ token_type: 'refresh', exp: Math.floor(Date.now() / 1000) - 10 }) });
      await refused({ refresh: srv.signToken({ token_type: 'refresh' }, { secret: 'another-key-0123456789' }) });
      await refused({ refresh: srv.signToken({ token_type: 'refresh', user_id: 999 }) });
    });

    it('logout answers 注销成功 and revokes the session: refresh and access tokens stop at once (example 84)', async () => {
      const data = await login(srv, 'admin', 'admin123456', false);
      expect((await call(srv, '/api/system/user/user_info/', { token: data.access })).body.code).toBe(2000);
      const res = await call(srv, '/api/logout/', { body: { refresh: data.refresh }, token: data.access });
      expect(res.body).toEqual({ code: 2000, data: null, msg: '注销成功' });
      expectFailure(await call(srv, '/token/refresh/', { body: { refresh: data.refresh } }), 400, 'error', 401);
      const after = await call(srv, '/api/system/user/user_info/', { token: data.access });
      expect(after.body).toMatchObject({ code: 401, data: null, msg: { code: 'token_not_valid' } });
      // A second session of the same user is not affected.
      const other = await login(srv, 'admin', 'admin123456', false);
      expect((await call(srv, '/token/refresh/', { body: { refresh: other.refresh } })).body.code).toBe(2000);
    });

    it('logout needs a token; an empty body is fine; another user\'s refresh token is not revoked', async () => {
      expectFailure(await call(srv, '/api/logout/', { body: {} }), 4000, '身份认证信息未提供。');
      const a = await login(srv, 'admin', 'admin123456', false);
      const t = await login(srv, 'test', 'admin123456', false);
      const empty = await call(srv, '/api/logout/', { method: 'POST', token: a.access, raw: '', headers: { 'content-type': 'application/json' } });
      expect(empty.body.code).toBe(2000);
      await call(srv, '/api/logout/', { body: { refresh: t.refresh }, token: a.access });
      expect((await call(srv, '/token/refresh/', { body: { refresh: t.refresh } })).body.code).toBe(2000);
    });
  });
});

describe('single login', () => {
  it('when base.single_login is on, a new login revokes the previous refresh token', async () => {
    const { srv, ctx } = await startTestServerWithContext({ captcha: false });
    try {
      await ctx.settings.set('base', 'single_login', true);
      const first = await login(srv, 'test', 'admin123456', false);
      const second = await login(srv, 'test', 'admin123456', false);
      expectFailure(await call(srv, '/token/refresh/', { body: { refresh: first.refresh } }), 400, 'error', 401);
      expect((await call(srv, '/token/refresh/', { body: { refresh: second.refresh } })).body.code).toBe(2000);
    } finally {
      await srv.close();
    }
  }, SERVER_TIMEOUT_MS);
});
