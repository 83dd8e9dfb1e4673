import { z } from 'zod';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { expectKnownDifference } from '../known-differences';
import { attachmentTotalResult, DATAV_DAYS, dayCount, loginTotalResult, loginTrend, recentLogin, registeredUserTrend, usersTotalResult } from '../schemas';
import { bodyOf, expectFailure, expectSuccess, named } from './support/expect-contract';

/**
 * The dashboard's datav calls, in the real back end's keys (API-CONTRACT §17): the reference server
 * answers the same, so one console reads both.
 */
const DATAV = 'api/system/datav/';
const ROUTES = ['users_total', 'users_login_total', 'attachment_total', 'login_user', 'registered_user'] as const;

/** "YYYY-MM-DD" of today in Shanghai (the back end's naive local time, USE_TZ off). */
function shanghaiToday(offsetDays = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** One row per day, 30 consecutive days, oldest first, ending today (a day's slack for a target in another zone). */
function expectDaySeries(rows: Array<z.infer<typeof dayCount>>, what: string): void {
  expect(rows, `${what}: ${DATAV_DAYS} days`).toHaveLength(DATAV_DAYS);
  for (let i = 1; i < rows.length; i++) {
    expect(Date.parse(rows[i]?.day ?? '') - Date.parse(rows[i - 1]?.day ?? ''), `${what}: ${rows[i - 1]?.day} then ${rows[i]?.day}, one day apart`).toBe(86_400_000);
  }
  expect([shanghaiToday(-1), shanghaiToday(), shanghaiToday(1)], `${what}: the last day is today`).toContain(rows.at(-1)?.day);
}

areaTests('system', () => {
test.describe('dashboard: api/system/datav/ (keys of API-CONTRACT §17)', () => {
  test('users_total → {users_total}; users_login_total → {login_total}', async ({ api, auth }) => {
    const { access } = await auth.session();
    const users = expectSuccess(await api.get(`${DATAV}users_total/`, { token: access }), usersTotalResult, 'users');
    expect(users.users_total, 'the signed-in user is one of them').toBeGreaterThan(0);
    const logins = expectSuccess(await api.get(`${DATAV}users_login_total/`, { token: access }), loginTotalResult, 'sign-ins');
    expect(logins.login_total, 'this session signed in at least once').toBeGreaterThan(0);
  });

  test('attachment_total → {count, occupy_space}, the size as display text', async ({ api, auth }) => {
    const { access } = await auth.session();
    const reply = await api.get(`${DATAV}attachment_total/`, { token: access });
    const total = expectSuccess(reply, attachmentTotalResult, 'attachments');
    expect(total.occupy_space, `${named(reply, 'occupy_space')}: "<number> <unit>", base 1024`).toMatch(/^\d+(\.\d{1,2})? (Bytes|KB|MB|GB|TB|PB)$/);
    if (total.count === 0) expect(total.occupy_space).toBe('0 Bytes');
  });

  test('login_user → {login_user: 30 days}; registered_user → {registered_user_list: 30 days}', async ({ api, auth }) => {
    const { access } = await auth.session();
    const logins = await api.get(`${DATAV}login_user/`, { token: access });
    expectDaySeries(expectSuccess(logins, loginTrend, 'sign-ins per day').login_user, named(logins, 'login_user'));
    const joined = await api.get(`${DATAV}registered_user/`, { token: access });
    expectDaySeries(expectSuccess(joined, registeredUserTrend, 'new users per day').registered_user_list, named(joined, 'registered_user_list'));
  });

  test('the figures agree: 30 days of sign-ins ≤ login_total, 30 days of new users ≤ users_total', async ({ api, auth }) => {
    const { access } = await auth.session();
    const get = async <T extends z.ZodType>(route: string, schema: T) => expectSuccess(await api.get(`${DATAV}${route}/`, { token: access }), schema, route);
    const [users, logins, perDay, joined] = [
      await get('users_total', usersTotalResult),
      await get('users_login_total', loginTotalResult),
      await get('login_user', loginTrend),
      await get('registered_user', registeredUserTrend),
    ];
    const sum = (rows: Array<{ count: number }>) => rows.reduce((n, r) => n + r.count, 0);
    expect(sum(perDay.login_user), 'sign-ins of the last 30 days ≤ all sign-ins').toBeLessThanOrEqual(logins.login_total);
    expect(sum(joined.registered_user_list), 'users who joined in the last 30 days ≤ all users').toBeLessThanOrEqual(users.users_total);
  });

  test('a fresh sign-in counts: login_total and today\'s login_user both go up', async ({ api, auth }) => {
    const { access } = await auth.session();
    const read = async () => ({
      total: expectSuccess(await api.get(`${DATAV}users_login_total/`, { token: access }), loginTotalResult, 'before/after').login_total,
      today: expectSuccess(await api.get(`${DATAV}login_user/`, { token: access }), loginTrend, 'before/after').login_user.at(-1)?.count ?? 0,
    });
    const before = await read();
    await auth.login();
    const after = await read();
    // "At least": on a shared deployment other people sign in meanwhile.
    expect(after.total, 'login_total after one more sign-in').toBeGreaterThanOrEqual(before.total + 1);
    expect(after.today, 'today\'s login_user after one more sign-in').toBeGreaterThanOrEqual(before.today + 1);
  });

  test('recent_logins: the 10 newest sign-ins here; no such route on the real back end', async ({ api, auth, target }, testInfo) => {
    const { access } = await auth.session();
    const reply = await api.get(`${DATAV}recent_logins/`, { token: access });
    await expectKnownDifference(testInfo, target, 'recentLogins', {
      reference: () => {
        const rows = expectSuccess(reply, z.array(recentLogin), 'recent sign-ins');
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.length).toBeLessThanOrEqual(10);
        const times = rows.map((r) => r.create_datetime);
        expect([...times].sort().reverse(), 'newest first').toEqual(times);
      },
      upstream: () => {
        expect(reply.status, `${named(reply, 'no such route')}: HTTP status (body: ${bodyOf(reply)})`).toBe(404);
        expect(String(reply.headers['content-type']), `${named(reply, 'no such route')}: Django's HTML page`).toContain('text/html');
      },
    });
  });

  test('without a token → 4000 身份认证信息未提供。', async ({ api }) => {
    for (const name of ROUTES) expectFailure(await api.get(`${DATAV}${name}/`), { code: 4000, msg: '身份认证信息未提供。' }, 'without a token');
  });
});
});
