import { tokenClaims, type TokenClaims } from '../../schemas';
import { expectShape } from './expect-contract';

/** Token surgery for the negative cases; none of it needs the server's secret. */

function b64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The claims of a JWT, checked against the contract's claim schema. */
export function claimsOf(token: string, what: string): TokenClaims {
  const part = token.split('.')[1];
  if (part === undefined) throw new Error(`${what} is not a JWT: ${token.slice(0, 40)}`);
  return expectShape(tokenClaims, JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown, `${what} claims`);
}

/** The same header and claims with the last signature character changed. */
export function withTamperedSignature(token: string): string {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) throw new Error('not a signed JWT');
  const flipped = s.slice(0, -2) + (s.slice(-2, -1) === 'A' ? 'B' : 'A') + s.slice(-1);
  return `${h}.${p}.${flipped}`;
}

/** The same claims with a modified payload (user_id changed) and the original signature. */
export function withForgedClaims(token: string, claims: Record<string, unknown>): string {
  const [h, , s] = token.split('.');
  if (!h || s === undefined) throw new Error('not a JWT');
  return `${h}.${b64url(JSON.stringify(claims))}.${s}`;
}

/** An unsigned token (`alg: none`) carrying the given claims. */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.`;
}
