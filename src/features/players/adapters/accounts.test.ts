// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accountDetail, gameUserDetail, gameUserDevices, playerSessions, playerTrackEvent } from '../../../../contracts/schemas/players';
import { listPage } from '../../../../contracts/schemas/envelope';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { sessionsParams, trackParams } from './accounts';
import { ApiError } from '../../../adapters/errors';
import { reportQueryString } from '../../../adapters/port';

/**
 * Part of the shared adapter suite: the accounts port (accounts and game users) over both
 * adapters, against a stand-in upstream answering in the shapes of contracts/schemas/players/accounts
 * (parsed first) and recording what reached it; the GraphQL adapter goes through the real gateway code.
 */

const BAN = { id: 4, reason: '外挂', expires_at: null, banned_at: '2026-11-20T02:00:00.000Z', banned_by: '超级管理员', lifted_at: null, lifted_by: '', lift_reason: '', state: 'active' as const };
const ACCOUNT = accountDetail.parse({
  id: 'u-1', distinct_id: 'u-1', status: 'banned', ban: BAN, first_seen: '2026-11-01', last_seen: '2026-11-20', games: 1, game_list: [{ game: 3, game_name: '星穹远征' }],
  total_paid: 64_800, orders: 3, bindings: [{ kind: 'phone', value: '138****1000', time: '2026-11-01T02:00:00.000Z' }], bans: [BAN],
  game_figures: [{ game: 3, game_name: '星穹远征', first_day: '2026-11-01', last_day: '2026-11-20', active_days: 9, revenue: 64_800, orders: 3 }], flagged_events: 2,
});
const DETAIL = gameUserDetail.parse({
  id: '3:u-1', game: 3, game_name: '星穹远征', distinct_id: 'u-1', status: 'normal', first_seen: '2026-11-01', last_seen: '2026-11-20', active_days: 9, channel: 'huawei', device_model: 'HUAWEI Mate 60', os: 'android',
  total_paid: 64_800, orders: 3, registered_at: '2026-11-01T02:00:00.000Z', device_id: 'dev-1', os_version: '14', events: 120, flagged_events: 0, last_event_at: '2026-11-20T02:00:00.000Z',
  event_names: ['level_up', 'login'], gross: 70_000, refunds: 5_200, refund_orders: 1,
});
const TRACK = listPage(playerTrackEvent).parse({ page: 2, limit: 1, total: 3, is_next: true, is_previous: true, data: [{ uuid: 'a0000000-0000-4000-8000-000000000001', time: '2026-11-20T02:00:00.000Z', event: 'level_up', properties: { level: 3 }, banned: true }] });
const DEVICES = gameUserDevices.parse({ devices: [{ device_id: 'dev-1', device_model: 'HUAWEI Mate 60', os: 'android', os_version: '14', first_seen: '2026-11-01T02:00:00.000Z', last_seen: '2026-11-20T02:00:00.000Z', accounts: 2, other_accounts: [{ game: 3, game_name: '星穹远征', distinct_id: 'u-2' }], registration: true }], models: [{ device_model: 'HUAWEI Mate 60', os: 'android', os_version: '14', devices: 1 }] });
const SESSIONS = playerSessions.parse({ start: '2026-11-01', end: '2026-11-20', gap_seconds: 1800, total: { sessions: 1, events: 4, seconds: 600, avg_seconds: 600 }, page: 1, limit: 20, data: [{ start: '2026-11-20T02:00:00.000Z', end: '2026-11-20T02:10:00.000Z', seconds: 600, events: 4 }] });

const upstream = standInUpstream(executeGateway, ({ path: p, url, body: text }, { ok, refuse }) => {
  if (p === '/api/center_users/accounts/ban/') {
    const b = JSON.parse(text) as { reason?: string };
    return b.reason ? ok(ACCOUNT) : refuse('请填写封禁原因 reason');
  }
  if (p === '/api/center_users/accounts/unban/') return ok({ ...ACCOUNT, status: 'normal', ban: null });
  if (p === '/api/center_users/accounts/detail/') return ok(url.searchParams.get('distinct_id') === 'broken' ? { ...ACCOUNT, total_paid: 1.5 } : ACCOUNT);
  if (p === '/api/center_users/game_users/detail/') return ok(DETAIL);
  if (p === '/api/center_users/game_users/track/') return ok(TRACK);
  if (p === '/api/center_users/game_users/devices/') return ok(DEVICES);
  if (p === '/api/center_users/game_users/sessions/') return url.searchParams.get('start') === 'bad' ? refuse('start 必须是 YYYY-MM-DD 格式的日期') : ok(SESSIONS);
});
const { seen } = upstream;

