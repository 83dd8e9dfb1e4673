/**
 * Bench (issue 7): render time of the CRUD table for a page of 100 rows in Chromium.
 *
 * Signed in on the reference server (captcha off), the user screen's list call is answered by a
 * prepared page of 100 user rows (so the figure is the console's work, not the server's), and the
 * time is taken in the page from the click on 'next page' until the new 100 rows are in the table and
 * a frame has been painted (two animation frames). The first visit (chunk loads included) is reported
 * apart.
 */
import type { Browser, Page } from 'playwright';

export interface TableRenderBench {
  rows: number;
  /** Navigation to the screen until its first page (10 rows) is painted, chunk loads included. */
  firstVisitMs: number;
  pageChangeMs: { median: number; max: number; samples: number[] };
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
const WAIT_ROWS = `(async ({ marker, rows, next }) => {
  const t0 = performance.now();
  if (next) document.querySelector('[data-testid="user-table"] .p-paginator-next')?.click();
  else { window.history.pushState(null, '', '/user'); window.dispatchEvent(new PopStateEvent('popstate')); }
  const deadline = t0 + 30000;
  await new Promise((resolve, reject) => {
    const check = () => {
      const body = document.querySelector('[data-testid="user-table"] tbody.p-datatable-tbody:not(.p-datatable-frozen-tbody)');
      const first = body && body.querySelector('tr');
      if (body && body.querySelectorAll('tr').length === rows && first && first.textContent.includes(marker)) resolve();
      else if (performance.now() > deadline) reject(new Error('the table did not show ' + marker));
      else requestAnimationFrame(check);
    };
    check();
  });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return performance.now() - t0;
})`;

/** Milliseconds from the click on 'next page' (or the navigation) until 100 rows with `marker` first are painted. */
async function rendered(page: Page, marker: string, next: boolean, rows = ROWS): Promise<number> {
  return page.evaluate(`${WAIT_ROWS}(${JSON.stringify({ marker, rows, next })})`) as Promise<number>;
}

export async function benchTableRender(browser: Browser, baseUrl: string, username: string, password: string): Promise<TableRenderBench> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.route('**/api/system/user/?*', async (route) => {
      const url = new URL(route.request().url());
      const at = Number(url.searchParams.get('page') ?? 1);
      const data = Array.from({ length: ROWS }, (_, i) => userRow(at, i + 1));
      await route.fulfill({
        json: { code: 2000, msg: 'success', data: { page: at, limit: ROWS, total: ROWS * 50, is_next: true, is_previous: at > 1, data } },
      });
    });
    await page.route('**/api/system/role/?*', (route) => route.fulfill({ json: { code: 2000, msg: 'success', data: { page: 1, limit: 999, total: 0, data: [] } } }));
    await signIn(page, baseUrl, username, password);
    // First visit: the screen's chunks load and the first page (10 rows) shows.
    const firstVisitMs = await rendered(page, 'u1-1', false, 10);
    // Then 100 rows per page, chosen in the pager like a person would.
    const table = page.getByTestId('user-table');
    await table.locator('.p-paginator .p-dropdown').click();
    await page.locator('.p-dropdown-item', { hasText: /^100$/ }).click();
    await table.locator('tbody.p-datatable-tbody tr').nth(ROWS - 1).waitFor();
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await rendered(page, `u${i + 2}-1`, true));
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      rows: ROWS,
      firstVisitMs,
      pageChangeMs: { median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted[sorted.length - 1] ?? 0, samples },
    };
  } finally {
    await context.close();
  }
}
