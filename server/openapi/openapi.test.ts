import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userInfo } from '../../contracts/schemas';
import { buildServer, type ReferenceServer } from '../app';
import { signJwt } from '../auth/jwt';
import { loadConfig } from '../config';
import { SERVER_TIMEOUT_MS } from '../test/timeouts';
import { inlineSchema, OPERATIONS, openApiDocument } from './document';
import { VIEWER_CSP } from './plugin';

// The server itself (not server/testing.ts): the test reads Fastify's own route table.
let server: ReferenceServer;
let baseUrl: string;
let token: string;
beforeAll(async () => {
  const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'off', SAMPLE_EVENTS: 'off', JOBS: 'off', PORT: '0', HOST: '127.0.0.1' }, fileURLToPath(new URL('../..', import.meta.url)));
  config.dataDir = null;
  config.consoleDir = null;
  server = await buildServer(config);
  baseUrl = await server.listen();
  const now = Math.floor(Date.now() / 1000);
  token = signJwt({ token_type: 'access', exp: now + 3600, iat: now, jti: randomBytes(16).toString('hex'), user_id: 1 }, server.ctx.jwtSecret);
}, SERVER_TIMEOUT_MS);
afterAll(() => server.close(), SERVER_TIMEOUT_MS);

type OperationObject = {
  security: unknown[];
  'x-undescribed'?: boolean;
  parameters: Array<{ name: string; in: string }>;
  responses: Record<string, { content?: Record<string, { schema: { oneOf: Record<string, unknown>[] } }> }>;
};
type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};

