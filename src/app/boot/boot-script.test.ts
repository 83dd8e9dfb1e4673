import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardDecision } from '../../components/routing';
import { COOKIE_PREFIX, toLanguage } from '../../config';
import { consoleBoot, consoleLoad, consolePrerender, type BootParams, type EarlyState } from './boot-script';

/** The parameters the build writes (scripts/prerender.ts → prerender.tsx bootParams), shortened. */
const PARAMS: BootParams = {
  cookiePrefix: COOKIE_PREFIX,
  loginPath: '/login',
  indexPath: '/index',
  languages: ['zh-chs', 'en'],
  fallbackLanguage: 'en',
  early: ['api/captcha/status/', 'api/captcha/', 'api/init/settings/', 'api/oauth2/config/'],
  captchaStatusPath: 'api/captcha/status/',
  settingsPath: 'api/init/settings/',
  captchaMemoryKey: `${COOKIE_PREFIX}login-captcha`,
  htmlLang: { 'zh-chs': 'zh-CN', en: 'en' },
  titles: { 'zh-chs': '系统 - 登录', en: 'System - Sign in' },
  languageChunks: { en: ['/assets/en-x.js'] },
  assets: { modules: ['/assets/runtime.js', '/assets/console.js'], styles: ['/assets/console.css'], later: ['/assets/console-start.js', '/assets/mobx.js'] },
};

const links = (rel: string) => Array.from(document.head.querySelectorAll(`link[rel="${rel}"]`)).map((l) => l.getAttribute('href'));

type Answer = { status: number; body: unknown } | 'fail';

interface Harness {
  win: Parameters<typeof consoleBoot>[0];
  requested: string[];
  state(): EarlyState;
}

/** jsdom's document, address and storage, with a fetch answering from `answers` (by path). */
function harness(path: string, opts: { cookies?: Record<string, string>; config?: unknown; answers?: Record<string, Answer> } = {}): Harness {
  window.history.replaceState(null, '', path);
  for (const [name, value] of Object.entries(opts.cookies ?? {})) document.cookie = `${encodeURIComponent(COOKIE_PREFIX + name)}=${encodeURIComponent(value)}; path=/`;
  const requested: string[] = [];
  const fetch = (input: RequestInfo | URL) => {
    const url = String(input);
    requested.push(url);
    const answer = opts.answers?.[new URL(url, window.location.href).pathname];
    if (answer === 'fail') return Promise.reject(new TypeError('network'));
    if (!answer) return Promise.resolve(new Response('<h1>Not Found</h1>', { status: 404 }));
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }));
  };
  const win: Parameters<typeof consoleBoot>[0] = {
    document,
    location: window.location,
    history: window.history,
    localStorage: window.localStorage,
    fetch: fetch as typeof globalThis.fetch,
    __CONSOLE_CONFIG__: opts.config,
  };
  return { win, requested, state: () => win.__CONSOLE_BOOT__ as EarlyState };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  document.documentElement.className = '';
  document.documentElement.lang = 'zh-CN';
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.localStorage.clear();
});

afterEach(() => {
  for (const name of ['token', 'lang']) document.cookie = `${encodeURIComponent(COOKIE_PREFIX + name)}=; expires=${new Date(0).toUTCString()}; path=/`;
});

