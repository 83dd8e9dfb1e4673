import { test, expect, SUPERADMIN } from './fixtures';

test.describe('sign in and out', () => {
  test('/ → login → dashboard with the 控制台 tab → sign out through the user menu', async ({ page, submitLogin, shot }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect, 'the redirect query holds the path the user asked for').toMatch(/^\/(index)?$/);
    await expect(page.getByTestId('login-username')).toBeVisible();
    await shot('login');

    await submitLogin(SUPERADMIN);
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toContainText('控制台');
    await expect(page.getByTestId('user-menu')).toContainText('你好 超级管理员');
    await expect(page, 'page title: system name - page title').toHaveTitle(/.+ - 控制台$/);
    await shot('dashboard');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page.getByText('确定要注销当前用户吗')).toBeVisible();
    await shot('logout-confirm');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByTestId('login-username')).toBeVisible();

    // Signed out for real: the dashboard now sends the user back to the login page.
    await page.goto('/index');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('cancelling the logout keeps the session and says 取消注销操作', async ({ page, submitLogin, shot }) => {
    await page.goto('/login');
    await submitLogin(SUPERADMIN);
    await expect(page.getByTestId('dashboard')).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.getByRole('button', { name: '取消' }).click();
    await expect(page.getByText('取消注销操作')).toBeVisible();
    await shot('logout-cancelled');
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText('你好 超级管理员');
  });

  test('a wrong password shows the server\'s message and stays on the login page', async ({ page, submitLogin, shot }) => {
    await page.goto('/login');
    await submitLogin({ username: SUPERADMIN.username, password: 'wrong-password' });
    await expect(page.getByTestId('login-error')).toContainText('账号/密码错误');
    await expect(page).toHaveURL(/\/login/);
    await shot('login-wrong-password');

    // The next attempt, on a fresh challenge, gets in.
    await submitLogin(SUPERADMIN);
    await expect(page.getByTestId('dashboard')).toBeVisible();
  });

  test('the redirect query is honoured after login', async ({ page, submitLogin }) => {
    await page.goto('/index?from=e2e');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect'), 'the full original path, query included').toBe('/index?from=e2e');
    await submitLogin(SUPERADMIN);
    await expect(page).toHaveURL(/\/index\?from=e2e$/);
    await expect(page.getByTestId('dashboard')).toBeVisible();
  });

  test('an unknown path, signed in, shows the 404 page', async ({ page, submitLogin, shot }) => {
    await page.goto('/login');
    await submitLogin(SUPERADMIN);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page, 'an unknown route goes to the 404 route').toHaveURL(/\/404$/);
    await expect(page.getByText('404').first()).toBeVisible();
    await expect(page.getByTestId('dashboard')).toHaveCount(0);
    await shot('not-found');
  });
});
