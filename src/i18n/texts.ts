import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A module's texts in every language the console speaks (tests check both have the same keys). */
export interface ScreenTexts {
  'zh-chs': object;
  en: object;
}

/**
 * The texts of the screens and shared parts that load with their own chunk (not with the login page):
 * each module registers its texts once, when it is imported, under its key ('income' → 'income.…');
 * every i18next instance of the console holds them from then on (those made before and after).
 */
const registered = new Map<string, ScreenTexts>();
const instances = new Set<WeakRef<I18n>>();

function addTexts(instance: I18n, key: string, texts: ScreenTexts): void {
  // deep, without overwriting: a language loaded later (ensureLanguage) keeps these, and these never replace the console's own.
  for (const [language, bundle] of Object.entries(texts)) instance.addResourceBundle(language, 'translation', { [key]: bundle }, true, false);
}

/** An instance made by createInstance: it receives every text registered so far and every later one. */
export function holdRegisteredTexts(instance: I18n): void {
  for (const [key, texts] of registered) addTexts(instance, key, texts);
  instances.add(new WeakRef(instance));
}

function useRegisteredTexts(): TFunction {
  return useTranslation().t;
}

/**
 * Registers a module's texts under `key` (call it at the top level of the module's locale.ts) and returns
 * the module's `t` hook: keys like `${key}.field.name` and the console's own ('crud.add').
 */
export function registerTexts(key: string, texts: ScreenTexts): () => TFunction {
  registered.set(key, texts);
  for (const ref of instances) {
    const instance = ref.deref();
    if (instance) addTexts(instance, key, texts);
    else instances.delete(ref);
  }
  return useRegisteredTexts;
}
