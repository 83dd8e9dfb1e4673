import { describe, expect, it } from 'vitest';
import { addConsoleTexts, createI18n, createLoginI18n, ensureLanguage, hasLanguage } from './index';
import { en } from './en';
import { zhChsConsole, zhChsTexts } from './zh-chs';
import { zhChsLogin } from './zh-chs-login';

describe('ensureLanguage', () => {
  it("loads English even when a screen already added its own English texts (switching language after opening a page)", async () => {
    const i18n = createI18n('zh-chs');
    // What a screen's texts do on first render (src/pages/system/locale.ts, tracking, charts …).
    i18n.addResourceBundle('en', 'translation', { sys: { user: { title: 'Users' } } }, true, false);
    expect(hasLanguage(i18n, 'en')).toBe(false);
    await ensureLanguage(i18n, 'en');
    expect(hasLanguage(i18n, 'en')).toBe(true);
    await i18n.changeLanguage('en');
    expect(i18n.t('app.systemName')).toBe('Enterprise Admin System');
    expect(i18n.t('sys.user.title')).toBe('Users');
  });

  it('the default language is always there', async () => {
    const i18n = createI18n('zh-chs');
    expect(hasLanguage(i18n, 'zh-chs')).toBe(true);
    await ensureLanguage(i18n, 'zh-chs');
    expect(i18n.t('app.systemName')).toBe('企业级后台管理系统');
  });
});

describe('the login route texts', () => {
  it("the login instance holds the login page's Chinese texts only; addConsoleTexts completes it", () => {
    const i18n = createLoginI18n('zh-chs');
    expect(hasLanguage(i18n, 'zh-chs')).toBe(true);
    expect(i18n.t('login.submit')).toBe('登录');
    expect(i18n.t('http.network')).toBe('网络连接失败，请检查服务器地址');
    // A console text is not there yet (the fallback English is not loaded either: the key shows).
    expect(i18n.t('personalize.theme')).toBe('personalize.theme');
    addConsoleTexts(i18n);
    expect(i18n.t('personalize.theme')).toBe('主题');
    expect(i18n.t('login.submit')).toBe('登录');
    // The bundled texts themselves are left alone (i18next merges into what it was given).
    expect(createLoginI18n('zh-chs').t('personalize.theme')).toBe('personalize.theme');
  });

  it('the login texts and the rest together are all of the default language, and English has the same keys', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`)) : [prefix.slice(0, -1)];
    // What an instance holds: the default language whole, plus the texts screens registered in this
    // process (other test files of the worker may have imported some).
    const held = new Set(keys(createI18n('zh-chs').getResourceBundle('zh-chs', 'translation')));
    const full = keys(zhChsTexts()).sort();
    expect(full.filter((key) => !held.has(key))).toEqual([]);
    expect(full.length).toBeGreaterThan(keys(zhChsLogin).length);
    expect(keys(en).sort()).toEqual(full);
    expect(Object.keys(zhChsLogin).filter((group) => group in zhChsConsole)).toEqual([]);
  });

  it('an English login page loads English whole', async () => {
    const i18n = createLoginI18n('en');
    await ensureLanguage(i18n, 'en');
    await i18n.changeLanguage('en');
    expect(i18n.t('login.submit')).toBe('Sign in');
    expect(i18n.t('personalize.theme')).not.toBe('personalize.theme');
  });
});
