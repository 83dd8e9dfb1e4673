import { createHmac } from 'node:crypto';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { accountDetail, accountRow, gameRow, gameUserDetail, gameUserDevices, gameUserRow, listPage, playerSessions, playerTrackEvent, trackingAppRow, trackingCredentials, trackResult } from '../schemas';
import { expectHandledFailure, expectSuccess } from './support/expect-contract';

/**
 * Platform accounts and game players: api/center_users/accounts/ (list, detail, ban, unban)
 * and api/center_users/game_users/ (list, detail, track, devices, sessions) kept exact. A fresh H5 game's SDK
 * sends a register (with a phone binding), a login and a session; the account is banned, its next event is
 * stored flagged, then unbanned. Runs against the embedded server or any deployment (CONTRACT_BASE_URL).
 * Figures against raw rows: server/routes/players/accounts.test.ts.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const day = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const uuid = () => crypto.randomUUID();

areaTests(['players', 'game', 'tracking'], () => {
test.describe('accounts: api/center_users/accounts/ and game_users/', () => {
  test('an account from the SDK: listed, detailed, banned (its next event flagged), unbanned; the four player views', async ({ api, auth }) => {
    const { access } = await auth.session();
    const id = `qa-acc-${unique()}`;
    const game = expectSuccess(await api.post('api/game/h5/', { token: access, json: { name: '契约测试账号', url: `https://h5.example.com/${id}/`, code: id, status: 'testing' } }), gameRow, 'POST api/game/h5/');
    const app = expectSuccess(await api.post('api/embed_configure/game/', { token: access, json: { game: game.id } }), trackingAppRow, 'POST api/embed_configure/game/');
    const creds = expectSuccess(await api.post(`api/embed_configure/game/${app.id}/regenerate/`, { token: access }), trackingCredentials, 'regenerate');
    const send = async (events: Array<{ event: string; properties?: Record<string, string> }>, at: number) => {
      const body = JSON.stringify({ events: events.map((e, i) => ({ uuid: uuid(), event: e.event, distinct_id: id, time: new Date(at + i * 1000).toISOString(), properties: e.properties ?? {} })) });
      const sent = expectSuccess(
        await api.post('api/embed/track/', { body, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') } }),
        trackResult,
        'POST api/embed/track/',
      );
      expect(sent.rejected).toEqual([]);
    };
    const device = { device_id: `dev-qa-${unique()}`, device_model: 'iPhone 15', os: 'ios', os_version: '17.1' };
    await send([{ event: 'register', properties: { channel: 'tap', phone: '13912345678', ...device } }, { event: 'login', properties: device }, { event: 'session_start' }], Date.now() - 120_000);

    // The player upkeep (registrations, devices, cohorts, accounts) runs just after the ingestion's commit: poll until it shows.
    const accounts = async () => expectSuccess(await api.get(`api/center_users/accounts/?search=${id}`, { token: access }), listPage(accountRow), 'GET api/center_users/accounts/');
    await expect.poll(async () => (await accounts()).total, { timeout: 15_000 }).toBe(1);
    const list = await accounts();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id, distinct_id: id, status: 'normal', ban: null, first_seen: day(), last_seen: day(), games: 1, game_list: [{ game: game.id }], total_paid: 0, orders: 0 });
    const detail = expectSuccess(await api.get(`api/center_users/accounts/detail/?distinct_id=${id}`, { token: access }), accountDetail, 'GET api/center_users/accounts/detail/');
    expect(detail.bindings.map((b) => [b.kind, b.value])).toEqual([['phone', '139****5678']]);

    expectHandledFailure(await api.post('api/center_users/accounts/ban/', { token: access, json: { distinct_id: id } }), 'ban without a reason');
    expectHandledFailure(await api.post('api/center_users/accounts/ban/', { token: access, json: { distinct_id: id, reason: '外挂', expires_at: '2020-01-01T00:00:00Z' } }), 'expiry in the past');
    expectHandledFailure(await api.post('api/center_users/accounts/ban/', { token: access, json: { distinct_id: `${id}-nobody`, reason: '外挂' } }), 'unknown account');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const banned = expectSuccess(await api.post('api/center_users/accounts/ban/', { token: access, json: { distinct_id: id, reason: '契约测试封禁', expires_at: until } }), accountDetail, 'POST api/center_users/accounts/ban/');
    expect(banned).toMatchObject({ status: 'banned', ban: { reason: '契约测试封禁', expires_at: until, state: 'active' } });
    await send([{ event: 'session_end' }], Date.now() - 30_000);

    const key = `game=${game.id}&distinct_id=${id}`;
    const users = expectSuccess(await api.get(`api/center_users/game_users/?game=${game.id}&status=banned`, { token: access }), listPage(gameUserRow), 'GET api/center_users/game_users/');
    expect(users.data.map((u) => [u.id, u.status, u.channel, u.device_model])).toEqual([[`${game.id}:${id}`, 'banned', 'tap', 'iPhone 15']]);
    const gd = expectSuccess(await api.get(`api/center_users/game_users/detail/?${key}`, { token: access }), gameUserDetail, 'GET api/center_users/game_users/detail/');
    expect([gd.events, gd.flagged_events, gd.event_names]).toEqual([4, 1, ['login', 'register', 'session_end', 'session_start']]);
    const track = expectSuccess(await api.get(`api/center_users/game_users/track/?${key}&limit=2`, { token: access }), listPage(playerTrackEvent), 'GET api/center_users/game_users/track/');
    expect([track.total, track.data.map((e) => [e.event, e.banned])]).toEqual([4, [['session_end', true], ['session_start', false]]]);
    const devices = expectSuccess(await api.get(`api/center_users/game_users/devices/?${key}`, { token: access }), gameUserDevices, 'GET api/center_users/game_users/devices/');
    expect(devices.devices.map((d) => [d.device_id, d.registration])).toEqual([[device.device_id, true]]);
    const sessions = expectSuccess(await api.get(`api/center_users/game_users/sessions/?${key}&start=${day(-1)}&end=${day()}`, { token: access }), playerSessions, 'GET api/center_users/game_users/sessions/');
    // register + login sent just before the session_start belong to its session, then session_end: one session.
    expect([sessions.gap_seconds, sessions.total.sessions, sessions.total.events]).toEqual([1800, 1, 4]);

    const lifted = expectSuccess(await api.post('api/center_users/accounts/unban/', { token: access, json: { distinct_id: id, reason: '契约测试解封' } }), accountDetail, 'POST api/center_users/accounts/unban/');
    expect(lifted.status).toBe('normal');
    expect(lifted.bans[0]).toMatchObject({ state: 'lifted', lift_reason: '契约测试解封' });
    expectHandledFailure(await api.post('api/center_users/accounts/unban/', { token: access, json: { distinct_id: id } }), 'unban of an account that is not banned');
    expectHandledFailure(await api.get('api/center_users/accounts/?limit=100000', { token: access }), 'page size 100,000');
    expectHandledFailure(await api.get(`api/center_users/game_users/sessions/?${key}&start=${day()}&end=${day(-1)}`, { token: access }), 'end before start');
    expect(expectHandledFailure(await api.get('api/center_users/accounts/'), 'without a token').code).not.toBe(2000);
  });
});
});
