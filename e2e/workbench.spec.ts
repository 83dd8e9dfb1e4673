import type { Page } from '@playwright/test';
import { test, expect, CaptchaWatcher, SUPERADMIN } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import type { WorkbenchLayout } from '../contracts/schemas/dashboard/workbench';
import { go } from './shell-helpers';

/**
 * The workbench (dashboard/workbench) on the reference server: pages opened become
 * shortcuts; in edit mode a widget is dragged, one resized and one removed, then saved; a fresh browser
 * context (no cookies, no local database) signed in as the same user shows the saved layout. The
 * superadmin's layout is put back to the default at the start and the end. Screenshots in zh-chs and en.
 */
test.describe.configure({ mode: 'serial' });
const slow = { timeout: 30_000 };

async function api<T>(page: Page, path: string, method = 'GET', body: unknown = undefined): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('token'))?.value ?? '';
  const answer = await page.evaluate(
    async ([p, tk, m, b]) => {
      const res = await fetch(p, { method: m, headers: { authorization: `JWT ${tk}`, ...(b ? { 'content-type': 'application/json' } : {}) }, body: b || undefined });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    },
    [path, token, method, body === undefined ? '' : JSON.stringify(body)] as const,
  );
  expect(answer.code, `${path}: ${answer.msg}`).toBe(2000);
  return answer.data as T;
}

async function signInOn(page: Page, watcher: CaptchaWatcher, answerOf: (key: number) => Promise<string | null>) {
  await page.goto('/login');
  await expect(page.getByTestId('login-captcha-image')).toBeVisible(slow);
  const answer = await answerOf(await watcher.shownKey());
  await page.getByTestId('login-username').fill(SUPERADMIN.username);
  await page.getByTestId('login-password').fill(SUPERADMIN.password);
  await page.getByTestId('login-captcha').fill(answer ?? '');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('dashboard')).toBeVisible(slow);
}

const kinds = (page: Page) => page.locator('[data-kind]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
const boxOf = async (page: Page, testId: string) => {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} has no box`);
  return box;
};

test('rearrange, resize and remove widgets; the saved layout shows in a fresh browser', async ({ page, browser, server, shot }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const watcher = new CaptchaWatcher(page);
  await signInOn(page, watcher, (key) => server.captchaAnswer(key));
  await api(page, '/api/system/workbench/layout/', 'DELETE');

  // Pages opened (and stayed on) are counted for the shortcuts. The e2e server is shared: the pages other
  // specs opened as superadmin may outnumber one opening, so 游戏查询 is first lifted above them through
  // the visit call; then opening it in the console must count exactly one more.
  const visits = () => api<Array<{ path: string; visits: number }>>(page, '/api/system/workbench/shortcuts/');
  const top = Math.max(0, ...(await visits()).map((s) => s.visits));
  for (let i = 0; i <= top; i++) await api(page, '/api/system/workbench/visit/', 'POST', { path: '/game/query' });
  const lifted = (await visits()).find((s) => s.path === '/game/query')?.visits ?? 0;
  expect(lifted).toBeGreaterThan(top);
  await go(page, '/game/query');
  await page.waitForTimeout(2_000);
  await go(page, '/dashboard/workbench');
  await expect(page.getByTestId('wb-grid')).toBeVisible(slow);
  await expect.poll(async () => (await visits()).find((s) => s.path === '/game/query')?.visits, slow).toBe(lifted + 1);
  await page.getByTestId('workbench-retrieve').click();
  await expect(page.getByTestId('wb-shortcut').filter({ hasText: '游戏查询' })).toBeVisible(slow);
  await expect(page.getByTestId('wb-count-users')).not.toHaveText('…', slow);
  await shot('workbench-zh');

  await page.getByTestId('workbench-update').click();
  await expect(page.getByTestId('wb-palette')).toBeVisible();
  // Remove 我的登录记录.
  await page.getByTestId('wb-remove-logins').click();
  await expect(page.getByTestId('wb-widget-logins')).toHaveCount(0);
  // Resize 关键数据 by its corner: two rows taller.
  const counts = page.getByTestId('wb-widget-counts');
  const before = await boxOf(page, 'wb-widget-counts');
  const handle = counts.locator('xpath=..').locator('.react-resizable-handle-se');
  const hb = await handle.boundingBox();
  if (!hb) throw new Error('no resize handle');
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(hb.x + hb.width / 2, hb.y + 70, { steps: 8 });
  await page.mouse.move(hb.x + hb.width / 2, hb.y + 140, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await boxOf(page, 'wb-widget-counts')).height, slow).toBeGreaterThan(before.height + 100);
  // Drag 我的消息 by its title bar to the right-hand column, next to 常用页面.
  const messages = await boxOf(page, 'wb-widget-messages');
  const shortcuts = await boxOf(page, 'wb-widget-shortcuts');
  const title = page.getByTestId('wb-widget-messages').locator('.wb-drag');
  const tb = await title.boundingBox();
  if (!tb) throw new Error('no title bar');
  await page.mouse.move(tb.x + 40, tb.y + tb.height / 2);
  await page.mouse.down();
  await page.mouse.move(tb.x + 80, tb.y + tb.height / 2, { steps: 5 });
  await page.mouse.move(shortcuts.x + 40, tb.y + tb.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await boxOf(page, 'wb-widget-messages')).x, slow).toBeGreaterThan(messages.x + 200);
  await expect(page.getByText('有未保存的修改')).toBeVisible();
  await shot('workbench-edit-zh');
  await page.getByTestId('wb-save').click();
  await expect(page.getByTestId('wb-palette')).toBeHidden(slow);

  const saved = await api<WorkbenchLayout>(page, '/api/system/workbench/layout/');
  expect(saved.saved).toBe(true);
  expect(saved.widgets.map((w) => w.kind)).not.toContain('logins');
  expect(saved.widgets.find((w) => w.kind === 'counts')?.h).toBeGreaterThanOrEqual(5);
  expect(saved.widgets.find((w) => w.kind === 'messages')?.x).toBeGreaterThanOrEqual(6);

  // Another browser: no cookies, no local database; the same user sees the saved layout.
  const fresh = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 1000 } });
  try {
    const other = await fresh.newPage();
    const otherWatcher = new CaptchaWatcher(other);
    await signInOn(other, otherWatcher, (key) => server.captchaAnswer(key));
    await go(other, '/dashboard/workbench');
    await expect(other.getByTestId('wb-grid')).toBeVisible(slow);
    await expect.poll(() => kinds(other), slow).toEqual(saved.widgets.map((w) => w.kind));
    expect((await boxOf(other, 'wb-widget-messages')).x).toBeGreaterThan((await boxOf(other, 'wb-widget-trend')).x + 200);
    expect((await boxOf(other, 'wb-widget-counts')).height).toBeGreaterThan(before.height + 100);

    // And in English.
    await fresh.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: server.baseUrl }]);
    await other.reload();
    await expect(other.getByText('Frequent pages')).toBeVisible(slow);
    await expect(other.getByTestId('wb-count-users')).not.toHaveText('…', slow);
    await other.screenshot({ path: 'e2e/artifacts/workbench-en.png', fullPage: true });
    await other.getByTestId('workbench-update').click();
    await expect(other.getByTestId('wb-palette')).toBeVisible();
    await other.screenshot({ path: 'e2e/artifacts/workbench-edit-en.png', fullPage: true });
    await other.getByTestId('wb-cancel').click();
  } finally {
    await fresh.close();
  }
  await api(page, '/api/system/workbench/layout/', 'DELETE');
});
