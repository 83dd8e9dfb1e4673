import type { FastifyRequest } from 'fastify';
import type { LoginResult } from '../../contracts/schemas';
import type { AppContext } from '../context';
import type { Account } from '../domain/users';
import { writeLoginLog } from '../domain/logs';
import { revokeToken } from '../domain/revocation';
import { createSession, newSessionId, revokeUserSessions } from '../domain/sessions';
import { parseUserAgent } from '../domain/user-agent';
import { issueTokenPair, REFRESH_LIFETIME_S } from './tokens';

/**
 * Starts a session for an account that has proved who it is (password, or a third-party login): a
 * token pair of a new session (user_sessions); in one transaction the previous sessions revoked when
 * base.single_login is on, last_login and last_token kept, and the login log row written. Answers the login data.
 */
export async function startSession(ctx: AppContext, req: FastifyRequest, account: Account): Promise<LoginResult> {
  const sid = newSessionId();
  const pair = issueTokenPair(account.id, ctx.jwtSecret, sid);
  const singleLogin = await ctx.settings.singleLogin();
  const agent = parseUserAgent(req.headers['user-agent']);
  await ctx.db.transaction(async (tx) => {
    if (singleLogin) {
      const prev = await tx.query<{ last_token: string | null }>('SELECT last_token FROM users WHERE id = $1', [account.id]);
      const jti = prev[0]?.last_token;
      if (jti) await revokeToken(tx, jti, account.id, Math.floor(Date.now() / 1000) + REFRESH_LIFETIME_S);
    }
    if (singleLogin) await revokeUserSessions(tx, account.id, 'single_login');
    await createSession(tx, sid, account.id, pair.refreshClaims);
    await tx.query('UPDATE users SET last_login = now(), last_token = $2 WHERE id = $1', [account.id, pair.refreshClaims.jti]);
    await writeLoginLog(tx, { username: account.username, ip: req.clientIp || req.ip || '', agent, userId: account.id, dept: account.dept });
  });
  req.opLogUser = { id: account.id, dept: account.dept };
  return {
    refresh: pair.refresh,
    access: pair.access,
    name: account.name,
    userId: account.id,
    avatar: account.avatar,
    user_type: account.user_type,
    ...(account.dept_info ? { dept_info: account.dept_info } : {}),
    role_info: account.role_info,
  };
}
