import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeGateway } from './gateway';

/** A stand-in upstream speaking the envelope; records what it was asked. */
let upstream: Server;
let baseUrl = '';
const seen: { method?: string; url?: string; auth?: string; body?: string }[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    const send = (status: number, env: unknown) => {
      res.statusCode = status;
      res.end(JSON.stringify(env));
    };
    if (req.url === '/api/system/user/user_info/') {
      if (req.headers.authorization !== 'JWT good') {
        return send(200, { code: 401, data: null, msg: { detail: 'Given token not valid for any token type', code: 'token_not_valid' } });
      }
      return send(200, { code: 2000, msg: '获取成功', data: { id: 1, username: 'superadmin', name: '超级管理员', mobile: null, user_type: 0, gender: 1, email: null, avatar: null, dept: 1, is_superuser: true, role: [1], role_info: [{ id: 1, name: '管理员', key: 'admin' }] } });
    }
    if (req.url?.startsWith('/api/init/dictionary/')) {
      return send(200, { code: 2000, msg: '获取成功', data: { page: 1, limit: 1, total: 1, data: [{ id: 1, value: 'gender', children: [{ label: '男', value: '1', type: 1, color: null }] }] } });
    }
    if (req.url?.startsWith('/api/system/api_white_list/')) return send(200, { code: 2000, msg: 'ok', data: { method: req.method, url: req.url, body: body ? (JSON.parse(body) as unknown) : null } });
    if (req.url === '/api/login/') return send(200, { code: 401, data: null, msg: '账号/密码错误' });
    if (req.url === '/token/refresh/') return send(401, { code: 400, data: null, msg: 'error' });
    if (req.url === '/api/captcha/') {
      res.setHeader('content-type', 'text/html');
      res.statusCode = 404;
      return res.end('<html>not found</html>');
    }
    return send(200, { code: 4000, data: null, msg: 'unexpected' });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

describe('GraphQL gateway over the REST contract', () => {
  it('forwards the caller JWT and returns the envelope data', async () => {
    const res = await executeGateway({ query: '{ userInfo { id name role_info { key } } }' }, { baseUrl, authorization: 'JWT good' });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ userInfo: { id: 1, name: '超级管理员', role_info: [{ key: 'admin' }] } });
    expect(seen.at(-1)?.auth).toBe('JWT good');
  });

  it('maps a 401 envelope to a GraphQL error carrying code 401 and the token_not_valid reason', async () => {
    const res = await executeGateway({ query: '{ userInfo { id } }' }, { baseUrl, authorization: 'JWT bad' });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 401, reason: 'token_not_valid' });
  });

  it('sends the dictionary key and limit, and unwraps the list', async () => {
    const res = await executeGateway({ query: '{ dictionaries { value children { label value type } } }' }, { baseUrl });
    expect(res.data).toEqual({ dictionaries: [{ value: 'gender', children: [{ label: '男', value: '1', type: 1 }] }] });
    expect(seen.at(-1)?.url).toBe('/api/init/dictionary/?dictionary_key=all&limit=100');
  });

  it('does not forward the caller token on login, and keeps the login 401 message', async () => {
    const res = await executeGateway(
      { query: 'mutation($u:String!,$p:String!){ login(username:$u,password:$p){ access } }', variables: { u: 'x', p: 'y' } },
      { baseUrl, authorization: 'JWT good' },
    );
    expect(res.errors?.[0]?.message).toBe('账号/密码错误');
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 401 });
    const call = seen.at(-1);
    expect(call?.auth).toBeUndefined();
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ username: 'x', password: 'y' });
  });

  it('keeps the HTTP status of a refused refresh', async () => {
    const res = await executeGateway({ query: 'mutation { refreshToken(refresh: "garbage") { access } }' }, { baseUrl });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 400, httpStatus: 401 });
  });

  it('reports a non-JSON upstream answer as an error with its HTTP status', async () => {
    const res = await executeGateway({ query: '{ captcha { key } }' }, { baseUrl });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 404 });
  });

  it('rejects an empty query and invalid variables without calling the upstream', async () => {
    const before = seen.length;
    expect((await executeGateway({ query: '' }, { baseUrl })).errors?.[0]?.extensions).toMatchObject({ code: 400 });
    expect((await executeGateway({ query: '{ settings }', variables: [1] }, { baseUrl })).errors?.[0]?.extensions).toMatchObject({ code: 400 });
    expect(seen.length).toBe(before);
  });

  it('answers an upstream that is down with code 503', async () => {
    const res = await executeGateway({ query: '{ settings }' }, { baseUrl: 'http://127.0.0.1:9' });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 503 });
  });

  it('rest / restWrite carry an api/ path, the method and an object or array body', async () => {
    const read = await executeGateway({ query: '{ rest(path: "/api/system/api_white_list/3/") }' }, { baseUrl, authorization: 'JWT good' });
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({ rest: { method: 'GET', url: '/api/system/api_white_list/3/', body: null } });
    expect(seen.at(-1)?.auth).toBe('JWT good');
    const write = await executeGateway(
      { query: 'mutation($b: JSON){ restWrite(method: PUT, path: "api/system/api_white_list/3/", body: $b) }', variables: { b: [{ id: 3 }] } },
      { baseUrl, authorization: 'JWT good' },
    );
    expect(write.data).toEqual({ restWrite: { method: 'PUT', url: '/api/system/api_white_list/3/', body: [{ id: 3 }] } });
  });

  it('resourceList writes the typed list query as the REST contract reads it: -ordering, 1/0, repeated keys, _after/_before, __isnull, __icontains', async () => {
    const query = {
      page: 2,
      limit: 5,
      ordering: { field: 'create_datetime', direction: 'DESC' },
      search: '用',
      filters: [
        { field: 'is_active', op: 'EQUALS', value: true },
        { field: 'dept', op: 'IN', values: [3, 4] },
        { field: 'email', op: 'CONTAINS', value: 'ex' },
        { field: 'create_datetime', op: 'RANGE', from: '2026-01-01', to: '2026-01-31' },
        { field: 'parent', op: 'IS_NULL', value: false },
      ],
      ids: ['1', 2],
    };
    const res = await executeGateway(
      { query: 'query($q: ListQueryInput){ resourceList(resource: "api/system/api_white_list/", query: $q) }', variables: { q: query } },
      { baseUrl, authorization: 'JWT good' },
    );
    expect(res.errors).toBeUndefined();
    const url = (res.data?.resourceList as { url: string }).url;
    expect(decodeURIComponent(url)).toBe(
      '/api/system/api_white_list/?page=2&limit=5&ordering=-create_datetime&search=用&is_active=1&dept=3&dept=4&email__icontains=ex&create_datetime_after=2026-01-01&create_datetime_before=2026-01-31&parent__isnull=0&ids=1&ids=2',
    );
    const bare = await executeGateway({ query: '{ resourceList(resource: "api/system/api_white_list") }' }, { baseUrl });
    expect((bare.data?.resourceList as { url: string }).url).toBe('/api/system/api_white_list/');
  });

  it('refuses a query string in rest(path), a malformed list field or value, without calling the upstream', async () => {
    const before = seen.length;
    const tunnelled = await executeGateway({ query: '{ rest(path: "api/system/user/?page=2") }' }, { baseUrl });
    expect(tunnelled.errors?.[0]?.extensions).toMatchObject({ code: 400, kind: 'request' });
    const badField = await executeGateway({ query: '{ resourceList(resource: "api/system/user/", query: { filters: [{ field: "a&b", op: EQUALS, value: 1 }] }) }' }, { baseUrl });
    expect(badField.errors?.[0]?.message).toBe('field 必须是字段名');
    const badValue = await executeGateway(
      { query: 'query($q: ListQueryInput){ resourceList(resource: "api/system/user/", query: $q) }', variables: { q: { filters: [{ field: 'a', op: 'EQUALS', value: { x: 1 } }] } } },
      { baseUrl },
    );
    expect(badValue.errors?.[0]?.extensions).toMatchObject({ code: 400, kind: 'request' });
    const badNull = await executeGateway({ query: '{ resourceList(resource: "api/system/user/", query: { filters: [{ field: "parent", op: IS_NULL, value: "yes" }] }) }' }, { baseUrl });
    expect(badNull.errors?.[0]?.message).toBe('parent: IS_NULL 需要布尔值');
    expect(seen.length).toBe(before);
  });

  it('refuses paths outside api/, with dot segments, doubled slashes or a fragment, and scalar bodies, without calling the upstream', async () => {
    const before = seen.length;
    for (const path of ['token/refresh/', 'api/../token/refresh/', 'api/./x/', 'api//x/', 'http://evil.example/api/x/', 'api/x/#y', 'api/%2e%2e/x/', '']) {
      const res = await executeGateway({ query: 'query($p: String!){ rest(path: $p) }', variables: { p: path } }, { baseUrl });
      expect(res.errors?.[0]?.extensions, path).toMatchObject({ code: 400, kind: 'request' });
    }
    const scalar = await executeGateway({ query: 'mutation { restWrite(method: POST, path: "api/system/api_white_list/", body: 5) }' }, { baseUrl });
    expect(scalar.errors?.[0]?.message).toBe('body 必须是对象或数组');
    const badMethod = await executeGateway({ query: 'mutation { restWrite(method: GET, path: "api/system/api_white_list/") }' }, { baseUrl });
    expect(badMethod.errors?.length).toBe(1);
    expect(seen.length).toBe(before);
  });
});
