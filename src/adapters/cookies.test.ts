import { describe, expect, it } from 'vitest';
import { COOKIE_PREFIX } from '../config';
import { createCookies, documentCookieJar, memoryCookieJar } from './cookies';
import { createMenuDataStore, memoryKeyValueStorage } from './storage';

describe('cookies', () => {
  it('prefix names with the version and expire after 30 days', () => {
    let now = Date.UTC(2026, 0, 1);
    const jar = memoryCookieJar({}, () => now);
    const cookies = createCookies(jar, { now: () => now });
    cookies.set('token', 'abc');
    expect(COOKIE_PREFIX).toBe('console-2.1.3-');
    expect(Object.keys(jar.entries())).toEqual(['console-2.1.3-token']);
    expect(jar.entries()['console-2.1.3-token']?.expires.getTime()).toBe(now + 30 * 24 * 3600 * 1000);
    now += 29 * 24 * 3600 * 1000;
    expect(cookies.get('token')).toBe('abc');
    now += 2 * 24 * 3600 * 1000;
    expect(cookies.get('token')).toBeNull();
  });

  it('clearSession removes uuid, token and refresh but keeps the language', () => {
    const cookies = createCookies(memoryCookieJar());
    for (const name of ['uuid', 'token', 'refresh', 'lang'] as const) cookies.set(name, name);
    cookies.clearSession();
    expect([cookies.get('uuid'), cookies.get('token'), cookies.get('refresh'), cookies.get('lang')]).toEqual([null, null, null, 'lang']);
  });

  it('the document jar writes path=/ cookies and reads them back', () => {
    const cookies = createCookies(documentCookieJar(document));
    cookies.set('token', 'a b;c');
    expect(document.cookie).toContain('console-2.1.3-token=a%20b%3Bc');
    expect(cookies.get('token')).toBe('a b;c');
    cookies.remove('token');
    expect(cookies.get('token')).toBeNull();
  });
});

describe('menuData in session storage', () => {
  it('keeps the raw menu list under menuData and survives garbage', () => {
    const storage = memoryKeyValueStorage();
    const menuData = createMenuDataStore(storage);
    expect(menuData.get()).toBeNull();
    menuData.set([{ id: 1 } as never]);
    expect(storage.dump()).toEqual({ menuData: '[{"id":1}]' });
    expect(menuData.get()).toEqual([{ id: 1 }]);
    storage.setItem('menuData', '{oops');
    expect(menuData.get()).toBeNull();
    menuData.clear();
    expect(storage.dump()).toEqual({});
  });
});
