// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, translator } from '../../i18n';
import { MESSAGE_DURATION_MS } from '../../config';
import { createCookies, memoryCookieJar, type Cookies } from '../cookies';
import { ApiError } from '../errors';
import { envelope, ok, startTestServer, type SeenRequest, type TestReply, type TestServer } from '../../test/http-server';
import { recordingCallbacks } from '../../test/fake-callbacks';
import { HttpClient, type HttpClientOptions } from './http';

const t = translator(createI18n('zh-chs'));

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

interface Setup {
  client: HttpClient;
  cookies: Cookies;
  callbacks: ReturnType<typeof recordingCallbacks>;
  server: TestServer;
}

async function setup(handler: (req: SeenRequest) => TestReply | Promise<TestReply>, options: Partial<HttpClientOptions> = {}, session = true): Promise<Setup> {
  server = await startTestServer(handler);
  const cookies = createCookies(memoryCookieJar());
  if (session) {
    cookies.set('uuid', '1');
    cookies.set('token', 'access-0');
    cookies.set('refresh', 'refresh-0');
  }
  const callbacks = recordingCallbacks();
  const client = new HttpClient({ serverUrl: server.url, cookies, t, callbacks, retry: { count: 3, delayMs: 10 }, ...options });
  return { client, cookies, callbacks, server };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('HttpClient: success and request shape', () => {
  it('resolves with envelope data and sends the JWT header on authorized calls only', async () => {
    const { client, server: s } = await setup(() => ok({ hello: 'world' }));
    await expect(client.request({ path: '/api/system/user/user_info/' })).resolves.toEqual({ hello: 'world' });
    await expect(client.request({ path: 'api/captcha/', plain: true })).resolves.toEqual({ hello: 'world' });
    expect(s.to('/api/system/user/user_info/')[0]?.headers.authorization).toBe('JWT access-0');
    expect(s.to('/api/captcha/')[0]?.headers.authorization).toBeUndefined();
  });

  it('encodes booleans as 1/0 and arrays without indices, and posts JSON', async () => {
    const { client, server: s } = await setup(() => ok(null));
    await client.request({ path: '/api/x/', params: { on: true, off: false, ids: [3, 4], skip: undefined, name: '张三' } });
    await client.request({ method: 'POST', path: 'api/y/', body: { a: 1 } });
    const get = s.to('/api/x/')[0];
    expect(get?.query.toString()).toBe('on=1&off=0&ids=3&ids=4&name=%E5%BC%A0%E4%B8%89');
    expect(get?.query.getAll('ids')).toEqual(['3', '4']);
    const post = s.to('/api/y/')[0];
    expect(post?.method).toBe('POST');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.body).toEqual({ a: 1 });
  });

  it('does not send a token whose cookie holds the text "undefined"', async () => {
    const { client, cookies, server: s } = await setup(() => ok(1));
    cookies.set('token', 'undefined');
    await client.request({ path: '/api/z/' });
    expect(s.to('/api/z/')[0]?.headers.authorization).toBeUndefined();
  });
});

