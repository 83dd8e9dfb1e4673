/**
 * What the login route needs of i18n: no texts but the login page's. index.ts adds the
 * console's full texts (createI18n, addConsoleTexts); everything else imports it from there.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../config';
import type { Messages } from './zh-chs';
import { zhChsLogin } from './zh-chs-login';
import { holdRegisteredTexts } from './texts';

export type { I18n, TFunction };
export { toLanguage } from '../config';

/** A translate function that the adapters receive by injection (they never import i18next). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;


/** The other languages' texts, each its own small chunk (the login page ships Chinese only). */
const loaders: Record<Exclude<Language, 'zh-chs'>, () => Promise<Messages>> = {
  en: () => import('./en').then((module) => module.en),
};


/**
 * The login route's instance: of the default language only the login page's texts
 * (zh-chs-login.ts), so the login page's bundle holds no other; `addConsoleTexts` completes it when
 * the rest of the console loads. Another language loads whole (ensureLanguage), as with createI18n.
 */
export function createLoginI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  // A copy: i18next merges later bundles (addConsoleTexts) into the very object it was given.
  return createInstance(language, { 'zh-chs': { translation: JSON.parse(JSON.stringify(zhChsLogin)) as typeof zhChsLogin } });
}


export function createInstance(language: Language, bundled: Record<string, { translation: object }>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: bundled,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  holdRegisteredTexts(instance);
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
