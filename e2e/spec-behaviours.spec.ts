import type { Page, Request } from '@playwright/test';
import { COOKIE_PREFIX } from '../src/config';
import { expect, test } from './fixtures';
import { signIn } from './shell-helpers';

/**
 * Behaviours the spec rules on that a person sees from outside: one request per need,
 * the front-end log's url, the redirect query's encoding, the language fallback, a user without a
 * name, and a page chunk that never arrives.
 */

/** Counts the GETs of one exact API path (query ignored) from now on. */
function countGets(page: Page, pathname: string): () => number {
  let count = 0;
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

test.describe('spec behaviours', () => {
  test('one request per need: a hard load of /user lists users once; one click on 角色管理 lists roles once', async ({ page, submitLogin }) => {
    await signIn(page, submitLogin);
    const users = countGets(page, '/api/system/user/');
    const roles = countGets(page, '/api/system/role/');
    await page.goto('/user');
    await expect(page.getByTestId('user-table').locator('tbody tr').first()).toBeVisible();
    // Give late duplicates (effects run twice, a second store) the time to show up.
    await page.waitForTimeout(1000);
    expect(users()).toBe(1);
    // The user screen reads the role names once for its 关联角色 column.
    const rolesOnUserPage = roles();
    expect(rolesOnUserPage).toBe(1);

    await page.getByTestId('aside').getByText('角色管理', { exact: true }).click();
    await expect(page).toHaveURL(/\/role$/);
    await expect(page.getByTestId('role-table').locator('tbody tr').first()).toBeVisible();
    await page.waitForTimeout(1000);
    expect(roles() - rolesOnUserPage).toBe(1);
  });

  test('a failing list logs one front-end entry whose url is the page and whose message names the API', async ({ page, submitLogin }) => {
    await signIn(page, submitLogin);
    await page.route('**/api/system/role/?*', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/role?from=e2e');
    await expect(page.getByTestId('role-error')).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByTestId('header-log-badge')).toHaveText('1');
    await page.getByTestId('header-log').click();
    const rows = page.getByTestId('frontend-log-row');
    await expect(rows).toHaveCount(1);
    await rows.first().getByTestId('frontend-log-details').click();
    const detail = page.getByTestId('frontend-log-detail');
    await expect(detail).toContainText('/api/system/role/');
    await expect(detail).toContainText(/\/role\?from=e2e/);
  });

  test('the login redirect keeps the query encoding (/user?status=1&q=a%20b)', async ({ page, submitLogin }) => {
    await page.goto('/user?status=1&q=a%20b');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user?status=1&q=a%20b');
    await submitLogin();
    await expect(page).toHaveURL(/\/user\?status=1&q=a%20b$/);
    await expect(page.getByTestId('tab-bar').locator('[data-path="/user?status=1&q=a%20b"]')).toBeVisible();
  });

  test('a language cookie with an unknown value (fr) falls back to en (spec §4)', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'fr', url: baseURL ?? '' }]);
    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a user whose user_info has an empty name: the layout loads and the header says 未登录 (spec §2.4)', async ({ page, submitLogin }) => {
    await page.route('**/api/system/user/user_info/', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      body.data.name = '';
      await route.fulfill({ response, json: body });
    });
    await signIn(page, submitLogin);
    await expect(page.getByTestId('user-menu')).toContainText('未登录');
    await expect(page.getByTestId('aside')).toContainText('控制台');
  });

  test('a page chunk that never arrives: after 120 s a message, one log entry; the other tabs keep working, retry loads it', async ({ page, submitLogin }) => {
    await signIn(page, submitLogin);
    await page.clock.install();
    // 用户管理 opens the 系统管理 section in the side menu; its chunks (and the CRUD view's) arrive.
    await page.goto('/user');
    await expect(page.getByTestId('user-table').locator('tbody tr').first()).toBeVisible();
    // From now on no script arrives: the 角色管理 page chunk hangs.
    const hang = (): void => undefined;
    await page.route('**/assets/*.js', hang);
    await page.getByTestId('aside').getByText('角色管理', { exact: true }).click();
    await expect(page).toHaveURL(/\/role$/);
    await page.clock.fastForward(119_000);
    await expect(page.getByTestId('page-load-failed')).toHaveCount(0);
    await page.clock.fastForward(2_000);
    await expect(page.getByTestId('page-load-failed')).toBeVisible();
    await expect(page.getByTestId('page-load-failed')).toContainText('页面加载超时');
    await expect(page.getByTestId('header-log-badge')).toHaveText('1');

    // The other tabs keep working.
    await page.getByTestId('tab-bar').getByText('用户管理', { exact: true }).click();
    await expect(page.getByTestId('user-table').locator('tbody tr').first()).toBeVisible();

    // 角色管理 is not a kept tab: coming back starts its page afresh, which waits (and fails) again.
    await page.getByTestId('tab-bar').getByText('角色管理', { exact: true }).click();
    await expect(page.getByTestId('page-load-failed')).toHaveCount(0);
    await page.clock.fastForward(121_000);
    await expect(page.getByTestId('page-load-failed')).toBeVisible();
    await expect(page.getByTestId('header-log-badge')).toHaveText('2');

    // Scripts arrive again: retry loads the page in its tab.
    await page.unroute('**/assets/*.js', hang);
    await page.getByTestId('page-load-retry').click();
    await expect(page.getByTestId('role-table').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('page-load-failed')).toHaveCount(0);
  });
});
