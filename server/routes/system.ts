import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { allDepts } from '../domain/dashboard';
import { userInfoView } from '../domain/users';
import { currentAccount, requireUser } from '../http/auth';
import { JSON_CONTENT_TYPE, ok, okJsonOf } from '../http/envelope';

/** Signed-in user's own data: user_info, menu (web_router), departments, dashboard figures. */
export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: requireUser(ctx) };

  app.get('/api/system/user/user_info/', auth, async (req) => ok(userInfoView(currentAccount(req)), '获取成功'));

  app.get('/api/system/menu/web_router/', auth, async (req, reply) => {
    const rows = await ctx.menus.webRouter(currentAccount(req));
    // The cached tree is shared by every call until a write replaces it: its JSON is made once.
    const body = okJsonOf(rows, () => ({ page: 1, limit: 1, total: rows.length, data: rows }), '获取成功');
    return body.send(req, reply.type(JSON_CONTENT_TYPE));
  });

  app.get('/api/system/dept/all_dept/', auth, async () => ok(await allDepts(ctx.db), '获取成功'));

  // The datav answers in the real back end's keys (API-CONTRACT §17), so one console reads both servers.
  app.get('/api/system/datav/users_total/', auth, async () => ok({ users_total: await ctx.dashboard.usersTotal() }, '获取成功'));
  app.get('/api/system/datav/users_login_total/', auth, async () => ok({ login_total: await ctx.dashboard.loginsTotal() }, '获取成功'));
  app.get('/api/system/datav/attachment_total/', auth, async () => ok(await ctx.dashboard.attachments(), '获取成功'));
  app.get('/api/system/datav/login_user/', auth, async () => ok({ login_user: await ctx.dashboard.loginsPerDay() }, '获取成功'));
  app.get('/api/system/datav/registered_user/', auth, async () => ok({ registered_user_list: await ctx.dashboard.registeredPerDay() }, '获取成功'));
  // Reference server only (the real back end answers its HTML 404; the dashboard then shows '-').
  // Everyone's sign-ins only for who may read the login log (within its data scope); others see their own.
  app.get('/api/system/datav/recent_logins/', auth, async (req) => {
    const account = currentAccount(req);
    const verdict = await ctx.permissions.allows(account, 'GET', '/api/system/login_log/');
    const scope = !verdict.ok ? { sql: 't.creator = ?', params: [account.id] } : verdict.noDataScope ? null : await ctx.permissions.scopeCondition(account);
    return ok(await ctx.dashboard.recentLogins(10, scope), '获取成功');
  });
}
