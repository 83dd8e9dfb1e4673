import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { refreshResult, userInfo } from '../schemas';
import { expectFailure, expectSuccess, expectTokenNotValid } from './support/expect-contract';
import { claimsOf, unsignedToken, withForgedClaims, withTamperedSignature } from './support/jwt';

const USER_INFO = 'api/system/user/user_info/';
const EMBEDDED_ONLY = 'Needs a token signed with the target\'s secret: only the embedded server can sign one.';

areaTests('auth', () => {
test.describe('access token errors on user_info', () => {
  test('a valid token works (the baseline the cases below break)', async ({ api, auth }) => {
    const { access } = await auth.session();
    expectSuccess(await api.get(USER_INFO, { token: access }), userInfo, 'user_info with a valid token');
  });

  test('no Authorization header → 4000 身份认证信息未提供。', async ({ api }) => {
    expectFailure(await api.get(USER_INFO), { code: 4000, msg: '身份认证信息未提供。' }, 'user_info without a token');
  });

  test('Bearer instead of JWT counts as no credentials → 4000 身份认证信息未提供。', async ({ api, auth }) => {
    const { access } = await auth.session();
    const reply = await api.get(USER_INFO, { token: access, scheme: 'Bearer' });
    expectFailure(reply, { code: 4000, msg: '身份认证信息未提供。' }, 'user_info with a Bearer token');
  });

  test('garbage token → 401 token_not_valid', async ({ api }) => {
    expectTokenNotValid(await api.get(USER_INFO, { token: 'garbage' }), 'user_info with a garbage token');
  });

  test('tampered signature → 401 token_not_valid', async ({ api, auth }) => {
    const { access } = await auth.session();
    expectTokenNotValid(await api.get(USER_INFO, { token: withTamperedSignature(access) }), 'user_info with a tampered signature');
  });

  test('claims changed under the original signature → 401 token_not_valid', async ({ api, auth }) => {
    const { access } = await auth.session();
    const claims = claimsOf(access, 'access token');
    const forged = withForgedClaims(access, { ...claims, user_id: claims.user_id + 1 });
    expectTokenNotValid(await api.get(USER_INFO, { token: forged }), 'user_info with forged claims');
  });

  test('alg none (unsigned) → 401 token_not_valid', async ({ api, auth }) => {
    const { access } = await auth.session();
    const token = unsignedToken({ ...claimsOf(access, 'access token') });
    expectTokenNotValid(await api.get(USER_INFO, { token }), 'user_info with an alg=none token');
  });

  test('expired token (right key, exp in the past) → 401 token_not_valid', async ({ api, auth, target }) => {
    const server = target.server;
    test.skip(!server, EMBEDDED_ONLY);
    if (!server) return;
    const { access } = await auth.session();
    const claims = claimsOf(access, 'access token');
    const now = Math.floor(Date.now() / 1000);
    const fresh = server.signToken({ ...claims, iat: now - 60, exp: now + 3600, jti: 'contract-fresh' });
    // The same signing path with a future exp is accepted, so the refusal below is about exp alone.
    expectSuccess(await api.get(USER_INFO, { token: fresh }), userInfo, 'user_info with a token signed by signToken');
    const expired = server.signToken({ ...claims, iat: now - 7200, exp: now - 3600, jti: 'contract-expired' });
    expectTokenNotValid(await api.get(USER_INFO, { token: expired }), 'user_info with an expired token');
  });

  test('signed with another secret → 401 token_not_valid', async ({ api, auth, target }) => {
    const server = target.server;
    test.skip(!server, EMBEDDED_ONLY);
    if (!server) return;
    const { access } = await auth.session();
    const other = server.signToken({ ...claimsOf(access, 'access token') }, { secret: 'not-the-server-secret' });
    expectTokenNotValid(await api.get(USER_INFO, { token: other }), 'user_info with a token signed by another secret');
  });

  test('a refresh token is not an access token → 401 token_not_valid', async ({ api, auth }) => {
    const { refresh } = await auth.session();
    expectTokenNotValid(await api.get(USER_INFO, { token: refresh }), 'user_info with a refresh token');
  });
});

test.describe('token/refresh/ errors (HTTP 401, {code: 400})', () => {
  test('garbage refresh token', async ({ api }) => {
    expectFailure(await api.post('token/refresh/', { json: { refresh: 'garbage' } }), { status: 401, code: 400 }, 'refresh with garbage');
  });

  test('an access token instead of a refresh token', async ({ api, auth }) => {
    const { access } = await auth.session();
    expectFailure(await api.post('token/refresh/', { json: { refresh: access } }), { status: 401, code: 400 }, 'refresh with an access token');
  });

  test('a refresh token with a tampered signature', async ({ api, auth }) => {
    const { refresh } = await auth.session();
    const reply = await api.post('token/refresh/', { json: { refresh: withTamperedSignature(refresh) } });
    expectFailure(reply, { status: 401, code: 400 }, 'refresh with a tampered token');
  });

  test('the valid refresh token is accepted and gives a working access token', async ({ api, auth }) => {
    const { refresh } = await auth.session();
    const data = expectSuccess(await api.post('token/refresh/', { json: { refresh } }), refreshResult, 'refresh');
    expect(claimsOf(data.access, 'refreshed access token').token_type).toBe('access');
    expectSuccess(await api.get(USER_INFO, { token: data.access }), userInfo, 'user_info with the refreshed token');
  });
});
});
