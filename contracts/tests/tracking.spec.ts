import { createHmac, randomUUID } from 'node:crypto';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { eventAnalysis, eventDefineRow, funnelDefineRow, gameRow, trackingAppRow, trackingCredentials, trackResult } from '../schemas';
import { expectFailure, expectSuccess } from './support/expect-contract';

/**
 * Event tracking's calls that game SDKs and QA rely on, kept exact: a tracking app and its
 * regenerate, an event and a funnel definition, a signed batch, and the event trend. Runs against the
 * embedded server or any deployment (CONTRACT_BASE_URL): it makes its own H5 game first.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const day = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

areaTests(['tracking', 'game'], () => {
test('tracking: app + regenerate, definitions, a signed batch, the trend', async ({ api, auth }) => {
  const { access } = await auth.session();
  const code = `qa-track-${unique()}`;
  const game = expectSuccess(await api.post('api/game/h5/', { token: access, json: { name: '契约测试埋点', url: 'https://h5.example.com/qa/', code, status: 'testing' } }), gameRow, 'POST api/game/h5/');
  const app = expectSuccess(await api.post('api/embed_configure/game/', { token: access, json: { game: game.id } }), trackingAppRow, 'POST api/embed_configure/game/');
  expect(app.secret_mask).toMatch(/^••••/);
  const creds = expectSuccess(await api.post(`api/embed_configure/game/${app.id}/regenerate/`, { token: access }), trackingCredentials, 'regenerate');
  expect(creds.app_key).not.toBe(app.app_key);

  const event = `qa_${unique()}`.slice(0, 40);
  const def = expectSuccess(
    await api.post('api/embed_configure/event_define/', { token: access, json: { game: game.id, event, name: '契约测试事件', properties: [{ name: 'score', type: 'number', required: true }] } }),
    eventDefineRow,
    'POST api/embed_configure/event_define/',
  );
  expect(def.id).toBeGreaterThan(0);
  const funnel = expectSuccess(
    await api.post('api/embed_configure/funnel_define/', { token: access, json: { game: game.id, name: '契约测试漏斗', steps: [{ event: 'login' }, { event }], window_seconds: 3600 } }),
    funnelDefineRow,
    'POST api/embed_configure/funnel_define/',
  );
  expect(funnel.id).toBeGreaterThan(0);

  const events = [
    { uuid: randomUUID(), event, distinct_id: 'qa-1', time: new Date(Date.now() - 60_000).toISOString(), properties: { score: 3 } },
    { uuid: randomUUID(), event, distinct_id: 'qa-2', time: Date.now() - 30_000, properties: { score: 5 } },
    { uuid: randomUUID(), event, distinct_id: 'qa-2', time: Date.now() - 30_000, properties: { score: 'five' } },
  ];
  const body = JSON.stringify({ events });
  const headers = { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') };
  const first = expectSuccess(await api.post('api/embed/track/', { body, headers }), trackResult, 'POST api/embed/track/');
  expect(first).toMatchObject({ accepted: 2, duplicates: 0 });
  expect(first.rejected.map((r) => r.index)).toEqual([2]);
  expect(first.rejected[0]?.reason).toContain('score');
  const again = expectSuccess(await api.post('api/embed/track/', { body, headers }), trackResult, 'retried batch');
  expect(again.duplicates).toBe(2);
  expectFailure(await api.post('api/embed/track/', { body, headers: { ...headers, 'x-signature': '0'.repeat(64) } }), { status: 401, code: 401 }, 'wrong signature');

  const trend = expectSuccess(
    await api.get(`api/data_embed/event/?game=${game.id}&event=${event}&start=${day(-6)}&end=${day()}&interval=day&measure=unique`, { token: access }),
    eventAnalysis,
    'GET api/data_embed/event/',
  );
  expect(trend.series).toHaveLength(7);
  expect(trend.series.reduce((s, p) => s + p.value, 0)).toBe(2);
});
});
