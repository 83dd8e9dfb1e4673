import type { APIRequestContext, Page } from '@playwright/test';
import { startStandIn, type StandIn } from '../contracts/standin';
import { ARTIFACTS, expect, SUPERADMIN, test } from './fixtures';
import { apiToken, signIn } from './shell-helpers';

/**
 * The console's dashboard and error toasts on both servers: the embedded reference server, and the
 * stand-in of the real back end (contracts/standin/: the reference server behind the facts of
 * API-CONTRACT §17). Both answer the datav calls in the real keys, so the figures on screen are the
 * answers, on either; the stand-in has no recent_logins (its HTML 404), shown as '-'.
 */

interface Figures {
  users: number;
  logins: number;
  attachments: number;
  space: string;
  last7: number;
  joined30: number;
}

async function figures(request: APIRequestContext, token: string): Promise<Figures> {
  const get = async (name: string) => ((await (await request.get(`/api/system/datav/${name}/`, { headers: { Authorization: `JWT ${token}` } })).json()) as { data: Record<string, unknown> }).data;
  const days = (rows: unknown) => (rows as Array<{ count: number }>).map((d) => d.count);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const attachment = await get('attachment_total');
  return {
    users: (await get('users_total')).users_total as number,
    logins: (await get('users_login_total')).login_total as number,
    attachments: attachment.count as number,
    space: attachment.occupy_space as string,
    last7: sum(days((await get('login_user')).login_user).slice(-7)),
    joined30: sum(days((await get('registered_user')).registered_user_list)),
  };
}

/** The dashboard shows `want`, given `signIns` more sign-ins after `want` was read. */
async function expectDashboard(page: Page, want: Figures, signIns: number, language: 'zh' | 'en'): Promise<void> {
  const num = (n: number) => n.toLocaleString(language === 'en' ? 'en' : 'zh-CN');
  await expect(page.getByTestId('stat-users-value')).toHaveText(num(want.users));
  await expect(page.getByTestId('stat-logins-value')).toHaveText(num(want.logins + signIns));
  await expect(page.getByTestId('stat-attachments-value')).toHaveText(num(want.attachments));
  await expect(page.getByTestId('stat-logins-7d-value')).toHaveText(num(want.last7 + signIns));
  await expect(page.getByTestId('stat-attachments-hint')).toHaveText(language === 'zh' ? `共占用 ${want.space}` : `${want.space} in total`);
  await expect(page.getByTestId('stat-users-hint')).toHaveText(language === 'zh' ? `近 30 日新增 ${want.joined30} 人` : `${want.joined30} new in the last 30 days`);
  await expect(page.getByTestId('login-chart-bar')).toHaveCount(7);
}

async function toEnglish(page: Page): Promise<void> {
  await page.getByTestId('header-language').click();
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('stat-users')).toContainText('Users');
}

test('reference server: the dashboard shows the datav answers (zh and en)', async ({ page, server, submitLogin, shot }) => {
  await page.goto('/login');
  const token = await apiToken(page, server, SUPERADMIN);
  const want = await figures(page.request, token);
  await signIn(page, submitLogin);
  await expectDashboard(page, want, 1, 'zh');
  await expect(page.getByTestId('dashboard-recent').getByRole('row')).not.toHaveCount(0);
  await shot('dashboard-reference-zh');
  await toEnglish(page);
  await expectDashboard(page, want, 1, 'en');
  await shot('dashboard-reference-en');
});

test.describe('on the stand-in of the real back end', () => {
  let standIn: StandIn;
  test.beforeAll(async () => {
    const dir = process.env.E2E_CONSOLE_DIR;
    // The real back end serves its socket at ws/{token}/ only (§12): the console is configured for it.
    standIn = await startStandIn({ serveConsole: true, env: { WS_PATH: 'ws/{token}/', ...(dir ? { CONSOLE_DIR: dir } : {}) } });
  });
  test.afterAll(async () => {
    await standIn.close();
  });

  test('the dashboard shows the same figures from the real keys; recent sign-ins show - (zh and en)', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: standIn.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      const login = await page.request.post('/api/login/', { data: SUPERADMIN });
      const token = ((await login.json()) as { data: { access: string } }).data.access;
      const want = await figures(page.request, token);
      // The socket's greeting, as frames (the console does not toast the first 连接成功: docs/realtime.md).
      const greetings: string[] = [];
      page.on('websocket', (ws) => ws.on('framereceived', (frame) => greetings.push(`${new URL(ws.url()).pathname.replace(/[^/]+\/$/, '{token}/')} ${String(frame.payload)}`)));
      await page.goto('/login');
      // Captcha is off on the stand-in (as QA runs a real back end): username and password only.
      await page.getByTestId('login-username').fill(SUPERADMIN.username);
      await page.getByTestId('login-password').fill(SUPERADMIN.password);
      await expect(page.getByTestId('login-captcha')).toHaveCount(0);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expectDashboard(page, want, 1, 'zh');
      await expect(page.getByTestId('dashboard-recent').locator('.dashboard-card-body')).toHaveText('-');
      // The socket connects (ws/{token}/ through the stand-in); nothing on the dashboard was an error.
      await expect.poll(() => greetings.some((g) => g.startsWith('/ws/{token}/ ') && g.includes('连接成功'))).toBe(true);
      await expect(page.locator('.p-toast-message-error')).toHaveCount(0);
      const shotOf = (name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
      await shotOf('dashboard-real-backend-zh');
      await toEnglish(page);
      await expectDashboard(page, want, 1, 'en');
      await expect(page.locator('.p-toast-message-error')).toHaveCount(0);
      await shotOf('dashboard-real-backend-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('error toasts read as one line: the real back end\'s broken profile save (example 40)', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: standIn.baseUrl });
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByTestId('login-username').fill(SUPERADMIN.username);
      await page.getByTestId('login-password').fill(SUPERADMIN.password);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await page.goto('/userInfo');
      await page.getByTestId('profile-save').click();
      const toast = page.locator('.p-toast-message').filter({ hasText: 'UserInfoUpdateSerializer' });
      await expect(toast).toContainText("The field 'mobile' was declared on serializer UserInfoUpdateSerializer");
      await expect(page.locator('.p-toast-message')).not.toContainText(['[object Object]']);
      await page.screenshot({ path: `${ARTIFACTS}profile-save-real-backend.png` });
    } finally {
      await context.close();
    }
  });
});
