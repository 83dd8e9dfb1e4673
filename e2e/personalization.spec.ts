import type { Page } from '@playwright/test';
import { expect, SUPERADMIN, test, type Credentials } from './fixtures';
import { signIn } from './shell-helpers';

const TEST_USER: Credentials = { username: 'test', password: 'admin123456' };

/** The appearance the page shows: theme, primary colour, component size, page language. */
async function appearance(page: Page) {
  return page.evaluate(() => {
    const html = document.documentElement;
    return {
      theme: html.dataset.theme,
      color: html.style.getPropertyValue('--primary-color'),
      size: html.dataset.size,
      lang: html.lang,
      // what a component really draws with: the computed background of a primary button
      button: getComputedStyle(document.querySelector('.console-header .p-button, .p-button') ?? html).backgroundColor,
    };
  });
}

/** Signs out through the user menu in either language and waits for the reload. */
async function signOutAny(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('dialog').getByRole('button', { name: /^(确定|OK)$/ }).click()]);
  await expect(page.getByTestId('login-username')).toBeVisible();
}

test.describe('personalization', () => {
  test('theme, colour, size and language persist over a reload, per user; language changes menu, tab and title at once', async ({ page, submitLogin, shot }) => {
    await signIn(page, submitLogin, SUPERADMIN);
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'd2', color: '#409eff', size: 'default', lang: 'zh-CN' });

    // Theme: dialog, 使用 on violet.
    await page.getByTestId('header-theme').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('theme-use-d2')).toHaveText('已激活');
    await dialog.getByTestId('theme-use-violet').click();
    await expect(dialog.getByTestId('theme-use-violet')).toHaveText('已激活');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Colour: a preset.
    await page.getByTestId('header-color').click();
    await page.getByTestId('color-c71585').click();
    await page.keyboard.press('Escape');

    // Size: mini, with the notification.
    await page.getByTestId('header-size').click();
    await page.getByTestId('size-mini').click();
    await expect(page.getByText('已更新页面内组件的默认尺寸')).toBeVisible();
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'violet', color: '#c71585', size: 'mini' });
    await shot('personalization-violet-zh');

    // Language: menus, tabs and the title change at once, without a reload.
    const menuBefore = await page.getByTestId('aside').innerText();
    await expect(page.getByTestId('tab-bar')).toContainText('控制台');
    await expect(page).toHaveTitle('企业级后台管理系统 - 控制台');
    let reloaded = false;
    page.once('load', () => (reloaded = true));
    await page.getByTestId('header-language').click();
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('tab-bar')).toContainText('Console');
    await expect(page.getByTestId('tab-bar')).not.toContainText('控制台');
    await expect(page).toHaveTitle('Enterprise Admin System - Console');
    await expect(page.getByTestId('user-menu')).toContainText('Hello');
    await expect.poll(() => page.getByTestId('aside').innerText()).not.toBe(menuBefore);
    await expect(page.getByTestId('dashboard')).not.toContainText('控制台');
    expect(reloaded).toBe(false);
    await shot('personalization-violet-en');

    // Reload: everything is still there.
    await page.reload();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'violet', color: '#c71585', size: 'mini', lang: 'en' });
    await expect(page).toHaveTitle('Enterprise Admin System - Console');

    // A second user on the same browser sees their own (default) settings; the language cookie is the browser's.
    await signOutAny(page);
    await signIn(page, submitLogin, TEST_USER);
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'd2', color: '#409eff', size: 'default' });
    await page.getByTestId('header-theme').click();
    await page.getByRole('dialog').getByTestId('theme-use-star').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'star' });
    await shot('personalization-star-test-user');

    // And the first user gets theirs back.
    await signOutAny(page);
    await signIn(page, submitLogin, SUPERADMIN);
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'violet', color: '#c71585', size: 'mini' });
  });

  test('an error lands in the front-end log with its meta, counted on the badge; the log page shows it', async ({ page, submitLogin, context }) => {
    await page.goto('/login');
    await signIn(page, submitLogin, SUPERADMIN);
    const log = page.getByTestId('header-log');
    await expect(log).toHaveAttribute('data-tip', /没有日志或异常|No logs or errors/);
    // An uncaught error as the browser reports it to the window (dispatched, so the test itself stays clean).
    await page.evaluate(() => window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new TypeError('boom in a page') })));
    await expect(page.getByTestId('header-log-badge')).toHaveText('1');
    await expect(log).toHaveAttribute('data-tip', /1 条日志 \| 包含 1 个异常|1 log entries \| 1 errors/);
    const pageUrl = page.url();
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    await log.click();
    await expect(page).toHaveURL(/\/frontendLog$/);
    const row = page.getByTestId('frontend-log-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('TypeError: boom in a page');
    await row.getByTestId('frontend-log-details').click();
    const detail = page.getByTestId('frontend-log-detail');
    await expect(detail).toContainText(pageUrl);
    await expect(detail).toContainText('超级管理员');
    await expect(detail).toContainText(cookies['console-2.1.3-token'] ?? 'missing-token');
    await expect(detail).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const text = await detail.innerText();
    expect(text).toMatch(new RegExp(`uuid\\s+${cookies['console-2.1.3-uuid'] ?? 'missing-uuid'}\\b`));
  });
});