describe('HttpClient: 401', () => {
  it('on the login call shows the server message and never refreshes', async () => {
    const { client, callbacks, server: s } = await setup(() => envelope(401, '账号/密码错误'), {}, false);
    const error = await rejection(client.request({ method: 'POST', path: 'api/login/', body: {}, plain: true }));
    expect(error.message).toBe('账号/密码错误');
    expect(error.code).toBe(401);
    expect(callbacks.notices).toEqual([{ severity: 'error', text: '账号/密码错误', life: MESSAGE_DURATION_MS }]);
    expect(s.to('/token/refresh/')).toHaveLength(0);
    expect(callbacks.expired).toBe(0);
  });

  it('on the login call without a message shows 账号或密码不正确', async () => {
    const { client } = await setup(() => envelope(401, ''), {}, false);
    const error = await rejection(client.request({ method: 'POST', path: 'api/login/', body: {}, plain: true }));
    expect(error.message).toBe('账号或密码不正确');
  });

  it('elsewhere refreshes the token once and retries with the new one', async () => {
    const { client, cookies, callbacks, server: s } = await setup((req) => {
      if (req.path === '/token/refresh/') return ok({ access: 'access-1', refresh: 'refresh-0' });
      return req.headers.authorization === 'JWT access-1' ? ok({ name: 'x' }) : envelope(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    });
    await expect(client.request({ path: '/api/system/user/user_info/' })).resolves.toEqual({ name: 'x' });
    expect(s.to('/token/refresh/')).toHaveLength(1);
    expect(s.to('/token/refresh/')[0]?.body).toEqual({ refresh: 'refresh-0' });
    expect(s.to('/api/system/user/user_info/').map((r) => r.headers.authorization)).toEqual(['JWT access-0', 'JWT access-1']);
    expect(cookies.get('token')).toBe('access-1');
    expect(callbacks.notices).toEqual([]);
  });

  it('retries 3 times 1000 ms apart, then clears the cookies, goes to login and says 认证已失效,请重新登录~', async () => {
    let issued = 0;
    const { client, cookies, callbacks, server: s } = await setup(
      (req) => {
        if (req.path === '/token/refresh/') return ok({ access: `access-${++issued}`, refresh: 'refresh-0' });
        return envelope(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
      },
      { retry: undefined },
    );
    const error = await rejection(client.request({ path: '/api/system/menu/web_router/' }));
    const attempts = s.to('/api/system/menu/web_router/');
    expect(attempts).toHaveLength(4); // the first try + 3 retries
    for (let i = 1; i < attempts.length; i++) {
      const gap = (attempts[i]?.at ?? 0) - (attempts[i - 1]?.at ?? 0);
      expect(gap).toBeGreaterThanOrEqual(990);
    }
    expect(error.kind).toBe('auth');
    expect(error.message).toBe('认证已失效,请重新登录~');
    expect(cookies.get('token')).toBeNull();
    expect(cookies.get('refresh')).toBeNull();
    expect(cookies.get('uuid')).toBeNull();
    expect(callbacks.expired).toBe(1);
    expect(callbacks.notices).toEqual([{ severity: 'error', text: '认证已失效,请重新登录~', life: 5000 }]);
    expect(callbacks.failures).toEqual([{ message: '认证已失效,请重新登录~', url: '/api/system/menu/web_router/', severity: 'error' }]);
  }, 10_000);

  it('gives up at once when the refresh is refused (HTTP 401 from token/refresh/)', async () => {
    const { client, cookies, callbacks, server: s } = await setup((req) =>
      req.path === '/token/refresh/' ? { status: 401, json: { code: 400, data: null, msg: 'error' } } : envelope(401, { detail: 'x', code: 'token_not_valid' }),
    );
    const error = await rejection(client.request({ path: '/api/system/user/user_info/' }));
    expect(error.message).toBe('认证已失效,请重新登录~');
    expect(s.to('/api/system/user/user_info/')).toHaveLength(1);
    expect(s.to('/token/refresh/')).toHaveLength(1);
    expect(cookies.get('token')).toBeNull();
    expect(callbacks.expired).toBe(1);
  });

  it('gives up without calling the server when there is no refresh token', async () => {
    const { client, cookies, callbacks, server: s } = await setup(() => envelope(401, { detail: 'x', code: 'token_not_valid' }));
    cookies.remove('refresh');
    const error = await rejection(client.request({ path: '/api/a/' }));
    expect(error.kind).toBe('auth');
    expect(s.to('/token/refresh/')).toHaveLength(0);
    expect(callbacks.expired).toBe(1);
  });

  it('20 concurrent requests that all meet 401 cause exactly one refresh call, and all succeed', async () => {
    const { client, callbacks, server: s } = await setup(async (req) => {
      if (req.path === '/token/refresh/') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return ok({ access: 'access-1', refresh: 'refresh-0' });
      }
      if (req.headers.authorization === 'JWT access-1') return ok({ n: req.query.get('n') });
      return envelope(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => client.request<{ n: string }>({ path: '/api/list/', params: { n } })));
    expect(results.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, n) => String(n)));
    expect(s.to('/token/refresh/')).toHaveLength(1);
    expect(s.to('/api/list/')).toHaveLength(40);
    expect(callbacks.notices).toEqual([]);
    expect(callbacks.expired).toBe(0);
  });

  it('20 concurrent requests whose refresh fails end the session once', async () => {
    const { client, callbacks, server: s } = await setup((req) =>
      req.path === '/token/refresh/' ? { status: 401, json: { code: 400, data: null, msg: 'error' } } : envelope(401, { detail: 'x', code: 'token_not_valid' }),
    );
    const errors = await Promise.all(Array.from({ length: 20 }, () => rejection(client.request({ path: '/api/list/' }))));
    expect(errors.every((e) => e.kind === 'auth')).toBe(true);
    expect(s.to('/token/refresh/')).toHaveLength(1);
    expect(callbacks.expired).toBe(1);
    expect(callbacks.notices).toHaveLength(1);
  });
});

