// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_WORKBENCH, myLogin, workbenchLayout, workbenchShortcut } from '../../../../contracts/schemas/dashboard/workbench';
import { executeGateway } from '../../../../server/gateway/gateway';
import { createI18n, translator } from '../../../i18n';
import { recordingCallbacks } from '../../../test/fake-callbacks';
import type { ConsoleApi } from '../../../adapters/api';
import { createCookies, memoryCookieJar } from '../../../adapters/cookies';
import { ApiError } from '../../../adapters/errors';
import { createGraphqlConsoleApi } from '../../../adapters/graphql/graphql-api';
import { RestConsoleApi } from '../../../adapters/rest/rest-api';

/**
 * Part of the shared adapter suite: the workbench calls of the dashboard port over both adapters. The upstream
 * is a stand-in answering in the shapes of contracts/schemas/workbench (parsed first) and recording
 * what reached it; the GraphQL adapter goes through the real gateway code. The server side is tested
 * in server/routes/workbench.test.ts.
 */

const t = translator(createI18n('zh-chs'));
const seen: Array<{ method: string; path: string; body: string; auth: string | undefined }> = [];
let server: Server;
let baseUrl = '';

const MINE = [{ i: 'trend', kind: 'trend' as const, x: 0, y: 0, w: 12, h: 4 }];
const SAVED = workbenchLayout.parse({ widgets: MINE, saved: true, update_datetime: '2026-11-24 10:00:00' });
const DEFAULT = workbenchLayout.parse({ widgets: DEFAULT_WORKBENCH, saved: false, update_datetime: null });
const SHORTCUTS = z.array(workbenchShortcut).parse([{ path: '/game/query', visits: 3, last_visit: '2026-11-24 10:00:00' }]);
const LOGINS = z.array(myLogin).parse([{ ip: '10.0.0.1', browser: 'Chrome', os: 'Linux', create_datetime: '2026-11-24 09:00:00' }]);

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (value: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const text = await body(req);
      if (url.pathname === '/graphql') {
        const request = JSON.parse(text) as { query: unknown; variables?: unknown };
        json(await executeGateway(request, { baseUrl, authorization: req.headers.authorization }));
        return;
      }
      seen.push({ method: req.method ?? '', path: url.pathname, body: text, auth: req.headers.authorization });
      const ok = (data: unknown) => json({ code: 2000, msg: 'success', data });
      const path = url.pathname;
      if (path === '/api/system/workbench/layout/' && req.method === 'GET') return ok(SAVED);
      if (path === '/api/system/workbench/layout/' && req.method === 'PUT') {
        const b = JSON.parse(text) as { widgets: unknown[] };
        if (b.widgets.length > 1) return json({ code: 4000, msg: '小组件:小组件 welcome 只能放置一个。', data: null });
        return ok({ ...SAVED, widgets: b.widgets });
      }
      if (path === '/api/system/workbench/layout/' && req.method === 'DELETE') return ok(DEFAULT);
      if (path === '/api/system/workbench/visit/') return ok(null);
      if (path === '/api/system/workbench/shortcuts/') return ok(SHORTCUTS);
      if (path === '/api/system/workbench/my_logins/') return ok([{ ip: 1 }]);
      json({ code: 404, msg: '接口地址不正确', data: null });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Kind = 'rest' | 'graphql';
function adapter(kind: Kind): { api: ConsoleApi; callbacks: ReturnType<typeof recordingCallbacks> } {
  const cookies = createCookies(memoryCookieJar());
  cookies.set('token', 'wb-token');
  const callbacks = recordingCallbacks();
  const options = { serverUrl: baseUrl, cookies, t, callbacks, retry: { count: 1, delayMs: 5 } };
  return { api: kind === 'rest' ? new RestConsoleApi(options) : createGraphqlConsoleApi(options), callbacks };
}

describe.each<Kind>(['rest', 'graphql'])('the workbench calls over %s', (kind) => {
  it('layout read, save and reset reach the REST routes with their bodies and answer the schema shapes', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.dashboard.layout()).resolves.toEqual(SAVED);
    await expect(api.dashboard.saveLayout(MINE)).resolves.toEqual(SAVED);
    await expect(api.dashboard.resetLayout()).resolves.toEqual(DEFAULT);
    await api.dashboard.recordVisit('/game/query');
    await expect(api.dashboard.shortcuts()).resolves.toEqual(SHORTCUTS);
    expect(seen.map((s) => [s.method, s.path, s.body ? (JSON.parse(s.body) as unknown) : null])).toEqual([
      ['GET', '/api/system/workbench/layout/', null],
      ['PUT', '/api/system/workbench/layout/', { widgets: MINE }],
      ['DELETE', '/api/system/workbench/layout/', null],
      ['POST', '/api/system/workbench/visit/', { path: '/game/query' }],
      ['GET', '/api/system/workbench/shortcuts/', null],
    ]);
    expect(seen.every((s) => s.auth === 'JWT wb-token')).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('a refused layout is an ApiError with the server message; a drifted answer is malformed', async () => {
    const { api } = adapter(kind);
    const error = await api.dashboard.saveLayout([...MINE, { ...MINE[0]!, i: 'other' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('小组件:小组件 welcome 只能放置一个。');
    const drift = await api.dashboard.myLogins().catch((e: unknown) => e);
    expect((drift as ApiError).kind).toBe('format');
  });
});

it('the fixtures are the contract shapes', () => {
  expect(LOGINS).toHaveLength(1);
});
