import { createHmac } from 'node:crypto';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import {
  gameRow,
  listPage,
  orderIngestResult,
  overviewResult,
  partnerOverviewResult,
  partnerRow,
  rateList,
  settlementResult,
  trackingAppRow,
  trackingCredentials,
} from '../schemas';
import { expectFailure, expectHandledFailure, expectSuccess } from './support/expect-contract';

/**
 * Partners (menus cooperate/*): a fresh H5 game of an existing partner gets signed payment
 * callbacks; the partner's settlement of this month shows that game's revenue exactly as the revenue
 * overview does, and its KPIs count it. Nothing irreversible is done to the target (no rate set, no
 * month locked: server/routes/cooperate/settlements.test.ts covers those on its own database); the
 * refusals are checked. Runs against the embedded server or any deployment (CONTRACT_BASE_URL).
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** "YYYY-MM-DD" in Shanghai (the analytics time zone of the sample deployment), offset by days. */
const day = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

areaTests(['cooperate', 'common', 'income', 'game', 'tracking'], () => {
test.describe('cooperate: api/cooperate/*', () => {
  test('a partner game\'s orders appear in the month\'s settlement and the partner KPIs, equal to the revenue overview', async ({ api, auth }) => {
    const { access } = await auth.session();
    const partners = expectSuccess(await api.get('api/common/partner/?limit=1', { token: access }), listPage(partnerRow), 'GET api/common/partner/');
    test.skip(partners.data.length === 0, 'needs a partner');
    const partner = partners.data[0]?.id as number;
    const game = expectSuccess(await api.post('api/game/h5/', { token: access, json: { name: `契约测试结算${unique()}`, url: 'https://h5.example.com/qa-coop/', code: `qa-coop-${unique()}`, status: 'testing', partner } }), gameRow, 'POST api/game/h5/');
    const app = expectSuccess(await api.post('api/embed_configure/game/', { token: access, json: { game: game.id } }), trackingAppRow, 'tracking app');
    const creds = expectSuccess(await api.post(`api/embed_configure/game/${app.id}/regenerate/`, { token: access }), trackingCredentials, 'regenerate');
    const id = unique();
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const orders = [
      { order_id: `qa-${id}-1`, distinct_id: 'qa-c1', amount: 6800, currency: 'CNY', channel: 'tap', method: 'wechat', region: 'CN', status: 'paid', time: at(3) },
      { order_id: `qa-${id}-2`, distinct_id: 'qa-c2', amount: 600, currency: 'CNY', channel: 'tap', method: 'alipay', region: 'CN', status: 'paid', time: at(2) },
    ];
    const body = JSON.stringify({ orders });
    const sent = expectSuccess(await api.post('api/ingest/orders/', { body, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') } }), orderIngestResult, 'orders');
    expect(sent.rejected).toEqual([]);

    const month = day(0).slice(0, 7);
    const rep = expectSuccess(await api.get(`api/cooperate/reports/?month=${month}&partner=${partner}`, { token: access }), settlementResult, 'GET api/cooperate/reports/');
    const p = rep.partners[0];
    expect(p?.partner).toBe(partner);
    const line = p?.games.find((g) => g.game === game.id);
    expect(line).toMatchObject({ game_name: game.name, gross: 7400, refunds: 0, revenue: 7400, orders: 2, refund_orders: 0 });
    expect(line?.partner_amount).toBe(Math.round((7400 * (line?.rate_bp ?? 0)) / 10_000));
    expect((line?.partner_amount ?? 0) + (line?.platform_amount ?? 0)).toBe(7400);
    const inc = expectSuccess(await api.get(`api/center_income/overview/?game=${game.id}&start=${rep.start}&end=${rep.end}`, { token: access }), overviewResult, 'overview of the game');
    expect(inc.revenue).toBe(line?.revenue);
    const ov = expectSuccess(await api.get(`api/cooperate/overview/?start=${day(-1)}&end=${day(0)}`, { token: access }), partnerOverviewResult, 'GET api/cooperate/overview/');
    const k = ov.partners.find((x) => x.partner === partner);
    expect(k?.revenue).toBeGreaterThanOrEqual(7400);
    expect(k?.paying_players).toBeGreaterThanOrEqual(2);
    expect(ov.partners.reduce((s, x) => s + x.revenue, 0)).toBe(ov.total.revenue);
    expectSuccess(await api.get(`api/cooperate/reports/rates/?partner=${partner}`, { token: access }), rateList, 'GET api/cooperate/reports/rates/');
    const file = await api.get(`api/cooperate/reports/export/?month=${month}&partner=${partner}`, { token: access });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    expect(Number(file.headers['x-export-rows'])).toBe((p?.games.length ?? 0) + 1);
  });

  test('bad input is refused with a message, never a server error; the current month cannot be locked', async ({ api, auth }) => {
    const { access } = await auth.session();
    expectFailure(await api.get('api/cooperate/reports/?month=2026-13', { token: access }), { code: 4000, msg: 'month 必须是 YYYY-MM' }, 'month 13');
    expectFailure(await api.get(`api/cooperate/overview/?start=${day(0)}&end=${day(-1)}`, { token: access }), { code: 4000, msg: 'end 不能早于 start' }, 'end before start');
    expectFailure(await api.post('api/cooperate/reports/rates/', { token: access, json: { partner: 1, effective_month: '2026-01', rate_bp: 12.5 } }), { code: 4000, msg: 'rate_bp 必须是 0 到 10000 的整数（万分比）' }, 'fractional rate');
    const month = day(0).slice(0, 7);
    const partners = expectSuccess(await api.get('api/common/partner/?limit=1', { token: access }), listPage(partnerRow), 'partners');
    if (partners.data[0]) {
      expectFailure(await api.post('api/cooperate/reports/lock/', { token: access, json: { partner: partners.data[0].id, month } }), { code: 4000, msg: `${month} 尚未结束，只能锁定已结束的月份` }, 'lock this month');
    }
    expectHandledFailure(await api.get(`api/cooperate/reports/?month=${month}&partner=1e400`, { token: access }), 'partner 1e400');
    expectHandledFailure(await api.get(`api/cooperate/reports/?month=${month}`), 'without a token');
  });
});
});