let fetched: Doc | null = null;
async function documentOf(): Promise<Doc> {
  if (fetched) return fetched;
  const res = await fetch(`${baseUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  fetched = (await res.json()) as Doc;
  return fetched;
}

/**
 * Every method and path Fastify registered, from its own route table (printRoutes, one segment per
 * line with the methods in parentheses), as OpenAPI templates: `:id(^\d+)` → `{id}`.
 */
function registeredRoutes(table: string): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of table.split('\n')) {
    const m = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(m[2] ?? '');
    const path = stack.join('').replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) routes.push({ method: method.toLowerCase(), path });
  }
  return routes;
}

/** The viewer's own files (scripts, styles, its copy of the document) are no API; its page is. */
const viewerFile = (path: string) => /^\/api\/docs(\/|$)/.test(path) && path !== '/api/docs/';

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the routes, its schemas generated from the zod contract', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.1.3');
    for (const op of OPERATIONS) expect(doc.paths[op.path]?.[op.method], `${op.method} ${op.path}`).toBeDefined();
    expect(doc.paths['/graphql']?.post).toBeDefined();
    const success = doc.paths['/api/system/user/user_info/']?.get?.responses['200']?.content?.['application/json']?.schema.oneOf[0] as { properties: { data: unknown } };
    // The contract's named schemas are components, written by z.toJSONSchema.
    expect(success.properties.data).toEqual({ $ref: '#/components/schemas/UserInfo' });
    const component = doc.components.schemas.UserInfo as { properties: Record<string, unknown> };
    const resolve = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(resolve);
      if (node === null || typeof node !== 'object') return node;
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref === 'string') return resolve(doc.components.schemas[ref.replace('#/components/schemas/', '')]);
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v)]));
    };
    expect(resolve(component)).toEqual(inlineSchema(userInfo, 'output'));
    const { properties } = z.toJSONSchema(userInfo, { target: 'draft-2020-12' }) as { properties: Record<string, unknown> };
    expect(Object.keys(component.properties)).toEqual(Object.keys(properties));
    // Every reference points at a component of the document.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(100);
    for (const [, kind, name] of refs) expect(doc.components[kind as 'schemas' | 'responses'][name ?? ''], `${kind}/${name}`).toBeDefined();
    expect(doc.paths['/api/system/user/user_info/']?.get?.security).toEqual([{ jwt: [] }]);
    expect(doc.paths['/api/login/']?.post?.security).toEqual([]);
    expect(doc.paths['/api/system/user/{id}/']?.patch?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  });

  it('lists every route the server registered (Fastify\'s route table), each paired with contract schemas', async () => {
    const doc = await documentOf();
    const routes = registeredRoutes(server.app.printRoutes({ commonPrefix: false })).filter(
      (r) => !['head', 'options'].includes(r.method) && !r.path.includes('*') && !viewerFile(r.path),
    );
    // The table holds the whole API: the parsing above found it.
    expect(routes.length).toBeGreaterThan(300);
    expect(routes).toContainEqual({ method: 'patch', path: '/api/system/role/{id}/' });
    const missing = routes.filter((r) => doc.paths[r.path]?.[r.method] === undefined).map((r) => `${r.method} ${r.path}`);
    expect(missing, 'registered routes missing from the document').toEqual([]);
    const undescribed = routes.filter((r) => doc.paths[r.path]?.[r.method]?.['x-undescribed']).map((r) => `${r.method} ${r.path}`);
    expect(undescribed, 'routes without contract schemas: add them to server/features/<area>/openapi* or server/openapi/core.ts').toEqual([]);
  });

  it('keeps a registered route that no list describes, marked x-undescribed', () => {
    const doc = openApiDocument('0.0.0', [
      { method: 'get', path: '/api/login/' },
      { method: 'post', path: '/api/login/' },
      { method: 'get', path: '/api/somewhere/{thing}/' },
      { method: 'head', path: '/api/login/' },
      { method: 'get', path: '/assets/{*}' },
    ]) as unknown as Doc;
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/login/', '/api/somewhere/{thing}/']);
    expect(doc.paths['/api/login/']?.post?.['x-undescribed']).toBeUndefined();
    expect(doc.paths['/api/login/']?.get?.['x-undescribed']).toBe(true);
    expect(doc.paths['/api/somewhere/{thing}/']?.get?.parameters).toEqual([{ name: 'thing', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('every documented route exists on the server (an unknown route is HTTP 404; handlers answer 200)', async () => {
    for (const op of OPERATIONS) {
      // Answers that are not the envelope (sockets, probes, metrics, the document and its viewer) are checked apart.
      if (op.answer) continue;
      const path = op.path.replace('{id}', '999999').replace(/\{[^}]+\}/g, 'x');
      const res = await fetch(`${baseUrl}${path}`, {
        method: op.method.toUpperCase(),
        headers: { authorization: `JWT ${token}`, ...(op.body ? { 'content-type': 'application/json' } : {}) },
        body: op.body ? '{}' : undefined,
        redirect: 'manual',
      });
      expect(res.status, `${op.method} ${op.path}`).not.toBe(404);
      if (res.headers.get('content-type')?.includes('application/json')) {
        expect(((await res.json()) as { code?: unknown }).code, `${op.method} ${op.path}`).toEqual(expect.any(Number));
      } else {
        await res.arrayBuffer();
      }
    }
  });
});

describe('GET /api/docs/', () => {
  it('serves Swagger UI from this server: local scripts and styles only, under a strict CSP', async () => {
    const res = await fetch(`${baseUrl}/api/docs/`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    expect(csp.replace(/;\s*$/, '').split(/;\s*/).length).toBe(Object.keys(VIEWER_CSP).length);
    const html = await res.text();
    // No inline script, and every script and style is a file of this server.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset, 'relative to the page').toMatch(/^\.\/static\//);
      const file = await fetch(new URL(asset, `${baseUrl}/api/docs/`));
      expect(file.status, asset).toBe(200);
      const body = await file.text();
      if (asset.endsWith('swagger-initializer.js')) {
        expect(body).toContain("resolveUrl('./json')");
        // No validator badge: the document is never sent anywhere.
        expect(body).toMatch(/validatorUrl: null/);
      }
    }
  });

  it('shows the same document as /api/openapi.json', async () => {
    const shown = await fetch(`${baseUrl}/api/docs/json`);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual(await documentOf());
  });
});
