import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { maskBody, writeOperationLog } from '../domain/logs';
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

function modularOf(path: string): string {
  if (path.startsWith('/api/login/')) return '登录模块';
  if (path.startsWith('/api/logout/')) return '注销';
  if (path.startsWith('/token/')) return '';
  const m = /^\/api\/(?:system\/)?([^/]+)/.exec(path);
  return m?.[1] ?? '';
}

/**
 * Every write call (POST/PUT/PATCH/DELETE) on the API is recorded in operation_log after the answer
 * has gone out, with secrets in the body masked. A failure to log never affects the answer.
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
        result,
        ok: code === '2000',
        userId: user?.id ?? null,
        dept: user?.dept ?? null,
      });
    } catch (err) {
      report(err, 'operation log not written');
    }
  });
}
