import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CaptchaWatcher, expect, SUPERADMIN, test, type Credentials } from './fixtures';
import { apiToken, readAllMessages } from './shell-helpers';

type Server = { baseUrl: string; captchaAnswer(key: number): Promise<string | null> };

const TEST_USER: Credentials = { username: 'test', password: 'admin123456' };
const ADMIN_USER: Credentials = { username: 'admin', password: 'admin123456' };

/** A second browser context signed in through the login page (its own cookies, its own socket). */
async function signedInContext(browser: Browser, server: Server, creds: Credentials): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  const captcha = new CaptchaWatcher(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-captcha-image')).toBeVisible();
  const answer = await server.captchaAnswer(await captcha.shownKey());
  await page.getByTestId('login-username').fill(creds.username);
  await page.getByTestId('login-password').fill(creds.password);
  await page.getByTestId('login-captcha').fill(answer ?? '');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  return { context, page };
}

test.describe('real-time messages', () => {
  test('superadmin sends to test: the badge rises within a second without reload, opening the message lowers it', async ({ page, browser, server, submitLogin, shot }) => {
    const reader = await signedInContext(browser, server, TEST_USER);
    const readerErrors: string[] = [];
    reader.page.on('pageerror', (e) => readerErrors.push(e.message));
    try {
      await expect(reader.page.getByTestId('message-bell')).toBeVisible();
      await expect(reader.page.getByTestId('message-bell-badge')).toHaveCount(0);
      const navigations: string[] = [];
      reader.page.on('framenavigated', (f) => {
        if (f === reader.page.mainFrame()) navigations.push(f.url());
      });

      // Superadmin composes in the message center: target by user, picks test, writes formatted text.
      await page.goto('/login');
      await submitLogin(SUPERADMIN);
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await page.goto('/messageCenter');
      await expect(page.getByTestId('message-center')).toBeVisible();
      await page.getByRole('tab', { name: '我的发布' }).click();
      await page.getByTestId('message-compose-button').click();
      await page.getByTestId('compose-title').fill('周报提醒');
      await page.getByTestId('compose-users').click();
      await page.locator('.p-multiselect-filter').fill('test');
      await page.locator('.p-multiselect-item', { hasText: 'test' }).first().click();
      // Close the picker's panel (Escape would close the dialog too).
      await page.getByTestId('compose-title').click();
      await expect(page.getByTestId('compose-users')).toContainText('test');
      const editor = page.locator('[data-testid="compose-editor"] .ql-editor');
      await editor.click();
      await page.keyboard.type('请在周五前提交周报。');
      await shot('message-compose');
      const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/system/message_center/');
      await page.getByTestId('compose-submit').click();
      const response = await posted;
      const sentAt = Date.now();
      expect(((await response.json()) as { code: number }).code).toBe(2000);

      // The recipient's badge rises by push, without a reload, within a second.
      await expect(reader.page.getByTestId('message-bell-badge')).toHaveText('1', { timeout: 1000 });
      expect(Date.now() - sentAt).toBeLessThan(1000);
      expect(navigations, 'no reload on the recipient side').toEqual([]);
      await expect(page.getByTestId('messages-sent-table')).toContainText('周报提醒');

      // The popover shows the newest message; opening it marks it read and the badge goes.
      await reader.page.getByTestId('message-bell').click();
      const popover = reader.page.getByTestId('message-popover');
      await expect(popover).toContainText('消息中心');
      await expect(popover).toContainText('前往通知中心');
      await expect(reader.page.getByTestId('message-popover-subject')).toHaveText('周报提醒');
      await expect(reader.page.getByTestId('message-popover-content')).toContainText('请在周五前提交周报。');
      await reader.page.screenshot({ path: 'e2e/artifacts/message-popover.png' });
      await reader.page.getByTestId('message-popover-subject').click();
      await expect(reader.page.getByTestId('message-bell-badge')).toHaveCount(0);
      expect(readerErrors).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });

  test('in the message center, opening a received message marks it read; a hostile message renders inert', async ({ page, browser, server, submitLogin, shot }) => {
    // The hostile message goes through the API, as an attacker with the right to send would (no editor
    // produces it): user admin (role 管理员 may create messages) to superadmin, who reads it here.
    const sender = await signedInContext(browser, server, ADMIN_USER);
    try {
      const token = await apiToken(sender.page, server, ADMIN_USER);
      // Start with nothing unread (earlier specs on this server may have notified superadmin).
      await readAllMessages(sender.page, await apiToken(sender.page, server, SUPERADMIN));
      await page.goto('/login');
      await submitLogin(SUPERADMIN);
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await page.goto('/messageCenter');
      await expect(page.getByTestId('message-center')).toBeVisible();
      await expect(page.getByTestId('message-bell-badge')).toHaveCount(0);
      const hostile = [
        '<p>正文<script>window.__pwned = "script"</script></p>',
        '<img src="/nope.png" onerror="window.__pwned = \'onerror\'">',
        '<p onmouseover="window.__pwned = \'mouseover\'" style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99999;background:red">盖住整页</p>',
        '<a href="javascript:window.__pwned=\'link\'">点我</a>',
        '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
        '<svg><script>window.__pwned="svg"</script></svg>',
      ].join('');
      const res = await sender.page.request.post('/api/system/message_center/', {
        headers: { authorization: `JWT ${token}` },
        data: { title: '恶意消息', content: hostile, target_type: 0, target_user: [1] },
      });
      expect(((await res.json()) as { code: number }).code).toBe(2000);
      await expect(page.getByTestId('message-bell-badge')).toHaveText('1', { timeout: 1000 });

      // The received list refreshed by itself; the row is unread until opened.
      const row = page.getByTestId('messages-received-table').locator('tr', { hasText: '恶意消息' });
      await expect(row.getByTestId('message-read-state')).toHaveText('未读');
      await row.getByTestId('message-row-open').click();
      const content = page.getByTestId('message-reader-content');
      await expect(content).toContainText('盖住整页');
      await expect(row.getByTestId('message-read-state')).toHaveText('已读');
      await expect(page.getByTestId('message-bell-badge')).toHaveCount(0);

      const html = await content.innerHTML();
      expect(html).not.toMatch(/<script|onerror|onmouseover|javascript:|<iframe|<svg|position|z-index/i);
      await content.getByText('盖住整页').hover();
      await content.getByText('点我').click();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      const box = await content.boundingBox();
      expect(box?.width ?? 0).toBeLessThan(700);
      await shot('message-hostile-inert');

      // The popover sanitizes the same way.
      await page.keyboard.press('Escape');
      await page.getByTestId('message-bell').click();
      const popoverHtml = await page.getByTestId('message-popover-content').innerHTML();
      expect(popoverHtml).not.toMatch(/<script|onerror|onmouseover|javascript:|<iframe|<svg|position/i);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    } finally {
      await sender.context.close();
    }
  });
});
