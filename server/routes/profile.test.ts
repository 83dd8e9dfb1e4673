import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfo } from '../../contracts/schemas';
import { md5Hex } from '../auth/password';
import { startTestServer, type TestServer } from '../testing';
import { call, expectData, expectFailure, login, SERVER_TIMEOUT_MS } from '../test/helpers';

describe('personal page routes', () => {
  let srv: TestServer;
  let testToken: string;
  let testId: number;

  beforeAll(async () => {
    srv = await startTestServer({ captcha: false });
    const data = await login(srv, 'test', 'admin123456', false);
    testToken = data.access;
    testId = data.userId;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  });

  it('update_user_info changes the own profile and user_info shows it', async () => {
    const res = await call(srv, '/api/system/user/update_user_info/', {
      method: 'PUT',
      token: testToken,
      body: { name: '测试员', email: 'tester@example.com', mobile: '13800000000', gender: 0, avatar: '/media/avatar/t.png' },
    });
    const updated = expectData(res, userInfo);
    expect(res.body.msg).toBe('修改成功');
    expect(updated).toMatchObject({ name: '测试员', email: 'tester@example.com', mobile: '13800000000', gender: 0, avatar: '/media/avatar/t.png' });
    const info = expectData(await call(srv, '/api/system/user/user_info/', { token: testToken }), userInfo);
    expect(info).toMatchObject({ name: '测试员', avatar: '/media/avatar/t.png' });
  });

  it('update_user_info accepts a partial body and clears with empty strings', async () => {
    const res = await call(srv, '/api/system/user/update_user_info/', { method: 'PUT', token: testToken, body: { email: '', avatar: null } });
    expect(expectData(res, userInfo)).toMatchObject({ name: '测试员', email: null, avatar: null });
  });

  it('update_user_info rejects bad input with a clear message and changes nothing', async () => {
    expectFailure(await call(srv, '/api/system/user/update_user_info/', { method: 'PUT', token: testToken, body: { name: '', email: 'x@y.z' } }), 400, '姓名:该字段不能为空。');
    expectFailure(await call(srv, '/api/system/user/update_user_info/', { method: 'PUT', token: testToken, body: { email: 'not-an-email' } }), 400, '邮箱:格式不正确。');
    expectFailure(await call(srv, '/api/system/user/update_user_info/', { method: 'PUT', token: testToken, body: { gender: 7 } }), 400, '性别:类型不正确。');
    expectFailure(await call(srv, '/api/system/user/update_user_info/', { method: 'PUT', token: testToken, body: { is_superuser: true } }), 400, expect.any(String) as unknown as string);
    expectFailure(await call(srv, '/api/system/user/update_user_info/', { method: 'PUT', token: testToken, raw: '[1]', headers: { 'content-type': 'application/json' } }), 400, '请求数据格式不正确，应为 JSON 对象。');
    const info = expectData(await call(srv, '/api/system/user/user_info/', { token: testToken }), userInfo);
    expect(info).toMatchObject({ name: '测试员', is_superuser: false });
  });

  it('update_user_info needs a token', async () => {
    const res = await call(srv, '/api/system/user/update_user_info/', { method: 'PUT', body: { name: 'x' } });
    expect(res.body).toMatchObject({ code: 4000, data: null, msg: '身份认证信息未提供。' });
  });

  it('change_password: mismatch and wrong old password are code 400 with the upstream messages', async () => {
    const path = `/api/system/user/${testId}/change_password/`;
    expectFailure(await call(srv, path, { method: 'PUT', token: testToken, body: { oldPassword: 'admin123456', newPassword: 'newpass123', newPassword2: 'newpass124' } }), 400, '两次密码不匹配');
    expectFailure(await call(srv, path, { method: 'PUT', token: testToken, body: { oldPassword: 'wrong-old', newPassword: 'newpass123', newPassword2: 'newpass123' } }), 400, '旧密码不正确');
    expectFailure(await call(srv, path, { method: 'PUT', token: testToken, body: { oldPassword: 'admin123456', newPassword: '123', newPassword2: '123' } }), 400, '新密码:长度不能少于 6 个字符。');
  });

  it('change_password only for the own id', async () => {
    const res = await call(srv, `/api/system/user/1/change_password/`, { method: 'PUT', token: testToken, body: { oldPassword: 'admin123456', newPassword: 'newpass123', newPassword2: 'newpass123' } });
    expectFailure(res, 400, '只能修改自己的密码');
    await login(srv, 'superadmin', 'admin123456', false);
  });

  it('change_password with md5s (like the web client) changes the password: the new one signs in, the old one no longer', async () => {
    const path = `/api/system/user/${testId}/change_password/`;
    const res = await call(srv, path, { method: 'PUT', token: testToken, body: { oldPassword: md5Hex('admin123456'), newPassword: md5Hex('fresh-pass-1'), newPassword2: md5Hex('fresh-pass-1') } });
    expect(res.body).toEqual({ code: 2000, data: null, msg: '修改成功' });
    await login(srv, 'test', 'fresh-pass-1', false);
    const old = await call(srv, '/api/login/', { body: { username: 'test', password: 'admin123456' } });
    expect(old.body.code).not.toBe(2000);
    // plain text works too, and puts it back
    const back = await call(srv, path, { method: 'PUT', token: testToken, body: { oldPassword: 'fresh-pass-1', newPassword: 'admin123456', newPassword2: 'admin123456' } });
    expect(back.body.code).toBe(2000);
    await login(srv, 'test', 'admin123456', false);
  });
});
