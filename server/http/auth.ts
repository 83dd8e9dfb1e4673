import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { readToken } from '../auth/tokens';
import type { Account } from '../domain/users';
import { NO_CREDENTIALS, TOKEN_NOT_VALID, USER_NOT_FOUND, fail, type Failure } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the access check (access.ts) or the `requireUser` pre-handler. */
    account: Account | null;
  }
}

export type AuthResult = { ok: true; account: Account } | { ok: false; failure: Failure };

/**
 * Reads `Authorization: JWT <access>`. Another scheme (e.g. Bearer) or no header counts as no
 * credentials (code 4000); a bad, expired or non-access token is code 401 with the token_not_valid object.
 */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<AuthResult> {
  const parts = (header ?? '').trim().split(/\s+/);
  if (parts[0] !== 'JWT' || parts.length < 2) return { ok: false, failure: fail(NO_CREDENTIALS) };
  if (parts.length !== 2) return { ok: false, failure: TOKEN_NOT_VALID };
  const claims = readToken(parts[1] ?? '', ctx.jwtSecret, 'access');
  if (!claims) return { ok: false, failure: TOKEN_NOT_VALID };
  const account = await ctx.users.account(claims.user_id);
  if (!account || !account.is_active) return { ok: false, failure: USER_NOT_FOUND };
  return { ok: true, account };
}

/**
 * Pre-handler for routes that need a signed-in user; answers the envelope itself when there is none.
 * Under /api/system/ the access check (access.ts) has already signed the caller in: that is reused.
 */
export function requireUser(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.account) return;
    const res = await authenticate(ctx, req.headers.authorization);
    if (!res.ok) return reply.send(res.failure);
    req.account = res.account;
  };
}

/** The account set by requireUser (throws if the route forgot the pre-handler: a programming error). */
export function currentAccount(req: FastifyRequest): Account {
  if (!req.account) throw new Error('route used currentAccount without requireUser');
  return req.account;
}
