import type { FastifyInstance } from 'fastify';
import { workbenchLayoutInput, workbenchVisitInput } from '../../../../contracts/schemas/dashboard/workbench';
import type { AppContext } from '../../../context';
import { WorkbenchStore } from '../domain/workbench';
import { gameKpis } from '../domain/game-kpis';
import { parseInput } from '../../../domain/validation';
import { currentAccount, requireUser } from '../../../http/auth';
import { fail, ok } from '../../../http/envelope';

export const WORKBENCH_BASE = '/api/system/workbench';
/** The game KPI widget's read: a datav call (open to every signed-in user; revenue only with 收入概览's Retrieve). */
export const GAME_KPIS_PATH = '/api/system/datav/game_kpis/';
/** The screen whose GET grants revenue figures. */
export const REVENUE_GRANT_PATH = '/api/center_income/overview/';
const LABELS = { widgets: '小组件', path: '页面路径' };

/**
 * The workbench: every signed-in user reads and writes only their own layout and page
 * opens (the calls take no user id; permissions.ts lists them as open to any signed-in user). A bad
 * layout is refused whole with the envelope's message; nothing is stored.
 */
export function workbenchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = new WorkbenchStore(ctx.db);
  const auth = { preHandler: requireUser(ctx) };

  app.get(`${WORKBENCH_BASE}/layout/`, auth, async (req) => ok(await store.layout(currentAccount(req).id), '获取成功'));

  app.put(`${WORKBENCH_BASE}/layout/`, auth, async (req) => {
    const input = parseInput(workbenchLayoutInput, req.body, LABELS);
    if (!input.ok) return fail(input.msg);
    return ok(await store.save(currentAccount(req).id, input.data.widgets), '保存成功');
  });

  app.delete(`${WORKBENCH_BASE}/layout/`, auth, async (req) => ok(await store.reset(currentAccount(req).id), '已恢复默认布局'));

  app.post(`${WORKBENCH_BASE}/visit/`, auth, async (req) => {
    const input = parseInput(workbenchVisitInput, req.body, LABELS);
    if (!input.ok) return fail(input.msg);
    await store.visit(currentAccount(req).id, input.data.path);
    return ok(null, '已记录');
  });

  app.get(`${WORKBENCH_BASE}/shortcuts/`, auth, async (req) => ok(await store.shortcuts(currentAccount(req).id), '获取成功'));
  app.get(`${WORKBENCH_BASE}/my_logins/`, auth, async (req) => ok(await store.myLogins(currentAccount(req).id), '获取成功'));

  // Today's game KPIs; revenue (and top games by revenue) only for whoever may open 收入概览.
  app.get(GAME_KPIS_PATH, auth, async (req) => {
    const verdict = await ctx.permissions.allows(currentAccount(req), 'GET', REVENUE_GRANT_PATH);
    return ok(await gameKpis(ctx.db, ctx.config.analyticsTz, { revenue: verdict.ok }), '获取成功');
  });
}
