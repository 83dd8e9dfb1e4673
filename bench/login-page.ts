/**
 * The login page as a person meets it, one fresh browser context per sample, optionally
 * with the CPU slowed down through CDP (`Emulation.setCPUThrottlingRate`):
 *
 *   first paint            the paint timing entries `first-paint` and `first-contentful-paint`
 *   username / password    the first animation frame in which the field is laid out and visible
 *   interactive            the first input the console accepts: the username field carries React's
 *                          handlers (hydrated or rendered) and the task queued right after that has run,
 *                          so a keystroke there goes through the console's own onChange
 *   CLS                    the layout-shift entries (none after input) summed, read once the page has
 *                          settled (network idle, then 500 ms)
 *   JS requests / bytes    the page's script and modulepreload requests until it settled, from the
 *                          resource timing entries (bytes as sent on the wire, brotli here)
 *   API starts             when the captcha, settings and OAuth2 calls were sent, beside the moment the
 *                          entry script had arrived (they should not wait for it)
 *
 * Every figure is taken inside the page (performance.now(), from the navigation start), so Playwright's
 * own round trips do not count. `npx tsx bench/login-page.ts` runs these measures alone on the built
 * console (dist/, or CONSOLE_DIR) served by the reference server as its own process.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright';
import { median } from './page-timing';

/** Plain JavaScript text: it runs in the page before any of the console's scripts. */
const INSTRUMENT = `(() => {
  const b = { cls: 0, shifts: [] };
  window.__benchLogin = b;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        b.cls += e.value;
        b.shifts.push({ at: Math.round(e.startTime), value: e.value, nodes: (e.sources || []).map((s) => s.node && s.node.nodeType === 1 ? s.node.tagName.toLowerCase() + '.' + String(s.node.className).split(' ').join('.') : String(s.node && s.node.nodeName)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === 'first-paint') b.firstPaint = e.startTime;
        if (e.name === 'first-contentful-paint') b.firstContentfulPaint = e.startTime;
      }
    }).observe({ type: 'paint', buffered: true });
  } catch (e) { b.observerError = String(e); }
  const field = (id) => document.querySelector('[data-testid="' + id + '"]');
  const visible = (el) => { if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true }); };
  const handled = (el) => { if (!el) return false; for (const k of Object.keys(el)) if (k.startsWith('__reactProps$')) return typeof el[k].onChange === 'function'; return false; };
  const tick = () => {
    const now = performance.now();
    if (b.usernameAt === undefined && visible(field('login-username'))) b.usernameAt = now;
    if (b.passwordAt === undefined && visible(field('login-password'))) b.passwordAt = now;
    if (b.handlersAt === undefined && handled(field('login-username'))) {
      b.handlersAt = now;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { b.interactiveAt = performance.now(); };
      channel.port2.postMessage(null);
    }
    if (b.usernameAt === undefined || b.passwordAt === undefined || b.handlersAt === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface PageMarks {
  cls: number;
  shifts: { at: number; value: number; nodes: string[] }[];
  firstPaint?: number;
  firstContentfulPaint?: number;
  usernameAt?: number;
  passwordAt?: number;
  handlersAt?: number;
  interactiveAt?: number;
}

/** What the page's resource timing says about one load. */
interface Resources {
  jsRequests: number;
  jsBytes: number;
  jsFiles: string[];
  /** The entry module (the last script type=module the boot script adds): when its last byte arrived. */
  entryLoadedAt: number | null;
  /** The page's HTML: when its last byte arrived (navigation timing). */
  htmlAt: number | null;
  /** API calls: path → when it was sent (ms from the navigation start). */
  apiStarts: Record<string, number>;
}

export interface LoginLoadSample {
  firstPaint: number;
  firstContentfulPaint: number;
  usernameVisible: number;
  passwordVisible: number;
  interactive: number;
  cls: number;
  shifts: PageMarks['shifts'];
  jsRequests: number;
  jsBytes: number;
  entryLoadedAt: number | null;
  htmlAt: number | null;
  apiStarts: Record<string, number>;
}

const READ_RESOURCES = `(() => {
  const entries = performance.getEntriesByType('resource');
  const js = entries.filter((e) => /\\.m?js$/.test(new URL(e.name).pathname));
  const modules = document.querySelectorAll('script[type="module"][src]');
  const entry = modules[modules.length - 1];
  const nav = performance.getEntriesByType('navigation')[0];
  const entryUrl = entry ? new URL(entry.getAttribute('src'), location.href).href : null;
  const entryTiming = entryUrl ? entries.find((e) => e.name === entryUrl) : undefined;
  const apiStarts = {};
  for (const e of entries) {
    const path = new URL(e.name).pathname;
    if ((path.startsWith('/api/') || path === '/graphql') && apiStarts[path] === undefined) apiStarts[path] = Math.round(e.startTime);
  }
  return {
    jsRequests: js.length,
    jsBytes: js.reduce((n, e) => n + (e.encodedBodySize || 0), 0),
    jsFiles: js.map((e) => new URL(e.name).pathname),
    entryLoadedAt: entryTiming ? Math.round(entryTiming.responseEnd) : null,
    htmlAt: nav ? Math.round(nav.responseEnd) : null,
    apiStarts,
  };
})()`;

async function freshPage(browser: Browser, cpuSlowdown: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: INSTRUMENT });
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  return { context, page };
}

/** Loads /login `samples` times, each in a fresh context, and takes the figures above. */
export async function timeLoginPage(browser: Browser, baseUrl: string, samples: number, cpuSlowdown = 1): Promise<LoginLoadSample[]> {
  const out: LoginLoadSample[] = [];
  for (let i = 0; i < samples; i++) {
    const { context, page } = await freshPage(browser, cpuSlowdown);
    try {
      await page.goto(`${baseUrl}/login`);
      await page.waitForFunction(() => (window as unknown as { __benchLogin?: PageMarks }).__benchLogin?.interactiveAt !== undefined, undefined, { timeout: 30_000 });
      // Late layout shifts (settings, captcha, sign-in links arriving) count too: settle first.
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      await page.evaluate('new Promise((r) => setTimeout(r, 500))');
      const m = (await page.evaluate('window.__benchLogin')) as PageMarks;
      const r = (await page.evaluate(READ_RESOURCES)) as Resources;
      out.push({
        firstPaint: m.firstPaint ?? Number.NaN,
        firstContentfulPaint: m.firstContentfulPaint ?? Number.NaN,
        usernameVisible: m.usernameAt ?? Number.NaN,
        passwordVisible: m.passwordAt ?? Number.NaN,
        interactive: m.interactiveAt ?? Number.NaN,
        cls: m.cls,
        shifts: m.shifts,
        jsRequests: r.jsRequests,
        jsBytes: r.jsBytes,
        entryLoadedAt: r.entryLoadedAt,
        htmlAt: r.htmlAt,
        apiStarts: r.apiStarts,
      });
    } finally {
      await context.close();
    }
  }
  return out;
}

export interface LoginLoadSummary {
  cpu: number;
  samples: LoginLoadSample[];
  firstPaint: number;
  firstContentfulPaint: number;
  usernameVisible: number;
  passwordVisible: number;
  interactive: number;
  cls: number;
  clsMax: number;
  jsRequests: number;
  jsBytes: number;
  entryLoadedAt: number | null;
  /** When the HTML had arrived; before it, the time is the renderer's start and the request (machine load). */
  htmlAt: number;
  /** First paint and password visible counted from the HTML's arrival: the page's own work. */
  paintAfterHtml: number;
  passwordAfterHtml: number;
  apiStarts: Record<string, number>;
}

export function summarise(cpu: number, samples: LoginLoadSample[]): LoginLoadSummary {
  const med = (pick: (s: LoginLoadSample) => number) => median(samples.map(pick));
  const paths = new Set(samples.flatMap((s) => Object.keys(s.apiStarts)));
  const apiStarts: Record<string, number> = {};
  for (const p of [...paths].sort()) {
    const starts = samples.map((s) => s.apiStarts[p]).filter((x): x is number => x !== undefined);
    if (starts.length) apiStarts[p] = median(starts);
  }
  const entries = samples.map((s) => s.entryLoadedAt).filter((x): x is number => x !== null);
  const afterHtml = (pick: (s: LoginLoadSample) => number) => median(samples.filter((s) => s.htmlAt !== null).map((s) => pick(s) - (s.htmlAt as number)));
  return {
    cpu,
    samples,
    firstPaint: med((s) => s.firstPaint),
    firstContentfulPaint: med((s) => s.firstContentfulPaint),
    usernameVisible: med((s) => s.usernameVisible),
    passwordVisible: med((s) => s.passwordVisible),
    interactive: med((s) => s.interactive),
    cls: med((s) => s.cls),
    clsMax: Math.max(...samples.map((s) => s.cls)),
    jsRequests: med((s) => s.jsRequests),
    jsBytes: med((s) => s.jsBytes),
    entryLoadedAt: entries.length ? median(entries) : null,
    htmlAt: median(samples.map((s) => s.htmlAt ?? Number.NaN)),
    paintAfterHtml: afterHtml((s) => s.firstPaint),
    passwordAfterHtml: afterHtml((s) => s.passwordVisible),
    apiStarts,
  };
}

/** The JS a flow loaded: requests and gzip -9 size of the bodies, with the files. */
export interface JsLoad {
  requests: number;
  gzipBytes: number;
  files: { url: string; gzipBytes: number }[];
}

function watchScripts(page: Page): { since(): JsLoad; reset(): void; done(): Promise<void> } {
  let pending: Promise<{ url: string; gzipBytes: number } | null>[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (!/\.m?js$/.test(path)) return;
    pending.push(
      res
        .body()
        .then((body) => ({ url: path, gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  let settled: { url: string; gzipBytes: number }[] = [];
  return {
    reset: () => {
      pending = [];
      settled = [];
    },
    done: async () => {
      settled = (await Promise.all(pending)).filter((x): x is { url: string; gzipBytes: number } => x !== null);
    },
    since: () => ({ requests: settled.length, gzipBytes: settled.reduce((n, f) => n + f.gzipBytes, 0), files: settled }),
  };
}

/**
 * The first failing API call on the login page: a wrong password (and, captcha on, a wrong answer) is
 * refused, the console shows its toast. Reports the JS that this first error pulled in and the time
 * from the click to the toast on screen.
 */
export async function firstErrorCost(browser: Browser, baseUrl: string): Promise<{ js: JsLoad; toastMs: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-username').waitFor();
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await scripts.done();
    scripts.reset();
    await page.getByTestId('login-username').fill('superadmin');
    await page.getByTestId('login-password').fill('not-the-password');
    const captcha = page.getByTestId('login-captcha');
    if (await captcha.isVisible()) await captcha.fill('0000');
    const t0 = (await page.evaluate('performance.now()')) as number;
    await page.getByTestId('login-submit').click();
    await page.locator('.p-toast-message').first().waitFor({ state: 'visible', timeout: 30_000 });
    const t1 = (await page.evaluate('performance.now()')) as number;
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await scripts.done();
    return { js: scripts.since(), toastMs: t1 - t0 };
  } finally {
    await context.close();
  }
}

/** `npx tsx bench/login-page.ts`: the login page measures alone (captcha on, as a fresh back end has it). */
/** One trace event of Chromium's tracing (the fields used here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frame?: string } };
}

/**
 * CPU time (not wall time) the renderer's main thread spent on the login page from the navigation
 * until the password field was visible: the sum of the thread durations (`tdur`) of its top-level
 * tasks in a Chromium trace. On a loaded machine the wall-clock figures wait for a core; this is
 * what the page itself costs, close to what an idle machine shows (CPU ×1 only: throttling is wall time).
 */
export async function mainThreadWork(browser: Browser, baseUrl: string, samples: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const { context, page } = await freshPage(browser, 1);
    try {
      const cdp = await context.newCDPSession(page);
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])));
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,blink.user_timing,__metadata', transferMode: 'ReportEvents' });
      await page.goto(`${baseUrl}/login`);
      await page.waitForFunction(() => (window as unknown as { __benchLogin?: PageMarks }).__benchLogin?.passwordAt !== undefined, undefined, { timeout: 30_000 });
      const passwordAt = (await page.evaluate('window.__benchLogin.passwordAt')) as number;
      await cdp.send('Tracing.end');
      await done;
      const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((n) => n.pid === e.pid && n.name === 'navigationStart'));
      // The last navigation of that renderer is the page's (the first is about:blank).
      const start = events.filter((e) => main && e.pid === main.pid && e.name === 'navigationStart').sort((a, b) => a.ts - b.ts).pop();
      if (!main || !start) continue;
      const end = start.ts + passwordAt * 1000;
      const cpu = events
        .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') && e.ts >= start.ts && e.ts <= end)
        .reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0);
      out.push(cpu / 1000);
    } finally {
      await context.close();
    }
  }
  return out;
}

async function main(): Promise<void> {
  const { chromium } = await import('playwright');
  const { chromiumArgs, chromiumPath } = await import('../scripts/chromium');
  const { startServerProcess } = await import('./server-process');
  const { measurePageWeight } = await import('./page-weight');
  const samples = Number(process.env.BENCH_SAMPLES ?? 9);
  const root = new URL('..', import.meta.url).pathname;
  const server = await startServerProcess(root, { captcha: true });
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
    try {
      const weight = await measurePageWeight(browser, server.baseUrl);
      console.log(`login page: JS ${(weight.jsGzip / 1024).toFixed(1)} KiB gzip in ${weight.jsRequests} requests, CSS ${(weight.cssGzip / 1024).toFixed(1)} KiB in ${weight.cssRequests}`);
      for (const a of weight.assets) console.log(`  ${a.kind} ${(a.gzipBytes / 1024).toFixed(1).padStart(7)} KiB  ${a.url}`);
      for (const cpu of [1, 4]) {
        const s = summarise(cpu, await timeLoginPage(browser, server.baseUrl, samples, cpu));
        const r = (x: number) => Math.round(x);
        console.log(
          `CPU x${cpu} (median of ${samples}): first paint ${r(s.firstPaint)} ms, FCP ${r(s.firstContentfulPaint)} ms, username ${r(s.usernameVisible)} ms, password ${r(s.passwordVisible)} ms, interactive ${r(s.interactive)} ms, CLS ${s.cls.toFixed(4)} (max ${s.clsMax.toFixed(4)}), JS ${s.jsRequests} requests / ${(s.jsBytes / 1024).toFixed(1)} KiB on the wire`,
        );
        console.log(`  entry script loaded at ${s.entryLoadedAt} ms; API sent at ${JSON.stringify(s.apiStarts)}`);
        console.log(`  the page's own work: HTML received at ${r(s.htmlAt)} ms (the renderer's start and the request: machine load), then first paint +${r(s.paintAfterHtml)} ms, password visible +${r(s.passwordAfterHtml)} ms`);
        console.log(`  password samples: ${s.samples.map((x) => r(x.passwordVisible)).join(' ')}; paint samples: ${s.samples.map((x) => r(x.firstPaint)).join(' ')}`);
      }
      const work = await mainThreadWork(browser, server.baseUrl, samples);
      console.log(`main-thread CPU until the password field is visible, CPU x1 (median of ${work.length}): ${median(work).toFixed(1)} ms (samples ${work.map((x) => x.toFixed(1)).join(' ')})`);
      const err = await firstErrorCost(browser, server.baseUrl);
      console.log(`first error toast: ${Math.round(err.toastMs)} ms after the click, ${err.js.requests} JS requests, ${(err.js.gzipBytes / 1024).toFixed(1)} KiB gzip (${err.js.files.map((f) => f.url).join(' ')})`);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
