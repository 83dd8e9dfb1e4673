import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { MAX_FAILURES } from '../domain/login-throttle';
import type { TestServer } from '../testing';
import { call, expectFailure, login } from '../test/helpers';
import { twoInstances } from '../test/cluster';

const SETUP_MS = 120_000;

/**
 * The security rules on two instances of one PostgreSQL database: throttling, lockout and revocation are kept
 * in the database, so what happens on A holds on B at once (no cache to wait for).
 */
describe('security across two instances (PostgreSQL)', () => {
  let a: { srv: TestServer; ctx: AppContext };
  let b: { srv: TestServer; ctx: AppContext };

  twoInstances('console_security', { JWT_SECRET: 'security-cluster-secret-0123456789', SIGNIN_RATE_LIMIT: '40' }, (cluster) => ({ a, b } = cluster));

  it('logout on A ends the access token on B at once; a refresh token rotated on A is reuse on B', async () => {
    expect(a.ctx.db.kind).toBe('postgres');
    const s1 = await login(a.srv, 'admin', 'admin123456', false);
    expect((await call(b.srv, '/api/system/user/user_info/', { token: s1.access })).body.code).toBe(2000);
    expect((await call(a.srv, '/api/logout/', { token: s1.access, body: { refresh: s1.refresh } })).body.code).toBe(2000);
    expect((await call(b.srv, '/api/system/user/user_info/', { token: s1.access })).body.code).toBe(401);

    const s2 = await login(a.srv, 'admin', 'admin123456', false);
    const r1 = await call<{ access: string; refresh: string }>(a.srv, '/token/refresh/', { body: { refresh: s2.refresh } });
    await call(a.srv, '/token/refresh/', { body: { refresh: r1.body.data.refresh } });
    expectFailure(await call(b.srv, '/token/refresh/', { body: { refresh: s2.refresh } }), 400, 'error', 401);
    expect((await call(a.srv, '/api/system/user/user_info/', { token: r1.body.data.access })).body.code).toBe(401);
  }, SETUP_MS);

  it('wrong passwords on A and B count together; the lock holds on both', async () => {
    for (let i = 0; i < MAX_FAILURES; i++) await call(i % 2 ? a.srv : b.srv, '/api/login/', { body: { username: 'test', password: `wrong-${i}` } });
    for (const srv of [a.srv, b.srv]) {
      expect(String((await call(srv, '/api/login/', { body: { username: 'test', password: 'admin123456' } })).body.msg)).toMatch(/已临时锁定/);
    }
  }, SETUP_MS);

  it('the per-IP limit counts the calls of both instances', async () => {
    await a.ctx.db.query('DELETE FROM rate_limits');
    let first429 = 0;
    for (let i = 1; i <= 45 && first429 === 0; i++) {
      if ((await call(i % 2 ? a.srv : b.srv, '/api/captcha/')).status === 429) first429 = i;
    }
    expect(first429).toBe(41);
  }, SETUP_MS);
});
