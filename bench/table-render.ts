/**
 * Bench: render time of the CRUD table for a page of 100 rows in Chromium.
 *
 * Signed in on the reference server (captcha off), the user screen's list call is answered in the
 * page by a prepared page of 100 user rows (so the figure is the console's work, not the server's), and the
 * time is taken in the page from the click on 'next page' until the frame showing the new 100 rows
 * has been painted. The first visit (chunk loads included) is reported apart.
 *
 * How "painted" is taken: a MutationObserver notes the moment the table holds the new page (first
 * and last row both of the new page), then the next animation frame is awaited and a message posted
 * from it: the message runs once that frame's paint has been handed over. (An earlier version polled
 * with requestAnimationFrame and then waited two more frames, which counted up to two frames that
 * were not the console's work, and only looked at the first row.) The response of the list call is
 * noted too, so the part spent in the console after the data arrived is reported beside the total.
 * The list calls are answered inside the page (see answerInPage).
 */
import type { Browser, Page } from 'playwright';
import { median } from './page-timing';

export interface TableRenderBench {
  rows: number;
  /** Navigation to the screen until its first page (10 rows) is painted, chunk loads included. */
  firstVisitMs: number;
  pageChangeMs: { median: number; max: number; samples: number[] };
  /** Of each page change, the part after the list call's response arrived (the console's own work). */
  afterResponseMs: { median: number; max: number; samples: number[] };
}

const ROWS = 100;
const SAMPLES = 10;

/** One user row as the real back end sends it (example 46), numbered by page and position. */
function userRow(page: number, i: number): Record<string, unknown> {
  const id = page * 1000 + i;
  return {
    id,
    modifier_name: '超级管理员',
    creator_name: '超级管理员',
    create_datetime: '2026-11-21 15:29:20',
    update_datetime: '2026-11-21 15:29:20',
    dept_name: '技术部',
    role_info: [{ id: 2, name: '用户', key: 'public' }],
    last_login: null,
    is_superuser: false,
    first_name: '',
    last_name: '',
    is_staff: true,
    is_active: i % 3 !== 0,
    date_joined: '2026-11-21 15:29:20',
    description: i % 2 ? null : `备注 ${id}`,
    modifier: '1',
    dept_belong_id: '1',
    username: `u${page}-${i}`,
    employee_no: `E${id}`,
    email: `u${id}@example.com`,
    mobile: '13800000000',
    avatar: '',
    name: `用户${id}`,
    gender: i % 3,
    user_type: 0,
    last_token: null,
    creator: 1,
    dept: 3,
    groups: [],
    user_permissions: [],
    post: [],
    role: [2],
  };
}

/**
 * The list bodies the page is answered with, by `<page>:<limit>`: the first visit's 10 rows (or, with
 * `firstPageRows`, that many: index → a CRUD page with 100 rows), then pages of 100.
 */
function listBodies(firstPageRows = 10): Record<string, string> {
  const bodies: Record<string, string> = {};
  const add = (at: number, limit: number, rows = limit) => {
    const data = Array.from({ length: rows }, (_, i) => userRow(at, i + 1));
    bodies[`${at}:${limit}`] = JSON.stringify({ code: 2000, msg: 'success', data: { page: at, limit, total: ROWS * 50, is_next: true, is_previous: at > 1, data } });
  };
  for (let at = 2; at <= SAMPLES + 2; at++) add(at, ROWS);
  add(1, ROWS);
  add(1, 10, firstPageRows);
  return bodies;
}

/**
 * In-page answers to the user list (and the role list the screen asks for), given from a wrapped
 * fetch with a real Response: the measure holds the console's work only. (Answering through
 * Playwright's request routing added a round trip to the test process, 10 ms on a quiet machine and
 * hundreds of milliseconds on a busy one, to every sample.) The moment an answer is handed over is
 * kept in window.__benchAnsweredAt.
 */
export function answerInPage(firstPageRows = 10): string {
  const roles = JSON.stringify({ code: 2000, msg: 'success', data: { page: 1, limit: 999, total: 0, data: [] } });
  return `(() => {
    const bodies = ${JSON.stringify(listBodies(firstPageRows))};
    const roles = ${JSON.stringify(roles)};
    const realFetch = window.fetch.bind(window);
    const answer = (body) => {
      window.__benchAnsweredAt = performance.now();
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    window.fetch = (input, init) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, location.href);
      const method = ((init && init.method) || (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (method === 'GET' && url.pathname === '/api/system/user/' && url.search) {
        const body = bodies[(url.searchParams.get('page') || '1') + ':' + (url.searchParams.get('limit') || '10')];
        if (body) return answer(body);
      }
      if (method === 'GET' && url.pathname === '/api/system/role/' && url.search) return answer(roles);
      return realFetch(input, init);
    };
  })();`;
}

async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard').waitFor();
}

/**
 * In-page code as text: tsx (esbuild keepNames) would wrap functions passed to page.evaluate in a
 * `__name` helper the page does not have.
 */
