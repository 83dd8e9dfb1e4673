import { describe, expect, it } from 'vitest';
import * as config from './config';

describe('config', () => {
  it('holds the spec constants (§9)', () => {
    expect([config.HTTP_TIMEOUT_PLAIN_MS, config.HTTP_TIMEOUT_AUTH_MS]).toEqual([20_000, 60_000]);
    expect([config.REQUEST_RETRY, config.REQUEST_RETRY_DELAY_MS, config.MESSAGE_DURATION_MS]).toEqual([3, 1000, 5000]);
    expect([config.ASIDE_WIDTH_PX, config.ASIDE_COLLAPSED_WIDTH_PX, config.RESIZE_THROTTLE_MS, config.SEARCH_FOCUS_DELAY_MS]).toEqual([200, 65, 300, 500]);
    expect([config.BADGE_MAX, config.POPOVER_WIDTH_PX, config.THEME_DIALOG_WIDTH_PX]).toEqual([99, 400, 600]);
    expect(config.SIZE_OPTIONS).toEqual(['default', 'medium', 'small', 'mini']);
    expect(config.COLOR_PRESETS).toEqual(['#ff4500', '#ff8c00', '#ffd700', '#90ee90', '#00ced1', '#1e90ff', '#c71585']);
    expect(config.DEFAULT_THEME_COLOR).toBe('#409EFF');
    expect([config.DICTIONARY_LIMIT, config.DEFAULT_DICTIONARY_KEY, config.COOKIE_EXPIRES_DAYS, config.VERSION]).toEqual([100, 'all', 30, '2.1.3']);
    expect(config.WHITE_LIST).toEqual(['/login', '/auth-redirect', '/bind', '/register', '/oauth2', '/privacy', '/preview']);
  });

  it('reads the server-written run-time configuration and tolerates junk', () => {
    expect(config.readRuntimeConfig({ apiUrl: 'http://10.0.0.2:8000', wsPath: 'ws/{token}/' })).toEqual({ apiUrl: 'http://10.0.0.2:8000', wsPath: 'ws/{token}/' });
    expect(config.readRuntimeConfig(undefined)).toEqual({ apiUrl: '', wsPath: 'api/ws/{token}/' });
    expect(config.readRuntimeConfig({ apiUrl: 3, wsPath: 'no-token' })).toEqual({ apiUrl: '', wsPath: 'api/ws/{token}/' });
  });

  it('reads the language cookie: none → zh-chs (default), a supported one as is, anything else → en (spec §4 fallback)', () => {
    expect(config.toLanguage(null)).toBe('zh-chs');
    expect(config.toLanguage('')).toBe('zh-chs');
    expect(config.toLanguage('zh-chs')).toBe('zh-chs');
    expect(config.toLanguage('en')).toBe('en');
    expect(config.toLanguage('fr')).toBe('en');
    expect(config.toLanguage('zh-CN')).toBe('en');
  });
});
