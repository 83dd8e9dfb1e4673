import type { Browser, BrowserContext, Page } from 'playwright';

/**
 * Sign-in timings measured inside the page (performance.now()), so Playwright's own round trips do not
 * count: a requestAnimationFrame loop notes the first frame where the dashboard is visible after the
 * click on 登录. Kept as plain JavaScript text: it runs in the page before the console's own scripts.
 * (The login page's own load is measured in login-page.ts.)
 */
const INSTRUMENT = `(() => {
  const bench = {};
  window.__bench = bench;
  const visible = (testId) => {
    const el = document.querySelector('[data-testid="' + testId + '"]');
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility();
  };
  const watch = (testId, done) => {
    const tick = () => { if (visible(testId)) done(performance.now()); else requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  };
  document.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (bench.submitAt === undefined && target && target.closest('[data-testid="login-submit"]')) {
      bench.submitAt = performance.now();
      watch('dashboard', (t) => { bench.dashboardAt = t; });
    }
  }, true);
})();`;

interface BenchMarks {
  submitAt?: number;
  dashboardAt?: number;
}

/** Reads the marks the instrument script left in the page. */
function marks(page: Page): Promise<BenchMarks> {
  return page.evaluate(() => (window as unknown as { __bench?: BenchMarks }).__bench ?? {});
}

async function waitForMark(page: Page, mark: keyof BenchMarks): Promise<BenchMarks> {
  await page.waitForFunction((m) => (window as unknown as { __bench?: Record<string, number> }).__bench?.[m] !== undefined, mark, { timeout: 30_000 });
  return marks(page);
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

async function freshPage(browser: Browser, cpuSlowdown: number, initScripts: string[] = []): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.addInitScript({ content: INSTRUMENT });
  for (const content of initScripts) await context.addInitScript({ content });
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  return { context, page };
}

export interface LoginSample {
  /** Click on 登录 → first frame with the dashboard. */
  totalMs: number;
  /** Of which the POST api/login/ request (sent → last byte). */
  loginCallMs: number;
  /** What `after` measured afterwards in the same signed-in page (e.g. index → a CRUD page). */
  then?: Record<string, number>;
}

export interface AfterLogin {
  /** Scripts for each fresh context (e.g. in-page answers to list calls). */
  initScripts: string[];
  /** Runs on the dashboard once it is shown; its figure is kept with the sample. */
  run(page: Page): Promise<Record<string, number>>;
}

/**
 * Milliseconds from the click on 登录 until the dashboard is visible (captcha off), one fresh context
 * per sample; optionally a second measure from the dashboard in the same fresh session.
 */
export async function timeLoginToDashboard(browser: Browser, baseUrl: string, samples: number, username: string, password: string, after?: AfterLogin): Promise<LoginSample[]> {
  const out: LoginSample[] = [];
  for (let i = 0; i < samples; i++) {
    const { context, page } = await freshPage(browser, 1, after?.initScripts);
    try {
      await page.goto(`${baseUrl}/login`);
      // A person types for seconds: the click comes on a page that has finished loading (with the
      // prerendered form a click can otherwise land before the scripts, and the figure would be the
      // page's own load plus the sign-in).
      await page.waitForLoadState('networkidle');
      await page.getByTestId('login-username').fill(username);
      await page.getByTestId('login-password').fill(password);
      const loginCall = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/login/');
      await page.getByTestId('login-submit').click();
      const m = await waitForMark(page, 'dashboardAt');
      const timing = (await loginCall).request().timing();
      const sample: LoginSample = { totalMs: (m.dashboardAt ?? Number.NaN) - (m.submitAt ?? Number.NaN), loginCallMs: timing.responseEnd - timing.requestStart };
      if (after) sample.then = await after.run(page);
      out.push(sample);
    } finally {
      await context.close();
    }
  }
  return out;
}
