import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { memoryStorage } from './adapters/storage';
import { createMemoryLocalDb } from './adapters/local-db/memory';
import { COOKIE_PREFIX, FALLBACK_LANGUAGE, INDEX_PATH, LANGUAGES, LOGIN_PATH, SYSTEM_NAME_KEY, readRuntimeConfig, type Language } from './config';
import { discoverPlugins, loadPlugins } from './plugins/loader';
import { ensureLanguage } from './i18n';
import { applyAppearance } from './app/header/appearance';
import { createConsole } from './compose';
import { consoleBoot, consoleLoad, consolePrerender, type Assets, type BootParams } from './app/boot/boot-script';
import { consoleComponent, loginTree } from './app/boot/login-tree';
import { createLoginConsole } from './compose-login';

/**
 * Build time only (scripts/prerender.ts loads this through Vite's SSR loader after `vite build`):
 * renders the login page from the login route's own tree (the one main.tsx hydrates), signed out, in each language, plus what
 * index.html needs around it. Never part of the browser bundle. It sits beside compose.ts and main.tsx
 * because, like them, it builds a console from adapters, which the UI folders may not import.
 */

enableStaticRendering(true);

/** The path the prerendered markup is for; the boot script only uses it there. */
export const PRERENDER_PATH = LOGIN_PATH;

const HTML_LANG: Record<Language, string> = { 'zh-chs': 'zh-CN', en: 'en' };

function buildConsole(language: Language) {
  return createConsole({
    runtime: readRuntimeConfig(undefined),
    storage: memoryStorage({ lang: language }),
    localDb: createMemoryLocalDb(),
    realtime: null,
    navigate: () => undefined,
    reload: () => undefined,
    fetch: () => Promise.reject(new Error('the prerender makes no calls')),
  });
}

export interface PrerenderedLogin {
  language: Language;
  /** <html lang>. */
  htmlLang: string;
  /** document.title the page sets. */
  title: string;
  /** The markup of #root. */
  markup: string;
}

/** The login page as the browser's first render produces it (signed out, nothing loaded yet). */
export async function prerenderLogin(language: Language): Promise<PrerenderedLogin> {
  const app = createLoginConsole({
    runtime: readRuntimeConfig(undefined),
    storage: memoryStorage({ lang: language }),
    navigate: () => undefined,
    fetch: () => Promise.reject(new Error('the prerender makes no calls')),
  });
  await ensureLanguage(app.i18n, language);
  const plugins = await loadPlugins(discoverPlugins());
  // A fixed address: no store to subscribe to (wouter's memory location needs a server snapshot).
  const hook: BaseLocationHook = () => [PRERENDER_PATH, () => undefined];
  const searchHook: BaseSearchHook = () => '';
  // The login route's own tree, which main.tsx hydrates; the full console is never asked for here.
  const markup = renderToString(loginTree(app, plugins, consoleComponent(() => new Promise(() => undefined)), { hook, searchHook }));
  const t = app.i18n.t.bind(app.i18n);
  return { language, htmlLang: HTML_LANG[language], title: `${t(SYSTEM_NAME_KEY)} - ${t('route.login')}`, markup };
}

/**
 * What the console puts on <html> before its first paint (theme, size, container, colour palette:
 * src/app/header/appearance.ts) for a visitor without saved choices. Written into index.html so the
 * critical CSS is chosen for it and hydration changes nothing on screen.
 */
export function defaultAppearance(): { attributes: Record<string, string>; classes: string[]; style: Record<string, string> } {
  const app = buildConsole(LANGUAGES[0]);
  const attributes: Record<string, string> = {};
  const classes = new Set<string>();
  const style: Record<string, string> = {};
  const html = {
    dataset: attributes,
    classList: {
      toggle: (name: string, on?: boolean) => (on ? classes.add(name) : classes.delete(name)),
      remove: (...names: string[]) => names.forEach((name) => classes.delete(name)),
    },
    style: { setProperty: (name: string, value: string) => void (style[name] = value), removeProperty: (name: string) => void delete style[name] },
  };
  const stop = applyAppearance(app.root, html as unknown as HTMLElement);
  const out = { attributes: { ...attributes }, classes: [...classes], style: { ...style } };
  stop();
  return out;
}

/** The boot script's parameters: the console's constants and the calls the login page makes first. */
export async function bootParams(titles: Record<string, string>, languageChunks: Record<string, string[]>, assets: Assets): Promise<BootParams> {
  const plugins = await loadPlugins(discoverPlugins());
  const linkChecks = plugins.loginLinks.map((link) => link.early).filter((path): path is string => typeof path === 'string');
  const captchaStatusPath = 'api/captcha/status/';
  const settingsPath = 'api/init/settings/';
  return {
    cookiePrefix: COOKIE_PREFIX,
    loginPath: LOGIN_PATH,
    indexPath: INDEX_PATH,
    languages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    early: [captchaStatusPath, 'api/captcha/', settingsPath, ...linkChecks],
    captchaStatusPath,
    settingsPath,
    captchaMemoryKey: `${COOKIE_PREFIX}login-captcha`,
    htmlLang: HTML_LANG,
    titles,
    languageChunks,
    assets,
  };
}

export { consoleBoot, consoleLoad, consolePrerender };
