// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsResult } from '../../../../contracts/schemas/reports';
import { readXlsx } from '../../../../server/domain/crud/xlsx';
import { startTestServerWithContext, type TestServer } from '../../../../server/testing';
import { login, SERVER_TIMEOUT_MS } from '../../../../server/test/helpers';
import { createI18n, translator } from '../../../i18n';
import { recordingCallbacks } from '../../../test/fake-callbacks';
import type { ConsoleApi } from '../../../adapters/api';
import { createCookies, memoryCookieJar } from '../../../adapters/cookies';
import { ApiError } from '../../../adapters/errors';
import { createGraphqlConsoleApi } from '../../../adapters/graphql/graphql-api';
import { statsParams } from './data-reports';
import { RestConsoleApi } from '../../../adapters/rest/rest-api';
import { reportQueryString } from '../../../adapters/port';

/**
 * Part of the shared adapter suite: the data reports port over both adapters against the
 * reference server (GraphQL through its mounted gateway): the same answer on both, parsed by the contract
 * schema; the xlsx export; a refused range and a missing permission reach the caller with the server's
 * message. The figures themselves are checked against raw rows in server/routes/players/data-reports.test.ts.
 */

const t = translator(createI18n('zh-chs'));
let srv: TestServer;
let token = '';
const day = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

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

describe('the data report query pairs', () => {
  it('game first (game_stats only), then the range', () => {
    expect(reportQueryString(statsParams('game_stats', { start: '2026-11-01', end: '2026-11-07', game: 3 }))).toBe('game=3&start=2026-11-01&end=2026-11-07');
    expect(reportQueryString(statsParams('user_stats', { start: '2026-11-01', end: '2026-11-07', game: 3 }))).toBe('start=2026-11-01&end=2026-11-07');
  });
});

describe.each<Kind>(['rest', 'graphql'])('the data reports over %s', (kind) => {
  it('game_stats and user_stats answer the contract shape, one row per day', async () => {
    const { api, callbacks } = adapter(kind);
    const g = await api.reports.stats('game_stats', { start: day(-6), end: day(0), game: 1 });
    expect(statsResult.strict().parse(g).days.map((d) => d.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(day));
    expect(g.game).toBe(1);
    const u = await api.reports.stats('user_stats', { start: day(-2), end: day(0) });
    expect(u.days).toHaveLength(3);
    expect(u.game).toBeNull();
    expect(callbacks.notices).toEqual([]);
  });

  it('exports the report as xlsx', async () => {
    const { api } = adapter(kind);
    const file = await api.reports.exportStats('user_stats', { start: day(-2), end: day(0) });
    expect(file.name).toBe(`用户统计-${day(-2)}_${day(0)}.xlsx`);
    expect(file.rows).toBe(4);
    const rows = readXlsx(Buffer.from(await file.blob.arrayBuffer()));
    expect(rows[0]?.[0]).toBe('日期');
    expect(rows[1]?.[0]).toBe(day(0));
  });

  it('a refused range is an ApiError with the server message, toasted once', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.reports.stats('game_stats', { start: day(0), end: day(-1) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('end 不能早于 start');
    expect(callbacks.notices.map((n) => n.text)).toEqual(['end 不能早于 start']);
  });

  it('a signed-in user without the screen\'s buttons is refused with the server message', async () => {
    const test = (await login(srv, 'test', 'admin123456', false)).access;
    await expect(adapter(kind, test).api.reports.stats('user_stats', { start: day(0), end: day(0) })).resolves.toMatchObject({ start: day(0) });
    const removed = await srv.query<{ role_id: number; button_id: number }>(
      `DELETE FROM role_buttons WHERE role_id = 2 AND button_id IN (SELECT b.id FROM menu_buttons b JOIN menus m ON m.id = b.menu WHERE m.component = 'data_reports/user_stats') RETURNING role_id, button_id`,
    );
    try {
      expect(removed.length).toBeGreaterThan(0);
      const error = await adapter(kind, test).api.reports.stats('user_stats', { start: day(0), end: day(0) }).catch((e: unknown) => e);
      expect(String((error as Error).message)).toContain('您没有执行该操作的权限');
    } finally {
      for (const r of removed) await srv.query('INSERT INTO role_buttons (role_id, button_id) VALUES ($1, $2)', [r.role_id, r.button_id]);
    }
  });
});

it('both adapters read the same figures', async () => {
  const q = { start: day(-30), end: day(0) };
  const [a, b] = await Promise.all([adapter('rest').api.reports.stats('user_stats', q), adapter('graphql').api.reports.stats('user_stats', q)]);
  expect(b).toEqual(a);
});
