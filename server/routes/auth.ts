import type { FastifyInstance } from 'fastify';
import { loginRequest, logoutRequest, refreshRequest } from '../../contracts/schemas';
import type { AppContext } from '../context';
import { verifyPassword } from '../auth/password';
import { startSession } from '../auth/session-start';
import { issueToken, readToken } from '../auth/tokens';
import { checkCaptcha, issueCaptcha } from '../captcha/store';
import { isRevoked, revokeToken } from '../domain/revocation';
import { currentAccount, requireUser } from '../http/auth';
import { fail, ok } from '../http/envelope';
import { parseInput } from '../domain/validation';

const LOGIN_LABELS = { username: '用户账号', password: 'password', captcha: 'captcha', captchaKey: 'captchaKey' };

/** Login answers with `msg` before `data`, as upstream does. */
function loginFailure(msg: string, code = 4000) {
  return { code, msg, data: null };
}

function captchaKeyOf(raw: string | number | undefined): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim())) return Number(raw.trim());
  return null;
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/captcha/', async () => {
    if (!(await ctx.settings.captchaOn())) return ok({});
    return ok(await issueCaptcha(ctx.db));
  });

  app.get('/api/captcha/status/', async () => ok({ status: await ctx.settings.captchaOn() }));

  app.post('/api/login/', async (req) => {
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

    const found = await ctx.users.findLogin(username);
    const good = await verifyPassword(password, found?.password ?? null);
    if (!found || !good || !found.is_active) return loginFailure('账号/密码错误', 401);
    ctx.users.invalidate(found.id);
    const account = await ctx.users.account(found.id);
    if (!account) return loginFailure('账号/密码错误', 401);

    const data = await startSession(ctx, req, account);
    return { code: 2000, msg: '请求成功', data };
  });

  app.post('/token/refresh/', async (req, reply) => {
    const refused = () => reply.code(401).send({ code: 400, data: null, msg: 'error' });
    const input = parseInput(refreshRequest, req.body);
    if (!input.ok) return refused();
    const claims = readToken(input.data.refresh, ctx.jwtSecret, 'refresh');
    if (!claims || (await isRevoked(ctx.db, claims.jti))) return refused();
    const account = await ctx.users.account(claims.user_id);
    if (!account || !account.is_active) return refused();
    // No rotation: the refresh token sent is the one returned (API-CONTRACT §4).
    return ok({ access: issueToken('access', claims.user_id, ctx.jwtSecret).token, refresh: input.data.refresh });
  });

  app.post('/api/logout/', { preHandler: requireUser(ctx) }, async (req) => {
    const account = currentAccount(req);
    const input = parseInput(logoutRequest, req.body);
    if (!input.ok) return fail(input.msg);
    await ctx.db.transaction(async (tx) => {
      const claims = input.data.refresh ? readToken(input.data.refresh, ctx.jwtSecret, 'refresh') : null;
      // Only the caller's own refresh token is revoked; anything else in the body is ignored.
      if (claims && claims.user_id === account.id) await revokeToken(tx, claims.jti, account.id, claims.exp);
      await tx.query('UPDATE users SET last_token = NULL WHERE id = $1', [account.id]);
    });
    return ok(null, '注销成功');
  });
}
