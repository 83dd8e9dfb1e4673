import { expect, test } from '@playwright/test';
import { ARTIFACTS } from './fixtures';

/**
 * The whole console on the GraphQL adapter (CONSOLE_ADAPTER=graphql): sign-in, menus and a management
 * screen's list, search, create, edit and delete all go through POST /graphql; only files use REST.
 */
test('GraphQL adapter: sign in, then 接口白名单 list, search, create, edit, delete through /graphql', async ({ browser }) => {
  const { startTestServer } = await import('../server/testing');
  const dir = process.env.E2E_CONSOLE_DIR;
  const server = await startTestServer({ captcha: false, serveConsole: true, env: { CONSOLE_ADAPTER: 'graphql', ...(dir ? { CONSOLE_DIR: dir } : {}) } });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const restJson: string[] = [];
  let graphqlCalls = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/graphql') graphqlCalls += 1;
    else if (path.startsWith('/api/') || path.startsWith('/token/')) restJson.push(`${r.method()} ${path}`);
  });
  try {
    await page.goto('/login');
    await page.getByTestId('login-username').fill('superadmin');
    await page.getByTestId('login-password').fill('admin123456');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('dashboard')).toBeVisible();

    await page.evaluate(() => {
      window.history.pushState(null, '', '/apiWhiteList');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const table = page.getByTestId('whiteList-table').first();
    const row = (text: string) => table.locator('tr', { hasText: text });
    await expect(table.locator('tbody tr').first()).toBeVisible();

    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form').getByTestId('form-url').fill('/api/graphql-e2e/');
    await page.getByTestId('crud-form-submit').click();
    await expect(page.getByTestId('crud-form')).toHaveCount(0);
    await expect(row('/api/graphql-e2e/')).toBeVisible();

    const searchForm = page.getByTestId('whiteList-search');
    await searchForm.getByTestId('search-url').fill('graphql-e2e');
    await searchForm.getByTestId('whiteList-search-submit').click();
    await expect(table.locator('tbody tr')).toHaveCount(1);

    await row('/api/graphql-e2e/').getByTestId('row-edit').click();
    await page.getByTestId('crud-form').getByTestId('form-url').fill('/api/graphql-e2e-edited/');
    await page.getByTestId('crud-form-submit').click();
    await expect(row('/api/graphql-e2e-edited/')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}graphql-adapter-whitelist.png` });

    await row('/api/graphql-e2e-edited/').getByTestId('row-remove').click();
    await page.getByTestId('crud-confirm-ok').click();
    await expect(row('/api/graphql-e2e-edited/')).toHaveCount(0);

    // Every JSON call went through the gateway (the socket and static files are not API calls).
    expect(graphqlCalls).toBeGreaterThan(8);
    expect(restJson).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await server.close();
  }
});
