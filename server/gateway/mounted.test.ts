import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { startTestServer, type TestServer } from '../testing';

const post = (base: string, body: unknown, token?: string) =>
  fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('the gateway mounted on the reference server', () => {
  let srv: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'console-dist-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><!--console-config--></head><body></body></html>');
    srv = await startTestServer({ captcha: false, serveConsole: true, env: { CONSOLE_DIR: dir, CONSOLE_ADAPTER: 'graphql', ANALYTICS_TZ: 'America/New_York' } });
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv.close();
    await rm(dir, { recursive: true, force: true });
  }, SERVER_TIMEOUT_MS);

  it('answers POST /graphql over this very server, forwarding the JWT', async () => {
    const res = await post(srv.baseUrl, { query: '{ userInfo { username } captchaStatus usersTotal }' }, srv.signToken({}));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { userInfo: { username: 'superadmin' }, captchaStatus: false, usersTotal: expect.any(Number) as number } });
  });

  it('keeps the envelope code, HTTP status and msg of a refused call in the extensions', async () => {
    const res = await post(srv.baseUrl, { query: '{ userInfo { username } }' }, 'garbage');
    const body = (await res.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(body.errors[0]?.extensions).toMatchObject({ kind: 'envelope', code: 401, httpStatus: 200, reason: 'token_not_valid' });
  });

  it('a document the schema does not know is a 400 with the validation message', async () => {
    const res = await post(srv.baseUrl, { query: '{ nonsense }' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toContain('nonsense');
  });

  it('writes adapter "graphql" (CONSOLE_ADAPTER=graphql) and the analytics calendar (ANALYTICS_TZ) into the console config', async () => {
    const html = await (await fetch(`${srv.baseUrl}/login`)).text();
    expect(html).toContain('window.__CONSOLE_CONFIG__={"apiUrl":"","wsPath":"api/ws/{token}/","adapter":"graphql","analyticsTz":"America/New_York"}');
  });
});

describe('GRAPHQL_UPSTREAM', () => {
  let upstream: Server;
  let srv: TestServer;
  const seen: string[] = [];
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 2000, msg: '获取成功', data: { 'login.site_name': 'elsewhere' } }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    srv = await startTestServer({ captcha: false, env: { GRAPHQL_UPSTREAM: `http://127.0.0.1:${port}` } });
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  }, SERVER_TIMEOUT_MS);

  it('sends the resolvers to the configured upstream instead of this server', async () => {
    const res = await post(srv.baseUrl, { query: '{ settings }' });
    expect(await res.json()).toEqual({ data: { settings: { 'login.site_name': 'elsewhere' } } });
    expect(seen).toEqual(['GET /api/init/settings/']);
  });
});
