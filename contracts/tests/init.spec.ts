import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { captchaResult, dictionaryEntry, dictionaryGroup, listPage, settings } from '../schemas';
import { expectSuccess } from './support/expect-contract';
import { DICTIONARIES, SETTINGS_TYPES } from './support/sample-data';

function typeOf(v: unknown): string {
  return v === null ? 'null' : typeof v;
}

areaTests('auth', () => {
test.describe('init/settings (public)', () => {
  test('keys and value types; captcha_state agrees with api/captcha/', async ({ api, target }) => {
    const data = expectSuccess(await api.get('api/init/settings/'), settings, 'GET api/init/settings/');
    for (const [key, type] of Object.entries(SETTINGS_TYPES)) {
      expect(Object.keys(data), `settings has ${key}`).toContain(key);
      expect(type.split('|'), `settings ${key} is ${type} (got ${JSON.stringify(data[key])})`).toContain(typeOf(data[key]));
    }
    for (const key of Object.keys(data)) expect(key, 'every key is "<group>.<item>"').toMatch(/^[A-Za-z0-9_]+\.[A-Za-z0-9_]+$/);
    if (target.fixtureData) {
      expect(Object.keys(data).sort(), 'the sample instance has exactly these 11 keys').toEqual(Object.keys(SETTINGS_TYPES).sort());
      expect(data['login.site_name']).toBe('企业级后台管理系统');
    }
    const challenge = expectSuccess(await api.get('api/captcha/'), captchaResult, 'GET api/captcha/');
    expect('key' in challenge, 'api/captcha/ gives a challenge exactly when base.captcha_state is true').toBe(data['base.captcha_state'] === true);
  });
});

test.describe('init/dictionary (public)', () => {
  test('dictionary_key=all: a list of enabled dictionaries with string values', async ({ api, target }) => {
    const page = expectSuccess(await api.get('api/init/dictionary/?dictionary_key=all&limit=100'), listPage(dictionaryGroup), 'dictionary all');
    expect(page.page).toBe(1);
    expect(page.data.length).toBeGreaterThan(0);
    const keys = page.data.map((g) => g.value);
    expect(new Set(keys).size, 'dictionary keys are unique').toBe(keys.length);
    if (target.fixtureData) {
      for (const [key, want] of Object.entries(DICTIONARIES)) {
        const group = page.data.find((g) => g.value === key);
        expect(group, `dictionary ${key} is listed`).toBeDefined();
        expect(group?.id, `dictionary ${key} id`).toBe(want.id);
        expect(group?.children.map((c) => `${c.label}=${c.value}`), `dictionary ${key} entries`).toEqual(want.entries);
      }
      expect(keys.sort()).toEqual(Object.keys(DICTIONARIES).sort());
    }
  });

  test('dictionary_key=<key>: that dictionary\'s entries only', async ({ api, target }) => {
    const page = expectSuccess(
      await api.get('api/init/dictionary/?dictionary_key=button_status_bool'),
      listPage(dictionaryEntry),
      'dictionary button_status_bool',
    );
    if (target.fixtureData) {
      expect(page.data).toEqual([
        { label: '启用', value: 'true', type: 6, color: null },
        { label: '禁用', value: 'false', type: 6, color: null },
      ]);
    } else {
      expect(page.data.length).toBeGreaterThan(0);
    }
  });

  test('an unknown key and no key both give an empty list', async ({ api }) => {
    const unknown = expectSuccess(await api.get('api/init/dictionary/?dictionary_key=no_such_dictionary'), listPage(dictionaryEntry), 'unknown key');
    expect(unknown.data).toEqual([]);
    const none = expectSuccess(await api.get('api/init/dictionary/'), listPage(dictionaryEntry), 'no key');
    expect(none.data).toEqual([]);
  });
});
});
