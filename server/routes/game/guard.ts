import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { permissionsOf, refusal } from '../../domain/permissions';
import { authenticate } from '../../http/auth';

/**
 * Pre-handler for a call that a button of another route grants (the codes of a batch by the batch's
 * Retrieve button, an upload by the Create or Update button of the screens that upload): signed in,
 * then allowed when any of the (method, path) pairs is allowed by the caller's buttons or white list.
 */
export function requireAnyGrant(ctx: AppContext, grants: (req: FastifyRequest) => Array<[string, string]>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.account) {
      const res = await authenticate(ctx, req.headers.authorization);
      if (!res.ok) return reply.send(res.failure);
      req.account = res.account;
    }
    const path = req.url.split('?')[0] ?? req.url;
    for (const [method, asPath] of grants(req)) {
      const verdict = await permissionsOf(ctx).allows(req.account, method, asPath);
      if (verdict.ok) {
        req.noDataScope = verdict.noDataScope;
        return;
      }
    }
    return reply.send(refusal(req.method, path));
  };
}
