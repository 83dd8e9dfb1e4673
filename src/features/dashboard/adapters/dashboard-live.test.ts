// @vitest-environment node
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorResult, realtimeSnapshot } from '../../../../contracts/schemas/dashboard/live';
import { startTestServerWithContext, type TestServer } from '../../../../server/testing';
import { login, SERVER_TIMEOUT_MS } from '../../../../server/test/helpers';
import { createI18n, translator } from '../../../i18n';
import { recordingCallbacks } from '../../../test/fake-callbacks';
import type { ConsoleApi } from '../../../adapters/api';
import { createCookies, memoryCookieJar } from '../../../adapters/cookies';
import { realtimeOfFrame, REALTIME_TOPIC } from './dashboard-live';
import { createGraphqlConsoleApi } from '../../../adapters/graphql/graphql-api';
import { RestConsoleApi } from '../../../adapters/rest/rest-api';
import { RealtimeSocket, type SocketLike } from '../../../adapters/socket/realtime-socket';

/**
 * Part of the shared adapter suite: the live dashboards' calls of the dashboard port over both adapters against
 * the reference server (GraphQL through its mounted gateway), the same data on both, and the
 * `dashboard.realtime` frame through the socket adapter (RealtimeSocket subscribing on a real socket).
 * The figures themselves are checked against raw rows in server/routes/dashboard-live.test.ts.
 */

const t = translator(createI18n('zh-chs'));
let srv: TestServer;
let token = '';

beforeAll(async () => {
  ({ srv } = await startTestServerWithContext({ captcha: false }));
  token = (await login(srv, 'superadmin', 'admin123456', false)).access;
}, SERVER_TIMEOUT_MS);
afterAll(async () => {
  await srv.close();
}, SERVER_TIMEOUT_MS);

type Kind = 'rest' | 'graphql';
function adapter(kind: Kind, withToken = token): { api: ConsoleApi; callbacks: ReturnType<typeof recordingCallbacks> } {
  const cookies = createCookies(memoryCookieJar());
  if (withToken) cookies.set('token', withToken);
  const callbacks = recordingCallbacks();
  const options = { serverUrl: srv.baseUrl, cookies, t, callbacks, retry: { count: 1, delayMs: 5 } };
  return { api: kind === 'rest' ? new RestConsoleApi(options) : createGraphqlConsoleApi(options), callbacks };
}

describe.each<Kind>(['rest', 'graphql'])('the live dashboards over %s', (kind) => {
  it('realtime and monitor answer the contract shapes', async () => {
    const { api, callbacks } = adapter(kind);
    const snap = await api.dashboard.realtime();
    expect(realtimeSnapshot.parse(snap).minutes).toHaveLength(60);
    const monitor = await api.dashboard.monitor();
    expect(monitorResult.parse(monitor).instances.some((i) => i.instance === monitor.self)).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('a signed-in user without the permission is refused with the server message', async () => {
    const test = (await login(srv, 'test', 'admin123456', false)).access;
    const removed = await srv.query<{ role_id: number; button_id: number }>(
      `DELETE FROM role_buttons WHERE role_id = 2 AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.component = 'dashboard/monitor') RETURNING role_id, button_id`,
    );
    try {
      const { api } = adapter(kind, test);
      const error = await api.dashboard.monitor().catch((e: unknown) => e);
      expect(String((error as Error).message)).toContain('您没有执行该操作的权限');
    } finally {
      for (const r of removed) await srv.query('INSERT INTO role_buttons (role_id, button_id) VALUES ($1, $2)', [r.role_id, r.button_id]);
    }
  });
});

it('both adapters read the same realtime figures', async () => {
  const [a, b] = await Promise.all([adapter('rest').api.dashboard.realtime(), adapter('graphql').api.dashboard.realtime()]);
  const { at: _a, ...restFigures } = a;
  const { at: _b, ...graphqlFigures } = b;
  expect(graphqlFigures).toEqual(restFigures);
});

it('the socket adapter subscribes and hands the dashboard.realtime frame to its typed handler', async () => {
  const typed: unknown[] = [];
  const plain: unknown[] = [];
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const socket = new RealtimeSocket({
    url: () => `${srv.wsUrl}/api/ws/${token}/`,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    events: { frame: (f) => plain.push(f), typed: (f) => typed.push(f), open: () => opened(), error: () => undefined, closed: () => undefined, stopped: () => undefined },
  });
  // Subscribed before the socket opens: sent once it is open.
  socket.subscribe(REALTIME_TOPIC);
  socket.start();
  try {
    await open;
    for (let end = Date.now() + 5000; typed.length === 0 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    expect(realtimeOfFrame(typed[0])?.minutes).toHaveLength(60);
    // The greeting went to the message handler, not the typed one.
    expect(plain.length).toBeGreaterThanOrEqual(1);
    socket.unsubscribe(REALTIME_TOPIC);
    await new Promise((r) => setTimeout(r, 300));
    const count = typed.length;
    await new Promise((r) => setTimeout(r, 1600));
    expect(typed.length).toBe(count);
  } finally {
    socket.stop();
  }
});
