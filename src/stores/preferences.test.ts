import { describe, expect, it } from 'vitest';
import { createMemoryLocalDb } from '../adapters/local-db';
import { createCookies, memoryCookieJar } from '../adapters/cookies';
import { LocaleStore } from './locale';
import { DEFAULT_PREFERENCES, normalizePreferences, PreferencesStore, PREFERENCE_KEYS, toThemeColor, toThemeName } from './preferences';
import { ThemeStore } from './theme';
import { UiStore } from './ui';

function build(initialUuid: string | null = 'alice') {
  let uuid = initialUuid;
  const db = createMemoryLocalDb(() => uuid);
  const cookies = createCookies(memoryCookieJar());
  const locale = new LocaleStore(cookies);
  const preferences = new PreferencesStore(db, locale, () => uuid);
  return { db, cookies, locale, preferences, theme: new ThemeStore(preferences), ui: new UiStore(preferences), as: (id: string | null) => (uuid = id) };
}

describe('PreferencesStore', () => {
  it('starts with the spec defaults and loads them for a new user', async () => {
    const { preferences, db } = build();
    await preferences.load();
    expect(preferences.loaded).toBe(true);
    expect(preferences.all).toEqual({ ...DEFAULT_PREFERENCES, locale: 'zh-chs' });
    expect(preferences.values.color).toBe('#409EFF');
    expect(preferences.values.size).toBe('default');
    expect(preferences.values.theme).toBe('d2');
    // defaults are written back for missing values
    expect(await db.get('sys', PREFERENCE_KEYS.color, { user: true, defaultValue: 'x' })).toBe('#409EFF');
  });

  it('stores each choice per user in the sys area and reloads it', async () => {
    const s = build('alice');
    await s.preferences.load();
    await s.theme.activate('violet');
    await s.theme.setColor('#c71585');
    await s.theme.setSize('mini');
    s.ui.toggleAside();
    await Promise.resolve();
    expect(await s.db.get('sys', 'theme.activeName', { user: true, defaultValue: '' })).toBe('violet');

    s.as('bob');
    await s.preferences.load();
    expect(s.theme.activeName).toBe('d2');
    expect(s.theme.color).toBe('#409EFF');
    expect(s.ui.asideCollapsed).toBe(false);

    s.as('alice');
    await s.preferences.load();
    expect(s.theme.activeName).toBe('violet');
    expect(s.theme.color).toBe('#c71585');
    expect(s.theme.size).toBe('mini');
    expect(s.ui.asideCollapsed).toBe(true);
  });

  it('falls back to the first theme for an unknown stored name and to the default colour for an empty one', async () => {
    const s = build();
    await s.db.set('sys', PREFERENCE_KEYS.theme, 'no-such-theme', { user: true });
    await s.db.set('sys', PREFERENCE_KEYS.color, '', { user: true });
    await s.db.set('sys', PREFERENCE_KEYS.size, 'huge', { user: true });
    await s.preferences.load();
    expect(s.theme.activeName).toBe('d2');
    expect(s.theme.color).toBe('#409EFF');
    expect(s.theme.size).toBe('default');
    await s.theme.setColor('');
    expect(s.theme.color).toBe('#409EFF');
  });

  it('normalises malformed values', () => {
    expect(toThemeName('star')).toBe('star');
    expect(toThemeName(3)).toBe('d2');
    expect(toThemeColor('#abc')).toBe('#abc');
    expect(toThemeColor('red')).toBe('#409EFF');
    expect(normalizePreferences({ transition: 'yes', openedTabs: 'x', container: 'ghost' })).toMatchObject({ transition: true, openedTabs: [], container: 'ghost' });
  });

  it('reads the language from its cookie and sets it there', () => {
    const s = build();
    s.preferences.setLocale('en');
    expect(s.cookies.get('lang')).toBe('en');
    expect(s.preferences.all.locale).toBe('en');
  });

  it('keeps open tabs for the tabs store, per user', async () => {
    const s = build('alice');
    await s.preferences.tabsPersistence.save([{ name: 'a', fullPath: '/a' }]);
    s.as('bob');
    await s.preferences.load();
    expect(await s.preferences.tabsPersistence.load()).toEqual([]);
    s.as('alice');
    await s.preferences.load();
    expect(await s.preferences.tabsPersistence.load()).toEqual([{ name: 'a', fullPath: '/a' }]);
  });

  it('reset returns to the defaults in memory but keeps the stored choices', async () => {
    const s = build();
    await s.preferences.load();
    await s.theme.activate('star');
    s.preferences.reset();
    expect(s.theme.activeName).toBe('d2');
    expect(s.preferences.loaded).toBe(false);
    await s.preferences.load();
    expect(s.theme.activeName).toBe('star');
  });
});

describe('UiStore', () => {
  it('tracks fullscreen, search and gray in memory and layout choices in the preferences', async () => {
    const s = build();
    s.ui.setFullscreen(true);
    s.ui.setGray(true);
    s.ui.setContainer('card');
    s.ui.setSmoothScroll(true);
    s.ui.setTransition(false);
    await Promise.resolve();
    expect(s.ui.container).toBe('card');
    expect(await s.db.get('sys', PREFERENCE_KEYS.container, { user: true, defaultValue: '' })).toBe('card');
    s.ui.reset();
    expect(s.ui.fullscreen).toBe(false);
    expect(s.ui.gray).toBe(false);
    expect(s.ui.container).toBe('card');
    expect(s.ui.transition).toBe(false);
  });
});
