import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

type TestServer = Awaited<ReturnType<typeof import('../server/testing').startTestServer>>;

/** Where screenshots are kept (CI keeps the folder as an artifact). */
export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/**
 * Reads the captcha the way a person does: it records each challenge the console's own
 * GET api/captcha/ calls return, and finds the one whose image the page shows.
 */
export class CaptchaWatcher {
  /** image_base → key, in arrival order. */
  private challenges = new Map<string, number>();
  private used = new Set<number>();

  constructor(private readonly page: Page) {
    page.on('response', (res) => {
      if (res.request().method() !== 'GET' || new URL(res.url()).pathname !== '/api/captcha/') return;
      res
        .json()
        .then((body: unknown) => {
          const data = (body as { data?: { key?: unknown; image_base?: unknown } } | null)?.data;
          if (typeof data?.key === 'number' && typeof data.image_base === 'string') this.challenges.set(data.image_base, data.key);
        })
        .catch(() => undefined);
    });
  }

  /** The key of the challenge on screen; never one already answered (bounded wait). */
  async shownKey(): Promise<number> {
    const img = this.page.getByTestId('login-captcha-image');
    let key: number | undefined;
    await expect
      .poll(
        async () => {
          const src = (await img.getAttribute('src')) ?? '';
          key = src.startsWith('data:') ? this.challenges.get(src) : [...this.challenges.values()].pop();
          return key !== undefined && !this.used.has(key);
        },
        { message: 'the login page shows a fresh captcha challenge that came from GET api/captcha/', timeout: 10_000 },
      )
      .toBe(true);
    this.used.add(key as number);
    return key as number;
  }
}

export interface Credentials {
  username: string;
  password: string;
}

export const SUPERADMIN: Credentials = { username: 'superadmin', password: 'admin123456' };

interface Fixtures {
  captcha: CaptchaWatcher;
  /** Fills the login form (answering the captcha) and submits it. The page must be on /login. */
  submitLogin: (creds?: Credentials) => Promise<void>;
  /** Saves a full-page screenshot as e2e/artifacts/<name>.png. */
  shot: (name: string) => Promise<void>;
  pageErrors: string[];
}

export const test = base.extend<Fixtures, { server: TestServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, provide) => {
      const { startTestServer } = await import('../server/testing');
      // E2E_CONSOLE_DIR (optional) serves a private build, for runs while dist/ is being rebuilt.
      const dir = process.env.E2E_CONSOLE_DIR;
      // SAMPLE_EVENTS=on: the simulator's first-start sample of tracked events, as `npm start` has it (e2e/tracking.spec.ts).
      const server = await startTestServer({ captcha: true, serveConsole: true, env: { SAMPLE_EVENTS: 'on', JOBS: 'on' /* automation console: the e2e server works the job queue (e2e/automation.spec.ts) */, ...(dir ? { CONSOLE_DIR: dir } : {}) } });
      try {
        await provide(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.baseUrl),
  captcha: async ({ page }, provide) => provide(new CaptchaWatcher(page)),
  submitLogin: async ({ page, server, captcha }, provide) => {
    await provide(async (creds = SUPERADMIN) => {
      await expect(page.getByTestId('login-captcha-image')).toBeVisible();
      const key = await captcha.shownKey();
      const answer = await server.captchaAnswer(key);
      if (answer === null) throw new Error(`the server has no answer for captcha key ${key}`);
      await page.getByTestId('login-username').fill(creds.username);
      await page.getByTestId('login-password').fill(creds.password);
      await page.getByTestId('login-captcha').fill(answer);
      await page.getByTestId('login-submit').click();
    });
  },
  shot: async ({ page }, provide, testInfo) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await provide(async (name: string) => {
      const path = `${ARTIFACTS}${name}.png`;
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(name, { path, contentType: 'image/png' });
    });
  },
  /** Uncaught errors in the page fail the test that caused them. */
  pageErrors: [
    async ({ page }, provide) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
      await provide(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
