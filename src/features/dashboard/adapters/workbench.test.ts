// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_WORKBENCH, myLogin, workbenchLayout, workbenchShortcut } from '../../../../contracts/schemas/dashboard/workbench';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { ApiError } from '../../../adapters/errors';

/**
 * Part of the shared adapter suite: the workbench calls of the dashboard port over both adapters. The upstream
 * is a stand-in answering in the shapes of contracts/schemas/workbench (parsed first) and recording
 * what reached it; the GraphQL adapter goes through the real gateway code. The server side is tested
 * in server/routes/workbench.test.ts.
 */

const MINE = [{ i: 'trend', kind: 'trend' as const, x: 0, y: 0, w: 12, h: 4 }];
const SAVED = workbenchLayout.parse({ widgets: MINE, saved: true, update_datetime: '2026-11-24 10:00:00' });
const DEFAULT = workbenchLayout.parse({ widgets: DEFAULT_WORKBENCH, saved: false, update_datetime: null });
const SHORTCUTS = z.array(workbenchShortcut).parse([{ path: '/game/query', visits: 3, last_visit: '2026-11-24 10:00:00' }]);
const LOGINS = z.array(myLogin).parse([{ ip: '10.0.0.1', browser: 'Chrome', os: 'Linux', create_datetime: '2026-11-24 09:00:00' }]);

const upstream = standInUpstream(executeGateway, ({ url, method, body: text }, { ok, refuse }) => {
  if (url.pathname === '/api/system/workbench/layout/' && method === 'GET') return ok(SAVED);
  if (url.pathname === '/api/system/workbench/layout/' && method === 'PUT') {
    const b = JSON.parse(text) as { widgets: unknown[] };
    if (b.widgets.length > 1) return refuse('小组件:小组件 welcome 只能放置一个。');
    return ok({ ...SAVED, widgets: b.widgets });
  }
  if (url.pathname === '/api/system/workbench/layout/' && method === 'DELETE') return ok(DEFAULT);
  if (url.pathname === '/api/system/workbench/visit/') return ok(null);
  if (url.pathname === '/api/system/workbench/shortcuts/') return ok(SHORTCUTS);
  if (url.pathname === '/api/system/workbench/my_logins/') return ok([{ ip: 1 }]);
});
const { seen } = upstream;

type Kind = AdapterKind;
const adapter = (kind: Kind) => upstream.adapter(kind, 'wb-token');

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
