import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { readXlsx } from '../server/domain/crud/xlsx';
import { test, expect, SUPERADMIN } from './fixtures';

/**
 * The game catalogue on the reference server, as a person uses it: create an Android game,
 * upload a release, publish, roll back; generate a batch of 1,000 codes, export it, redeem one through
 * the API and see its status change; open a game's detail tab and an H5 preview; user test reads but
 * cannot change. One signed-in page serves the file (serial), so the file costs one login.
 */
test.describe.configure({ mode: 'serial' });

type TestServer = Awaited<ReturnType<typeof import('../server/testing').startTestServer>>;

let page: Page;
let server: TestServer;
const pageErrors: string[] = [];

/** The demo game a preview loads: the example host is not on this network, so the browser is answered here. */
const DEMO_GAME = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;background:linear-gradient(#ffb347,#ff5e62);font:22px sans-serif;color:#fff">
<canvas id="c" width="240" height="240"></canvas><p id="t">点击开始</p>
<script>const c=document.getElementById('c').getContext('2d');let a=0;setInterval(()=>{a+=0.05;c.clearRect(0,0,240,240);for(let i=0;i<6;i++){c.fillStyle='hsl('+(i*60)+',90%,60%)';c.beginPath();c.arc(120+80*Math.cos(a+i),120+80*Math.sin(a+i),18,0,7);c.fill();}},30);</script></body></html>`;

async function signIn(browser: Browser, srv: TestServer, username = SUPERADMIN.username): Promise<Page> {
  const context = await browser.newContext({ baseURL: srv.baseUrl, acceptDownloads: true, viewport: { width: 1366, height: 900 } });
  const p = await context.newPage();
  p.on('pageerror', (e) => pageErrors.push(`${e.name}: ${e.message}`));
  await context.route('https://h5.example.com/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: DEMO_GAME }));
  const challenges = new Map<string, number>();
  p.on('response', (res) => {
    if (new URL(res.url()).pathname !== '/api/captcha/') return;
    res
      .json()
      .then((body: { data?: { key?: number; image_base?: string } }) => {
        if (body.data?.key !== undefined && body.data.image_base) challenges.set(body.data.image_base, body.data.key);
      })
      .catch(() => undefined);
  });
  await p.goto('/login');
  const img = p.getByTestId('login-captcha-image');
  await expect(img).toBeVisible();
  let key: number | undefined;
  await expect.poll(async () => (key = challenges.get((await img.getAttribute('src')) ?? ''))).toBeDefined();
  await p.getByTestId('login-username').fill(username);
  await p.getByTestId('login-password').fill(SUPERADMIN.password);
  await p.getByTestId('login-captcha').fill((await srv.captchaAnswer(key as number)) ?? '');
  await p.getByTestId('login-submit').click();
  await expect(p.getByTestId('dashboard')).toBeVisible();
  return p;
}

/** Client-side navigation, the way a menu click routes. */
async function open(path: string, testId: string, on: Page = page): Promise<void> {
  await on.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(on.getByTestId(testId).first()).toBeVisible();
}

const table = (testId: string) => page.getByTestId(`${testId}-table`).first();
const rowWith = (testId: string, text: string) => table(testId).locator('tbody tr', { hasText: text });

async function shot(name: string, on: Page = page): Promise<void> {
  await on.screenshot({ path: `e2e/artifacts/${name}.png` });
}

/** The remote select of a form field: type, then pick the suggestion. */
async function pick(key: string, text: string): Promise<void> {
  const form = page.getByTestId('crud-form');
  await form.locator(`[data-testid="form-${key}"] input, input[data-testid="form-${key}"]`).first().fill(text);
  await page.locator('.p-autocomplete-item', { hasText: text }).first().click();
}

async function fill(values: Record<string, string>): Promise<void> {
  const form = page.getByTestId('crud-form');
  for (const [key, value] of Object.entries(values)) {
    const field = form.getByTestId(`form-${key}`);
    const input = (await field.evaluate((el) => el.tagName)) === 'INPUT' || (await field.evaluate((el) => el.tagName)) === 'TEXTAREA' ? field : field.locator('input').first();
    await input.fill(value);
  }
}

async function submit(): Promise<void> {
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('crud-form')).toHaveCount(0);
}

/** The API as a game server calls it: the signed-in page's token. */
async function api(path: string, body?: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('token'))?.value ?? '';
  return page.evaluate(
    async ([p, b, tk]) => {
      const res = await fetch(p, { method: b === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${tk}` }, body: b === undefined ? undefined : JSON.stringify(b) });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    },
    [path, body, token] as const,
  );
}

