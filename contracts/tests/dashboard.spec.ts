import { z } from 'zod';
import { test, expect } from '../fixtures';
import { countResult, loginTrend, recentLogin } from '../schemas';
import { expectFailure, expectSuccess } from './support/expect-contract';

const COUNTS = ['users_total', 'users_login_total', 'attachment_total'] as const;

test.describe('dashboard: api/system/datav/', () => {
  for (const name of COUNTS) {
    test(`${name} → {count}`, async ({ api, auth }) => {
      const { access } = await auth.session();
      expectSuccess(await api.get(`api/system/datav/${name}/`, { token: access }), countResult, `GET datav/${name}/`);
    });
  }

  test('login_user → the last 7 days, one row per day', async ({ api, auth, target }) => {
    test.skip(target.flavour !== 'reference', 'The real back end answers login_user in its own shape; the console reads it leniently (see docs/adapters.md).');
    const { access } = await auth.session();
    const trend = expectSuccess(await api.get('api/system/datav/login_user/', { token: access }), loginTrend, 'GET datav/login_user/');
    expect(trend.login_user).toHaveLength(7);
    for (const row of trend.login_user) expect(row.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test('recent_logins → at most 10 sign-ins, newest first (reference server only)', async ({ api, auth, target }) => {
    test.skip(target.flavour !== 'reference', 'recent_logins exists only on the reference server; the dashboard shows - without it.');
    const { access } = await auth.session();
    const rows = expectSuccess(await api.get('api/system/datav/recent_logins/', { token: access }), z.array(recentLogin), 'GET datav/recent_logins/');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(10);
    const times = rows.map((r) => r.create_datetime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('without a token → 4000 身份认证信息未提供。', async ({ api }) => {
    for (const name of COUNTS) expectFailure(await api.get(`api/system/datav/${name}/`), { code: 4000, msg: '身份认证信息未提供。' }, `datav/${name}/ without a token`);
  });
});
