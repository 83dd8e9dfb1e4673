import { z } from 'zod';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { expectKnownDifference } from '../known-differences';
import { userInfo } from '../schemas';
import { expectFailure, expectSuccess, named } from './support/expect-contract';

/** The personal page (个人信息): its own profile and password (API-CONTRACT §9, §14). */
const USER_INFO = 'api/system/user/user_info/';

areaTests('system', () => {
test.describe('profile: update_user_info and change_password', () => {
  test('update_user_info saves the caller\'s profile here; always 4000 upstream (known difference)', async ({ api, auth, target }, testInfo) => {
    const { access } = await auth.session();
    const me = expectSuccess(await api.get(USER_INFO, { token: access }), userInfo, 'me');
    // The values it already has: nothing changes on a deployment, whichever way it answers.
    const body = { name: me.name, email: me.email ?? '', mobile: me.mobile ?? '', gender: me.gender ?? 0 };
    const reply = await api.request('PUT', 'api/system/user/update_user_info/', { token: access, json: body });
    await expectKnownDifference(testInfo, target, 'updateUserInfo', {
      reference: () => void expectSuccess(reply, z.unknown(), 'save my profile'),
      upstream: () =>
        void expectFailure(reply, { code: 4000, msg: "The field 'mobile' was declared on serializer UserInfoUpdateSerializer, but has not been included in the 'fields' option." }, 'save my profile'),
    });
    const after = expectSuccess(await api.get(USER_INFO, { token: access }), userInfo, 'me after');
    expect(after.name).toBe(me.name);
  });

  test('change_password refuses two different new passwords (两次密码不匹配) and a wrong old one (旧密码不正确), code 400', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    const me = expectSuccess(await api.get(USER_INFO, { token: access }), userInfo, 'me');
    const path = `api/system/user/${me.id}/change_password/`;
    const mismatch = await api.request('PUT', path, { token: access, json: { oldPassword: target.password, newPassword: 'Contract#2026a', newPassword2: 'Contract#2026b' } });
    expectFailure(mismatch, { code: 400, msg: '两次密码不匹配' }, 'two different new passwords');
    const wrongOld = await api.request('PUT', path, { token: access, json: { oldPassword: 'not-the-password', newPassword: 'Contract#2026a', newPassword2: 'Contract#2026a' } });
    expectFailure(wrongOld, { code: 400, msg: '旧密码不正确' }, 'a wrong old password');
  });

  test('change_password: the new password signs in, the old one no longer (on a user of its own)', async ({ api, auth }) => {
    const { access } = await auth.session();
    // An explicit first password: a user created without one has none on the real back end (§18).
    const start = 'Contract#Start2026';
    const username = `contract_pw_${Date.now()}`;
    const dept = (expectSuccess(await api.get('api/system/dept/all_dept/', { token: access }), z.array(z.object({ id: z.number() }).loose()), 'departments')[0]?.id) ?? null;
    const created = expectSuccess(await api.post('api/system/user/', { token: access, json: { username, password: start, name: '契约改密', dept, role: [], is_active: true } }), z.looseObject({ id: z.number().int() }), 'create a user');
    try {
      const first = await auth.login(username, start);
      const changed = await api.request('PUT', `api/system/user/${first.userId}/change_password/`, {
        token: first.access,
        json: { oldPassword: start, newPassword: 'Contract#2026', newPassword2: 'Contract#2026' },
      });
      expectSuccess(changed, z.unknown(), 'change my password');
      expect((await auth.login(username, 'Contract#2026')).userId, named(changed, 'the new password signs in')).toBe(first.userId);
      const fields = await auth.captchaFields();
      const old = await api.post('api/login/', { json: { username, password: start, ...fields } });
      expectFailure(old, { code: 401, msg: '账号/密码错误' }, 'the old password');
    } finally {
      await api.request('DELETE', `api/system/user/${created.id}/`, { token: access });
    }
  });
});
});
