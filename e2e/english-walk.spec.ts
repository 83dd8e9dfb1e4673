import type { Page } from '@playwright/test';
import { COOKIE_PREFIX, FRONTEND_LOG_PATH, INDEX_PATH, NOT_FOUND_PATH, USER_INFO_PATH } from '../src/config';
import { expect, test } from './fixtures';
import { go, signIn } from './shell-helpers';

/**
 * In English no Chinese is left outside user data. The walk signs in with the language
 * cookie en and opens the sign-in page, the console's own screens and every seed menu screen, and
 * collects every visible text node, placeholder and the window title with a CJK character in it.
 * User data is what people or the server's rows hold: the cells of a table body (a dictionary tag
 * in a cell is the console's label, so it still counts), the signed-in user's name and avatar
 * initial (`data-user-data`).
 */

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;
const USER_NAME = '超级管理员';

interface SeedMenu {
  web_path: string | null;
  component: string | null;
  is_link?: boolean;
}

/** Visible Chinese outside user data, as 'tag.class: text' lines. */
async function strayChinese(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ source, userName }) => {
      const cjk = new RegExp(source);
      const found = new Set<string>();
      const isUserData = (element: Element): boolean =>
        !!element.closest('[data-user-data]') || (!!element.closest('tbody td') && !element.closest('.p-tag'));
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').split(userName).join('');
        const element = node.parentElement;
        if (!cjk.test(text) || !element || !element.checkVisibility() || isUserData(element)) continue;
        found.add(`${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}: ${text.trim().slice(0, 80)}`);
      }
      for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
        if (input.checkVisibility() && !isUserData(input) && cjk.test(input.placeholder)) found.add(`placeholder: ${input.placeholder}`);
      }
      if (cjk.test(document.title.split(userName).join(''))) found.add(`title: ${document.title}`);
      return [...found];
    },
    { source: CJK.source, userName: USER_NAME },
  );
}

test('English: every seed screen shows no Chinese outside user data (menus, tabs, title, dictionary labels, settings, toasts)', async ({ page, context, baseURL, submitLogin }) => {
  test.setTimeout(240_000);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  const stray: Record<string, string[]> = {};

  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
  stray['/login'] = await strayChinese(page);

  const menuResponse = page.waitForResponse((response) => response.url().includes('/api/system/menu/web_router/'));
  await signIn(page, submitLogin);
  const body = (await (await menuResponse).json()) as { data: { data: SeedMenu[] } };
  // The sidebar's system name is shown whole in English (it was cut to "Enterprise Admin…").
  const brand = page.locator('.console-brand-name');
  await expect(brand).toHaveText('Enterprise Admin System');
  // (1 px of slack: two lines of 16.8 px round differently in scrollHeight and clientHeight.)
  expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  const menuPaths = body.data.data.filter((menu) => menu.component && menu.web_path && !menu.is_link).map((menu) => menu.web_path as string);
  expect(menuPaths.length).toBeGreaterThan(40);
  // The console's own screens by a full load each (what a fresh load shows: the socket's toast, lazy
  // texts), then every menu screen the way a menu click opens it.
  const ownPaths = [INDEX_PATH, USER_INFO_PATH, FRONTEND_LOG_PATH, NOT_FOUND_PATH];
  for (const path of ownPaths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.console-page-loading:not([data-testid="page-load-failed"])')).toHaveCount(0);
    const found = await strayChinese(page);
    if (found.length > 0) stray[path] = found;
  }
  for (const path of menuPaths.filter((p) => !ownPaths.includes(p))) {
    await go(page, path);
    const screen = page.locator(`.console-page[data-page="${path}"]`);
    await expect(screen).toBeVisible();
    // Lazy chunks and the lists have settled, and the page's fade has ended (checkVisibility sees it).
    await expect(page.locator('.console-page:visible .p-datatable-loading-overlay, .console-page:visible .console-page-loading:not([data-testid="page-load-failed"])')).toHaveCount(0);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const found = await strayChinese(page);
    if (found.length > 0) stray[path] = found;
    // Closed again, so the screens walked before are not kept mounted behind this one.
    const close = page.locator('[data-testid="tab"][aria-selected="true"] [data-testid="tab-close"]');
    if ((await close.count()) > 0) {
      await close.click();
      await expect(screen).toHaveCount(0);
    }
  }
  // Every menu title, header section and tab title is English too: the walk opened them all.
  await expect(page.getByTestId('tab').first()).toBeVisible();
  expect(Object.entries(stray).filter(([, found]) => found.length > 0)).toEqual([]);
});
