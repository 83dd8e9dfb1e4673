import type { BootState } from '../../components/prehydration';

/**
 * The two inline scripts of index.html. The build (scripts/prerender.ts) writes each
 * function's source into the page, so they run before any of the console's modules: **each must be
 * self-contained** (no imports, no outer names; types only).
 *
 * `consoleBoot` runs in <head>, right after the server's `window.__CONSOLE_CONFIG__`:
 *  - reads the language and token cookies (the cookie adapter's names and encoding), and preloads the
 *    texts of a language other than the bundled default;
 *  - `/` or `/index` without a token: replaces the address by `/login?redirect=/index` (the path plus
 *    its query for /index), exactly what the route guard would do once the scripts ran (spec §4), so
 *    the login form shows at once instead of after a blank page and two client-side redirects;
 *  - on /login: marks the prerendered form wanted (the body script puts it in) and readies the calls
 *    the login page makes (captcha status, captcha, settings, the sign-in links' checks), which
 *    `consoleLoad` starts together with the script download, once the form has been painted; the
 *    console adopts these answers (`adoptEarlyResponses`);
 *  - guesses whether the captcha row will stay: from the last answer this browser saw (localStorage),
 *    then from the early answer itself, as a class on <html> (`console-captcha-off`) that hides the
 *    row while the console does not know yet. So a back end with captcha off does not see the row
 *    collapse when the console learns it (a layout shift).
 * Any other path (a signed-in user on /index, /userInfo, ...) gets none of this: the page stays
 * empty until the console renders it, as before, and never flashes the login form; the script asks
 * for the stylesheets and modules at once (index.html names them in no tag: see consoleLoad).
 *
 * `consolePrerender` runs in <body> right after #root and the prerendered templates: on /login it
 * copies the template of the cookie's language into #root (before the first paint: the browser cannot
 * paint in the middle of a parser-inserted script), and holds back a submit (Enter, or a click on
 * 登录) until the console has hydrated the form; the console then sends it (LoginPage).
 */

/** The built files index.html no longer names in tags: the boot scripts add them when it is time. */
export interface Assets {
  /** Entry module scripts (with their imports, one chunk plus rolldown's runtime). */
  modules: string[];
  /** The full stylesheets (the login page's own rules are inlined). */
  styles: string[];
  /** The full console's chunks (src/console-start.tsx and its imports): preloaded off /login only. */
  later?: string[];
}

export interface BootParams {
  /** Cookie name prefix (adapters/cookies.ts). */
  cookiePrefix: string;
  loginPath: string;
  indexPath: string;
  /** Languages with a prerendered template; the first is the default. */
  languages: string[];
  /** The language of a cookie naming none of them (spec §4: en), as config.toLanguage has it. */
  fallbackLanguage: string;
  /** API paths the login page GETs as soon as it runs (captcha status, captcha, settings, link checks). */
  early: string[];
  /** The calls whose answer says whether captcha is on: `{status}` and the settings' base.captcha_state. */
  captchaStatusPath: string;
  settingsPath: string;
  /** localStorage key of the last captcha state this browser saw ('on' / 'off'). */
  captchaMemoryKey: string;
  /** Per language: <html lang> and the login page's document title (what the console sets later). */
  htmlLang: Record<string, string>;
  titles: Record<string, string>;
  /** Per language: the chunks its texts come in (none for the bundled default), preloaded at once. */
  languageChunks: Record<string, string[]>;
  assets: Assets;
}

/** What the boot script leaves for the console on window.__CONSOLE_BOOT__ besides the BootState. */
export interface EarlyState extends BootState {
  /** Absolute URL → the response of a call started by the boot script (adopted once). */
  early?: Record<string, Promise<Response>>;
  /** Starts those calls (once); `consoleLoad` calls it with the scripts. Only on /login over REST. */
  startEarly?: () => void;
}

interface BootWindow {
  document: Document;
  location: Location;
  history: History;
  localStorage: Storage;
  fetch: typeof fetch;
  __CONSOLE_CONFIG__?: unknown;
  __CONSOLE_BOOT__?: EarlyState;
}

