import { areaTests } from '../areas';
import { test, expect, type Auth, type CaptchaFields, type Target } from '../fixtures';
import { expectKnownDifference } from '../known-differences';
import { anyEnvelope, loginResult } from '../schemas';
import { bodyOf, expectFailure, expectHandledFailure, expectShape, expectSuccess, named } from './support/expect-contract';

/**
 * Field validation comes before the captcha check on the real back end, so the missing-field cases
 * also run where the captcha cannot be solved; elsewhere they carry a solved captcha, so that only
 * the missing field can be what is wrong.
 */
async function captchaIfSolvable(auth: Auth, target: Target): Promise<CaptchaFields> {
  return target.server || !target.captchaOn ? auth.captchaFields() : {};
}

areaTests('auth', () => {
/** Bad logins are answered with the envelope (HTTP 200), never an HTTP 500 or an HTML page. */
test.describe('login with bad input', () => {
  // The login view names the field, not its label (API-CONTRACT §17), unlike the user form (example 51).
  test('missing username → 4000 username:该字段是必填项。', async ({ api, auth, target }) => {
    const fields = await captchaIfSolvable(auth, target);
    const reply = await api.post('api/login/', { json: { password: target.password, ...fields } });
    expectFailure(reply, { code: 4000, msg: 'username:该字段是必填项。' }, 'login without username');
  });

  test('missing password → 4000 password:该字段是必填项。', async ({ api, auth, target }) => {
    const fields = await captchaIfSolvable(auth, target);
    const reply = await api.post('api/login/', { json: { username: target.username, ...fields } });
    expectFailure(reply, { code: 4000, msg: 'password:该字段是必填项。' }, 'login without password');
  });

  // The same answer for an unknown user as for a wrong password: it does not reveal which accounts exist.
  test('unknown user → 401 账号/密码错误', async ({ api, auth }) => {
    const fields = await auth.captchaFields();
    const reply = await api.post('api/login/', { json: { username: 'nobody-by-this-name', password: 'x', ...fields } });
    expectFailure(reply, { code: 401, msg: '账号/密码错误' }, 'login as an unknown user');
  });

  test('wrong password → 401 账号/密码错误, and the right one still works', async ({ api, auth, target }) => {
    const fields = await auth.captchaFields();
    const reply = await api.post('api/login/', { json: { username: target.username, password: 'wrong-password', ...fields } });
    expectFailure(reply, { code: 401, msg: '账号/密码错误' }, 'login with a wrong password');
    const ok = await api.post('api/login/', { json: { username: target.username, password: target.password, ...(await auth.captchaFields()) } });
    expectSuccess(ok, loginResult, 'login with the right password');
  });

  test('malformed JSON → an error envelope, not a server error', async ({ api }) => {
    const reply = await api.post('api/login/', { body: '{"username": "superadmin", "password": ', headers: { 'content-type': 'application/json' } });
    const env = expectHandledFailure(reply, 'login with malformed JSON');
    expect(env.code, 'a handled failure code').not.toBe(2000);
  });

  test('a non-object JSON body → an error envelope, not a server error', async ({ api }) => {
    const reply = await api.post('api/login/', { body: '["superadmin", "admin123456"]', headers: { 'content-type': 'application/json' } });
    expectHandledFailure(reply, 'login with a JSON array body');
  });

  test('oversized body (3 MB) → an error envelope, not a server error', async ({ api, target }) => {
    const big = JSON.stringify({ username: target.username, password: 'x'.repeat(3 * 1024 * 1024) });
    const reply = await api.post('api/login/', { body: big, headers: { 'content-type': 'application/json' }, timeoutMs: 30_000 });
    expectHandledFailure(reply, 'login with a 3 MB body');
  });

  test('no User-Agent header → answered with the envelope', async ({ api, auth, target }, testInfo) => {
    const fields = await auth.captchaFields();
    const reply = await api.post('api/login/', { userAgent: null, json: { username: target.username, password: target.password, ...fields } });
    await expectKnownDifference(testInfo, target, 'loginWithoutUserAgent', {
      reference: () => {
        expect(reply.status, `${named(reply, 'login without User-Agent')}: HTTP status (body: ${bodyOf(reply)})`).toBe(200);
        const env = expectShape(anyEnvelope, reply.json, `${named(reply, 'login without User-Agent')} envelope`);
        if (env.code === 2000) expectShape(loginResult, env.data, `${named(reply, 'login without User-Agent')} data`);
        else expectHandledFailure(reply, 'login without User-Agent');
      },
      upstream: () => expect(reply.status, `${named(reply, 'login without User-Agent')}: HTTP status`).toBe(500),
    });
  });
});
});
