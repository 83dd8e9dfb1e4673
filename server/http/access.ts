import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { isGuardedPath, refusalMessage } from '../domain/permissions';
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
 * `GUARDED_AREAS` (`/api/system/`, `/api/game/`, `/api/common/`, `/api/embed_configure/`, `/api/data_embed/`,
 * `/api/center_income/`; whichever module registered it; the open H5
 * preview apart) signs the caller in and asks the domain
 * (`ctx.permissions.allows`) whether the call is allowed, once per request and before the body is
 * read. A refusal is upstream's envelope `您没有执行该操作的权限。 (METHOD: /path/)`; unknown URLs
 * fall through to the 404 handler; CORS preflights pass.
 */
export function registerAccessCheck(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('noDataScope', false);
  /** Whether the call may go on; when not, the refusal has been sent. */
  const allowed = async (req: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> => {
    if (!req.account) {
      const res = await authenticate(ctx, req.headers.authorization);
      if (!res.ok) {
        reply.send(res.failure);
        return false;
      }
      req.account = res.account;
      req.tokenSid = res.sid;
    }
    const verdict = await ctx.permissions.allows(req.account, req.method, path);
    if (!verdict.ok) {
      reply.send(fail(refusalMessage(req.method, path)));
      return false;
    }
    req.noDataScope = verdict.noDataScope;
    return true;
  };
  // A callback hook: the calls it does not guard (health, the console's files, open API paths) pass
  // without a promise. A refused call never calls done(): its answer is sent and the route never runs
  // (reply.sent is not yet true while async onSend hooks are still writing the refusal).
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method === 'OPTIONS' || req.is404) return done();
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (!isGuardedPath(req.method, path)) return done();
    allowed(req, reply, path).then(
      (ok) => {
        if (ok) done();
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
}