const WAIT_ROWS = `(async ({ first, last, rows, next, pickOption }) => {
  const t0 = performance.now();
  const table = () => document.querySelector('[data-testid="user-table"]');
  const ready = () => {
    const body = table() && table().querySelector('tbody.p-datatable-tbody');
    const trs = body ? body.querySelectorAll(':scope > tr') : [];
    return trs.length === rows && trs[0].textContent.includes(first) && trs[rows - 1].textContent.includes(last);
  };
  const shown = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (ready()) { observer.disconnect(); clearTimeout(timer); resolve(performance.now()); }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('the table did not show ' + first)); }, 30000);
  });
  if (pickOption) Array.from(document.querySelectorAll('.p-dropdown-item')).find((e) => e.textContent.trim() === pickOption).click();
  else if (next) table().querySelector('.p-paginator-next').click();
  else { window.history.pushState(null, '', '/user'); window.dispatchEvent(new PopStateEvent('popstate')); }
  await shown;
  const painted = await new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  }));
  const answered = window.__benchAnsweredAt > t0 ? window.__benchAnsweredAt : t0;
  return { total: painted - t0, afterResponse: painted - answered };
})`;

export interface Timing {
  /** From the click (or the navigation) until the frame with the new rows is painted. */
  total: number;
  /** From the list call's response until then. */
  afterResponse: number;
}

/** Times one page of the user screen: `at` is the page number, whose rows are u<at>-1 … u<at>-<rows>. */
export async function rendered(page: Page, at: number, next: boolean, rows = ROWS, pickOption?: string): Promise<Timing> {
  return page.evaluate(`${WAIT_ROWS}(${JSON.stringify({ first: `u${at}-1`, last: `u${at}-${rows}`, rows, next, pickOption })})`) as Promise<Timing>;
}

/**
 * From the dashboard: index → the user screen (first visit: its chunks, the first page of 10 rows),
 * then 100 rows a page chosen in the pager (the list call and 100 rows rendered). Both timed in the
 * page; the pager's dropdown is opened first, untimed. Needs `answerInPage()` installed.
 */
export async function indexToCrud100(page: Page): Promise<{ firstVisit: number; to100: number }> {
  // From the index as it stands once loaded (its widgets' code and calls done), not while it still loads.
  await page.waitForLoadState('networkidle');
  const firstVisit = (await rendered(page, 1, false, 10)).total;
  await page.getByTestId('user-table').locator('.p-paginator .p-dropdown').click();
  await page.locator('.p-dropdown-item', { hasText: /^100$/ }).waitFor();
  const to100 = (await rendered(page, 1, false, ROWS, '100')).total;
  return { firstVisit, to100 };
}

const summary = (samples: number[]) => ({ median: median(samples), max: Math.max(...samples), samples });

export async function benchTableRender(browser: Browser, baseUrl: string, username: string, password: string): Promise<TableRenderBench> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: answerInPage() });
    await signIn(page, baseUrl, username, password);
    // First visit: the screen's chunks load and the first page (10 rows) shows.
    const firstVisitMs = (await rendered(page, 1, false, 10)).total;
    // Then 100 rows per page, chosen in the pager like a person would.
    const table = page.getByTestId('user-table');
    await table.locator('.p-paginator .p-dropdown').click();
    await page.locator('.p-dropdown-item', { hasText: /^100$/ }).click();
    await table.locator('tbody.p-datatable-tbody tr').nth(ROWS - 1).waitFor();
    const timings: Timing[] = [];
    for (let i = 0; i < SAMPLES; i++) timings.push(await rendered(page, i + 2, true));
    return {
      rows: ROWS,
      firstVisitMs,
      pageChangeMs: summary(timings.map((x) => x.total)),
      afterResponseMs: summary(timings.map((x) => x.afterResponse)),
    };
  } finally {
    await context.close();
  }
}

/**
 * `npx tsx bench/table-render.ts`: this measure alone, on the built console (dist/, or CONSOLE_DIR)
 * served by the reference server as its own process.
 */
async function main(): Promise<void> {
  const { chromium } = await import('playwright');
  const { chromiumArgs, chromiumPath } = await import('../scripts/chromium');
  const { startServerProcess } = await import('./server-process');
  const root = new URL('..', import.meta.url).pathname;
  const server = await startServerProcess(root);
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
    try {
      const result = await benchTableRender(browser, server.baseUrl, 'superadmin', 'admin123456');
      const r = (x: number) => Math.round(x);
      console.log(`table-render: ${result.rows}-row page change median ${r(result.pageChangeMs.median)} ms, max ${r(result.pageChangeMs.max)} ms, first visit ${r(result.firstVisitMs)} ms`);
      console.log(`table-render: samples ${result.pageChangeMs.samples.map(r).join(' ')}`);
      console.log(`table-render: after the list response: median ${r(result.afterResponseMs.median)} ms, max ${r(result.afterResponseMs.max)} ms`);
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
