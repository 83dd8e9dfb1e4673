import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { captchaResult, captchaStatus, loginResult, settings } from '../schemas';
import { expectKnownDifference } from '../known-differences';
import { expectFailure, expectSuccess, named } from './support/expect-contract';

const CAPTCHA_OFF = 'Captcha is off on the target, so there is no captcha check to test (the embedded server always runs with it on).';

areaTests('auth', () => {
test.describe('captcha', () => {
  test('a challenge is a PNG with an integer key when base.captcha_state is on, {} when off', async ({ api }) => {
    const s = expectSuccess(await api.get('api/init/settings/'), settings, 'GET api/init/settings/');
    const first = expectSuccess(await api.get('api/captcha/'), captchaResult, 'GET api/captcha/');
    if (s['base.captcha_state'] === true) {
      expect('key' in first, 'a challenge when captcha is on').toBe(true);
      const second = expectSuccess(await api.get('api/captcha/'), captchaResult, 'GET api/captcha/ again');
      expect('key' in second && 'key' in first && second.key !== first.key, 'each challenge has its own key').toBe(true);
      if ('image_base' in first) {
        const png = Buffer.from(first.image_base.slice('data:image/png;base64,'.length), 'base64');
        expect(png.subarray(0, 8).toString('hex'), 'image_base holds a PNG').toBe('89504e470d0a1a0a');
      }
    } else {
      expect(first, 'no challenge when captcha is off').toEqual({});
    }
  });

  test('api/captcha/status/ agrees with the setting (reference server); the real back end has no such route (404)', async ({ api, target }, testInfo) => {
    const reply = await api.get('api/captcha/status/');
    await expectKnownDifference(testInfo, target, 'captchaStatus', {
      reference: () => {
        const data = expectSuccess(reply, captchaStatus, 'captcha status');
        expect(data.status, `${named(reply, 'status')}: status = base.captcha_state`).toBe(target.captchaOn);
      },
      upstream: () => expect(reply.status, `${named(reply, 'no such route')}: HTTP status`).toBe(404),
    });
  });

  test('login without a captcha is refused with 验证码不能为空', async ({ api, target }) => {
    test.skip(!target.captchaOn, CAPTCHA_OFF);
    const reply = await api.post('api/login/', { json: { username: target.username, password: target.password } });
    expectFailure(reply, { code: 4000, msg: '验证码不能为空' }, 'login without captcha');
  });

  test('a wrong answer or an unknown key is refused with 图片验证码错误', async ({ api, target }) => {
    test.skip(!target.captchaOn, CAPTCHA_OFF);
    const challenge = expectSuccess(await api.get('api/captcha/'), captchaResult, 'GET api/captcha/');
    if (!('key' in challenge)) throw new Error('captcha is on but api/captcha/ gave no challenge');
    const wrong = target.server ? String(Number((await target.server.captchaAnswer(challenge.key)) ?? '0') + 1000) : 'not-a-number';
    const reply = await api.post('api/login/', {
      json: { username: target.username, password: target.password, captcha: wrong, captchaKey: challenge.key },
    });
    expectFailure(reply, { code: 4000, msg: '图片验证码错误' }, 'login with a wrong captcha answer');

    const unknownKey = await api.post('api/login/', {
      json: { username: target.username, password: target.password, captcha: '1', captchaKey: 2_000_000_000 },
    });
    expectFailure(unknownKey, { code: 4000, msg: '图片验证码错误' }, 'login with an unknown captcha key');
  });

  test('a key is single-use: after one check, even its right answer is refused', async ({ api, auth, target }) => {
    test.skip(!target.captchaOn, CAPTCHA_OFF);
    const fields = await auth.captchaFields();
    // First use: a wrong password with the right answer uses the key up.
    const first = await api.post('api/login/', { json: { username: target.username, password: 'wrong-password', ...fields } });
    expectFailure(first, { code: 401, msg: '账号/密码错误' }, 'first use of the key (wrong password)');
    // Second use: the right password and the same, right answer.
    const second = await api.post('api/login/', { json: { username: target.username, password: target.password, ...fields } });
    expectFailure(second, { code: 4000, msg: '图片验证码错误' }, 'second use of the same key');
    // A fresh challenge still lets the user in.
    const fresh = await auth.captchaFields();
    const ok = await api.post('api/login/', { json: { username: target.username, password: target.password, ...fresh } });
    expectSuccess(ok, loginResult, 'login with a fresh challenge');
  });
});
});
