import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { rootFixture } from '../test/root-fixture';
import { menuItem, sampleMenu } from '../test/samples';
import { createPageRegistry, type PageLoader } from '../pages/registry';
import { isConsoleScreen, resolveShellRoute } from './shell-routes';

const withMessageCenterMenu = [
  ...sampleMenu,
  menuItem(7, 1, '消息中心', { sort: 7, path: '/messageCenter', web_path: '/messageCenter', component: 'system/messageCenter/index', cache: true }),
];

async function rootWithMenu(menu: typeof sampleMenu) {
  const { root } = rootFixture(fakeApi({ webRouter: async () => menu }), { token: 't' });
  await root.menu.load();
  return root;
}

describe('shell routes: named routes the shell navigates to (spec §2.1)', () => {
  it('reaches the message center and the front-end log without a menu entry for them', async () => {
    const root = await rootWithMenu(sampleMenu);
    expect(resolveShellRoute(root, '/messageCenter')).toMatchObject({ name: 'messageCenter', titleKey: 'route.messageCenter' });
    expect(resolveShellRoute(root, '/frontendLog')).toMatchObject({ name: 'frontendLog', titleKey: 'route.frontendLog' });
  });

  it("prefers the menu's own route (server title and cache flag) when the menu has one", async () => {
    const root = await rootWithMenu(withMessageCenterMenu);
    const route = resolveShellRoute(root, '/messageCenter');
    expect(route).toMatchObject({ title: '消息中心', cache: true });
    expect(route?.titleKey).toBeUndefined();
  });

  it('still answers null for a path that is neither fixed, named nor in the menu', async () => {
    const root = await rootWithMenu(sampleMenu);
    expect(resolveShellRoute(root, '/nowhere')).toBeNull();
  });
});

describe('shell routes: a console screen outside the menu is refused, not missing', () => {
  const loader: PageLoader = async () => ({ default: () => null });
  const registry = createPageRegistry({
    '../features/players/pages/center_users/accounts/index.tsx': loader,
    '../features/system/pages/system/user/index.tsx': loader,
  });

  it('knows the area screens by their component path and the system screens by their menu path', () => {
    expect(isConsoleScreen('/center_users/accounts', registry)).toBe(true);
    expect(isConsoleScreen('/center_users/accounts/', registry)).toBe(true);
    expect(isConsoleScreen('/user', registry)).toBe(true);
    expect(isConsoleScreen('/apiWhiteList', registry)).toBe(true);
  });

  it('calls anything else unknown (404): other paths, the system pages under their file path, the root', () => {
    expect(isConsoleScreen('/center_users/nowhere', registry)).toBe(false);
    expect(isConsoleScreen('/no/such/page', registry)).toBe(false);
    expect(isConsoleScreen('/system/user', registry)).toBe(false);
    expect(isConsoleScreen('/', registry)).toBe(false);
  });

  it('the real registry has the players screens the read-only analyst lacks', () => {
    expect(isConsoleScreen('/center_users/accounts')).toBe(true);
    expect(isConsoleScreen('/center_users/devices')).toBe(true);
  });
});
