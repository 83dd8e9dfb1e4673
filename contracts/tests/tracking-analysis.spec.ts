import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { sessionsResult } from '../schemas/tracking/sessions';
import { expectFailure, expectHandledFailure, expectSuccess } from './support/expect-contract';

/**
 * Funnel and session analysis (menu data_embed/*): the answers' shapes and the refusals of
 * bad parameters. Figures are checked against raw events in server/routes/data-embed-analysis.test.ts.
 */

/** "YYYY-MM-DD" in Shanghai, offset by days from today. */
function day(offsetDays: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

areaTests('tracking', () => {
test.describe('tracking analysis: api/data_embed/funnel/ and sessions/', () => {
  test('sessions of the last 7 days: totals, six histogram buckets, every day, games', async ({ api, auth }) => {
    const { access } = await auth.session();
    const data = expectSuccess(await api.get(`api/data_embed/sessions/?start=${day(-6)}&end=${day(0)}`, { token: access }), sessionsResult, 'sessions');
    expect(data.days.map((d) => d.day), 'one row per day, in order').toEqual([-6, -5, -4, -3, -2, -1, 0].map(day));
    expect(data.histogram.map((h) => [h.from_seconds, h.to_seconds])).toEqual([
      [0, 60],
      [60, 300],
      [300, 900],
      [900, 1800],
      [1800, 3600],
      [3600, null],
    ]);
    expect(data.histogram.reduce((n, h) => n + h.sessions, 0), 'the buckets hold every session').toBe(data.sessions);
    expect(data.days.reduce((n, d) => n + d.sessions, 0), 'the days hold every session').toBe(data.sessions);
  });

  test('bad parameters are refused with a message; an unknown funnel is code 404', async ({ api, auth }) => {
    const { access } = await auth.session();
    expectFailure(await api.get(`api/data_embed/sessions/?start=${day(0)}`, { token: access }), { code: 4000, msg: 'end 必须是 YYYY-MM-DD' }, 'sessions without end');
    expectFailure(await api.get(`api/data_embed/sessions/?start=${day(0)}&end=${day(-1)}`, { token: access }), { code: 4000, msg: 'end 不能早于 start' }, 'sessions, end before start');
    expectFailure(await api.get(`api/data_embed/funnel/?funnel=2147483647&start=${day(-6)}&end=${day(0)}`, { token: access }), { code: 404, msg: '漏斗不存在' }, 'unknown funnel');
    expectHandledFailure(await api.get(`api/data_embed/funnel/?funnel=x'--&start=${day(-6)}&end=${day(0)}`, { token: access }), 'funnel id that looks like SQL');
    expectHandledFailure(await api.get(`api/data_embed/sessions/?start=${day(-400)}&end=${day(0)}`, { token: access }), 'more than 366 days');
  });
});
});
