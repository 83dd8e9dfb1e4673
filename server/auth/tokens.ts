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
 * Tokens whose signature and claims were checked, per key: a token is sent with every call, and its
 * check (HMAC, two JSON parses, the schema) needs doing once. Expiry is still checked on each use.
 */
const verified = new Map<string, Map<string, TokenClaims>>();
const MAX_VERIFIED = 10_000;

function checked(token: string, secret: string): TokenClaims | null {
  let bySecret = verified.get(secret);
  const hit = bySecret?.get(token);
  if (hit) return hit;
  const res = verifyJwt(token, secret);
  if (!res.ok) return null;
  const parsed = tokenClaims.safeParse(res.claims);
  if (!parsed.success) return null;
  if (!bySecret) {
    if (verified.size >= 16) verified.clear();
    bySecret = new Map();
    verified.set(secret, bySecret);
  }
  if (bySecret.size >= MAX_VERIFIED) bySecret.clear();
  bySecret.set(token, parsed.data);
  return parsed.data;
}

/**
 * Verifies signature, expiry and claim shape; `type` (when given) must match `token_type`.
 * Returns the claims or null: callers answer every failure the same way.
 */
export function readToken(token: string, secret: string, type?: TokenType): TokenClaims | null {
  const claims = checked(token, secret);
  if (!claims || claims.exp <= Math.floor(Date.now() / 1000)) return null;
  if (type !== undefined && claims.token_type !== type) return null;
  return claims;
}
