import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../stores/types';
import { throttle } from './menu/HeaderMenu';
import { openMenuPath } from './menu/open-menu';
import { redirectTargetOf } from './routes';
import { isTyping } from './search/SearchPanel';

function effects() {
  const log: string[] = [];
  const notices: Notice[] = [];
  return {
    log,
    notices,
    fx: {
      navigate: (to: string) => log.push(`route ${to}`),
      notify: (notice: Notice) => notices.push(notice),
      openWindow: (url: string) => log.push(`window ${url}`),
      t: (key: string) => (key === 'shell.tempMenu' ? '临时菜单' : key),
    },
  };
}

describe('menu click rules (spec §2.3)', () => {
  it('temporary or empty → warning 临时菜单; http(s) → new tab; else route', () => {
    const { log, notices, fx } = effects();
    expect(openMenuPath('menu-empty-12', fx)).toBe('warned');
    expect(openMenuPath('', fx)).toBe('warned');
    expect(openMenuPath('https://example.com', fx)).toBe('external');
    expect(openMenuPath('HTTP://example.com', fx)).toBe('external');
    expect(openMenuPath('/user', fx)).toBe('routed');
    expect(notices).toEqual([
      { severity: 'warn', text: '临时菜单' },
      { severity: 'warn', text: '临时菜单' },
    ]);
    expect(log).toEqual(['window https://example.com', 'window HTTP://example.com', 'route /user']);
  });
});

describe('routes', () => {
  it('redirect/:route* goes to the route with the query kept', () => {
    expect(redirectTargetOf('/redirect/system/user', 'a=1')).toBe('/system/user?a=1');
    expect(redirectTargetOf('/redirect/index', '')).toBe('/index');
  });
});

describe('search hotkey', () => {
  it('does not fire while typing in a field', () => {
    expect(isTyping(document.createElement('input'))).toBe(true);
    expect(isTyping(document.createElement('textarea'))).toBe(true);
    expect(isTyping(document.createElement('div'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});

describe('throttle (header menu resize check, 300 ms)', () => {
  afterEach(() => vi.useRealTimers());
  it('runs at once, then at most once per window with a trailing call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const t = throttle(fn, 300);
    t.run();
    t.run();
    t.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(299);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    t.cancel();
  });
});