export function consoleBoot(win: BootWindow, p: BootParams): void {
  const doc = win.document;
  const state: EarlyState = { prerendered: false, language: p.languages[0] as string, submitPending: false, hydrated: false };
  win.__CONSOLE_BOOT__ = state;
  const cookie = (name: string): string | null => {
    const wanted = encodeURIComponent(p.cookiePrefix + name) + '=';
    const parts = doc.cookie.split(';');
    for (let i = 0; i < parts.length; i++) {
      const item = (parts[i] as string).trim();
      if (item.indexOf(wanted) === 0) {
        try {
          return decodeURIComponent(item.slice(wanted.length));
        } catch {
          return null;
        }
      }
    }
    return null;
  };
  const language = cookie('lang');
  // The console's rule (config.toLanguage): no cookie → the default; a cookie naming no language → the fallback.
  if (language) state.language = p.languages.indexOf(language) >= 0 ? language : p.fallbackLanguage;
  const link = (rel: string, href: string) => {
    const element = doc.createElement('link');
    element.rel = rel;
    element.crossOrigin = '';
    element.href = href;
    doc.head.appendChild(element);
  };
  const chunks = p.languageChunks[state.language] || [];
  for (let i = 0; i < chunks.length; i++) link('modulepreload', chunks[i] as string);
  const token = cookie('token');
  const signedIn = !!token && token !== 'undefined';
  const loc = win.location;
  let path = loc.pathname;
  if (!signedIn && (path === '/' || path === p.indexPath)) {
    const target = path === '/' ? p.indexPath : path + loc.search;
    win.history.replaceState(win.history.state, '', p.loginPath + '?redirect=' + encodeURIComponent(target));
    path = p.loginPath;
  }
  if (path !== p.loginPath) {
    // No prerendered form: fetch everything at once (the console waits for the stylesheets itself).
    for (let i = 0; i < p.assets.styles.length; i++) link('stylesheet', p.assets.styles[i] as string);
    for (let i = 0; i < p.assets.modules.length; i++) link('modulepreload', p.assets.modules[i] as string);
    const later = p.assets.later || [];
    for (let i = 0; i < later.length; i++) link('modulepreload', later[i] as string);
    return;
  }
  state.prerendered = true;

  const html = doc.documentElement;
  if (p.htmlLang[state.language]) html.lang = p.htmlLang[state.language] as string;
  if (p.titles[state.language]) doc.title = p.titles[state.language] as string;
  const remember = (on: boolean) => {
    html.classList.toggle('console-captcha-off', !on);
    try {
      win.localStorage.setItem(p.captchaMemoryKey, on ? 'on' : 'off');
    } catch {
      // Storage refused (private mode, quota): the guess stays a guess.
    }
  };
  try {
    if (win.localStorage.getItem(p.captchaMemoryKey) === 'off') html.classList.add('console-captcha-off');
  } catch {
    // As above.
  }

  const config = (win.__CONSOLE_CONFIG__ || {}) as { apiUrl?: unknown; adapter?: unknown };
  // The GraphQL adapter asks through /graphql: nothing to start here.
  if (config.adapter === 'graphql' || typeof win.fetch !== 'function') return;
  // Started with the scripts, after the form's first paint (consoleLoad), not here: on two cores the
  // server answering them (the captcha is drawn) and the browser's network work delayed that paint by
  // ~30 ms on loopback. They still go out in parallel with the script download, not after it.
  state.startEarly = () => {
    if (state.early) return;
    const base = (typeof config.apiUrl === 'string' ? config.apiUrl.trim() : '').replace(/\/+$/, '');
    const early: Record<string, Promise<Response>> = {};
    const urlOf = (apiPath: string) => base + '/' + apiPath.replace(/^\/+/, '');
    for (let i = 0; i < p.early.length; i++) {
      const url = urlOf(p.early[i] as string);
      const started = win.fetch(url, { headers: { Accept: 'application/json' } });
      // Nobody may be waiting yet: a failure here must not surface as an unhandled rejection.
      started.catch(() => undefined);
      early[new URL(url, loc.href).href] = started;
    }
    state.early = early;

    const envelopeData = (call: Promise<Response> | undefined): Promise<Record<string, unknown> | null> =>
      call
        ? call
            .then((res) => (res.ok ? res.clone().json() : null))
            .then((body: { code?: unknown; data?: unknown } | null) => (body && body.code === 2000 && body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null))
            .catch(() => null)
        : Promise.resolve(null);
    const known = (value: unknown): value is boolean => typeof value === 'boolean';
    envelopeData(early[new URL(urlOf(p.captchaStatusPath), loc.href).href]).then((status) => {
      if (status && known(status.status)) return remember(status.status);
      // The real back end has no status call: its settings say it.
      return envelopeData(early[new URL(urlOf(p.settingsPath), loc.href).href]).then((settings) => {
        if (settings && known(settings['base.captcha_state'])) remember(settings['base.captcha_state']);
      });
    });
  };
}

