import { test, expect, SUPERADMIN } from './fixtures';
import { apiToken, go, signIn, tab, tabTitles } from './shell-helpers';

const TEST_USER = { username: 'test', password: 'admin123456' };

test.describe('shell navigation', () => {
  test('/preview needs a code (else 403); an unknown path goes to 404', async ({ page, submitLogin, shot }) => {
    await page.goto('/preview');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByTestId('forbidden')).toContainText('403');
    await shot('shell-403');
    await page.goto('/preview?code=H5-2026');
    await expect(page.getByTestId('preview-code')).toContainText('H5-2026');

    await signIn(page, submitLogin);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('not-found')).toBeVisible();
    // redirect/:route* goes to the route, query kept.
    await page.goto('/redirect/index?x=1');
    await expect(page).toHaveURL(/\/index\?x=1$/);
  });

  test('a reload on a menu route lands on it; a page without a file shows the fallback and the console message', async ({ page, server, submitLogin }) => {
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(msg.text()));
    await signIn(page, submitLogin);
    // Every seeded menu has its page now: a menu whose component names no file stands in (as a menu made
    // in 菜单管理 before its page is written would).
    const token = await apiToken(page, server, SUPERADMIN);
    const headers = { Authorization: `JWT ${token}` };
    const res = await page.request.post('/api/system/menu/', {
      headers,
      data: { parent: 1, sort: 91, status: true, visible: true, is_catalog: false, is_link: false, name: '待写页面', web_path: '/pending/report', component: 'pending/report' },
    });
    const body = (await res.json()) as { code: number; msg: string; data: { id: number } };
    expect(body.code, body.msg).toBe(2000);
    try {
      await page.goto('/pending/report');
      await expect(page).toHaveURL(/\/pending\/report$/);
      await expect(page.getByTestId('page-fallback')).toContainText('待写页面');
      await expect(page).toHaveTitle(/ - 待写页面$/);
      expect(messages.some((m) => m.includes('pending/report') && m.includes('该菜单将无法访问，请检查文件是否存在'))).toBe(true);
      await expect.poll(() => tabTitles(page)).toEqual(['控制台', '待写页面']);
    } finally {
      await page.request.delete(`/api/system/menu/${body.data.id}/`, { headers });
    }
  });

  test('a screen the read-only user test lacks is refused (403), an unknown path still missing (404)', async ({ page, submitLogin, shot }) => {
    await signIn(page, submitLogin, TEST_USER);
    for (const path of ['/center_users/accounts', '/user']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/403$/);
      await expect(page.getByTestId('forbidden')).toContainText('403');
      await expect(page.getByTestId('forbidden')).toContainText('无权访问');
    }
    await shot('shell-403-not-granted');
    await page.getByText('返回首页').click();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.goto('/center_users/nowhere');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('a button hidden for user test is shown to superadmin (Permission)', async ({ page, submitLogin, shot }) => {
    // Wide enough that every section the role has is in the header (none under 更多).
    await page.setViewportSize({ width: 2400, height: 800 });
    await signIn(page, submitLogin, TEST_USER);
    await go(page, '/dashboard/workbench');
    await expect(page.getByTestId('workbench-retrieve')).toBeVisible();
    await expect(page.getByTestId('workbench-update')).toHaveCount(0);
    // test (a read-only analyst who also reads the game catalogue and its tags) sees the analytics areas and a few lists, nothing else.
    await expect(page.getByTestId('header-menu-item')).toHaveText(['仪表盘', '游戏管理', '收入中心', '用户中心', '广告投放', '数据报表', '埋点分析', '合作管理', '公共资源']);
    await shot('shell-permission-test-user');

    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, submitLogin, SUPERADMIN);
    await go(page, '/dashboard/workbench');
    await expect(page.getByTestId('workbench-retrieve')).toBeVisible();
    await expect(page.getByTestId('workbench-update')).toBeVisible();
  });

  test('side menu: one submenu open, current path highlighted, collapse 65px / 200px persisted', async ({ page, submitLogin, shot }) => {
    await signIn(page, submitLogin);
    await go(page, '/loginLog');
    const aside = page.getByTestId('aside');
    await expect(aside.locator('[aria-current="page"]')).toHaveText('登录日志');
    await expect(aside.getByRole('button', { name: '日志管理' })).toHaveAttribute('aria-expanded', 'true');
    await aside.getByRole('button', { name: '常规配置' }).click();
    await expect(aside.getByRole('button', { name: '常规配置' })).toHaveAttribute('aria-expanded', 'true');
    await expect(aside.getByRole('button', { name: '日志管理' })).toHaveAttribute('aria-expanded', 'false');
    await aside.getByRole('button', { name: '字典管理' }).click();
    await expect(page).toHaveURL(/\/dictionary$/);
    await expect(aside.locator('[aria-current="page"]')).toHaveText('字典管理');
    await shot('shell-side-menu');

    expect(await aside.evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
    await page.getByRole('button', { name: '收起侧栏' }).click();
    await expect.poll(() => aside.evaluate((el) => el.getBoundingClientRect().width)).toBe(65);
    await page.reload();
    await expect.poll(() => aside.evaluate((el) => el.getBoundingClientRect().width)).toBe(65);
    await page.getByRole('button', { name: '展开侧栏' }).click();
    await expect.poll(() => aside.evaluate((el) => el.getBoundingClientRect().width)).toBe(200);

    // The home link goes to /index.
    await aside.getByTestId('aside-home').click();
    await expect(page).toHaveURL(/\/index$/);
  });

  test('header menu: 更多 only when sections do not fit, none cut; a section click shows its entries in the aside', async ({ page, submitLogin }) => {
    await page.setViewportSize({ width: 2400, height: 800 });
    await signIn(page, submitLogin, TEST_USER);
    // test (the read-only analyst, who also reads the game catalogue) has 9 sections: they fit at 2400 px.
    await expect(page.getByTestId('header-menu-item')).toHaveCount(9);
    await expect(page.getByTestId('header-menu-more')).toHaveCount(0);
    await page.getByTestId('header-menu-item').filter({ hasText: '游戏管理' }).click();
    await expect(page).toHaveURL(/\/game\//);
    await expect(page.getByTestId('aside').getByTestId('aside-entry').filter({ hasText: '游戏查询' })).toHaveCount(1);

    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, submitLogin, SUPERADMIN);
    await page.setViewportSize({ width: 1000, height: 800 });
    const more = page.getByTestId('header-menu-more');
    await expect(more).toBeVisible();
    // Every shown section lies whole inside the menu's box, 更多 included.
    const box = (await page.getByTestId('header-menu').boundingBox())!;
    for (const el of [...(await page.getByTestId('header-menu-item').all()), more]) {
      const r = (await el.boundingBox())!;
      expect(r.x + r.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    // The sections left out are in 更多, and one of them opens from there.
    const shown = await page.getByTestId('header-menu-item').count();
    await more.click();
    const hidden = page.getByTestId('header-menu-more-item');
    expect(shown + (await hidden.count())).toBeGreaterThan(shown);
    await hidden.last().click();
    await expect(page.getByTestId('header-menu-more-list')).toHaveCount(0);
    await page.setViewportSize({ width: 3200, height: 800 });
    await expect(more).toHaveCount(0);
  });

  test('search: s opens (not while typing), focus after 500 ms, fuzzy match, Enter navigates, Esc closes', async ({ page, submitLogin, shot }) => {
    await signIn(page, submitLogin);
    await page.keyboard.press('s');
    const input = page.getByTestId('search-input');
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
    await input.fill('日志登录');
    await expect(page.getByTestId('search-result').first()).toContainText('系统管理 / 日志管理 / 登录日志');
    await shot('shell-search');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/loginLog$/);
    await expect(page.getByTestId('search-panel')).toHaveCount(0);
    await expect(tab(page, '登录日志')).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('s');
    await expect(input).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('search-panel')).toHaveCount(0);

    // Typing an s into a field does not open the panel.
    await go(page, '/dashboard/workbench');
    await page.getByTestId('workbench-shortcut-filter').fill('');
    await page.getByTestId('workbench-shortcut-filter').press('s');
    await expect(page.getByTestId('search-panel')).toHaveCount(0);
    await expect(page.getByTestId('workbench-shortcut-filter')).toHaveValue('s');
  });

  test('menu clicks: a placeholder entry warns 临时菜单 and stays; an http(s) entry opens a new browser tab', async ({ page, server, submitLogin, shot }) => {
    await signIn(page, submitLogin);
    const token = await apiToken(page, server, SUPERADMIN);
    const headers = { Authorization: `JWT ${token}` };
    const created: number[] = [];
    const create = async (data: Record<string, unknown>) => {
      const res = await page.request.post('/api/system/menu/', { headers, data: { parent: 1, sort: 90, status: true, visible: true, is_catalog: false, ...data } });
      const body = (await res.json()) as { code: number; msg: string; data: { id: number } };
      expect(body.code, body.msg).toBe(2000);
      created.push(body.data.id);
    };
    try {
      // No path and no page: the console gives it a generated placeholder path.
      await create({ name: '待建入口', web_path: '', component: '', is_link: false });
      await create({ name: '接口文档', web_path: `${server.baseUrl}/api/docs/`, component: '', is_link: true });
      await page.reload();
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await page.getByTestId('header-menu-item').filter({ hasText: '系统管理' }).click();
      const aside = page.getByTestId('aside');
      const before = page.url();

      await aside.getByTestId('aside-entry').filter({ hasText: '待建入口' }).click();
      await expect(page.locator('.p-toast-message-warn')).toContainText('临时菜单');
      await shot('shell-temporary-menu');
      expect(page.url()).toBe(before);

      const [popup] = await Promise.all([page.waitForEvent('popup'), aside.getByTestId('aside-entry').filter({ hasText: '接口文档' }).click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(`${server.baseUrl}/api/docs/`);
      await popup.close();
      expect(page.url()).toBe(before);
    } finally {
      for (const id of created) await page.request.delete(`/api/system/menu/${id}/`, { headers });
    }
  });
});
