import { ARTIFACTS, expect, test } from './fixtures';
import { startStandInProvider } from '../server/test/oauth2-provider';

/**
 * The OAuth2 login plugin end to end: the console on its own reference server, configured for a local
 * stand-in provider; the browser really goes to the provider and comes back with a code.
 */
test('OAuth2: login page link → /oauth2 → provider → back with a code → signed in as the provider user, on the redirect target', async ({ browser }) => {
  const provider = await startStandInProvider('admin');
  const saved = Object.fromEntries(Object.keys(provider.env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, provider.env);
  const { startTestServer } = await import('../server/testing');
  const dir = process.env.E2E_CONSOLE_DIR;
  const server = await startTestServer({ captcha: true, serveConsole: true, ...(dir ? { env: { CONSOLE_DIR: dir } } : {}) });
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const visited: string[] = [];
    // Every document the browser asked for (the provider's 302 included).
    page.on('request', (r) => {
      if (r.isNavigationRequest()) visited.push(r.url());
    });
    await page.goto('/login?redirect=%2FuserInfo');
    await expect(page.getByTestId('login-link')).toHaveText(['第三方登录']);
    await page.screenshot({ path: `${ARTIFACTS}login-oauth2-link.png` });
    await page.getByTestId('login-link').click();
    await expect(page).toHaveURL(/\/oauth2\?redirect=%2FuserInfo$/);
    await page.getByTestId('oauth2-start').click();
    await expect(page).toHaveURL(/\/userInfo$/, { timeout: 20_000 });
    await expect(page.getByTestId('profile-username')).toHaveText('admin');
    await expect(page.getByTestId('user-menu')).toContainText('你好');
    expect(visited.some((u) => u.startsWith(`${provider.url}/authorize`))).toBe(true);
    expect(visited.some((u) => /\/oauth2\?code=[0-9a-f]+&state=[0-9a-f]{32}$/.test(u))).toBe(true);
    expect(provider.tokenRequests).toHaveLength(1);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await server.close();
    await provider.close();
  }
});

test('without a configured provider the login page shows no third-party link', async ({ page }) => {
  const config = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/oauth2/config/');
  await page.goto('/login');
  expect(((await (await config).json()) as { data: { enabled: boolean } }).data.enabled).toBe(false);
  await expect(page.getByTestId('login-username')).toBeVisible();
  await expect(page.getByTestId('login-links')).toHaveCount(0);
});
