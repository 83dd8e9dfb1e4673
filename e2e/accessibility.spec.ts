import type { Page } from '@playwright/test';
import axeCore, { type AxeResults, type RunOptions } from 'axe-core';
import { test, expect } from './fixtures';
import { THEME_NAMES } from '../src/config';
import { go, signIn, tab, tabTitles } from './shell-helpers';

/** Pages that are not in the menus: the console's own. */
const OWN_SCREENS = ['/index', '/userInfo', '/frontendLog'];

/** A menu row of GET /api/system/menu/web_router/ (what the walk needs of it). */
interface SeedMenu {
  web_path: string | null;
  component: string | null;
  is_link?: boolean;
}

/** Signs in and answers every screen superadmin reaches from the menus (the seed's, and the console's own pages). */
async function signInForScreens(page: Page, submitLogin: Parameters<typeof signIn>[1]): Promise<string[]> {
  const menuResponse = page.waitForResponse((response) => response.url().includes('/api/system/menu/web_router/'));
  await signIn(page, submitLogin);
  const body = (await (await menuResponse).json()) as { data: { data: SeedMenu[] } };
  const menuPaths = body.data.data.filter((menu) => menu.component && menu.web_path && !menu.is_link).map((menu) => menu.web_path as string);
  expect(menuPaths.length).toBeGreaterThan(40);
  return [...new Set([...OWN_SCREENS, ...menuPaths])];
}

