import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../config';
import { en } from './en';
import { zhChs } from './zh-chs';

export type { I18n, TFunction };
export { toLanguage } from '../config';

/** A translate function that the adapters receive by injection (they never import i18next). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export const resources = {
  'zh-chs': { translation: zhChs },
  en: { translation: en },
} as const;

/** Creates an initialised i18next instance (synchronous: resources are bundled). */
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

/** Adapts an i18next instance to the adapters' `Translate`. */
export function translator(instance: I18n): Translate {
  return (key, params) => instance.t(key, params);
}
