import { z } from 'zod';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { captchaResult, listPage, loginResult, menuItem, refreshResult, userInfo } from '../schemas';
import { expectKnownDifference } from '../known-differences';
import { expectEnvelope, expectFailure, expectSuccess } from './support/expect-contract';
import { claimsOf } from './support/jwt';
import { SUPERADMIN } from './support/sample-data';

areaTests('auth', () => {
test('captcha → login → user_info → web_router → refresh → logout → refresh refused', async ({ api, auth, target }, testInfo) => {
  // captcha + login (a fresh session of its own: the test ends by logging it out)
  const challenge = expectSuccess(await api.get('api/captcha/'), captchaResult, 'GET api/captcha/');
  expect('key' in challenge, 'api/captcha/ gives a challenge exactly when base.captcha_state is on').toBe(target.captchaOn);
  const fields = await auth.captchaFields();
  const login = expectSuccess(
    await api.post('api/login/', { json: { username: target.username, password: target.password, ...fields } }),
    loginResult,
    'POST api/login/',
  );
  expect(claimsOf(login.access, 'access token').token_type).toBe('access');
  expect(claimsOf(login.refresh, 'refresh token').token_type).toBe('refresh');
  expect(claimsOf(login.access, 'access token').user_id).toBe(login.userId);
  if (target.fixtureData && target.username === 'superadmin') {
    expect(login.userId).toBe(SUPERADMIN.userId);
    expect(login.name).toBe(SUPERADMIN.name);
    expect(login.dept_info).toEqual({ dept_id: SUPERADMIN.deptId, dept_name: SUPERADMIN.deptName });
  }

  // user_info with the new access token
  const me = expectSuccess(await api.get('api/system/user/user_info/', { token: login.access }), userInfo, 'GET user_info');
  expect(me.id, 'user_info is the user who signed in').toBe(login.userId);
  expect(me.username).toBe(target.username);
  expect(me.name).toBe(login.name);

  // web_router
  const menus = expectSuccess(await api.get('api/system/menu/web_router/', { token: login.access }), listPage(menuItem), 'GET web_router');
  expect(menus.total, 'web_router total is the real count').toBe(menus.data.length);

  // refresh: a new access token that works; the refresh token comes back
  const refreshed = expectSuccess(await api.post('token/refresh/', { json: { refresh: login.refresh } }), refreshResult, 'POST token/refresh/');
  expect(claimsOf(refreshed.access, 'refreshed access token')).toMatchObject({ token_type: 'access', user_id: login.userId });
  expect(claimsOf(refreshed.refresh, 'refresh token after refresh').token_type).toBe('refresh');
  const again = expectSuccess(await api.get('api/system/user/user_info/', { token: refreshed.access }), userInfo, 'GET user_info (refreshed token)');
  expect(again.id).toBe(login.userId);

  // logout (the console sends the refresh token)
  const out = expectEnvelope(await api.post('api/logout/', { token: refreshed.access, json: { refresh: login.refresh } }), z.null(), 'POST api/logout/');
  expect(out).toEqual({ code: 2000, msg: '注销成功', data: null });

  // the refresh token after logout: refused by the reference server, still accepted upstream
  const after = await api.post('token/refresh/', { json: { refresh: login.refresh } });
  await expectKnownDifference(testInfo, target, 'logoutRevokesRefresh', {
    reference: () => void expectFailure(after, { status: 401, code: 400 }, 'refresh after logout'),
    upstream: () => void expectSuccess(after, refreshResult, 'refresh after logout'),
  });
});
});
