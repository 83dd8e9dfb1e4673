import { makeAutoObservable } from 'mobx';
import { toLanguage, type Language } from '../config';
import type { Cookies } from '../adapters/cookies';

/** The interface language, kept in a cookie (spec §4: default zh-chs). */
export class LocaleStore {
  language: Language;

  constructor(private readonly cookies: Cookies) {
    this.language = toLanguage(cookies.get('lang'));
    makeAutoObservable<LocaleStore, 'cookies'>(this, { cookies: false }, { autoBind: true });
  }

  setLanguage(language: Language): void {
    this.language = language;
    this.cookies.set('lang', language);
  }
}