describe('HttpClient: envelope codes', () => {
  const cases: Array<{ code: number; msg: unknown; severity: string; text: string }> = [
    { code: 402, msg: '参数不全', severity: 'warn', text: '参数不全' },
    { code: 404, msg: '没有找到', severity: 'info', text: '没有找到' },
    { code: 4000, msg: '您没有执行该操作的权限。 (GET: /api/system/role/)', severity: 'error', text: '您没有执行该操作的权限。 (GET: /api/system/role/)' },
    { code: 400, msg: '接口地址不正确', severity: 'error', text: '接口地址不正确' },
    { code: 5001, msg: '奇怪的错误', severity: 'error', text: '奇怪的错误: /api/system/role/' },
    { code: 4000, msg: { detail: '对象形式的消息', code: 'other' }, severity: 'error', text: '对象形式的消息' },
    // API-CONTRACT §17: the real back end's msg as a list of field maps, and DRF's field → messages object.
    { code: 4000, msg: [{ users: ['无效主键 “99999” － 对象不存在。'] }], severity: 'error', text: 'users:无效主键 “99999” － 对象不存在。' },
    { code: 4000, msg: { title: ['该字段是必填项。'], target_type: ['“x”不是合法的整数。'] }, severity: 'error', text: 'title:该字段是必填项。；target_type:“x”不是合法的整数。' },
    { code: 400, msg: ['两次密码不匹配'], severity: 'error', text: '两次密码不匹配' },
    { code: 4000, msg: [], severity: 'error', text: '请求失败' },
  ];
  for (const c of cases) {
    it(`code ${c.code} (${JSON.stringify(c.msg)}) shows ${c.severity} "${c.text}" for 5 s and logs it`, async () => {
      const { client, callbacks, cookies } = await setup(() => envelope(c.code, c.msg));
      const error = await rejection(client.request({ path: '/api/system/role/' }));
      expect(error.code).toBe(c.code);
      expect(error.message).toBe(c.text);
      expect(callbacks.notices).toEqual([{ severity: c.severity, text: c.text, life: 5000 }]);
      expect(callbacks.failures).toEqual([{ message: c.text, url: '/api/system/role/', severity: c.severity }]);
      expect(callbacks.expired).toBe(0);
      expect(cookies.get('token')).toBe('access-0');
    });
  }

  for (const [code, text] of [
    ['token_not_valid', '登录超时，请重新登录！'],
    ['user_not_found', '用户无效，请重新登录！'],
  ] as const) {
    it(`4000 ${code} clears the cookies, goes to login and shows ${text}`, async () => {
      const { client, callbacks, cookies } = await setup(() => envelope(4000, code));
      const error = await rejection(client.request({ path: '/api/a/' }));
      expect(error.kind).toBe('auth');
      expect(error.message).toBe(text);
      expect(cookies.get('token')).toBeNull();
      expect(cookies.get('uuid')).toBeNull();
      expect(cookies.get('refresh')).toBeNull();
      expect(callbacks.expired).toBe(1);
      expect(callbacks.notices).toEqual([{ severity: 'error', text, life: 5000 }]);
    });
  }

  it('4000 with an object msg whose code is user_not_found also ends the session', async () => {
    const { client, callbacks } = await setup(() => envelope(4000, { detail: 'User not found', code: 'user_not_found' }));
    const error = await rejection(client.request({ path: '/api/a/' }));
    expect(error.message).toBe('用户无效，请重新登录！');
    expect(callbacks.expired).toBe(1);
  });

  it('quiet calls neither toast nor log', async () => {
    const { client, callbacks } = await setup(() => envelope(4000, 'nope'));
    await rejection(client.request({ path: '/api/a/', quiet: true }));
    expect(callbacks.notices).toEqual([]);
    expect(callbacks.failures).toEqual([]);
  });
});

