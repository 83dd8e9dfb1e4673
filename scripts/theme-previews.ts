/**
 * Makes the theme preview images (public/themes/<name>/preview.png): the built console, served by a
 * throwaway reference server, signed in and switched to each theme through its own theme dialog,
 * photographed at 1280x800 and written at 320x200. Run after `npm run build`:
 *   npx tsx scripts/theme-previews.ts
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { THEME_NAMES } from '../src/config';
import { startTestServer } from '../server/testing';
import { chromiumArgs, chromiumPath } from './chromium';

/** PREVIEW_OUT / PREVIEW_SCALE let a person look at full-size shots elsewhere (default: the previews). */
const OUT = process.env.PREVIEW_OUT ?? fileURLToPath(new URL('../public/themes/', import.meta.url));
const SCALE = Number(process.env.PREVIEW_SCALE ?? '0.25');
const COOKIE_PREFIX = 'console-2.1.3-';

async function main(): Promise<void> {
  const server = await startTestServer({ captcha: false, serveConsole: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const res = await fetch(`${server.baseUrl}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'superadmin', password: 'admin123456' }),
    });
    const login = (await res.json()) as { data: { userId: number; access: string; refresh: string } };
    // 1280x800 CSS pixels drawn at a quarter: a 320x200 picture of the whole console.
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, deviceScaleFactor: SCALE });
    const url = new URL(server.baseUrl);
    await context.addCookies(
      (['uuid', 'token', 'refresh'] as const).map((name) => ({
        name: COOKIE_PREFIX + name,
        value: name === 'uuid' ? String(login.data.userId) : name === 'token' ? login.data.access : login.data.refresh,
        domain: url.hostname,
        path: '/',
      })),
    );
    const page = await context.newPage();
    await page.goto('/index');
    await page.getByTestId('dashboard').waitFor();
    for (const name of THEME_NAMES) {
      await page.getByTestId('header-theme').click();
      const use = page.getByRole('dialog').getByTestId(`theme-use-${name}`);
      if (await use.isEnabled()) await use.click();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.mouse.move(640, 500); // no tooltip in the picture
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, name);
      await page.waitForTimeout(600); // toasts and transitions settle
      mkdirSync(`${OUT}${name}`, { recursive: true });
      await page.screenshot({ path: `${OUT}${name}/preview.png` });
      console.log(`themes/${name}/preview.png`);
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
