import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { maskBody, maskResult, writeOperationLog } from '../domain/logs';
import { parseUserAgent } from '../domain/user-agent';
import type { ErrorReporter } from './report';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route that signs a user in, so the operation log names them. */
    opLogUser: { id: number; dept: number | null } | null;
    opLogResult: string | null;
  }
}

const LOGGED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * request_modular: upstream writes the Chinese name of the view's model. Captured (API-CONTRACT.md
 * example 61): 用户表 for /api/system/user/ and its actions (update_user_info); §13: 登录模块 for
 * sign-in, empty for /token/refresh/. The other names are this server's Chinese resource names (the
 * same kind of value; upstream's exact strings are not in the contract): see docs/system.md.
 */
export const MODULE_NAMES: Readonly<Record<string, string>> = {
  user: '用户表',
  dept: '部门',
  role: '角色',
  menu: '菜单',
  menu_button: '菜单按钮',
  dictionary: '字典',
  system_config: '系统配置',
  api_white_list: '接口白名单',
  area: '地区',
  login_log: '登录日志',
  operation_log: '操作日志',
  file: '附件',
  message_center: '消息中心',
  'game/android': '安卓游戏',
  'game/h5': 'H5 游戏',
  'game/mini': '小游戏',
  'game/soft': '软件管理',
  'game/history': '版本历史',
  'game/code': '兑换码',
  'game/detail': '游戏详情',
  'game/upload': '游戏文件上传',
  'common/account': '公共账号',
  'common/tag': '标签管理',
  'embed_configure/game': '埋点应用',
  'embed_configure/event_define': '事件定义',
  'embed_configure/global_event_define': '全局事件',
  'embed_configure/funnel_define': '漏斗定义',
  // center_users accounts+game_users
  'center_users/accounts': '平台账号',
};

/** Calls that are not staff operations: game SDKs' event batches (their volume is the events' own). */
// workbench: page opens the tab bar records are not operations either.
const NOT_LOGGED = /^\/api\/(?:embed\/track|system\/workbench\/visit)\/$/;

export function modularOf(path: string): string {
  if (path.startsWith('/api/login/')) return '登录模块';
  if (path.startsWith('/api/logout/')) return '注销';
  if (path.startsWith('/token/')) return '';
  const screen = /^\/api\/([^/]+\/[^/]+)\//.exec(path)?.[1];
  if (screen && MODULE_NAMES[screen]) return MODULE_NAMES[screen];
  const m = /^\/api\/(?:system\/)?([^/]+)/.exec(path);
  const segment = m?.[1] ?? '';
  return MODULE_NAMES[segment] ?? segment;
}

/**
 * Every write call (POST/PUT/PATCH/DELETE) on the API is recorded in operation_log after the answer
 * has gone out, with secrets in the request and the response masked (tokens of sign-in and refresh). A failure to log never affects the answer.
 */
export function registerOperationLog(app: FastifyInstance, ctx: AppContext, report: ErrorReporter): void {
  app.decorateRequest('opLogUser', null);
  app.decorateRequest('opLogResult', null);
  app.addHook('onSend', async (req, _reply, payload) => {
    if (LOGGED_METHODS.has(req.method) && typeof payload === 'string') req.opLogResult = payload;
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!LOGGED_METHODS.has(req.method)) return;
    const path = req.url.split('?')[0] ?? req.url;
    if (!path.startsWith('/api/') && !path.startsWith('/token/')) return;
    if (NOT_LOGGED.test(path)) return;
    const result = req.opLogResult ?? '';
    let code = String(reply.statusCode);
    try {
      const parsed = JSON.parse(result) as { code?: unknown };
      if (typeof parsed.code === 'number') code = String(parsed.code);
    } catch {
      // not JSON: keep the HTTP status
    }
    const user = req.account ? { id: req.account.id, dept: req.account.dept } : req.opLogUser;
    const agent = parseUserAgent(req.headers['user-agent']);
    try {
      await writeOperationLog(ctx.db, {
        modular: modularOf(path),
        path,
        body: maskBody(req.body),
        method: req.method,
        ip: req.ip ?? '',
        browser: agent.browser,
        os: agent.os,
        responseCode: code,
        result: maskResult(result),
        ok: code === '2000',
        userId: user?.id ?? null,
        dept: user?.dept ?? null,
      });
    } catch (err) {
      report(err, 'operation log not written');
    }
  });
}
