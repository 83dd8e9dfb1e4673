import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { signJwt, verifyJwt } from './jwt';
import { issueToken, issueTokenPair, readToken } from './tokens';

const SECRET = 'unit-test-secret-0123456789';
const now = 1_800_000_000;
const claims = { token_type: 'access', exp: now + 60, iat: now, jti: 'abc', user_id: 1 };

function b64(o: unknown): string {
  return Buffer.from(JSON.stringify(o)).toString('base64url');
}

describe('HS256 JWT', () => {
  it('round-trips claims signed with the key', () => {
    const token = signJwt(claims, SECRET);
    expect(token.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(verifyJwt(token, SECRET, now)).toEqual({ ok: true, claims });
  });

  it('refuses a tampered payload', () => {
    const [h, , s] = signJwt(claims, SECRET).split('.');
    const forged = `${h}.${b64({ ...claims, user_id: 2 })}.${s}`;
    expect(verifyJwt(forged, SECRET, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a tampered signature and a token signed with another key', () => {
    const token = signJwt(claims, SECRET);
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(verifyJwt(flipped, SECRET, now).ok).toBe(false);
    expect(verifyJwt(signJwt(claims, 'another-secret-0123456789'), SECRET, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses alg none, with or without a signature', () => {
    const unsigned = signJwt(claims, SECRET, 'none');
    expect(unsigned.endsWith('.')).toBe(true);
    expect(verifyJwt(unsigned, SECRET, now)).toEqual({ ok: false, reason: 'algorithm' });
    const h = b64({ alg: 'none', typ: 'JWT' });
    const p = b64(claims);
    const mac = createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url');
    expect(verifyJwt(`${h}.${p}.${mac}`, SECRET, now)).toEqual({ ok: false, reason: 'algorithm' });
    expect(verifyJwt(`${b64({ alg: 'None' })}.${p}.${mac}`, SECRET, now)).toEqual({ ok: false, reason: 'algorithm' });
  });

  it('refuses any other algorithm even when the MAC is right for it', () => {
    expect(verifyJwt(signJwt(claims, SECRET, 'HS512'), SECRET, now)).toEqual({ ok: false, reason: 'algorithm' });
    expect(verifyJwt(signJwt(claims, SECRET, 'RS256'), SECRET, now)).toEqual({ ok: false, reason: 'algorithm' });
  });

  it('checks expiry: exp in the past or now is refused, a missing exp too', () => {
    expect(verifyJwt(signJwt({ ...claims, exp: now - 1 }, SECRET), SECRET, now)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyJwt(signJwt({ ...claims, exp: now }, SECRET), SECRET, now)).toEqual({ ok: false, reason: 'expired' });
    const { exp: _exp, ...noExp } = claims;
    expect(verifyJwt(signJwt(noExp, SECRET), SECRET, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses malformed tokens without throwing', () => {
    for (const bad of ['', 'garbage', 'a.b', 'a.b.c.d', '###.###.###', `${b64('str')}.${b64(claims)}.x`, `${b64({ alg: 'HS256' })}.!!.x`]) {
      expect(verifyJwt(bad, SECRET, now).ok, bad).toBe(false);
    }
  });
});

describe('access and refresh tokens', () => {
  it('issues a pair with the contract claims and lifetimes', () => {
    const pair = issueTokenPair(7, SECRET);
    const access = readToken(pair.access, SECRET, 'access');
    const refresh = readToken(pair.refresh, SECRET, 'refresh');
    expect(access).toMatchObject({ token_type: 'access', user_id: 7 });
    expect(refresh).toMatchObject({ token_type: 'refresh', user_id: 7 });
    expect((access?.exp ?? 0) - (access?.iat ?? 0)).toBe(3600);
    expect((refresh?.exp ?? 0) - (refresh?.iat ?? 0)).toBe(86400);
    expect(access?.jti).not.toBe(refresh?.jti);
  });

  it('refuses the wrong token type', () => {
    const { token } = issueToken('refresh', 1, SECRET);
    expect(readToken(token, SECRET, 'access')).toBeNull();
    expect(readToken(token, SECRET)).not.toBeNull();
  });

  it('a token checked once is still refused once it expires, and never accepted under another key', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      const { token } = issueToken('access', 3, SECRET);
      expect(readToken(token, SECRET, 'access')?.user_id).toBe(3);
      expect(readToken(token, SECRET, 'access')?.user_id).toBe(3);
      expect(readToken(token, 'another-secret-of-enough-length', 'access')).toBeNull();
      vi.setSystemTime(new Date('2026-01-01T01:00:00Z'));
      expect(readToken(token, SECRET, 'access')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses claims that do not match the contract (e.g. user_id as a string)', () => {
    const t = signJwt({ token_type: 'access', exp: Math.floor(Date.now() / 1000) + 60, iat: 1, jti: 'x', user_id: '1' }, SECRET);
    expect(readToken(t, SECRET, 'access')).toBeNull();
  });
});
