import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../config';
import { zhChs, type Messages } from './zh-chs';

export type { I18n, TFunction };
export { toLanguage } from '../config';

/** A translate function that the adapters receive by injection (they never import i18next). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Bundled with the console: the default language. The others load on demand (ensureLanguage). */
export const resources = {
  'zh-chs': { translation: zhChs },
} as const;

/** The other languages' texts, each its own small chunk (the login page ships Chinese only). */
const loaders: Record<Exclude<Language, 'zh-chs'>, () => Promise<Messages>> = {
  en: () => import('./en').then((module) => module.en),
};

/**
 * Creates an initialised i18next instance (synchronous). For a language other than the default,
 * `await ensureLanguage(instance, language)` before rendering with it.
 */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/**
 * Whether the instance holds the console's texts of a language. (Not merely a bundle of it: screens
 * add their own texts for every language as they first render, e.g. `sys` or `tracking`, so a
 * language's bundle can exist with only those in it.)
 */
export function hasLanguage(instance: I18n, language: Language): boolean {
  return instance.getResource(language, 'translation', 'app.systemName') !== undefined;
}

/** Loads a language's texts into the instance (once; at once for the bundled default), keeping texts screens added. */
export async function ensureLanguage(instance: I18n, language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || hasLanguage(instance, language)) return;
  const messages = await loaders[language as keyof typeof loaders]();
  if (!hasLanguage(instance, language)) instance.addResourceBundle(language, 'translation', messages, true, false);
}

/** Adapts an i18next instance to the adapters' `Translate`. */
export function translator(instance: I18n): Translate {
  return (key, params) => instance.t(key, params);
}
