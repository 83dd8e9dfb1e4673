import { randomBytes } from 'node:crypto';
import { tokenClaims, type TokenClaims } from '../../contracts/schemas';
import { signJwt, verifyJwt } from './jwt';

export const ACCESS_LIFETIME_S = 60 * 60;
export const REFRESH_LIFETIME_S = 24 * 60 * 60;

export type TokenType = TokenClaims['token_type'];

export interface TokenPair {
  access: string;
  refresh: string;
  refreshClaims: TokenClaims;
}

function newJti(): string {
  return randomBytes(16).toString('hex');
}

export function issueToken(type: TokenType, userId: number, secret: string, now = Math.floor(Date.now() / 1000)) {
  const claims: TokenClaims = {
    token_type: type,
    exp: now + (type === 'access' ? ACCESS_LIFETIME_S : REFRESH_LIFETIME_S),
    iat: now,
    jti: newJti(),
    user_id: userId,
  };
  return { token: signJwt(claims, secret), claims };
}

/** A fresh access + refresh pair, as login returns it. */
export function issueTokenPair(userId: number, secret: string): TokenPair {
  const now = Math.floor(Date.now() / 1000);
  const access = issueToken('access', userId, secret, now);
  const refresh = issueToken('refresh', userId, secret, now);
  return { access: access.token, refresh: refresh.token, refreshClaims: refresh.claims };
}

/**
 * Verifies signature, expiry and claim shape; `type` (when given) must match `token_type`.
 * Returns the claims or null: callers answer every failure the same way.
 */
export function readToken(token: string, secret: string, type?: TokenType): TokenClaims | null {
  const res = verifyJwt(token, secret);
  if (!res.ok) return null;
  const parsed = tokenClaims.safeParse(res.claims);
  if (!parsed.success) return null;
  if (type !== undefined && parsed.data.token_type !== type) return null;
  return parsed.data;
}
