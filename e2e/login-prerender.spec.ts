import type { Page, Route } from '@playwright/test';
import { ARTIFACTS, expect, SUPERADMIN, test } from './fixtures';

/**
 * The prerendered login page: index.html holds the form, the console hydrates it. These
 * tests hold the console's scripts back (every /assets/*.js request waits at a gate), so what the
 * page does before them is the HTML and its inline boot scripts alone; then they let the scripts go.
 */

/** Holds every script request until `open()`; `held` counts them. */
async function gateScripts(page: Page): Promise<{ open(): void; held(): number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/assets/*.js', async (route: Route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  return { open: () => release(), held: () => held };
}

/** React has taken over the form (its handlers are on the field). */
function hydrated(page: Page): Promise<boolean> {
  return page.getByTestId('login-username').evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));
}

test.describe('prerendered login page', () => {
  test('the form is there without scripts; what is typed survives hydration and signs in; no layout shift', async ({ page, server, captcha, shot }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const scripts = await gateScripts(page);
    await page.goto('/login?redirect=%2FuserInfo', { waitUntil: 'domcontentloaded' });

    // The HTML alone: the whole form, in Chinese, focused on the username, not hydrated.
    const username = page.getByTestId('login-username');
    await expect(username).toBeVisible();
    await expect(username).toBeFocused();
    await expect(username).toHaveAttribute('placeholder', '请输入用户名');
    await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'password');
    await expect(page.getByTestId('login-captcha')).toBeVisible();
    await expect(page.getByTestId('login-submit')).toHaveText('登录');
    await expect(page).toHaveTitle('企业级后台管理系统 - 登录');
    expect(await hydrated(page)).toBe(false);
    expect(scripts.held(), 'the console\'s scripts were asked for and are held').toBeGreaterThan(0);
    await shot('login-prerendered-zh');

    // A person types before the scripts arrive (real key presses).
    await username.pressSequentially(SUPERADMIN.username);
    await page.getByTestId('login-password').click();
    await page.keyboard.type(SUPERADMIN.password);
    expect(await hydrated(page)).toBe(false);

    scripts.open();
    await expect.poll(() => hydrated(page), { message: 'the console hydrates the form' }).toBe(true);
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    await expect(username).toHaveValue(SUPERADMIN.username);
    await expect(page.getByTestId('login-password')).toHaveValue(SUPERADMIN.password);
    await expect(page.getByTestId('login-password'), 'hydration leaves the focus where the person put it').toBeFocused();
    await shot('login-hydrated-zh');
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 'layout shift while the console took over').toBe(0);
    expect(consoleErrors, 'no hydration mismatch or other error reported').toEqual([]);

    // Only the captcha is typed after hydration: the sign-in uses the values typed before it.
    const answer = await server.captchaAnswer(await captcha.shownKey());
    await page.getByTestId('login-captcha').fill(answer ?? '');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/userInfo$/);
    await expect(page.getByTestId('profile-username')).toHaveText(SUPERADMIN.username);
  });

  test('English: the English form before hydration, the same after', async ({ page, context, baseURL, shot }) => {
    await context.addCookies([{ name: 'console-2.1.3-lang', value: 'en', url: baseURL as string }]);
    const scripts = await gateScripts(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('login-username')).toHaveAttribute('placeholder', 'Enter your username');
    await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Enterprise Admin System - Sign in');
    await shot('login-prerendered-en');
    scripts.open();
    await expect.poll(() => hydrated(page)).toBe(true);
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
    await expect(page.getByText('Welcome')).toBeVisible();
    await shot('login-hydrated-en');
  });

  test('a submit pressed before hydration is sent once the console has the form (captcha off)', async ({ browser }) => {
    const { startTestServer } = await import('../server/testing');
    const dir = process.env.E2E_CONSOLE_DIR;
    const server = await startTestServer({ captcha: false, serveConsole: true, ...(dir ? { env: { CONSOLE_DIR: dir } } : {}) });
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      const scripts = await gateScripts(page);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });
      await page.goto('/login?redirect=%2FuserInfo', { waitUntil: 'domcontentloaded' });
      await page.getByTestId('login-username').pressSequentially(SUPERADMIN.username);
      await page.getByTestId('login-password').fill(SUPERADMIN.password);
      await page.keyboard.press('Enter');
      // Held back: the browser did not post the form to the page's own address.
      await expect(page).toHaveURL(/\/login\?redirect=%2FuserInfo$/);
      expect(navigations).toHaveLength(1);
      scripts.open();
      await expect(page).toHaveURL(/\/userInfo$/, { timeout: 20_000 });
      await expect(page.getByTestId('profile-username')).toHaveText(SUPERADMIN.username);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await server.close();
    }
  });

  test('API_URL still applies: the early calls, the sign-in and the dashboard all go to the API server', async ({ browser }) => {
    const { startTestServer } = await import('../server/testing');
    const dir = process.env.E2E_CONSOLE_DIR;
    // The API server lets only the console's origin call it with credentials (CORS_ORIGINS).
    const webPort = await freePort();
    const api = await startTestServer({ captcha: false, env: { CORS_ORIGINS: `http://127.0.0.1:${webPort}` } });
    const web = await startTestServer({ captcha: false, serveConsole: true, port: webPort, env: { API_URL: api.baseUrl, ...(dir ? { CONSOLE_DIR: dir } : {}) } });
    const context = await browser.newContext({ baseURL: web.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${url.origin}${url.pathname}`);
    });
    try {
      await page.goto('/login');
      await expect(page.getByTestId('login-username')).toBeVisible();
      await expect.poll(() => hydrated(page)).toBe(true);
      await page.getByTestId('login-username').fill(SUPERADMIN.username);
      await page.getByTestId('login-password').fill(SUPERADMIN.password);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('dashboard')).toBeVisible();
      for (const path of ['/api/captcha/status/', '/api/init/settings/', '/api/oauth2/config/', '/api/login/', '/api/system/user/user_info/']) {
        expect(calls, `${path} went to API_URL`).toContain(`${api.baseUrl}${path}`);
      }
      expect(calls.filter((c) => c.startsWith(web.baseUrl)), 'nothing asked the console\'s own server').toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await web.close();
      await api.close();
    }
  });

  test('a signed-in visitor on /index never sees the login form; a signed-out one on / gets it at once', async ({ page, submitLogin }) => {
    await page.goto('/login');
    await submitLogin(SUPERADMIN);
    await expect(page.getByTestId('dashboard')).toBeVisible();

    // Reload /index with the session cookies: the first frames must not show the form.
    await page.addInitScript(() => {
      const w = window as unknown as { __loginSeen: boolean };
      w.__loginSeen = false;
      const look = () => {
        if (document.querySelector('[data-testid="login-username"]')) w.__loginSeen = true;
        if (!document.querySelector('[data-testid="dashboard"]')) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('/index');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __loginSeen: boolean }).__loginSeen)).toBe(false);
    expect(await page.locator('#root template, #root [data-testid="login-form"]').count()).toBe(0);

    // Signed out, / goes straight to the login form with the guard's redirect.
    await page.context().clearCookies();
    const scripts = await gateScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page).toHaveURL(/\/login\?redirect=%2Findex$/);
    await expect(page.getByTestId('login-username')).toBeVisible();
    scripts.open();
    await expect.poll(() => hydrated(page)).toBe(true);
    await expect(page).toHaveURL(/\/login\?redirect=%2Findex$/);
    await page.screenshot({ path: `${ARTIFACTS}login-from-root.png` });
  });
});

/** A port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