interface PrerenderWindow {
  document: Document;
  __CONSOLE_BOOT__?: EarlyState;
}

export function consolePrerender(win: PrerenderWindow): void {
  const doc = win.document;
  const state = win.__CONSOLE_BOOT__;
  if (!state || !state.prerendered) return;
  const root = doc.getElementById('root');
  const template = doc.getElementById('console-prerender-' + state.language) as HTMLTemplateElement | null;
  if (!root || root.firstChild || !template) {
    state.prerendered = false;
    return;
  }
  root.appendChild(template.content.cloneNode(true));
  // Until hydrated the form has no handler: the browser would post it to the page's own address.
  doc.addEventListener(
    'submit',
    (event) => {
      if (state.hydrated) return;
      event.preventDefault();
      state.submitPending = true;
    },
    true,
  );
}

interface LoadWindow {
  document: Document;
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
  PerformanceObserver?: typeof PerformanceObserver;
  __CONSOLE_BOOT__?: EarlyState;
}

/**
 * Last in <body>: starts the console, its stylesheets and modules, and the login page's early calls
 * (the head script's `startEarly`). Over the prerendered form it waits until the form's first frame
 * has been painted (the `paint` timing entry; without that entry type, the next animation frame):
 * their download and the work it brings (parsing ~200 KB of CSS, compiling ~320 KB of JavaScript, the
 * server drawing the captcha) would otherwise share the two cores with painting that frame. Anywhere
 * else (and in a hidden tab, which paints no frames) at once; the head script has already asked for
 * the files.
 */
export function consoleLoad(win: LoadWindow, assets: Assets): void {
  const doc = win.document;
  const state = win.__CONSOLE_BOOT__;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (state && state.startEarly) state.startEarly();
    for (let i = 0; i < assets.styles.length; i++) {
      const href = assets.styles[i] as string;
      if (doc.querySelector('link[rel="stylesheet"][href="' + href + '"]')) continue;
      const style = doc.createElement('link');
      style.rel = 'stylesheet';
      style.crossOrigin = '';
      style.href = href;
      doc.head.appendChild(style);
    }
    for (let i = 0; i < assets.modules.length; i++) {
      const script = doc.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = assets.modules[i] as string;
      doc.head.appendChild(script);
    }
  };
  if (!state || !state.prerendered || doc.visibilityState === 'hidden') return start();
  let watching = false;
  const Observer = win.PerformanceObserver;
  try {
    if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0) {
      const observer = new Observer((list) => {
        if (list.getEntries().length === 0) return;
        observer.disconnect();
        win.setTimeout(start, 0);
      });
      observer.observe({ type: 'paint', buffered: true });
      watching = true;
    }
  } catch {
    watching = false;
  }
  if (!watching) win.requestAnimationFrame(() => win.setTimeout(start, 0));
  // A paint that never comes (the tab went to the background meanwhile) must not hold the console back.
  win.setTimeout(start, 500);
}
