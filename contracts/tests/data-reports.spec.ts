import { createHmac } from 'node:crypto';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { gameRow, orderIngestResult, statsResult, trackingAppRow, trackingCredentials, trackResult } from '../schemas';
import { expectHandledFailure, expectSuccess } from './support/expect-contract';

/**
 * Data reports: GET api/data_reports/game_stats/ and user_stats/ kept exact. A fresh H5
 * game gets a tracking app; its SDK registers two new accounts yesterday, one comes back today and pays
 * (one order paid, one paid and refunded); game_stats of that game then shows exactly those figures, and
 * user_stats has the strict shape. Larger histories are checked against raw rows in
 * server/routes/players/data-reports.test.ts.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** "YYYY-MM-DD" in Shanghai (the analytics time zone of the sample deployment), offset by days. */
const day = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

areaTests(['reports', 'income', 'game', 'tracking'], () => {
test.describe('data reports: api/data_reports/game_stats/ and user_stats/', () => {
  test('two new players, one back and paying: data.days[{ day, new_players, active_players, paying_players, revenue, arpu, d1, d7 }] exactly', async ({ api, auth }) => {
    const { access } = await auth.session();
    const game = expectSuccess(await api.post('api/game/h5/', { token: access, json: { name: '契约测试报表', url: 'https://h5.example.com/qa-reports/', code: `qa-rep-${unique()}`, status: 'testing' } }), gameRow, 'POST api/game/h5/');
    const app = expectSuccess(await api.post('api/embed_configure/game/', { token: access, json: { game: game.id } }), trackingAppRow, 'POST api/embed_configure/game/');
    const creds = expectSuccess(await api.post(`api/embed_configure/game/${app.id}/regenerate/`, { token: access }), trackingCredentials, 'regenerate');
    const signed = (raw: string) => ({ body: raw, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(raw).digest('hex') } });
    const a = `qa-rep-a-${unique()}`;
    const b = `qa-rep-b-${unique()}`;
    const noon = Date.parse(`${day(-1)}T12:00:00+08:00`);
    const now = Date.now() - 60_000;
    const events = [
      { uuid: crypto.randomUUID(), event: 'register', distinct_id: a, time: new Date(noon).toISOString(), properties: { channel: 'tap' } },
      { uuid: crypto.randomUUID(), event: 'register', distinct_id: b, time: new Date(noon + 60_000).toISOString(), properties: { channel: 'tap' } },
      { uuid: crypto.randomUUID(), event: 'login', distinct_id: a, time: new Date(now).toISOString(), properties: {} },
    ];
    expect(expectSuccess(await api.post('api/embed/track/', signed(JSON.stringify({ events }))), trackResult, 'POST api/embed/track/').rejected).toEqual([]);
    const order = (id: string, amount: number, status: 'paid' | 'refunded', time: number) => ({ order_id: id, distinct_id: a, amount, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status, time: new Date(time).toISOString() });
    const o1 = `qa-rep-o1-${unique()}`;
    const o2 = `qa-rep-o2-${unique()}`;
    const orders = [order(o1, 600, 'paid', now - 2_000), order(o2, 300, 'paid', now - 1_000)];
    expect(expectSuccess(await api.post('api/ingest/orders/', signed(JSON.stringify({ orders }))), orderIngestResult, 'POST api/ingest/orders/').rejected).toEqual([]);
    expect(expectSuccess(await api.post('api/ingest/orders/', signed(JSON.stringify({ orders: [order(o2, 300, 'refunded', now)] }))), orderIngestResult, 'refund').rejected).toEqual([]);

    const stats = async () => expectSuccess(await api.get(`api/data_reports/game_stats/?game=${game.id}&start=${day(-1)}&end=${day(0)}`, { token: access }), statsResult.strict(), 'GET api/data_reports/game_stats/');
    // The player upkeep (registrations, active days) runs just after the ingestion's commit: poll until it shows.
    await expect.poll(async () => (await stats()).total.d1_retained, { timeout: 15_000 }).toBe(1);
    const r = await stats();
    expect(r).toMatchObject({ start: day(-1), end: day(0), game: game.id, today: day(0), currency: 'CNY' });
    expect(r.days).toEqual([
      { day: day(-1), new_players: 2, active_players: 2, paying_players: 0, revenue: 0, arpu: 0, d1: 0.5, d7: null, d1_retained: 1, d7_retained: 0 },
      { day: day(0), new_players: 0, active_players: 1, paying_players: 1, revenue: 600, arpu: 600, d1: null, d7: null, d1_retained: 0, d7_retained: 0 },
    ]);
    expect(r.total).toEqual({ new_players: 2, active_players: 2, paying_players: 1, revenue: 600, gross: 900, refunds: 300, arpu: 300, d1: 0.5, d7: null, d1_retained: 1, d7_retained: 0 });

    const u = expectSuccess(await api.get(`api/data_reports/user_stats/?start=${day(-1)}&end=${day(0)}`, { token: access }), statsResult.strict(), 'GET api/data_reports/user_stats/');
    expect(u.days.map((d) => d.day)).toEqual([day(-1), day(0)]);
    expect(u.game).toBeNull();
    // The platform holds at least this game's accounts.
    expect(u.days[0]?.new_players).toBeGreaterThanOrEqual(2);
    expect(u.total.gross).toBeGreaterThanOrEqual(900);

    expectHandledFailure(await api.get(`api/data_reports/game_stats/?game=${game.id}&start=${day(0)}&end=${day(-1)}`, { token: access }), 'end before start');
    expectHandledFailure(await api.get(`api/data_reports/user_stats/?start=2020-01-01&end=${day(0)}`, { token: access }), 'more than 366 days');
    expectHandledFailure(await api.get(`api/data_reports/user_stats/?start=${day(0)}&end=${day(0)}&limit=100000`, { token: access }), 'page size 100,000');
    expectHandledFailure(await api.get(`api/data_reports/game_stats/?game=2147483647&start=${day(0)}&end=${day(0)}`, { token: access }), 'unknown game');
    expect(expectHandledFailure(await api.get(`api/data_reports/game_stats/?start=${day(0)}&end=${day(0)}`), 'without a token').code).not.toBe(2000);
  });
});
});
