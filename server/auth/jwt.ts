import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord } from '../is-record';

/**
 * Compact JWS with HS256 only. Verification accepts nothing but `alg: "HS256"` (no `none`, no other
 * algorithm, no key confusion), checks the MAC in constant time and requires an unexpired `exp`.
 */

const B64URL = /^[A-Za-z0-9_-]*$/;
const HMAC_HASH: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

function decodeJsonPart(part: string): unknown {
  if (!B64URL.test(part)) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Signs `claims`. `alg` other than HS256 exists for tests that forge tokens: HS384/HS512 sign with that
 * hash, `none` leaves the signature empty, any other name signs with SHA-256 under a lying header.
 */
export function signJwt(claims: Record<string, unknown>, secret: string, alg = 'HS256'): string {
  const head = b64url(JSON.stringify({ alg, typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  if (alg === 'none') return `${head}.${body}.`;
  const mac = createHmac(HMAC_HASH[alg] ?? 'sha256', secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${b64url(mac)}`;
}

export type JwtFailure = 'malformed' | 'algorithm' | 'signature' | 'expired';
export type JwtResult = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: JwtFailure };

/** Verifies an HS256 token; `nowSeconds` is injectable for tests. */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [head = '', body = '', sig = ''] = parts;
  const header = decodeJsonPart(head);
  if (!isRecord(header)) return { ok: false, reason: 'malformed' };
  if (header.alg !== 'HS256') return { ok: false, reason: 'algorithm' };
  if (header.typ !== undefined && header.typ !== 'JWT') return { ok: false, reason: 'malformed' };
  if (sig === '' || !B64URL.test(sig)) return { ok: false, reason: 'signature' };
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  const claims = decodeJsonPart(body);
  if (!isRecord(claims)) return { ok: false, reason: 'malformed' };
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return { ok: false, reason: 'malformed' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