describe('HttpClient: HTTP statuses, timeouts, network', () => {
  const statuses: Array<[number, string]> = [
    [400, '请求错误'],
    [402, '参数错误'],
    [403, '拒绝访问'],
    [404, '请求地址出错: /api/captcha/status/'],
    [408, '请求超时'],
    [500, '服务器内部错误'],
    [501, '服务未实现'],
    [502, '网关错误'],
    [503, '服务不可用'],
    [504, '网关超时'],
    [505, 'HTTP版本不受支持'],
    [418, '连接错误 418'],
  ];
  for (const [status, text] of statuses) {
    it(`HTTP ${status} with an HTML body shows "${text}"`, async () => {
      const { client, callbacks } = await setup(() => ({ status, text: '<!DOCTYPE html><title>Traceback</title>' }));
      const error = await rejection(client.request({ path: '/api/captcha/status/' }));
      expect(error.kind).toBe('http');
      expect(error.message).toBe(text);
      expect(error.message).not.toContain('DOCTYPE');
      expect(callbacks.notices).toEqual([{ severity: 'error', text, life: 5000 }]);
    });
  }

  it('HTTP 401 without an envelope ends the session', async () => {
    const { client, callbacks, cookies } = await setup(() => ({ status: 401, text: 'Unauthorized' }));
    const error = await rejection(client.request({ path: '/api/a/' }));
    expect(error.kind).toBe('auth');
    expect(cookies.get('token')).toBeNull();
    expect(callbacks.expired).toBe(1);
  });

  // API-CONTRACT §17: an unknown path under /api/ is Django's HTML 404 page; proxies answer with their own pages.
  const pages: Array<[string, TestReply, string]> = [
    ['Django 404 page', { status: 404, text: '<!DOCTYPE html>\n<html lang="en"><head><title>Page not found at /api/x/</title></head><body><h1>Page not found</h1></body></html>' }, '请求地址出错: /api/x/'],
    ['nginx 502 page', { status: 502, text: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>' }, '网关错误'],
    ['empty 500', { status: 500, text: '' }, '服务器内部错误'],
    ['JSON that is not an envelope (DRF detail) with 404', { status: 404, json: { detail: 'Not found.' } }, '请求地址出错: /api/x/'],
    ['empty 200', { status: 200, text: '' }, '服务器没有返回内容: /api/x/'],
    ['a web page with 200 (API_URL pointing at a web site)', { status: 200, text: '<!doctype html><html><body><div id="root"></div></body></html>' }, '服务器返回了网页而不是接口数据，请检查服务器地址: /api/x/'],
    ['JSON that is not an envelope with 200', { status: 200, json: { results: [] } }, '服务器返回了无法识别的数据'],
  ];
  for (const [what, answer, text] of pages) {
    it(`${what} → "${text}", never markup`, async () => {
      const { client, callbacks } = await setup(() => answer);
      const error = await rejection(client.request({ path: '/api/x/' }));
      expect(error.message).toBe(text);
      expect(callbacks.notices).toEqual([{ severity: 'error', text, life: 5000 }]);
      expect(callbacks.notices[0]?.text).not.toMatch(/<|\[object/);
    });
  }

  it('a 200 that is not an envelope is reported as unreadable, not shown raw', async () => {
    const { client, callbacks } = await setup(() => ({ status: 200, text: 'Traceback (most recent call last)' }));
    const error = await rejection(client.request({ path: '/api/a/' }));
    expect(error.kind).toBe('format');
    expect(callbacks.notices[0]?.text).toBe('服务器返回了无法识别的数据');
  });

  it('the plain client times out first; the authorized client waits longer', async () => {
    const { client, callbacks } = await setup(() => ({ hang: true }), { timeouts: { plain: 150, auth: 600 } });
    const started = Date.now();
    const plain = await rejection(client.request({ path: 'api/captcha/', plain: true }));
    const plainTook = Date.now() - started;
    expect(plain.kind).toBe('timeout');
    expect(plain.message).toBe('请求超时');
    expect(plainTook).toBeGreaterThanOrEqual(140);
    expect(plainTook).toBeLessThan(550);
    const started2 = Date.now();
    const auth = await rejection(client.request({ path: '/api/a/' }));
    expect(auth.kind).toBe('timeout');
    expect(Date.now() - started2).toBeGreaterThanOrEqual(590);
    expect(callbacks.notices.map((n) => n.text)).toEqual(['请求超时', '请求超时']);
  });

  it('a refused connection shows the network message', async () => {
    const { client, callbacks, server: s } = await setup(() => ok(null));
    await s.close();
    server = null;
    const error = await rejection(client.request({ path: '/api/a/' }));
    expect(error.kind).toBe('network');
    expect(callbacks.notices[0]?.text).toBe('网络连接失败，请检查服务器地址');
  });
});
