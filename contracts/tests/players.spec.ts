import { createHmac } from 'node:crypto';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { deviceRow, gameRow, listPage, retentionResult, trackingAppRow, trackingCredentials, trackResult } from '../schemas';
import { expectHandledFailure, expectSuccess } from './support/expect-contract';

/**
 * Players: GET api/center_users/retention/ kept exact. A fresh H5 game gets a tracking
 * app; its SDK sends a register (with channel and device) and logins of two players, one of them back
 * the next day; the retention of that game then shows exactly that cohort. Runs against the embedded
 * server or any deployment (CONTRACT_BASE_URL). Larger histories are checked against raw rows in
 * server/routes/players/players.test.ts.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** "YYYY-MM-DD" in Shanghai (the analytics time zone of the sample deployment), offset by days. */
const day = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const uuid = () => crypto.randomUUID();

areaTests(['players', 'game', 'tracking'], () => {
test.describe('players: api/center_users/retention/ and devices/', () => {
  test('a cohort of two players, one back on day 1: data.cohorts[{ day, players, retention }] exactly', async ({ api, auth }) => {
    const { access } = await auth.session();
    const game = expectSuccess(await api.post('api/game/h5/', { token: access, json: { name: '契约测试留存', url: 'https://h5.example.com/qa-retention/', code: `qa-ret-${unique()}`, status: 'testing' } }), gameRow, 'POST api/game/h5/');
    const app = expectSuccess(await api.post('api/embed_configure/game/', { token: access, json: { game: game.id } }), trackingAppRow, 'POST api/embed_configure/game/');
    const creds = expectSuccess(await api.post(`api/embed_configure/game/${app.id}/regenerate/`, { token: access }), trackingCredentials, 'regenerate');
    // Yesterday at Shanghai noon (registration), and now (day 1 for one of them).
    const noon = Date.parse(`${day(-1)}T12:00:00+08:00`);
    const device = { device_id: `dev-qa-${unique()}`, device_model: 'iPhone 15', os: 'ios', os_version: '17.1' };
    const events = [
      { uuid: uuid(), event: 'register', distinct_id: 'qa-r1', time: new Date(noon).toISOString(), properties: { channel: 'tap', ...device } },
      { uuid: uuid(), event: 'register', distinct_id: 'qa-r2', time: new Date(noon + 60_000).toISOString(), properties: { channel: 'tap', ...device } },
      { uuid: uuid(), event: 'login', distinct_id: 'qa-r1', time: new Date(Date.now() - 60_000).toISOString(), properties: { channel: 'tap', ...device } },
    ];
    const body = JSON.stringify({ events });
    const sent = expectSuccess(
      await api.post('api/embed/track/', { body, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') } }),
      trackResult,
      'POST api/embed/track/',
    );
    expect(sent.rejected).toEqual([]);

    // The player upkeep (registrations, devices, cohorts, accounts) runs just after the ingestion's commit: poll until it shows.
    const retention = async () => expectSuccess(await api.get(`api/center_users/retention/?game=${game.id}&start=${day(-1)}&end=${day(0)}`, { token: access }), retentionResult, 'GET api/center_users/retention/');
    await expect.poll(async () => (await retention()).cohorts[0]?.players, { timeout: 15_000 }).toBe(2);
    const r = await retention();
    expect(r.cohorts.map((c) => c.day)).toEqual([day(-1), day(0)]);
    expect(r.cohorts[0]).toEqual({ day: day(-1), players: 2, retention: { '1': 0.5, '3': null, '7': null, '14': null, '30': null }, retained: { '1': 1, '3': 0, '7': 0, '14': 0, '30': 0 } });
    expect(r.cohorts[1]?.players).toBe(0);
    expect(r.channels).toEqual(['tap']);
    const other = expectSuccess(await api.get(`api/center_users/retention/?game=${game.id}&start=${day(-1)}&end=${day(-1)}&channel=huawei`, { token: access }), retentionResult, 'channel filter');
    expect(other.total.players).toBe(0);

    // The device both players used: one row, two accounts, the model of the latest event.
    const deviceList = async () => expectSuccess(await api.get(`api/center_users/devices/?game=${game.id}&search=${device.device_id}`, { token: access }), listPage(deviceRow), 'GET api/center_users/devices/');
    await expect.poll(async () => (await deviceList()).data[0]?.accounts, { timeout: 15_000 }).toBe(2);
    const devices = await deviceList();
    expect(devices.total).toBe(1);
    expect(devices.data[0]).toMatchObject({ device_id: device.device_id, device_model: 'iPhone 15', os: 'ios', os_version: '17.1', accounts: 2 });
    expect(devices.data[0]?.account_list.map((a) => a.distinct_id).sort()).toEqual(['qa-r1', 'qa-r2']);
    expectHandledFailure(await api.get('api/center_users/devices/?limit=100000', { token: access }), 'page size 100,000');

    expectHandledFailure(await api.get(`api/center_users/retention/?game=${game.id}&start=${day(0)}&end=${day(-1)}`, { token: access }), 'end before start');
    expectHandledFailure(await api.get(`api/center_users/retention/?start=2020-01-01&end=${day(0)}`, { token: access }), 'more than 366 days');
    expect(expectHandledFailure(await api.get(`api/center_users/retention/?start=${day(0)}&end=${day(0)}`), 'without a token').code).not.toBe(2000);
  });
});
});
