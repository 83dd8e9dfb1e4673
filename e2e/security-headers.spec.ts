import { test, expect, SUPERADMIN } from './fixtures';

/**
 * The security headers in the browser: the console works under its Content-Security-Policy with zero
 * violations (sign-in, dashboard, a CRUD screen, the white list), and it refuses to be framed by
 * another page. The page policy is on the HTML (and every answer that is not JSON); JSON answers carry
 * a short policy of their own (server/http/security-headers.ts), which the page's calls never see.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the console runs under the CSP with zero violations', async ({ page, submitLogin, shot }) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const consoleViolations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) consoleViolations.push(msg.text());
  });
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  await submitLogin(SUPERADMIN);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/apiWhiteList');
  await expect(page.getByText('允许所有用户写操作（危险）').first()).toBeVisible();
  await shot('white-list-open-write-zh');
  await page.goto('/user');
  await expect(page.locator('table').first()).toBeVisible();
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect(violations, 'securitypolicyviolation events').toEqual([]);
  expect(consoleViolations, 'CSP messages on the console').toEqual([]);
});

test('another page cannot frame the console', async ({ page, server }) => {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/frame-ancestors|X-Frame-Options|Refused to (display|frame)/i.test(msg.text())) refused.push(msg.text());
  });
  await page.setContent(`<iframe id="victim" src="${server.baseUrl}/login" width="800" height="600"></iframe>`);
  const frame = page.frameLocator('#victim');
  await page.waitForTimeout(1500);
  await expect(frame.getByTestId('login-username')).toHaveCount(0);
  const framed = page.frames().find((f) => f !== page.mainFrame());
  expect(framed?.url() ?? '', 'the frame never shows the console').not.toMatch(/\/login$/);
});

test('a locked account: the login page shows the server lock message (the right password too is refused)', async ({ page, submitLogin, shot }) => {
  // 10 wrong passwords for `admin` (each on a fresh challenge, as a person would type them).
  await page.goto('/login');
  for (let i = 0; i < 10; i++) {
    await submitLogin({ username: 'admin', password: `wrong-${i}` });
    await expect(page.getByTestId('login-error')).toContainText(i < 9 ? '账号/密码错误' : '已临时锁定');
  }
  await submitLogin({ username: 'admin', password: 'admin123456' });
  await expect(page.getByTestId('login-error')).toContainText('密码错误次数过多，账号已临时锁定，请 15 分钟后再试');
  await expect(page).toHaveURL(/\/login/);
  await shot('login-locked-zh');
});