type Kind = AdapterKind;
const adapter = (kind: Kind) => upstream.adapter(kind, 'accounts-token');

describe('the accounts query pairs', () => {
  it('player first, then the filters, then paging; a range only when both ends are given', () => {
    expect(reportQueryString(trackParams({ game: 3, distinct_id: 'u 1&x', page: 2, limit: 50, event: 'login', start: '2026-11-01', end: '2026-11-02' }))).toBe(
      'game=3&distinct_id=u+1%26x&event=login&start=2026-11-01&end=2026-11-02&page=2&limit=50',
    );
    expect(reportQueryString(trackParams({ game: 3, distinct_id: 'u', page: 1, limit: 20, start: '2026-11-01' }))).toBe('game=3&distinct_id=u&page=1&limit=20');
    expect(reportQueryString(sessionsParams({ game: 3, distinct_id: 'u', start: '2026-11-01', end: '2026-11-30', page: 1, limit: 20 }))).toBe('game=3&distinct_id=u&start=2026-11-01&end=2026-11-30&page=1&limit=20');
  });
});

describe.each<Kind>(['rest', 'graphql'])('the accounts calls over %s', (kind) => {
  it('reads reach the REST routes with the same query and answer the schema shapes', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.accounts.detail('u-1')).resolves.toEqual(ACCOUNT);
    await expect(api.accounts.gameUser({ game: 3, distinct_id: 'u-1' })).resolves.toEqual(DETAIL);
    await expect(api.accounts.track({ game: 3, distinct_id: 'u-1', page: 2, limit: 1, event: 'level_up' })).resolves.toEqual(TRACK);
    await expect(api.accounts.devices({ game: 3, distinct_id: 'u-1' })).resolves.toEqual(DEVICES);
    await expect(api.accounts.sessions({ game: 3, distinct_id: 'u-1', start: '2026-11-01', end: '2026-11-20', page: 1, limit: 20 })).resolves.toEqual(SESSIONS);
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /api/center_users/accounts/detail/?distinct_id=u-1',
      'GET /api/center_users/game_users/detail/?game=3&distinct_id=u-1',
      'GET /api/center_users/game_users/track/?game=3&distinct_id=u-1&event=level_up&page=2&limit=1',
      'GET /api/center_users/game_users/devices/?game=3&distinct_id=u-1',
      'GET /api/center_users/game_users/sessions/?game=3&distinct_id=u-1&start=2026-11-01&end=2026-11-20&page=1&limit=20',
    ]);
    expect(seen.every((s) => s.auth === 'JWT accounts-token')).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('ban and unban POST their JSON bodies; a refused ban is an ApiError with the server message, toasted once', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.accounts.ban({ distinct_id: 'u-1', reason: '外挂', expires_at: '2026-12-01T00:00:00.000Z' })).resolves.toEqual(ACCOUNT);
    expect((await api.accounts.unban({ distinct_id: 'u-1', reason: '申诉' })).status).toBe('normal');
    expect(seen.map((s) => [s.method, s.path, JSON.parse(s.body)])).toEqual([
      ['POST', '/api/center_users/accounts/ban/', { distinct_id: 'u-1', reason: '外挂', expires_at: '2026-12-01T00:00:00.000Z' }],
      ['POST', '/api/center_users/accounts/unban/', { distinct_id: 'u-1', reason: '申诉' }],
    ]);
    const error = await api.accounts.ban({ distinct_id: 'u-1', reason: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('请填写封禁原因 reason');
    expect(callbacks.notices.map((n) => n.text)).toEqual(['请填写封禁原因 reason']);
  });

  it('an answer that does not fit the schema is a malformed answer, not a figure; a refused read is an ApiError', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.accounts.detail('broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('format');
    const refused = await api.accounts.sessions({ game: 3, distinct_id: 'u', start: 'bad', end: '2026-11-02', page: 1, limit: 20 }).catch((e: unknown) => e);
    expect((refused as ApiError).message).toBe('start 必须是 YYYY-MM-DD 格式的日期');
    expect(callbacks.notices).toHaveLength(2);
  });
});
