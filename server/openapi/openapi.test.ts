import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userInfo } from '../../contracts/schemas';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { startTestServer, type TestServer } from '../testing';
import { OPERATIONS } from './document';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ captcha: false });
}, SERVER_TIMEOUT_MS);
afterAll(() => srv.close(), SERVER_TIMEOUT_MS);

type Doc = { openapi: string; info: { version: string }; paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, { content?: Record<string, { schema: { oneOf: Record<string, unknown>[] } }> }> }>> };

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every listed route, its schemas generated from the zod contract', async () => {
    const res = await fetch(`${srv.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.1.3');
    for (const op of OPERATIONS) expect(doc.paths[op.path]?.[op.method], `${op.method} ${op.path}`).toBeDefined();
    expect(doc.paths['/graphql']?.post).toBeDefined();
    const success = doc.paths['/api/system/user/user_info/']?.get?.responses['200']?.content?.['application/json']?.schema.oneOf[0] as { properties: { data: unknown } };
    const { $schema: _s, ...expected } = z.toJSONSchema(userInfo, { target: 'draft-2020-12' }) as Record<string, unknown>;
    expect(success.properties.data).toEqual(expected);
    expect(doc.paths['/api/system/user/user_info/']?.get?.security).toEqual([{ jwt: [] }]);
    expect(doc.paths['/api/login/']?.post?.security).toEqual([]);
  });

  it('every documented route exists on the server (an unknown route is HTTP 404; handlers answer 200)', async () => {
    const token = srv.signToken({});
    for (const op of OPERATIONS) {
      const path = op.path.replace('{id}', '999999');
      const res = await fetch(`${srv.baseUrl}${path}`, {
        method: op.method.toUpperCase(),
        headers: { authorization: `JWT ${token}`, ...(op.body ? { 'content-type': 'application/json' } : {}) },
        body: op.body ? '{}' : undefined,
      });
      expect(res.status, `${op.method} ${op.path}`).not.toBe(404);
      expect(((await res.json()) as { code?: unknown }).code, `${op.method} ${op.path}`).toEqual(expect.any(Number));
    }
  });
});

describe('GET /api/docs/', () => {
  it('serves the self-contained viewer: no external scripts, styles or fonts', async () => {
    const res = await fetch(`${srv.baseUrl}/api/docs/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain("fetch('../openapi.json')");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\//);
  });
});
