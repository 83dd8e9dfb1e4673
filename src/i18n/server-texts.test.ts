import { describe, expect, it } from 'vitest';
import { ALL_MENUS, BUTTON_NAMES } from '../../server/seed/menus';
import { DICTIONARIES } from '../../server/seed/dictionaries';
import { CONFIG_GROUPS } from '../../server/seed/settings';
import { CONNECTED_FRAME, UNREAD_FRAME } from '../../server/ws/frames';
import { fakeApi } from '../test/fake-api';
import { rootFixture } from '../test/root-fixture';
import { menuItem, sampleDictionaries } from '../test/samples';
import { serverText, serverTextsEn } from './server-texts';

const CJK = /[\u3400-\u9fff]/;

describe('server texts in English', () => {
  it('has an English text, free of Chinese, for every Chinese text the reference server seeds', () => {
    const seeded = [
      ...ALL_MENUS.map((menu) => menu.name),
      ...Object.values(BUTTON_NAMES),
      ...DICTIONARIES.flatMap((dictionary) => [dictionary.label, ...dictionary.entries.map((entry) => entry.label)]),
      ...CONFIG_GROUPS.flatMap((group) => [group.title, ...group.items.flatMap((item) => [item.title, item.placeholder])]),
      String(CONNECTED_FRAME.content),
      String(UNREAD_FRAME.content),
    ].filter((text) => CJK.test(text));
    expect(seeded.length).toBeGreaterThan(100);
    const missing = [...new Set(seeded)].filter((text) => !serverTextsEn[text] || CJK.test(serverTextsEn[text]));
    expect(missing).toEqual([]);
  });

  it('zh-chs shows the server text as sent; en translates a seed text and keeps any other (a real back end\'s own names)', () => {
    expect(serverText('zh-chs', '菜单管理')).toBe('菜单管理');
    expect(serverText('en', '菜单管理')).toBe('Menus');
    expect(serverText('en', '我们的菜单')).toBe('我们的菜单');
  });

  it('menus, tabs and search follow the language; dictionary labels and socket notices too', () => {
    const { root, notices } = rootFixture(fakeApi({}), { lang: 'en' });
    root.menu.setItems([
      menuItem(1, null, '系统管理'),
      menuItem(2, 1, '菜单管理', { path: '/menu', web_path: '/menu', component: 'system/menu/index' }),
      menuItem(3, 1, '我们的报表', { path: '/ours', web_path: '/ours', component: 'ours/index' }),
    ]);
    expect(root.menu.sections.map((section) => section.title)).toEqual(['System']);
    expect(root.menu.routeFor('/menu')?.meta.title).toBe('Menus');
    expect(root.menu.routeFor('/ours')?.meta.title).toBe('我们的报表');
    expect(root.menu.searchPool.map((item) => item.fullTitle)).toEqual(['System / Menus', 'System / 我们的报表']);

    root.dictionary.data.replace(sampleDictionaries.map((group) => [group.value, group.children.map((entry) => ({ label: entry.label, value: entry.value, color: null }))]));
    expect(root.dictionary.get('button_status_bool').map((entry) => entry.label)).toEqual(['Enabled', 'Disabled']);

    root.messages.handleFrame(CONNECTED_FRAME);
    expect(notices.at(-1)?.text).toBe('Connected');

    root.locale.setLanguage('zh-chs');
    expect(root.menu.routeFor('/menu')?.meta.title).toBe('菜单管理');
    expect(root.dictionary.get('button_status_bool').map((entry) => entry.label)).toEqual(['启用', '禁用']);
    root.messages.handleFrame(CONNECTED_FRAME);
    expect(notices.at(-1)?.text).toBe('连接成功');
  });
});
