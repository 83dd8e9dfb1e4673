import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { userInfo } from '../schemas';
import { openApiShape } from './support/openapi';
import { expectKnownDifference } from '../known-differences';
import { bodyOf, expectFailure, expectSuccess, named } from './support/expect-contract';
import { claimsOf } from './support/jwt';

areaTests('system', () => {
/**
 * Spec §8, row by row, for the rows a server can show (the others are client behaviour, proven by
 * the adapter suites in src/adapters). Rows proven in other files say where:
 * - 2000 success: every expectSuccess in this suite.
 * - 401 on login (show the error): login-errors.spec.ts "wrong password" / "unknown user".
 * - 401 elsewhere (refresh and retry): token-errors.spec.ts (garbage, tampered, forged, alg none, expired, other secret).
 * - 4000 身份认证信息未提供。: token-errors.spec.ts, dept/menu/dashboard/files specs.
 * - 400 (refused refresh token): token-errors.spec.ts "garbage refresh token" and below.
 * - 402: no route of the contract answers it; the client rule is proven in src/adapters/rest/http.test.ts.
 */
test.describe('error catalogue (spec §8)', () => {
  test('404: an unknown API route → HTTP 404 (envelope here, Django\'s HTML page upstream)', async ({ api, target }, testInfo) => {
    const reply = await api.get('api/no/such/route/');
    await expectKnownDifference(testInfo, target, 'unknownRouteHtml', {
      reference: () => void expectFailure(reply, { status: 404, code: 404, msg: '接口地址不正确' }, 'unknown route'),
      upstream: () => {
        const what = named(reply, 'unknown route');
        expect(reply.status, `${what}: HTTP status`).toBe(404);
        expect(String(reply.headers['content-type']), `${what}: Content-Type`).toContain('text/html');
        expect(reply.json, `${what}: no envelope, a web page (got: ${bodyOf(reply)})`).toBeUndefined();
      },
    });
  });

  test('400: a refused refresh token → HTTP 401 {code: 400}', async ({ api }) => {
    expectFailure(await api.post('token/refresh/', { json: { refresh: 'not-a-token' } }), { status: 401, code: 400 }, 'garbage refresh');
  });

  test('user_not_found: a valid token of a user that does not exist → {code: 401, msg.code: user_not_found}', async ({ api, auth, target }) => {
    test.skip(!target.server, 'Needs a token signed with the target\'s secret: only the embedded server can sign one.');
    if (!target.server) return;
    const { access } = await auth.session();
    const token = target.server.signToken({ ...claimsOf(access, 'access token'), user_id: 987654, jti: 'contract-ghost' });
    const reply = await api.get('api/system/user/user_info/', { token });
    const msg = expectFailure(reply, { code: 401 }, 'user_info for a user that does not exist');
    expect(typeof msg === 'object' && !Array.isArray(msg) ? msg.code : msg, 'the msg names user_not_found').toBe('user_not_found');
  });

  test('the reference server documents the contract: /api/openapi.json (generated from the schemas) and /api/docs/', async ({ api, target }) => {
    test.skip(target.flavour !== 'reference', 'The real back end documents itself at /swagger.json (drf-yasg), not /api/openapi.json.');
    const doc = jsonOf(await api.get('api/openapi.json'));
    expect(openApiShape.parse(doc).openapi).toBe('3.1.0');
    const page = await api.get('api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  test('a signed-in call with the right token succeeds (the baseline of the rows above)', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    expect(expectSuccess(await api.get('api/system/user/user_info/', { token: access }), userInfo, 'user_info').username).toBe(target.username);
  });
});

function jsonOf(reply: { status: number; json: unknown }): unknown {
  expect(reply.status).toBe(200);
  return reply.json;
}
});
