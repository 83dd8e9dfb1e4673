import { test, expect, SUPERADMIN } from './fixtures';
import { cacheMenus, go, signIn, signOut, tab, tabTitles } from './shell-helpers';

/** Five menu pages of the seed (superadmin sees them all). */
const FIVE = [
  { path: '/dashboard/workbench', title: '工作台' },
  { path: '/dashboard/realtime', title: '实时概况' },
  { path: '/game/query', title: '游戏查询' },
  { path: '/user', title: '用户管理' },
  { path: '/dept', title: '部门管理' },
];
const FIVE_TITLES = FIVE.map((p) => p.title);

test.describe('tabs', () => {
  test('five pages open as tabs; close one / left / right / others / all move focus as the spec says', async ({ page, submitLogin, shot }) => {
    await signIn(page, submitLogin);
    for (const p of FIVE) await go(page, p.path);
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', ...FIVE_TITLES]);
    await expect(page).toHaveTitle(/ - 部门管理$/);
    await shot('shell-five-tabs');

    // Close the current (last) tab with its icon: focus goes to the left neighbour.
    await tab(page, '部门管理').getByTestId('tab-close').click();
    await expect(page).toHaveURL(/\/user$/);
    // Close a middle current tab: focus goes to the right neighbour.
    await tab(page, '实时概况').click();
    await expect(page).toHaveURL(/\/dashboard\/realtime$/);
    await tab(page, '实时概况').getByTestId('tab-close').click();
    await expect(page).toHaveURL(/\/game\/query$/);
    expect(await tabTitles(page)).toEqual(['控制台', '工作台', '游戏查询', '用户管理']);
    // Closing a tab that is not current keeps the page.
    await tab(page, '工作台').getByTestId('tab-close').click();
    await expect(page).toHaveURL(/\/game\/query$/);
    expect(await tabTitles(page)).toEqual(['控制台', '游戏查询', '用户管理']);

    // The index tab has no close icon and its context menu has only 关闭全部.
    await expect(tab(page, '控制台').getByTestId('tab-close')).toHaveCount(0);
    await tab(page, '控制台').click({ button: 'right' });
    await expect(page.getByTestId('tab-context-menu').getByRole('menuitem')).toHaveText(['关闭全部']);
    await page.keyboard.press('Escape');

    for (const p of FIVE) await go(page, p.path);
    expect(await tabTitles(page)).toEqual(['控制台', '游戏查询', '用户管理', '工作台', '实时概况', '部门管理']);

    // Context menu of another tab: the five commands; 关闭左侧 on 工作台 keeps the index tab and focuses 工作台.
    await tab(page, '工作台').click({ button: 'right' });
    await expect(page.getByTestId('tab-context-menu').getByRole('menuitem')).toHaveText(['刷新', '关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
    await shot('shell-tab-context-menu');
    await page.getByRole('menuitem', { name: '关闭左侧' }).click();
    expect(await tabTitles(page)).toEqual(['控制台', '工作台', '实时概况', '部门管理']);
    await expect(page).toHaveURL(/\/dashboard\/workbench$/);

    // 关闭右侧 on 实时概况.
    await tab(page, '实时概况').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭右侧' }).click();
    expect(await tabTitles(page)).toEqual(['控制台', '工作台', '实时概况']);
    await expect(page).toHaveURL(/\/dashboard\/realtime$/);

    // 关闭其它 from the dropdown works on the current tab.
    await go(page, '/user');
    await page.getByTestId('tabs-more').click();
    await expect(page.getByTestId('tab-dropdown-menu').getByRole('menuitem')).toHaveText(['关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
    await page.getByRole('menuitem', { name: '关闭其它' }).click();
    expect(await tabTitles(page)).toEqual(['控制台', '用户管理']);

    // 关闭全部 (context menu) returns to the index page.
    await tab(page, '用户管理').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    expect(await tabTitles(page)).toEqual(['控制台']);
    await expect(page).toHaveURL(/\/index$/);

    // The dropdown's main click closes all, too.
    await go(page, '/dept');
    await go(page, '/game/query');
    await page.getByTestId('tabs-close-all').click();
    expect(await tabTitles(page)).toEqual(['控制台']);
    await expect(page).toHaveURL(/\/index$/);
  });

  test('a reload restores the tabs in their order, drag reorder persists, another user has their own tabs', async ({ page, submitLogin }) => {
    await signIn(page, submitLogin);
    for (const p of FIVE.slice(0, 4)) await go(page, p.path);
    const opened = ['控制台', ...FIVE_TITLES.slice(0, 4)];
    await expect.poll(() => tabTitles(page)).toEqual(opened);

    await page.reload();
    await expect(page).toHaveURL(/\/user$/);
    await expect.poll(() => tabTitles(page)).toEqual(opened);
    await expect(tab(page, '用户管理')).toHaveAttribute('aria-selected', 'true');

    // Drag 用户管理 onto 工作台: it moves before it; the index tab cannot be dragged. The socket's
    // 连接成功 toast (top centre, over the tab bar) must be gone first, or the press lands on it.
    await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 15_000 });
    await tab(page, '用户管理').dragTo(tab(page, '工作台'));
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '用户管理', '工作台', '实时概况', '游戏查询']);
    await expect(tab(page, '控制台')).toHaveAttribute('draggable', 'false');
    await page.reload();
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '用户管理', '工作台', '实时概况', '游戏查询']);

    // Another user on the same browser starts with only their own tabs.
    await signOut(page);
    await signIn(page, submitLogin, { username: 'test', password: 'admin123456' });
    await expect.poll(() => tabTitles(page)).toEqual(['控制台']);
    await go(page, '/game/query');
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '游戏查询']);
    await page.reload();
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '游戏查询']);

    // And superadmin gets theirs back.
    await signOut(page);
    await signIn(page, submitLogin, SUPERADMIN);
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '用户管理', '工作台', '实时概况', '游戏查询']);
  });

  test('a cached page keeps typed text across tab switches; closing it drops the cache', async ({ page, submitLogin, shot }) => {
    // The seed marks the workbench menu cache: true; nothing is rewritten here.
    await signIn(page, submitLogin);
    await go(page, '/dashboard/workbench');
    await page.getByTestId('workbench-shortcut-filter').fill('半成品的记事');
    await go(page, '/game/query');
    await expect(page.getByTestId('game-query')).toBeVisible();
    await expect(page.getByTestId('workbench-shortcut-filter')).toBeHidden();
    await tab(page, '工作台').click();
    await expect(page.getByTestId('workbench-shortcut-filter')).toHaveValue('半成品的记事');
    await shot('shell-cached-page');

    // 刷新 starts the page afresh.
    await tab(page, '工作台').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await expect(page.getByTestId('workbench-shortcut-filter')).toHaveValue('');

    // /refresh reloads the current tab and goes back to it.
    await page.getByTestId('workbench-shortcut-filter').fill('刷新前');
    await go(page, '/dashboard/realtime');
    await go(page, '/dashboard/workbench');
    await expect(page.getByTestId('workbench-shortcut-filter')).toHaveValue('刷新前');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/refresh');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/dashboard\/workbench$/);
    await expect(page.getByTestId('workbench-shortcut-filter')).toHaveValue('');
    expect(await tabTitles(page)).toEqual(['控制台', '工作台', '游戏查询', '实时概况']);

    // Closed and reopened: fresh again.
    await page.getByTestId('workbench-shortcut-filter').fill('再写一次');
    await tab(page, '工作台').getByTestId('tab-close').click();
    await go(page, '/dashboard/workbench');
    await expect(page.getByTestId('workbench-shortcut-filter')).toHaveValue('');
  });

  test('a page not marked cache starts afresh after a tab switch', async ({ page, submitLogin }) => {
    await cacheMenus(page, ['dashboard/workbench'], false);
    await signIn(page, submitLogin);
    await go(page, '/dashboard/workbench');
    await page.getByTestId('workbench-shortcut-filter').fill('不会保留');
    await tab(page, '控制台').click();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await tab(page, '工作台').click();
    await expect(page.getByTestId('workbench-shortcut-filter')).toHaveValue('');
  });
});
