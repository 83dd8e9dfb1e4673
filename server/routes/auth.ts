import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { loginRequest, logoutRequest, refreshRequest } from '../../contracts/schemas';
import type { AppContext } from '../context';
import { verifyPassword } from '../auth/password';
import { startSession } from '../auth/session-start';
import { issueTokenPair, readToken } from '../auth/tokens';
import { clearFailures, lockedMessage, lockedSeconds, recordFailure } from '../domain/login-throttle';
import { createSession, newSessionId, revokeSession, rotateRefresh } from '../domain/sessions';
import { checkCaptcha, issueCaptcha } from '../captcha/store';
import { isRevoked, revokeToken } from '../domain/revocation';
import { currentAccount, requireUser } from '../http/auth';
import { fail, ok } from '../http/envelope';
import { parseInput } from '../domain/validation';

/** The login view names fields, not labels: username:该字段是必填项。 (API-CONTRACT §17), password:… (example 23). */
const LOGIN_LABELS = { username: 'username', password: 'password', captcha: 'captcha', captchaKey: 'captchaKey' };

/** Login answers with `msg` before `data`, as upstream does. */
function loginFailure(msg: string, code = 4000) {
  return { code, msg, data: null };
}

function captchaKeyOf(raw: string | number | undefined): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim())) return Number(raw.trim());
  return null;
}

export function authRoutes(app: FastifyInstance, ctx: AppContext, throttle: preHandlerAsyncHookHandler): void {
  const limited = { preHandler: throttle };
  app.get('/api/captcha/', limited, async () => {
    if (!(await ctx.settings.captchaOn())) return ok({});
    return ok(await issueCaptcha(ctx.db));
  });

  app.get('/api/captcha/status/', async () => ok({ status: await ctx.settings.captchaOn() }));

  app.post('/api/login/', limited, async (req) => {
    const input = parseInput(loginRequest, req.body, LOGIN_LABELS);
    if (!input.ok) return loginFailure(input.msg);
    const { username, password, captcha, captchaKey } = input.data;

    if (await ctx.settings.captchaOn()) {
      const answer = captcha === undefined ? '' : String(captcha).trim();
      if (answer === '') return loginFailure('验证码不能为空');
      const key = captchaKeyOf(captchaKey);
      if (key === null) return loginFailure('图片验证码错误');
      const check = await checkCaptcha(ctx.db, key, answer);
      if (check === 'expired') return loginFailure('验证码过期');
      if (check === 'wrong') return loginFailure('图片验证码错误');
    }

    // Locked after too many wrong passwords: refused before the password is even checked.
    const locked = await lockedSeconds(ctx.db, username);
    if (locked > 0) return loginFailure(lockedMessage(locked));
    const found = await ctx.users.findLogin(username);
    const good = await verifyPassword(password, found?.password ?? null);
    if (!found || !good || !found.is_active) {
      const lock = await recordFailure(ctx.db, username);
      return lock > 0 ? loginFailure(lockedMessage(lock)) : loginFailure('账号/密码错误', 401);
    }
    await clearFailures(ctx.db, username);
    ctx.users.invalidate(found.id);
    const account = await ctx.users.account(found.id);
    if (!account) return loginFailure('账号/密码错误', 401);

    const data = await startSession(ctx, req, account);
    return { code: 2000, msg: '请求成功', data };
  });

  app.post('/token/refresh/', limited, async (req, reply) => {
    const refused = () => reply.code(401).send({ code: 400, data: null, msg: 'error' });
    const input = parseInput(refreshRequest, req.body);
    if (!input.ok) return refused();
    const claims = readToken(input.data.refresh, ctx.jwtSecret, 'refresh');
    if (!claims || (await isRevoked(ctx.db, claims.jti))) return refused();
    const account = await ctx.users.account(claims.user_id);
    if (!account || !account.is_active) return refused();
    // Rotation (the contract allows it, §4: the console keeps the refresh token it is given): the
    // session's refresh token is replaced; an older one coming back revokes the session (reuse).
    const sid = claims.sid ?? newSessionId();
    const pair = issueTokenPair(claims.user_id, ctx.jwtSecret, sid);
    if (claims.sid) {
      const rotated = await rotateRefresh(ctx.db, claims, pair.refreshClaims);
      if (rotated === 'reused') ctx.hub.closeSession(claims.sid);
      if (rotated !== 'rotated') return refused();
    } else {
      // A token from before sessions existed: it is used up, and a session starts.
      await ctx.db.transaction(async (tx) => {
        await revokeToken(tx, claims.jti, claims.user_id, claims.exp);
        await createSession(tx, sid, claims.user_id, pair.refreshClaims);
      });
    }
    return ok({ access: pair.access, refresh: pair.refresh });
  });

  app.post('/api/logout/', { preHandler: requireUser(ctx) }, async (req) => {
    const account = currentAccount(req);
    const input = parseInput(logoutRequest, req.body);
    if (!input.ok) return fail(input.msg);
    await ctx.db.transaction(async (tx) => {
      const claims = input.data.refresh ? readToken(input.data.refresh, ctx.jwtSecret, 'refresh') : null;
      // Only the caller's own refresh token is revoked; anything else in the body is ignored.
      if (claims && claims.user_id === account.id) await revokeToken(tx, claims.jti, account.id, claims.exp);
      // The session of the access token used (and of the refresh token sent) ends now: both stop working at once.
      for (const sid of new Set([req.tokenSid, claims?.user_id === account.id ? claims.sid : undefined])) {
        if (sid) await revokeSession(tx, sid, 'logout');
      }
      await tx.query('UPDATE users SET last_token = NULL WHERE id = $1', [account.id]);
    });
    if (req.tokenSid) ctx.hub.closeSession(req.tokenSid);
    return ok(null, '注销成功');
  });
}
