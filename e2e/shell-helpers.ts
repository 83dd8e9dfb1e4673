import type { Locator, Page } from '@playwright/test';
import { expect, type Credentials } from './fixtures';

/** The part of the test server an API login needs. */
interface CaptchaSource {
  captchaAnswer(key: number): Promise<string | null>;
}

/** An access token through the API (captcha answered), for setting up what a test needs by hand. */
export async function apiToken(page: Page, server: CaptchaSource, creds: Credentials): Promise<string> {
  const cap = (await (await page.request.get('/api/captcha/')).json()) as { data: { key: number } };
  const captcha = await server.captchaAnswer(cap.data.key);
  const res = await page.request.post('/api/login/', { data: { ...creds, captcha, captchaKey: cap.data.key } });
  return ((await res.json()) as { data: { access: string } }).data.access;
}

/**
 * Marks every unread message of the token's user read, the way opening each one does (GET of the
 * message): earlier specs on the shared e2e server may have notified the user (page checks, tasks).
 */
export async function readAllMessages(page: Page, token: string): Promise<void> {
  const headers = { authorization: `JWT ${token}` };
  for (let round = 0; round < 20; round++) {
    const res = await page.request.get('/api/system/message_center/get_self_receive/?is_read=0&page=1&limit=100', { headers });
    const body = (await res.json()) as { code: number; data: { data: Array<{ id: number }> } };
    expect(body.code).toBe(2000);
    if (body.data.data.length === 0) return;
    for (const m of body.data.data) expect(((await (await page.request.get(`/api/system/message_center/${m.id}/`, { headers })).json()) as { code: number }).code).toBe(2000);
  }
  throw new Error('unread messages kept coming');
}

/** Waits until a drawer (PrimeReact Sidebar) has slid in: its right edge at the viewport's (a screenshot in mid-slide cuts it). */
export async function drawerOpen(page: Page, drawer: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expect.poll(async () => {
    const box = await drawer.boundingBox();
    return box ? Math.round(box.x + box.width) : -1;
  }).toBe(width);
}

/** Signs in from /login and waits for the dashboard. */
export async function signIn(page: Page, submitLogin: (creds?: Credentials) => Promise<void>, creds?: Credentials): Promise<void> {
  if (!/\/login(\?|$)/.test(page.url())) await page.goto('/login');
  await submitLogin(creds);
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/** Client-side navigation (no reload), the way a menu click routes. */
export async function go(page: Page, path: string, opts: { tab?: boolean } = {}): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  // The shell opens a screen's tab once it has rendered the new location: until then a second
  // go() could replace the location before this one was ever rendered (and its tab never opened).
  if (opts.tab !== false) await expect(page.locator(`[data-testid="tab"][aria-selected="true"][data-path="${path.replace(/["\\]/g, '\\$&')}"]`)).toHaveCount(1);
}

/** Titles of the open tabs, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return page.getByTestId('tab').locator('.console-tab-title').allTextContents();
}

/** The tab with this title. */
export function tab(page: Page, title: string) {
  return page.getByTestId('tab').filter({ has: page.locator('.console-tab-title', { hasText: new RegExp(`^${title}$`) }) });
}

/** Sets the cache flag of the menus with these component strings in every web_router answer. */
export async function cacheMenus(page: Page, components: string[], cache = true): Promise<void> {
  await page.route('**/api/system/menu/web_router/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { data?: Array<{ component: string | null; cache: boolean }> } };
    for (const item of body.data?.data ?? []) if (item.component && components.includes(item.component)) item.cache = cache;
    await route.fulfill({ response, json: body });
  });
}

/** Signs out through the user menu and waits for the page reload that follows. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '确定' }).click()]);
  await expect(page.getByTestId('login-username')).toBeVisible();
}

/** The `data` of a signed-in GET through the page (its token cookie), asserting the envelope code 2000. */
export async function apiData<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('token'))?.value ?? '';
  const answer = await page.evaluate(
    async ([p, tk]) => {
      const res = await fetch(p, { headers: { authorization: `JWT ${tk}` } });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    },
    [path, token] as const,
  );
  expect(answer.code, `${path}: ${answer.msg}`).toBe(2000);
  return answer.data as T;
}
