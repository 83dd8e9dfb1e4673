import { describe, expect, it } from 'vitest';
import { createI18n, ensureLanguage, hasLanguage } from './index';

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