/** The page of this path is shown and has finished loading (no spinner, no table loading mask). */
async function settled(page: Page, path: string): Promise<void> {
  await expect(page.locator(`.console-page[data-page="${path}"]`)).toBeVisible();
  await expect(page.locator('.console-page:visible .p-datatable-loading-overlay, .console-page:visible .console-page-loading')).toHaveCount(0);
  // The page transition (a fade) has ended: axe measures contrast on the colours as painted.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Closes the current screen's tab (the home tab has no close button and stays). */
async function closeCurrentTab(page: Page, path: string): Promise<void> {
  const close = page.locator('[data-testid="tab"][aria-selected="true"] [data-testid="tab-close"]');
  if ((await close.count()) === 0) return;
  await close.click();
  await expect(page.locator(`.console-page[data-page="${path}"]`)).toHaveCount(0);
}

/**
 * axe over the whole document. Its source (~0.6 MB) goes into a document once and stays through the
 * console's client-side navigation: injecting it again for every scan (what @axe-core/playwright's
 * builder did) was ~0.26 s of the ~0.86 s a screen's scan took, and the walk and the themes test make
 * ~90 scans.
 */
async function axeRun(page: Page, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  // Only the violations are read: the passing nodes are not sent back.
  const run: RunOptions = { ...options, resultTypes: ['violations'] };
  return page.evaluate((opts) => (window as unknown as { axe: { run: (context: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, opts), run);
}

/** axe over the whole document (WCAG 2.1 A and AA): the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await axeRun(page, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).slice(0, 5).join(' | ')}`);
}

/**
 * The walk of every screen, in this many tests that share it out (every third screen each): the
 * tests of this file run on whichever worker is free, so one long walk no longer holds one worker
 * while the others have finished.
 */
const WALK_PARTS = 3;

// Every test signs in on its own page: they may run side by side in different workers (one server each).
test.describe.configure({ mode: 'parallel' });

test.describe('accessibility', () => {
  for (let part = 0; part < WALK_PARTS; part++) {
    test(`axe finds no serious or critical violation on the sign-in page and every seed screen (part ${part + 1} of ${WALK_PARTS})`, async ({ page, submitLogin }) => {
      // About 50 screens over the parts, each settled and scanned whole: minutes while other workers run beside it.
      test.setTimeout(400_000);
      await page.goto('/login');
      await expect(page.getByTestId('login-username')).toBeVisible();
      const found: Record<string, string[]> = {};
      if (part === 0) {
        const login = await seriousViolations(page);
        if (login.length) found['/login'] = login;
      }
      const screens = (await signInForScreens(page, submitLogin)).filter((_, index) => index % WALK_PARTS === part);
      expect(screens.length).toBeGreaterThan(10);
      for (const path of screens) {
        await go(page, path);
        await settled(page, path);
        const violations = await seriousViolations(page);
        if (violations.length) found[path] = violations;
        // Closed again, so the screens walked before are not kept mounted behind this one: axe walks the
        // whole document, hidden parts included, and ~50 kept pages made each scan slower than the last.
        await closeCurrentTab(page, path);
      }
      expect(found).toEqual({});
    });
  }

  test('text contrast holds in all seven themes (sign-in page, shell, a list, a form, an analysis page)', async ({ page, submitLogin }) => {
    test.setTimeout(180_000);
    const contrast = async (): Promise<string[]> => {
      // The theme's colours have finished their transition: axe measures them as painted.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const result = await axeRun(page, { runOnly: { type: 'rule', values: ['color-contrast'] } });
      return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)).slice(0, 8);
    };
    const setTheme = (theme: string) => page.evaluate((name) => (document.documentElement.dataset.theme = name), theme);
    const found: Record<string, string[]> = {};
    await page.goto('/login');
    await expect(page.getByTestId('login-username')).toBeVisible();
    for (const theme of THEME_NAMES) {
      await setTheme(theme);
      const bad = await contrast();
      if (bad.length) found[`${theme} /login`] = bad;
    }
    await signIn(page, submitLogin);
    for (const path of ['/index', '/user', '/config', '/data_embed/event']) {
      await go(page, path);
      await settled(page, path);
      for (const theme of THEME_NAMES) {
        await setTheme(theme);
        const bad = await contrast();
        if (bad.length) found[`${theme} ${path}`] = bad;
      }
    }
    expect(found).toEqual({});
  });

  test('motion follows the system setting: pages slide in without "reduce motion", appear at once with it', async ({ page, submitLogin }) => {
    const entrance = () => page.locator('.console-page[data-page="/user"]').evaluate((el) => Number.parseFloat(getComputedStyle(el).animationDuration));
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await signIn(page, submitLogin);
    await go(page, '/user');
    expect(await entrance()).toBe(0.25);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await entrance()).toBeLessThan(0.001);
    // Transitions too: the side menu's width when it collapses (0.2 s for everyone else).
    const aside = () => page.getByTestId('aside').evaluate((el) => Number.parseFloat(getComputedStyle(el).transitionDuration));
    expect(await aside()).toBeLessThan(0.001);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await entrance()).toBe(0.25);
    expect(await aside()).toBe(0.2);
  });

  test('the tab bar works from the keyboard: one Tab stop, arrows, Home, End, Delete, the context menu', async ({ page, submitLogin }) => {
    await signIn(page, submitLogin);
    for (const path of ['/user', '/role', '/dept']) await go(page, path);
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '用户管理', '角色管理', '部门管理']);
    // Only the current tab is in the Tab order.
    expect(await page.getByTestId('tab').evaluateAll((els) => els.map((el) => (el as HTMLElement).tabIndex))).toEqual([-1, -1, -1, 0]);
    await tab(page, '部门管理').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/\/role$/);
    await expect(tab(page, '角色管理')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page).toHaveURL(/\/index$/);
    await page.keyboard.press('End');
    await expect(page).toHaveURL(/\/dept$/);
    await expect(tab(page, '部门管理')).toBeFocused();
    // A visible focus ring.
    const outline = await tab(page, '部门管理').evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Delete');
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '用户管理', '角色管理']);
    await expect(page).toHaveURL(/\/role$/);
    await expect(tab(page, '角色管理')).toBeFocused();
    // The context menu from the keyboard; Escape gives the focus back.
    await page.keyboard.press('Shift+F10');
    const menu = page.getByTestId('tab-context-menu');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(tab(page, '角色管理')).toBeFocused();
  });

  test('thirty tabs keep the strip one row high, without a scrollbar; the current tab is in view', async ({ page, submitLogin }) => {
    await signIn(page, submitLogin);
    const strip = page.getByTestId('tab-bar');
    const before = await strip.boundingBox();
    for (let i = 0; i < 29; i += 1) await go(page, `/user?page=${i}`);
    await expect(page.getByTestId('tab')).toHaveCount(30);
    const after = await strip.boundingBox();
    expect(after?.height).toBe(before?.height);
    // No horizontal scrollbar eats the bottom of the tabs: client height equals the box height.
    expect(await strip.evaluate((el) => (el as HTMLElement).offsetHeight - el.clientHeight)).toBe(0);
    const current = page.locator('[data-testid="tab"][aria-selected="true"]');
    const box = await current.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(after!.x + after!.width + 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(after!.y + after!.height + 1);
  });
});

