import { createHmac } from 'node:crypto';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { attributionResult, campaignRow, gameRow, performanceResult, spendResult, trackingAppRow, trackingCredentials, trackResult } from '../schemas';
import { expectFailure, expectHandledFailure, expectSuccess } from './support/expect-contract';

/**
 * Advertising (menus advertisement/*): a fresh H5 game gets a campaign; its tracking link
 * records a click and redirects (302) to the store URL; a register event of that device through the
 * signed ingestion is attributed to the campaign (last click) and counted in the campaign figures with
 * the entered spend. Refusals are checked. Runs against the embedded server or any deployment.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** "YYYY-MM-DD" in Shanghai (the analytics time zone of the sample deployment), offset by days. */
const day = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

areaTests(['advertising', 'game', 'tracking'], () => {
test.describe('advertisement: api/advertisement/*', () => {
  test('campaign → click (302 to the store) → install of that device → attributed, in the campaign figures', async ({ api, auth }) => {
    const { access } = await auth.session();
    const game = expectSuccess(await api.post('api/game/h5/', { token: access, json: { name: `契约测试广告${unique()}`, url: 'https://h5.example.com/qa-ads/', code: `qa-ads-${unique()}`, status: 'testing' } }), gameRow, 'POST api/game/h5/');
    const camp = expectSuccess(
      await api.post('api/advertisement/campaign/', { token: access, json: { game: game.id, channel: 'qa_tiktok', name: `契约计划${unique()}`, budget: 1_000_000, start_date: day(-3), end_date: day(3), store_url: 'https://store.example.com/app/qa' } }),
      campaignRow,
      'POST api/advertisement/campaign/',
    );
    expect(camp).toMatchObject({ game: game.id, status: 'active', running: true, budget: 1_000_000 });
    expectSuccess(await api.request('PUT', `api/advertisement/campaign/${camp.id}/spend/`, { token: access, json: { days: [{ day: day(0), amount: 25_000 }] } }), spendResult, 'PUT spend');
    const device = `qa-dev-${unique()}`;
    const click = await api.get(`api/advertisement/click/?campaign=${camp.id}&device=${device}`);
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe('https://store.example.com/app/qa');

    const app = expectSuccess(await api.post('api/embed_configure/game/', { token: access, json: { game: game.id } }), trackingAppRow, 'tracking app');
    const creds = expectSuccess(await api.post(`api/embed_configure/game/${app.id}/regenerate/`, { token: access }), trackingCredentials, 'regenerate');
    const body = JSON.stringify({ events: [{ uuid: crypto.randomUUID(), event: 'register', distinct_id: `qa-p-${unique()}`, time: new Date().toISOString(), properties: { device_id: device } }] });
    const sent = expectSuccess(await api.post('api/embed/track/', { body, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') } }), trackResult, 'track');
    expect(sent.rejected).toEqual([]);

    // The player upkeep (registrations, devices, cohorts, accounts) runs just after the ingestion's commit: poll until it shows.
    const attribution = async () => expectSuccess(await api.get(`api/advertisement/attribution/?start=${day(-1)}&end=${day(1)}&game=${game.id}`, { token: access }), attributionResult, 'GET attribution');
    await expect.poll(async () => (await attribution()).rows.length, { timeout: 15_000 }).toBe(1);
    const att = await attribution();
    expect(att.rows).toHaveLength(1);
    expect(att.rows[0]).toMatchObject({ device_id: device, campaign: camp.id, channel: 'qa_tiktok', match: 'last_click' });
    const perf = expectSuccess(await api.get(`api/advertisement/campaign/performance/?start=${day(0)}&end=${day(0)}&game=${game.id}`, { token: access }), performanceResult, 'GET performance');
    expect(perf.campaigns.find((c) => c.campaign === camp.id)).toMatchObject({ spend: 25_000, clicks: 1, installs: 1, cpi: 25_000, revenue: 0, roas: 0 });
  });

  test('bad input is refused with a message, never a server error', async ({ api, auth }) => {
    const { access } = await auth.session();
    const base = { game: 1, channel: 'qa', name: `坏计划${unique()}`, budget: 100, start_date: day(0), end_date: day(1), store_url: 'https://s.example.com/' };
    expectFailure(await api.post('api/advertisement/campaign/', { token: access, json: { ...base, end_date: day(-1) } }), { code: 4000, msg: '结束日期:不能早于开始日期。' }, 'end before start');
    expectFailure(await api.post('api/advertisement/campaign/', { token: access, json: { ...base, store_url: 'javascript:alert(1)' } }), { code: 4000 }, 'store URL not http(s)');
    expectFailure(await api.post('api/advertisement/campaign/', { token: access, json: { ...base, budget: 1.5 } }), { code: 4000 }, 'fractional budget');
    expectFailure(await api.request('PUT', 'api/advertisement/campaign/999999/spend/', { token: access, json: { days: [{ day: day(0), amount: -1 }] } }), { code: 4000, msg: '花费:不能为负数。' }, 'negative spend');
    expectFailure(await api.get(`api/advertisement/attribution/?start=${day(0)}&end=${day(0)}&limit=100000`, { token: access }), { code: 4000, msg: 'limit 必须是 1 到 100 的整数' }, 'page size 100000');
    expectFailure(await api.get(`api/advertisement/campaign/performance/?start=${day(0)}&end=${day(-1)}`, { token: access }), { code: 4000, msg: 'end 不能早于 start' }, 'end before start');
    expectFailure(await api.get('api/advertisement/click/?campaign=999999999&device=qa-dev'), { code: 4000, msg: '广告计划 999999999 不存在。' }, 'unknown campaign');
    expectHandledFailure(await api.get('api/advertisement/click/?campaign=1&device=%3Cscript%3E'), 'bad device');
    expectHandledFailure(await api.get(`api/advertisement/attribution/?start=${day(0)}&end=${day(0)}`), 'without a token');
  });
});
});
