import { createHmac } from 'node:crypto';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import {
  distributionResult,
  gameRow,
  historyResult,
  listPage,
  orderIngestResult,
  orderRow,
  overviewResult,
  rankResult,
  toReportMinor,
  trackingAppRow,
  trackingCredentials,
} from '../schemas';
import { expectFailure, expectHandledFailure, expectSuccess } from './support/expect-contract';

/**
 * Orders and revenue (menus center_income/*): the calls game servers and QA rely on, kept
 * exact. A fresh H5 game gets a tracking app; its server sends signed payment callbacks (paid, a
 * retry, a refund, a conflicting repeat, bad ones); the revenue screens of that game then show exactly
 * those orders. Runs against the embedded server or any deployment (CONTRACT_BASE_URL). Figures over
 * many orders are checked against raw rows in server/routes/income/reports.test.ts.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** "YYYY-MM-DD" in Shanghai (the analytics time zone of the sample deployment), offset by days. */
const day = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

areaTests(['income', 'game', 'tracking'], () => {
test.describe('income: api/ingest/orders/ and api/center_income/*', () => {
  test('signed callbacks in; overview, history, distribution, rank, details and export of that game', async ({ api, auth }) => {
    const { access } = await auth.session();
    const game = expectSuccess(await api.post('api/game/h5/', { token: access, json: { name: '契约测试收入', url: 'https://h5.example.com/qa-income/', code: `qa-income-${unique()}`, status: 'testing' } }), gameRow, 'POST api/game/h5/');
    const app = expectSuccess(await api.post('api/embed_configure/game/', { token: access, json: { game: game.id } }), trackingAppRow, 'POST api/embed_configure/game/');
    const creds = expectSuccess(await api.post(`api/embed_configure/game/${app.id}/regenerate/`, { token: access }), trackingCredentials, 'regenerate');
    const send = (orders: unknown[], secret = creds.secret) => {
      const body = JSON.stringify({ orders });
      return api.post('api/ingest/orders/', { body, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', secret).update(body).digest('hex') } });
    };
    // Mid-day (Shanghai) an hour ago at most, so both orders fall on today's date there whatever the hour.
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const id = unique();
    const paid = [
      { order_id: `qa-${id}-1`, distinct_id: 'qa-p1', amount: 3000, currency: 'CNY', channel: 'tap', method: 'wechat', region: 'CN-GD', status: 'paid', time: at(3) },
      { order_id: `qa-${id}-2`, distinct_id: 'qa-p2', amount: 999, currency: 'USD', channel: 'apple', method: 'apple_iap', region: 'HK', status: 'paid', time: at(2) },
    ];
    const first = expectSuccess(await send(paid), orderIngestResult, 'POST api/ingest/orders/');
    expect(first).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    expect(expectSuccess(await send(paid), orderIngestResult, 'retried callbacks')).toEqual({ accepted: 2, duplicates: 2, rejected: [] });
    const refund = expectSuccess(await send([{ ...paid[0], status: 'refunded', time: at(1) }]), orderIngestResult, 'refund');
    expect(refund).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const refused = expectSuccess(
      await send([
        { ...paid[1], amount: 1000 },
        { ...paid[1], order_id: `qa-${id}-3`, amount: 12.5 },
        { ...paid[1], order_id: `qa-${id}-4`, currency: 'XBT' },
        { ...paid[1], order_id: `qa-${id}-5`, status: 'refunded' },
      ]),
      orderIngestResult,
      'bad callbacks',
    );
    expect(refused.accepted).toBe(0);
    expect(refused.rejected.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expectFailure(await send(paid, 'not-the-secret'), { status: 401, code: 401 }, 'wrong signature');
    expectFailure(await api.post('api/ingest/orders/', { json: { orders: paid } }), { status: 401, code: 401 }, 'no app key');

    const gross = 3000 + toReportMinor(999, 'USD');
    const q = `game=${game.id}&start=${day(-1)}&end=${day(0)}`;
    const o = expectSuccess(await api.get(`api/center_income/overview/?${q}`, { token: access }), overviewResult, 'GET api/center_income/overview/');
    expect(o).toMatchObject({ game: game.id, currency: 'CNY', gross, refunds: 3000, revenue: gross - 3000, orders: 2, refund_orders: 1, paying_players: 2, active_players: 2, paying_rate: 1 });
    expect(o.arppu).toBe(Math.round((gross - 3000) / 2));
    const h = expectSuccess(await api.get(`api/center_income/history/?${q}&compare=previous`, { token: access }), historyResult, 'GET api/center_income/history/');
    expect(h.days.map((d) => d.day)).toEqual([day(-1), day(0)]);
    expect(h.totals.revenue).toBe(o.revenue);
    expect(h.compare).toMatchObject({ kind: 'previous', start: day(-3), end: day(-2) });
    const d = expectSuccess(await api.get(`api/center_income/distribution/?${q}&by=channel`, { token: access }), distributionResult, 'GET api/center_income/distribution/');
    expect(d.rows.map((r) => [r.key, r.revenue])).toEqual([
      ['apple', toReportMinor(999, 'USD')],
      ['tap', 0],
    ]);
    const r = expectSuccess(await api.get(`api/center_income/rank/?${q}&by=player&limit=5`, { token: access }), rankResult, 'GET api/center_income/rank/');
    expect(r.rows.map((x) => [x.rank, x.label, x.game_name])).toEqual([
      [1, 'qa-p2', game.name],
      [2, 'qa-p1', game.name],
    ]);
    const list = expectSuccess(await api.get(`api/center_income/details/?game=${game.id}&limit=10`, { token: access }), listPage(orderRow), 'GET api/center_income/details/');
    expect(list.total).toBe(2);
    expect(list.data.map((x) => [x.order_id, x.status, x.amount, x.currency, x.amount_cny])).toEqual([
      [`qa-${id}-2`, 'paid', 999, 'USD', toReportMinor(999, 'USD')],
      [`qa-${id}-1`, 'refunded', 3000, 'CNY', 3000],
    ]);
    const file = await api.get(`api/center_income/details/export/?game=${game.id}`, { token: access });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    expect(file.headers['x-export-rows']).toBe('2');
  });

  test('bad parameters are refused with a message, never a server error', async ({ api, auth }) => {
    const { access } = await auth.session();
    expectFailure(await api.get(`api/center_income/overview/?start=${day(0)}`, { token: access }), { code: 4000, msg: 'end 必须是 YYYY-MM-DD' }, 'overview without end');
    expectFailure(await api.get(`api/center_income/history/?start=${day(0)}&end=${day(-1)}`, { token: access }), { code: 4000, msg: 'end 不能早于 start' }, 'history, end before start');
    expectFailure(await api.get(`api/center_income/rank/?start=${day(-6)}&end=${day(0)}&by=player&limit=101`, { token: access }), { code: 4000, msg: 'limit 必须是 1 到 100 的整数' }, 'rank limit 101');
    expectFailure(await api.get('api/center_income/details/?limit=100000', { token: access }), { code: 4000, msg: 'limit 必须是 1 到 100 的整数' }, 'page size 100000');
    expectHandledFailure(await api.get(`api/center_income/overview/?start=${day(-400)}&end=${day(0)}`, { token: access }), 'more than 366 days');
    expectHandledFailure(await api.get(`api/center_income/distribution/?start=${day(-6)}&end=${day(0)}&by=x'--`, { token: access }), 'by that looks like SQL');
    expectHandledFailure(await api.get(`api/center_income/overview/?start=${day(-6)}&end=${day(0)}&game=1e400`, { token: access }), 'game 1e400');
  });

  test('the read-only analyst reads the revenue screens and may export', async ({ api, auth, target }) => {
    test.skip(!target.fixtureData, 'needs the sample accounts');
    const { access } = await auth.login(target.otherUsername, target.password);
    const q = `start=${day(-6)}&end=${day(0)}`;
    expectSuccess(await api.get(`api/center_income/overview/?${q}`, { token: access }), overviewResult, 'overview as the analyst');
    expectSuccess(await api.get(`api/center_income/rank/?${q}&by=game`, { token: access }), rankResult, 'rank as the analyst');
    expectSuccess(await api.get('api/center_income/details/?limit=5', { token: access }), listPage(orderRow), 'details as the analyst');
    expect((await api.get('api/center_income/details/export/?limit=5', { token: access })).status).toBe(200);
    expectHandledFailure(await api.get(`api/center_income/overview/?${q}`), 'overview without a token');
  });
});
});