test.describe('narrow viewport (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the side menu is a drawer, the header tools fold, tables scroll with their actions reachable, dialogs fit', async ({ page, submitLogin, shot }) => {
    await signIn(page, submitLogin);
    // Nothing is wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const aside = page.getByTestId('aside');
    await expect(aside).not.toBeInViewport();
    await page.getByTestId('aside-toggle').click();
    await expect(page.getByTestId('aside-toggle')).toHaveAttribute('aria-expanded', 'true');
    await expect(aside).toBeInViewport({ ratio: 0.99 });
    await shot('narrow-drawer-zh');
    await page.keyboard.press('Escape');
    await expect(aside).not.toBeInViewport();
    await expect(page.getByTestId('aside-toggle')).toBeFocused();

    // Every header control lies inside the header's width.
    for (const el of await page.locator('.console-header > *:visible').all()) {
      const box = await el.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(391);
    }
    await expect(page.getByTestId('header-fullscreen')).toBeHidden();
    await page.getByTestId('header-tools-toggle').click();
    await expect(page.getByTestId('header-fullscreen')).toBeInViewport();

    // The language from the folded tools; a page from the drawer closes it.
    await page.getByTestId('header-language').click();
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('aside-toggle').click();
    // The section's second entry (工作台), whichever language names it.
    await aside.getByRole('button').nth(1).click();
    await expect(page).toHaveURL(/\/dashboard\/workbench$/);
    await expect(aside).not.toBeInViewport();
    await go(page, '/user');
    await settled(page, '/user');
    await shot('narrow-user-en');
    // The table scrolls sideways; its frozen actions column stays in view.
    const table = page.locator('.console-page:visible .p-datatable-wrapper').first();
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // Below the search form: scroll the page down to the first row (not sideways), its actions are in sight.
    const row = page.locator('.console-page:visible tbody tr').first();
    await row.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'start' }));
    expect(await table.evaluate((el) => el.scrollLeft)).toBe(0);
    const actions = row.locator('td.p-frozen-column');
    await expect(actions).toBeInViewport();
    const cell = await actions.boundingBox();
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(390);
    // A dialog fits the viewport.
    await page.locator('.console-page:visible').getByTestId('crud-add').click();
    const dialog = page.locator('.p-dialog:visible');
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await shot('narrow-dialog-en');
  });
});

test.describe('screenshots at three widths', () => {
  for (const width of [1440, 1024, 390]) {
    test(`${width} px: dashboard and user list in Chinese and English, nothing wider than the window`, async ({ page, submitLogin, shot }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await signIn(page, submitLogin);
      for (const lang of ['zh', 'en'] as const) {
        if (lang === 'en') {
          // The language menu, folded into the tools button on a narrow window.
          if (width < 768) await page.getByTestId('header-tools-toggle').click();
          await page.getByTestId('header-language').click();
          await page.getByTestId('language-en').click();
          await expect(page.locator('html')).toHaveAttribute('lang', 'en');
          if (width < 768) await page.keyboard.press('Escape');
          // The console's English texts are loaded although pages already added their own (no raw keys such as route.index).
          await expect(page.getByTestId('tab').first()).toHaveText(/Console/);
        }
        for (const path of ['/index', '/user']) {
          await go(page, path);
          await settled(page, path);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          // No header control is cut by the window's edge.
          for (const el of await page.locator('.console-header > *:visible').all()) {
            const box = await el.boundingBox();
            expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
          }
          await page.screenshot({ path: `e2e/artifacts/width-${width}-${lang}${path.replace('/', '-')}.png` });
        }
      }
      await shot(`width-${width}-last`);
    });
  }
});
