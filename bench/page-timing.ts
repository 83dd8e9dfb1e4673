import type { Browser, BrowserContext, Page } from 'playwright';

/**
 * Timings measured inside the page (performance.now(), from the navigation start), so Playwright's
 * own round trips do not count: a requestAnimationFrame loop notes the first frame where an element
 * is visible. Kept as plain JavaScript text: it runs in the page before the console's own scripts.
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
  watch('login-username', (t) => { bench.usernameAt = t; });
  document.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (bench.submitAt === undefined && target && target.closest('[data-testid="login-submit"]')) {
      bench.submitAt = performance.now();
      watch('dashboard', (t) => { bench.dashboardAt = t; });
    }
  }, true);
})();`;

interface BenchMarks {
  usernameAt?: number;
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

async function freshPage(browser: Browser, cpuSlowdown: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript({ content: INSTRUMENT });
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  return { context, page };
}

/** Milliseconds from navigation start until the username field is visible, one fresh context per sample. */
export async function timeToUsernameField(browser: Browser, baseUrl: string, samples: number, cpuSlowdown = 1): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const { context, page } = await freshPage(browser, cpuSlowdown);
    try {
      await page.goto(`${baseUrl}/login`);
      const m = await waitForMark(page, 'usernameAt');
      out.push(m.usernameAt ?? Number.NaN);
    } finally {
      await context.close();
    }
  }
  return out;
}

export interface LoginSample {
  /** Click on 登录 → first frame with the dashboard. */
  totalMs: number;
  /** Of which the POST api/login/ request (sent → last byte). */
  loginCallMs: number;
}

/** Milliseconds from the click on 登录 until the dashboard is visible (captcha off), one fresh context per sample. */
export async function timeLoginToDashboard(browser: Browser, baseUrl: string, samples: number, username: string, password: string): Promise<LoginSample[]> {
  const out: LoginSample[] = [];
  for (let i = 0; i < samples; i++) {
    const { context, page } = await freshPage(browser, 1);
    try {
      await page.goto(`${baseUrl}/login`);
      await page.getByTestId('login-username').fill(username);
      await page.getByTestId('login-password').fill(password);
      const loginCall = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/login/');
      await page.getByTestId('login-submit').click();
      const m = await waitForMark(page, 'dashboardAt');
      const timing = (await loginCall).request().timing();
      out.push({ totalMs: (m.dashboardAt ?? Number.NaN) - (m.submitAt ?? Number.NaN), loginCallMs: timing.responseEnd - timing.requestStart });
    } finally {
      await context.close();
    }
  }
  return out;
}