function apk(size: number, seed: number): Buffer {
  const b = Buffer.alloc(size);
  b.set([0x50, 0x4b, 0x03, 0x04]);
  for (let i = 4; i < size; i++) b[i] = (i * 31 + seed) & 0xff;
  return b;
}

test.beforeAll(async ({ browser, server: srv }) => {
  server = srv;
  page = await signIn(browser, srv);
});

test.afterAll(async () => {
  await page?.context().close();
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

test('create an Android game, upload a release, publish, roll back', async () => {
  await open('/game/android', 'game-android-table');
  await expect(table('game-android').locator('tbody tr')).toHaveCount(10);
  await page.getByTestId('crud-add').click();
  // Client rules answer with the server's words before anything is sent.
  await fill({ name: 'E2E 安卓游戏', package_id: 'not a package' });
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('form-error-package_id')).toHaveText('包名:应为反向域名格式，例如 com.example.game。');
  await fill({ package_id: 'com.example.e2egame' });
  await submit();
  await expect(rowWith('game-android', 'E2E 安卓游戏')).toContainText('com.example.e2egame');
  await shot('game-android');

  await open('/game/history', 'history-table');
  for (const [version, build, seed] of [
    ['1.0.0', '1', 1],
    ['1.1.0', '2', 2],
  ] as const) {
    await page.getByTestId('crud-add').click();
    await pick('game', 'E2E 安卓游戏');
    await fill({ version, build });
    const bytes = apk(256 * 1024, seed);
    await page.getByTestId('form-file-input').setInputFiles({ name: `e2e-${version}.apk`, mimeType: 'application/vnd.android.package-archive', buffer: bytes });
    // The server's SHA-256 of what was sent.
    const { createHash } = await import('node:crypto');
    await expect(page.getByTestId('form-file-sha256')).toHaveText(createHash('sha256').update(bytes).digest('hex'));
    if (version === '1.0.0') await shot('game-history-upload');
    await submit();
    await expect(rowWith('history', version).filter({ hasText: 'E2E 安卓游戏' })).toContainText('未发布');
  }
  const row = (version: string) => rowWith('history', 'E2E 安卓游戏').filter({ hasText: version });

  for (const version of ['1.0.0', '1.1.0']) {
    await row(version).getByTestId('row-publish').click();
    await page.getByTestId('crud-confirm-ok').click();
    await expect(row(version).getByTestId('release-current')).toBeVisible();
  }
  await expect(row('1.0.0').getByTestId('release-current')).toHaveCount(0);
  await row('1.0.0').getByTestId('row-rollback').click();
  await expect(page.getByTestId('crud-confirm')).toContainText('回滚到版本 1.0.0');
  await page.getByTestId('crud-confirm-ok').click();
  await expect(row('1.0.0').getByTestId('release-current')).toBeVisible();
  await expect(row('1.1.0')).toContainText('已回滚');
  await shot('game-history');

  const games = (await api('/api/game/android/?search=e2egame')).data as { data: Array<{ id: number; current_version: string }> };
  expect(games.data[0]?.current_version).toBe('1.0.0');
});

test('a game opens its detail as a new tab titled with its name', async () => {
  await open('/game/android', 'game-android-table');
  await rowWith('game-android', 'E2E 安卓游戏').getByTestId('row-detail').click();
  await expect(page.getByTestId('detail-name')).toHaveText('E2E 安卓游戏');
  await expect(page.getByTestId('tab-bar')).toContainText('E2E 安卓游戏');
  await expect(page.getByTestId('detail-current-version')).toHaveText('1.0.0');
  await page.getByTestId('game-detail').getByRole('tab', { name: /^版本/ }).click();
  await expect(page.getByTestId('detail-releases-table').locator('tbody tr')).toHaveCount(2);
  await page.getByTestId('game-detail').getByRole('tab', { name: /基本信息/ }).click();
  await shot('game-detail');
});

test('generate a batch of 1,000 codes, export it, redeem one through the API and see its status change', async () => {
  await open('/game/code', 'code-table');
  await page.getByTestId('crud-add').click();
  await pick('game', 'E2E 安卓游戏');
  await fill({ name: 'E2E 批次', count: '1000', prefix: 'E2E', reward: '金币×100' });
  await submit();
  const batchRow = rowWith('code', 'E2E 批次');
  await expect(batchRow).toContainText('已兑换 0 / 1000');
  await shot('game-code');

  await batchRow.getByTestId('row-codes').click();
  const dialog = page.getByTestId('codes-dialog');
  await expect(dialog).toContainText('共 1000 条');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('codes-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^兑换码-E2E 安卓游戏-批次\d+-\d{14}\.xlsx$/);
  const sheet = readXlsx(readFileSync(await download.path()));
  expect(sheet[0]).toEqual(['兑换码', '状态', '玩家', '兑换时间']);
  expect(sheet).toHaveLength(1001);
  expect(sheet.slice(1).every((r) => r[1] === '未使用' && /^E2E\d{10}[A-HJ-NP-Z2-9]{8}$/.test(r[0] ?? ''))).toBe(true);

  const code = (await dialog.getByTestId('code-value').first().textContent()) ?? '';
  expect(sheet[1]?.[0]).toBe(code);
  const redeemed = await api('/api/game/code/redeem/', { code, player: 'e2e-player-1' });
  expect(redeemed).toMatchObject({ code: 2000, data: { code, player: 'e2e-player-1' } });
  const again = await api('/api/game/code/redeem/', { code, player: 'e2e-player-2' });
  expect(again.code).toBe(4000);

  await dialog.getByTestId('codes-status').click();
  await page.locator('.p-dropdown-item', { hasText: '已兑换' }).click();
  await dialog.getByTestId('codes-search-submit').click();
  await expect(dialog.getByTestId('codes-table').locator('tbody tr')).toHaveCount(1);
  await expect(dialog.getByTestId('codes-table').locator('tbody tr').first()).toContainText('e2e-player-1');
  await expect(dialog.getByTestId('codes-table').locator('tbody tr').first()).toContainText('已兑换');
  await shot('game-codes');
  await dialog.locator('.p-dialog-header-close').click();
  await page.getByTestId('crud-reload').click();
  await expect(batchRow).toContainText('已兑换 1 / 1000');
});

test('open an H5 preview from the H5 list: the game in a phone frame, devices and rotation', async () => {
  await open('/game/h5', 'game-h5-table');
  // Other specs add H5 games to the shared server: find this one by its code, wherever it lists.
  const searchForm = page.getByTestId('game-h5-search');
  await searchForm.getByTestId('search-code').fill('h5-xiaoxiao');
  await searchForm.getByTestId('game-h5-search-submit').click();
  await expect(table('game-h5').locator('tbody tr')).toHaveCount(1);
  const [preview] = await Promise.all([page.context().waitForEvent('page'), rowWith('game-h5', 'h5-xiaoxiao').getByTestId('row-preview').click()]);
  preview.on('pageerror', (e) => pageErrors.push(`${e.name}: ${e.message}`));
  await preview.setViewportSize({ width: 1366, height: 900 });
  await expect(preview).toHaveURL(/\/preview\?code=h5-xiaoxiao$/);
  await expect(preview.getByTestId('preview-name')).toHaveText('消消乐园');
  await expect(preview.getByTestId('preview-version')).toContainText('版本');
  await expect(preview.frameLocator('[data-testid="preview-iframe"]').locator('#t')).toHaveText('点击开始');
  await shot('game-preview', preview);
  await preview.getByTestId('preview-rotate').click();
  await expect(preview.getByTestId('preview-frame')).toHaveAttribute('data-size', '844x390');
  await shot('game-preview-landscape', preview);
  await preview.goto('/preview?code=no-such-game');
  await expect(preview.getByTestId('preview-missing')).toHaveText(/找不到游戏代码为「no-such-game」的 H5 游戏。/);
  await preview.goto('/preview');
  await expect(preview).toHaveURL(/\/403$/);
  await preview.close();
});

test('the lookup finds a gift code, a game and a release and opens their screens', async () => {
  await open('/game/query', 'game-query');
  await page.getByTestId('query-input').fill('com.example.e2egame');
  await page.getByTestId('query-submit').click();
  await expect(page.getByTestId('hit-game')).toContainText('E2E 安卓游戏');
  await shot('game-query');
  await page.getByTestId('hit-game').getByTestId('hit-open').click();
  await expect(page.getByTestId('detail-name')).toHaveText('E2E 安卓游戏');
});

test('shared accounts: the secret shows masked; 查看密钥 reveals it once; tags', async () => {
  await open('/common/account', 'account-table');
  const row = rowWith('account', 'Google Play 开发者账号');
  await expect(row.getByTestId('secret-mask')).toHaveText('••••••••');
  await row.getByTestId('row-reveal').click();
  await page.getByTestId('crud-confirm-ok').click();
  await expect(page.getByTestId('reveal-secret')).toHaveText(/^sk_googleplay_[0-9a-f]{32}$/);
  await shot('common-account-reveal');
  await page.getByTestId('reveal-close').click();
  await open('/common/tag', 'tag-table');
  await expect(rowWith('tag', '热门')).toContainText('#f56c6c');
  await shot('common-tag');
});

test('user test sees the catalogue but cannot change it', async ({ browser }) => {
  const other = await signIn(browser, server, 'test');
  try {
    await open('/game/android', 'game-android-table', other);
    await expect(other.getByTestId('game-android-table').locator('tbody tr').first()).toBeVisible();
    await expect(other.getByTestId('crud-add')).toHaveCount(0);
    await expect(other.getByTestId('row-edit')).toHaveCount(0);
    await open('/common/account', 'account-table', other);
    await expect(other.getByTestId('row-reveal')).toHaveCount(0);
  } finally {
    await other.context().close();
  }
});

test('every catalogue page in English, 1366 wide', async () => {
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('token'));
  const prefix = token?.name.replace(/token$/, '') ?? '';
  await page.context().addCookies([{ name: `${prefix}lang`, value: 'en', url: server.baseUrl }]);
  await page.reload();
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  for (const [path, testId, name] of [
    ['/game/android', 'game-android-table', 'game-android-en'],
    ['/game/h5', 'game-h5-table', 'game-h5-en'],
    ['/game/mini', 'game-mini-table', 'game-mini-en'],
    ['/game/soft', 'game-soft-table', 'game-soft-en'],
    ['/game/history', 'history-table', 'game-history-en'],
    ['/game/code', 'code-table', 'game-code-en'],
    ['/game/detail?id=1', 'game-detail', 'game-detail-en'],
    ['/game/query', 'game-query', 'game-query-en'],
    ['/common/account', 'account-table', 'common-account-en'],
    ['/common/tag', 'tag-table', 'common-tag-en'],
  ] as const) {
    await open(path, testId);
    await expect(page.locator('.p-datatable-loading-overlay')).toHaveCount(0);
    await shot(name);
  }
  await expect(page.getByTestId('game-detail').or(page.getByTestId('tag-table')).first()).toBeVisible();
  await page.context().addCookies([{ name: `${prefix}lang`, value: 'zh-chs', url: server.baseUrl }]);
});
