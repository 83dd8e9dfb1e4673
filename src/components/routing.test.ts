import { describe, expect, it } from 'vitest';
import { guardDecision, redirectTarget } from './routing';

describe('guardDecision (spec §4)', () => {
  const noToken = { hasToken: false, userLoaded: false };

  it('lets white-listed paths through without a token', () => {
    for (const path of ['/login', '/auth-redirect', '/bind', '/register', '/oauth2', '/privacy', '/preview']) {
      expect(guardDecision({ path, search: '', ...noToken })).toEqual({ kind: 'pass' });
    }
  });

  it('sends every other path to /login with the full original path as redirect', () => {
    expect(guardDecision({ path: '/index', search: '', ...noToken })).toEqual({ kind: 'redirect', to: '/login?redirect=%2Findex' });
    expect(guardDecision({ path: '/userInfo', search: 'a=1&b=2', ...noToken })).toEqual({ kind: 'redirect', to: '/login?redirect=%2FuserInfo%3Fa%3D1%26b%3D2' });
    expect(guardDecision({ path: '/404', search: '', ...noToken })).toEqual({ kind: 'redirect', to: '/login?redirect=%2F404' });
  });

  it('with a token loads the user first, then passes', () => {
    expect(guardDecision({ path: '/index', search: '', hasToken: true, userLoaded: false })).toEqual({ kind: 'load' });
    expect(guardDecision({ path: '/login', search: '', hasToken: true, userLoaded: false })).toEqual({ kind: 'load' });
    expect(guardDecision({ path: '/index', search: '', hasToken: true, userLoaded: true })).toEqual({ kind: 'pass' });
  });
});

describe('redirectTarget', () => {
  it('goes to the redirect query when it is a path inside the console', () => {
    expect(redirectTarget('redirect=%2FuserInfo%3Fa%3D1', '/index')).toBe('/userInfo?a=1');
    expect(redirectTarget('', '/index')).toBe('/index');
  });

  it('ignores other sites and the login page itself', () => {
    for (const bad of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'index', '/login', '/login?redirect=%2Findex']) {
      expect(redirectTarget(`redirect=${encodeURIComponent(bad)}`, '/index')).toBe('/index');
    }
  });
});
