import { describe, expect, it, vi } from 'vitest';
import { startTestServerWithContext, type TestServer } from '../testing';
import { call, expectFailure, login, SERVER_TIMEOUT_MS, suiteServer } from '../test/helpers';

describe('robustness: every failure is the envelope, never a 500', () => {
  let srv: TestServer;
  suiteServer([], (s) => ({ srv } = s));

  it('malformed JSON: 4000 with a clear message', async () => {
    for (const raw of ['{bad', '{"username": "x",}', 'nul', '"unterminated']) {
      expectFailure(await call(srv, '/api/login/', { raw, headers: { 'content-type': 'application/json' } }), 4000, '请求体不是合法的 JSON');
    }
  });

  it('a body over 1 MB: 4000 请求体过大', async () => {
    const raw = JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'x' });
    expectFailure(await call(srv, '/api/login/', { raw, headers: { 'content-type': 'application/json' } }), 4000, '请求体过大（上限 1 MB）');
  });

  it('an unsupported content type: 4000', async () => {
    const res = await call(srv, '/api/login/', { raw: 'username=x', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(4000);
    expect(String(res.body.msg)).toContain('不支持的请求体类型');
  });

  it('prototype keys in a body are dropped, not merged', async () => {
    const res = await call(srv, '/api/login/', { raw: '{"username":"superadmin","password":"admin123456","__proto__":{"isAdmin":true}}', headers: { 'content-type': 'application/json' } });
    expect(res.body.code).toBe(2000);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('unknown API route: HTTP 404 with the envelope', async () => {
    expectFailure(await call(srv, '/api/nope/'), 404, '接口地址不正确', 404);
    expectFailure(await call(srv, '/api/system/user/user_info/', { method: 'DELETE' }), 404, '接口地址不正确', 404);
    expectFailure(await call(srv, '/token/nope/', { body: {} }), 404, '接口地址不正确', 404);
  });

  it('GET without the trailing slash: 301 to the slashed URL, query kept', async () => {
    const res = await fetch(`${srv.baseUrl}/api/init/dictionary?dictionary_key=all`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/api/init/dictionary/?dictionary_key=all');
  });

  it('POST without the trailing slash: envelope 404, not a 500', async () => {
    expectFailure(await call(srv, '/api/login', { body: { username: 'superadmin', password: 'admin123456' } }), 404, '接口地址不正确', 404);
  });

  it('no stack traces or internals in any error body', async () => {
    const res = await fetch(`${srv.baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.ts|Error:|stack/);
  });

  it('CORS: preflight and simple requests echo an allowed origin (here: the server\'s own) with credentials (§13)', async () => {
    const pre = await fetch(`${srv.baseUrl}/api/login/`, {
      method: 'OPTIONS',
      headers: { origin: srv.baseUrl, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-origin')).toBe(srv.baseUrl);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-methods')).toBe('DELETE, GET, OPTIONS, PATCH, POST, PUT');
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(pre.headers.get('access-control-max-age')).toBe('86400');
    const simple = await call(srv, '/api/init/settings/', { headers: { origin: srv.baseUrl } });
    expect(simple.headers.get('access-control-allow-origin')).toBe(srv.baseUrl);
    // Another origin (not reflected any more) gets no CORS headers.
    expect((await call(srv, '/api/init/settings/', { headers: { origin: 'http://example.test' } })).headers.get('access-control-allow-origin')).toBeNull();
    expect(simple.headers.get('vary')).toContain('Origin');
    const none = await call(srv, '/api/init/settings/');
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps answering after all of the above', async () => {
    expect((await login(srv, 'superadmin', 'admin123456', false)).userId).toBe(1);
  });
});

describe('an unexpected failure inside a route', () => {
  it('answers the 4000 envelope with a generic message and reports the error on stderr', async () => {
    const { srv, ctx } = await startTestServerWithContext({ captcha: false });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      // Break the storage under the running server: the next uncached read fails.
      await ctx.db.close();
      const res = await call(srv, '/api/init/dictionary/?dictionary_key=all');
      expectFailure(res, 4000, '服务器内部错误，请稍后再试');
      expect(JSON.stringify(res.body)).not.toMatch(/closed|pglite|\.ts/i);
      expect(stderr.mock.calls.some(([line]) => String(line).includes('unhandled error in GET /api/init/dictionary/'))).toBe(true);
    } finally {
      stderr.mockRestore();
      await srv.close();
    }
  }, SERVER_TIMEOUT_MS);
});
