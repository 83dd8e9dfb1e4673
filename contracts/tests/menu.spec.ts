import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { listPage, menuItem, type MenuItem } from '../schemas';
import { expectFailure, expectSuccess } from './support/expect-contract';
import { SUPERUSER_MENUS } from './support/sample-data';

const WEB_ROUTER = 'api/system/menu/web_router/';

/** Rules every web_router answer keeps, whoever asks. */
function expectWellFormed(page: { total: number; data: MenuItem[] }, who: string): void {
  expect(page.total, `${who}: total is the real count`).toBe(page.data.length);
  const ids = page.data.map((m) => m.id);
  expect(new Set(ids).size, `${who}: ids are unique`).toBe(ids.length);
  const sorts = page.data.map((m) => m.sort ?? 0);
  expect(sorts, `${who}: ordered by sort`).toEqual([...sorts].sort((a, b) => a - b));
  for (const m of page.data) {
    expect(m.name, `${who}: menu ${m.id} title = name`).toBe(m.title);
    expect(m.path, `${who}: menu ${m.id} path = web_path`).toBe(m.web_path);
    if (m.is_catalog) {
      expect([m.web_path, m.component, m.component_name], `${who}: catalog ${m.id} has no path or component`).toEqual(['', '', '']);
    }
    if (m.parent !== null) expect(ids, `${who}: parent ${m.parent} of menu ${m.id} is in the list`).toContain(m.parent);
  }
}

areaTests('system', () => {
test.describe('menu/web_router', () => {
  test('superadmin gets every enabled menu (system menus 1-17 included), with all of each menu\'s buttons', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    const page = expectSuccess(await api.get(WEB_ROUTER, { token: access }), listPage(menuItem), 'web_router as superadmin');
    expectWellFormed(page, 'superadmin');
    for (const m of page.data) expect(m.menuPermission, `superadmin: menu ${m.id} menuPermission is a list, never null`).not.toBeNull();
    if (!target.fixtureData) return;
    for (const want of SUPERUSER_MENUS) {
      const got = page.data.find((m) => m.id === want.id);
      expect(got, `menu ${want.id} ${want.name} is listed`).toBeDefined();
      if (!got) continue;
      expect(
        {
          parent: got.parent, sort: got.sort, name: got.name, path: got.path, component: got.component,
          component_name: got.component_name, is_catalog: got.is_catalog, visible: got.visible,
          is_link: got.is_link, cache: got.cache, frame_out: got.frame_out,
        },
        `menu ${want.id} ${want.name}`,
      ).toEqual({
        parent: want.parent, sort: want.sort, name: want.name, path: want.path, component: want.component,
        component_name: want.componentName, is_catalog: want.catalog, visible: want.visible,
        is_link: false, cache: false, frame_out: false,
      });
      expect([...(got.menuPermission ?? [])].sort(), `menu ${want.id} ${want.name} buttons`).toEqual([...want.buttons].sort());
    }
  });

  test('a non-superuser gets fewer menus, with only granted buttons (or null)', async ({ api, auth, target }) => {
    const superPage = expectSuccess(await api.get(WEB_ROUTER, { token: (await auth.session()).access }), listPage(menuItem), 'web_router as superadmin');
    const other = await auth.login(target.otherUsername, target.password);
    const page = expectSuccess(await api.get(WEB_ROUTER, { token: other.access }), listPage(menuItem), `web_router as ${target.otherUsername}`);
    expectWellFormed(page, target.otherUsername);
    expect(page.data.length, `${target.otherUsername} sees fewer menus than superadmin`).toBeLessThan(superPage.data.length);
    for (const m of page.data) {
      const full = superPage.data.find((s) => s.id === m.id);
      expect(full, `${target.otherUsername}'s menu ${m.id} is one superadmin sees too`).toBeDefined();
      if (m.menuPermission !== null) {
        for (const b of m.menuPermission) expect(full?.menuPermission ?? [], `button ${b} of menu ${m.id} exists on that menu`).toContain(b);
      }
    }
  });

  test('without a token → 4000', async ({ api }) => {
    expectFailure(await api.get(WEB_ROUTER), { code: 4000 }, 'web_router without a token');
  });
});
});
