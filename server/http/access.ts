import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { refusalMessage } from '../domain/permissions';
import { authenticate } from './auth';
import { fail } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access check: the call was allowed by a white-list entry without data scope. */
    noDataScope: boolean;
  }
}

/**
 * The one place permissions meet HTTP: an `onRequest` hook on every matched route under
 * `/api/system/` (whichever module registered it) signs the caller in and asks the domain
 * (`ctx.permissions.allows`) whether the call is allowed, once per request and before the body is
 * read. A refusal is upstream's envelope `您没有执行该操作的权限。 (METHOD: /path/)`; unknown URLs
 * fall through to the 404 handler; CORS preflights pass.
 */
export function registerAccessCheck(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('noDataScope', false);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS') return;
    const route = req.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/system/')) return;
    if (!req.account) {
      const res = await authenticate(ctx, req.headers.authorization);
      if (!res.ok) return reply.send(res.failure);
      req.account = res.account;
    }
    const path = req.url.split('?')[0] ?? req.url;
    const verdict = await ctx.permissions.allows(req.account, req.method, path);
    if (!verdict.ok) return reply.send(fail(refusalMessage(req.method, path)));
    req.noDataScope = verdict.noDataScope;
  });
}
