import { DEFAULT_LANGUAGE, type Language } from '../config';
import { createInstance, type I18n } from './core';
import { zhChsConsole, zhChsTexts } from './zh-chs';

export * from './core';

/** Bundled with the console: the default language. The others load on demand (ensureLanguage). */
export function resources() {
  return { 'zh-chs': { translation: zhChsTexts() } } as const;
}

/**
 * Creates an initialised i18next instance (synchronous). For a language other than the default,
 * `await ensureLanguage(instance, language)` before rendering with it.
 */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  return createInstance(language, resources());
}

/** The default language's other texts, into an instance made by createLoginI18n (texts already there stay). */
export function addConsoleTexts(instance: I18n): void {
  instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', zhChsConsole, true, false);
}