describe('consoleBoot (index.html <head>)', () => {
  it('on /login: wants the prerendered form and readies the login page calls on API_URL, started once by consoleLoad', () => {
    const h = harness('/login?redirect=%2FuserInfo', { config: { apiUrl: 'https://api.example.test/', wsPath: 'ws/{token}/' } });
    consoleBoot(h.win, PARAMS);
    expect(h.state()).toMatchObject({ prerendered: true, language: 'zh-chs', submitPending: false, hydrated: false });
    expect(h.requested, 'nothing before the first paint').toEqual([]);
    expect(h.state().early).toBeUndefined();
    h.state().startEarly?.();
    h.state().startEarly?.();
    expect(h.requested).toEqual(PARAMS.early.map((p) => `https://api.example.test/${p}`));
    expect(Object.keys(h.state().early ?? {})).toEqual(h.requested);
    expect(document.title).toBe('系统 - 登录');
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=%2FuserInfo');
    expect(links('stylesheet'), 'the stylesheets wait for the first frame (consoleLoad)').toEqual([]);
    expect(links('modulepreload')).toEqual([]);
  });

  it('an empty API_URL asks the page\'s own origin', () => {
    const h = harness('/login', { config: { apiUrl: '' } });
    consoleBoot(h.win, PARAMS);
    h.state().startEarly?.();
    expect(h.requested[0]).toBe('/api/captcha/status/');
    expect(Object.keys(h.state().early ?? {})[0]).toBe(`${window.location.origin}/api/captcha/status/`);
  });

  it('English by the cookie: <html lang>, title, and the English texts preloaded', () => {
    const h = harness('/login', { cookies: { lang: 'en' } });
    consoleBoot(h.win, PARAMS);
    expect(h.state().language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('System - Sign in');
    expect(links('modulepreload')).toEqual(['/assets/en-x.js']);
  });

  it('an unknown language cookie falls back to en, as the console does (spec §4), so the hydrated form matches', () => {
    const h = harness('/login', { cookies: { lang: 'fr' } });
    consoleBoot(h.win, PARAMS);
    expect(h.state().language).toBe(toLanguage('fr'));
    expect(h.state().language).toBe('en');
    expect(links('modulepreload')).toEqual(['/assets/en-x.js']);
  });

  it('an empty language cookie means the default', () => {
    const h = harness('/login', { cookies: { lang: '' } });
    consoleBoot(h.win, PARAMS);
    expect(h.state().language).toBe('zh-chs');
    expect(document.head.querySelector('link')).toBeNull();
  });

  it.each([
    ['/', '/index', ''],
    ['/index', '/index', ''],
    ['/index?from=mail&x=1', '/index', 'from=mail&x=1'],
  ])('signed out on %s: straight to login with the redirect the route guard would give', (start, guardPath, guardSearch) => {
    const h = harness(start);
    consoleBoot(h.win, PARAMS);
    // The app first sends / to /index, then the guard sends /index to login.
    const guarded = guardDecision({ path: guardPath, search: guardSearch, hasToken: false, userLoaded: false });
    expect(guarded.kind).toBe('redirect');
    expect(window.location.pathname + window.location.search).toBe(guarded.kind === 'redirect' ? guarded.to : '');
    expect(h.state().prerendered).toBe(true);
    h.state().startEarly?.();
    expect(h.requested).toHaveLength(PARAMS.early.length);
  });

  it("signed in on /index: no login form, no calls, the address kept; the stylesheets, modules and the full console's chunks asked for at once", () => {
    const h = harness('/index', { cookies: { token: 'eyJ.token' } });
    consoleBoot(h.win, PARAMS);
    expect(h.state().prerendered).toBe(false);
    expect(h.requested).toEqual([]);
    expect(window.location.pathname).toBe('/index');
    expect(links('stylesheet')).toEqual(['/assets/console.css']);
    expect(links('modulepreload')).toEqual(['/assets/runtime.js', '/assets/console.js', '/assets/console-start.js', '/assets/mobx.js']);
  });

  it("the token cookie's text 'undefined' is no token (spec §4)", () => {
    const h = harness('/index', { cookies: { token: 'undefined' } });
    consoleBoot(h.win, PARAMS);
    expect(window.location.pathname).toBe('/login');
  });

  it('other paths, signed out or not, are left to the console', () => {
    for (const path of ['/userInfo', '/oauth2', '/404']) {
      const h = harness(path);
      consoleBoot(h.win, PARAMS);
      expect(h.state().prerendered).toBe(false);
      expect(window.location.pathname).toBe(path);
      expect(h.requested).toEqual([]);
    }
  });

  it('the GraphQL adapter: the form, but no REST calls', () => {
    const h = harness('/login', { config: { apiUrl: '', adapter: 'graphql' } });
    consoleBoot(h.win, PARAMS);
    expect(h.state().prerendered).toBe(true);
    expect(h.state().startEarly).toBeUndefined();
    expect(h.requested).toEqual([]);
    expect(h.state().early).toBeUndefined();
  });

  it('captcha off on a back end with the status call: the row is hidden and remembered', async () => {
    const h = harness('/login', { answers: { '/api/captcha/status/': { status: 200, body: { code: 2000, msg: 'ok', data: { status: false } } } } });
    consoleBoot(h.win, PARAMS);
    h.state().startEarly?.();
    await settle();
    expect(document.documentElement.classList.contains('console-captcha-off')).toBe(true);
    expect(window.localStorage.getItem(PARAMS.captchaMemoryKey)).toBe('off');
  });

  it('the real back end (no status call): the settings say captcha is on; a remembered "off" is undone', async () => {
    window.localStorage.setItem(PARAMS.captchaMemoryKey, 'off');
    const h = harness('/login', { answers: { '/api/init/settings/': { status: 200, body: { code: 2000, msg: 'ok', data: { 'base.captcha_state': true } } } } });
    consoleBoot(h.win, PARAMS);
    expect(document.documentElement.classList.contains('console-captcha-off'), 'the guess before any answer').toBe(true);
    h.state().startEarly?.();
    await settle();
    expect(document.documentElement.classList.contains('console-captcha-off')).toBe(false);
    expect(window.localStorage.getItem(PARAMS.captchaMemoryKey)).toBe('on');
  });

  it('failed or unreadable answers change nothing and raise nothing', async () => {
    const h = harness('/login', { answers: { '/api/captcha/status/': 'fail', '/api/init/settings/': { status: 200, body: 'not json at all' } } });
    consoleBoot(h.win, PARAMS);
    h.state().startEarly?.();
    await settle();
    expect(document.documentElement.classList.contains('console-captcha-off')).toBe(false);
    expect(window.localStorage.getItem(PARAMS.captchaMemoryKey)).toBeNull();
    await expect(h.state().early?.[`${window.location.origin}/api/captcha/status/`]).rejects.toThrow('network');
  });
});

function templates(): void {
  document.body.innerHTML =
    '<div id="root"></div>' +
    '<template id="console-prerender-zh-chs"><form data-testid="f"><input data-testid="u"><button type="submit">登录</button></form></template>' +
    '<template id="console-prerender-en"><form data-testid="f"><input data-testid="u"><button type="submit">Sign in</button></form></template>';
}

describe('consolePrerender (index.html <body>)', () => {
  it("puts the language's template into #root and holds a submit until the console has hydrated", () => {
    templates();
    const state: EarlyState = { prerendered: true, language: 'en', submitPending: false, hydrated: false };
    consolePrerender({ document, __CONSOLE_BOOT__: state });
    const root = document.getElementById('root') as HTMLElement;
    expect(root.textContent).toBe('Sign in');
    const form = root.querySelector('form') as HTMLFormElement;
    const first = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(state.submitPending).toBe(true);
    state.hydrated = true;
    state.submitPending = false;
    const second = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(second);
    expect(second.defaultPrevented, 'the console handles its own submits').toBe(false);
    expect(state.submitPending).toBe(false);
  });

  it('not on the login route (or #root already filled): #root stays as it is', () => {
    templates();
    consolePrerender({ document, __CONSOLE_BOOT__: { prerendered: false, language: 'zh-chs', submitPending: false, hydrated: false } });
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
    const root = document.getElementById('root') as HTMLElement;
    root.textContent = 'already';
    const state: EarlyState = { prerendered: true, language: 'zh-chs', submitPending: false, hydrated: false };
    consolePrerender({ document, __CONSOLE_BOOT__: state });
    expect(root.textContent).toBe('already');
    expect(state.prerendered, 'the console renders from scratch then').toBe(false);
  });
});

describe('consoleLoad (end of <body>)', () => {
  const scripts = () => Array.from(document.head.querySelectorAll('script')).map((s) => s.getAttribute('src'));
  const fakeTimers = () => {
    const frames: (() => void)[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    return {
      frames,
      timers,
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    };
  };

  const assets = { modules: ['/assets/a.js', '/assets/b.js'], styles: ['/assets/c.css'] };

  it('without the prerendered form: the modules start at once; a stylesheet the head script added is not added twice', () => {
    const t = fakeTimers();
    const early = document.createElement('link');
    early.rel = 'stylesheet';
    early.href = '/assets/c.css';
    document.head.appendChild(early);
    consoleLoad({ document, ...t }, assets);
    expect(scripts()).toEqual(['/assets/a.js', '/assets/b.js']);
    expect((document.head.querySelector('script') as HTMLScriptElement).type).toBe('module');
    expect(links('stylesheet')).toEqual(['/assets/c.css']);
  });

  it('over the prerendered form, in a browser without paint entries: stylesheets and modules after the next frame, once (or after 500 ms without frames)', () => {
    const t = fakeTimers();
    consoleLoad({ document, ...t, __CONSOLE_BOOT__: { prerendered: true, language: 'zh-chs', submitPending: false, hydrated: false } }, assets);
    expect(scripts()).toEqual([]);
    expect(links('stylesheet')).toEqual([]);
    expect(t.timers.map((x) => x.ms)).toEqual([500]);
    t.frames[0]?.();
    const afterFrame = t.timers.find((x) => x.ms === 0);
    afterFrame?.fn();
    expect(links('stylesheet')).toEqual(['/assets/c.css']);
    expect(scripts()).toEqual(['/assets/a.js', '/assets/b.js']);
    t.timers.find((x) => x.ms === 500)?.fn();
    expect(scripts(), 'started once').toEqual(['/assets/a.js', '/assets/b.js']);
  });

  /** A PerformanceObserver that supports `paint` entries and lets the test deliver one. */
  const paintObserver = () => {
    const observers: { callback: (list: { getEntries(): unknown[] }) => void; types: string[]; live: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'layout-shift'];
      private readonly me: (typeof observers)[number];
      constructor(callback: (list: { getEntries(): unknown[] }) => void) {
        this.me = { callback, types: [], live: true };
        observers.push(this.me);
      }
      observe(options: { type: string }) {
        this.me.types.push(options.type);
      }
      disconnect() {
        this.me.live = false;
      }
    }
    return {
      observers,
      PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
      paint: () => {
        for (const o of observers) if (o.live && o.types.includes('paint')) o.callback({ getEntries: () => [{ name: 'first-paint' }] });
      },
    };
  };

  it("over the prerendered form: the early calls, stylesheets and modules once the form's first paint is reported, once", () => {
    const t = fakeTimers();
    const p = paintObserver();
    const order: string[] = [];
    const state: EarlyState = { prerendered: true, language: 'zh-chs', submitPending: false, hydrated: false, startEarly: () => order.push(`early with ${scripts().length} scripts`) };
    consoleLoad({ document, ...t, PerformanceObserver: p.PerformanceObserver, __CONSOLE_BOOT__: state }, assets);
    expect(t.frames, 'no animation frame: the paint entry says when').toHaveLength(0);
    expect(t.timers.map((x) => x.ms)).toEqual([500]);
    expect(scripts()).toEqual([]);
    p.paint();
    expect(scripts(), 'not inside the observer callback').toEqual([]);
    t.timers.find((x) => x.ms === 0)?.fn();
    expect(order).toEqual(['early with 0 scripts']);
    expect(links('stylesheet')).toEqual(['/assets/c.css']);
    expect(scripts()).toEqual(['/assets/a.js', '/assets/b.js']);
    p.paint();
    for (const timer of t.timers) timer.fn();
    expect(scripts(), 'started once').toEqual(['/assets/a.js', '/assets/b.js']);
    expect(order).toHaveLength(1);
  });

  it('a paint that never comes (a background tab): everything starts after 500 ms', () => {
    const t = fakeTimers();
    const p = paintObserver();
    let early = 0;
    consoleLoad({ document, ...t, PerformanceObserver: p.PerformanceObserver, __CONSOLE_BOOT__: { prerendered: true, language: 'zh-chs', submitPending: false, hydrated: false, startEarly: () => (early += 1) } }, assets);
    t.timers.find((x) => x.ms === 500)?.fn();
    expect(early).toBe(1);
    expect(scripts()).toEqual(['/assets/a.js', '/assets/b.js']);
  });

  it('without the prerendered form the early calls start at once too (the head script readied them)', () => {
    const t = fakeTimers();
    let early = 0;
    consoleLoad({ document, ...t, __CONSOLE_BOOT__: { prerendered: false, language: 'zh-chs', submitPending: false, hydrated: false, startEarly: () => (early += 1) } }, assets);
    expect(early).toBe(1);
  });
});
