import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { formatMoney } from '../src/stores/format/money';
import { signIn } from './shell-helpers';

/**
 * 平台账号 and 游戏用户 on the reference server with its sample data (SAMPLE_EVENTS=on):
 * a fresh game's SDK sends a register (with a phone binding) and logins through the signed ingestion API;
 * staff find the account, ban it from the screen (the reason is required), see it listed as banned, its
 * next events stored flagged (in the database and on the player's behaviour track), and unban it. The
 * sample's biggest payer shows the total paid that an independent SQL over the raw orders gives.
 * Screenshots of both pages and their drawers in Chinese and English.
 */
// Staff's browser keeps the analytics calendar (ANALYTICS_TZ): the sessions tab's default range ends on the
// browser's today, and from 16:00 UTC a UTC browser's today is a day behind the events' Shanghai day (CI failed so).
test.use({ timezoneId: 'Asia/Shanghai' });
test.describe.configure({ mode: 'serial' });

const slow = { timeout: 30_000 };
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const player = `e2e-acc-${unique}`;
let game = 0;
let creds = { app_key: '', secret: '' };

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('token'))?.value ?? '';
  const answer = await page.evaluate(
    async ([m, p, tk, b]) => {
      const res = await fetch(p, { method: m, headers: { authorization: `JWT ${tk}`, 'content-type': 'application/json' }, ...(b ? { body: b } : {}) });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    },
    [method, path, token, body === undefined ? '' : JSON.stringify(body)] as const,
  );
  expect(answer.code, `${path}: ${answer.msg}`).toBe(2000);
  return answer.data as T;
}

async function track(page: Page, events: Array<{ event: string; properties?: Record<string, string> }>): Promise<string[]> {
  const list = events.map((e, i) => ({ uuid: randomUUID(), event: e.event, distinct_id: player, time: new Date(Date.now() - 60_000 + i * 1000).toISOString(), properties: e.properties ?? {} }));
  const raw = JSON.stringify({ events: list });
  const res = await page.request.post('/api/embed/track/', { data: raw, headers: { 'content-type': 'application/json', 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(raw).digest('hex') } });
  const answer = (await res.json()) as { code: number; data: { accepted: number; rejected: unknown[] } };
  expect(answer.code).toBe(2000);
  expect(answer.data.rejected).toEqual([]);
  return list.map((e) => e.uuid);
}

async function searchAccount(page: Page, testId: string, text: string) {
  await page.getByTestId('search-search').fill(text);
  await page.getByTestId(`${testId}-search-submit`).click();
}

test('ban and unban an account ingested through the signed API: listed as banned, its new events flagged', async ({ page, submitLogin, shot, server }) => {
  test.setTimeout(180_000);
  await signIn(page, submitLogin);
  const g = await api<{ id: number }>(page, 'POST', '/api/game/h5/', { name: `账号测试 ${unique}`, url: `https://h5.example.com/${unique}/`, code: `acc-${unique}`, status: 'testing' });
  game = g.id;
  const app = await api<{ id: number }>(page, 'POST', '/api/embed_configure/game/', { game });
  creds = await api<{ app_key: string; secret: string }>(page, 'POST', `/api/embed_configure/game/${app.id}/regenerate/`);
  const device = { device_id: `dev-e2e-${unique}`, device_model: 'iPhone 15', os: 'ios', os_version: '17.1' };
  await track(page, [{ event: 'register', properties: { channel: 'tap', phone: '13800138000', ...device } }, { event: 'login', properties: device }, { event: 'session_start' }]);
  // The player upkeep (accounts) runs just after the ingestion's commit: wait until the account is kept.
  await expect.poll(async () => (await api<{ total: number }>(page, 'GET', `/api/center_users/accounts/?search=${player}`)).total, slow).toBe(1);

  await page.goto('/center_users/accounts');
  const table = page.getByTestId('accounts-table');
  await expect(table.locator('tbody tr').first()).toBeVisible(slow);
  await searchAccount(page, 'accounts', player);
  await expect(table.locator('tbody tr')).toHaveCount(1, slow);
  await expect(table.locator('tbody tr').first()).toContainText('正常');

  // The reason is required: nothing is sent without it.
  await table.getByTestId('row-ban').click();
  await page.getByTestId('ban-submit').click();
  await expect(page.getByTestId('ban-problem')).toHaveText('请填写封禁原因');
  await page.getByTestId('ban-reason').fill('使用外挂（e2e）');
  await page.getByTestId('ban-submit').click();
  await expect(page.getByTestId('ban-dialog')).toBeHidden(slow);
  await expect(table.locator('tbody tr').first()).toContainText('已封禁', slow);
  await page.getByTestId('search-status').click();
  await page.getByRole('option', { name: '已封禁' }).click();
  await page.getByTestId('accounts-search-submit').click();
  await expect(table.locator('tbody tr')).toHaveCount(1, slow);

  // Events sent while banned: stored, flagged (database and behaviour track).
  const during = await track(page, [{ event: 'login', properties: device }, { event: 'session_end' }]);
  const flags = await server.query<{ banned: boolean }>('SELECT banned FROM tracking_events WHERE uuid = ANY($1::uuid[])', [during]);
  expect(flags.map((f) => f.banned)).toEqual([true, true]);
  const before = await server.query<{ n: string }>('SELECT count(*)::text AS n FROM tracking_events WHERE distinct_id = $1 AND NOT banned', [player]);
  expect(Number(before[0]?.n)).toBe(3);

  await table.getByTestId('row-view').click();
  await expect(page.getByTestId('account-detail')).toBeVisible(slow);
  await expect(page.getByTestId('account-drawer-status')).toContainText('已封禁');
  await expect(page.getByTestId('account-bindings')).toContainText('138****8000');
  await expect(page.getByTestId('account-flagged')).toHaveText('2');
  await expect(page.getByTestId('account-bans')).toContainText('使用外挂（e2e）');
  await shot('accounts-drawer-zh');
  await page.keyboard.press('Escape');

  await page.goto('/center_users/game_users');
  const users = page.getByTestId('game-users-table');
  await expect(users.locator('tbody tr').first()).toBeVisible(slow);
  await searchAccount(page, 'game-users', player);
  await expect(users.locator('tbody tr')).toHaveCount(1, slow);
  await expect(users.locator('tbody tr').first()).toContainText('已封禁');
  await users.getByTestId('row-view').click();
  await expect(page.getByTestId('game-user-events')).toHaveText('5', slow);
  await page.getByTestId('game-user-tab-track').click();
  await expect(page.getByTestId('game-user-track').locator('tbody tr')).toHaveCount(5, slow);
  await expect(page.getByTestId('game-user-track').locator('tbody tr').first()).toContainText('封禁期间');
  await shot('game-users-track-zh');
  await page.getByTestId('game-user-tab-devices').click();
  await expect(page.getByTestId('game-user-devices')).toContainText(device.device_id, slow);
  await page.getByTestId('game-user-tab-sessions').click();
  // register, login (sent just before the session_start: its session), session_start, login (while banned, within 30 min), session_end: 1 session.
  await expect(page.getByTestId('sessions-count')).toHaveText('1', slow);
  await shot('game-users-sessions-zh');
  await page.keyboard.press('Escape');

  // Unban: normal again; the next events are not flagged.
  await page.goto('/center_users/accounts');
  await expect(table.locator('tbody tr').first()).toBeVisible(slow);
  await searchAccount(page, 'accounts', player);
  await expect(table.locator('tbody tr')).toHaveCount(1, slow);
  await table.getByTestId('row-unban').click();
  await page.getByTestId('ban-reason').fill('申诉通过');
  await page.getByTestId('ban-submit').click();
  await expect(table.locator('tbody tr').first()).toContainText('正常', slow);
  const after = await track(page, [{ event: 'login', properties: device }]);
  expect((await server.query<{ banned: boolean }>('SELECT banned FROM tracking_events WHERE uuid = ANY($1::uuid[])', [after])).map((f) => f.banned)).toEqual([false]);
  const log = await server.query<{ p: string }>("SELECT request_path AS p FROM operation_log WHERE request_path LIKE '/api/center_users/accounts/%' AND response_code = '2000' ORDER BY id");
  expect(log.map((r) => r.p)).toEqual(['/api/center_users/accounts/ban/', '/api/center_users/accounts/unban/']);
});

test('the sample: the biggest payer\'s total paid equals the raw orders; list screenshot', async ({ page, submitLogin, shot, server }) => {
  test.setTimeout(120_000);
  // Independent of the rollups: net paid per account straight from the orders table.
  const [payer] = await server.query<{ d: string; net: string }>(
    `SELECT distinct_id AS d, (sum(amount_cny) - COALESCE(sum(amount_cny) FILTER (WHERE status = 'refunded'), 0))::text AS net
     FROM orders GROUP BY 1 ORDER BY (sum(amount_cny) - COALESCE(sum(amount_cny) FILTER (WHERE status = 'refunded'), 0)) DESC, 1 LIMIT 1`,
  );
  expect(payer, 'the sample has paid orders').toBeDefined();
  await signIn(page, submitLogin);
  await page.goto('/center_users/accounts');
  const table = page.getByTestId('accounts-table');
  await expect(table.locator('tbody tr').first()).toBeVisible(slow);
  await shot('accounts-zh');
  await searchAccount(page, 'accounts', payer?.d ?? '?');
  await expect(table.locator('tbody tr').filter({ hasText: payer?.d ?? '?' }).first()).toContainText(formatMoney(Number(payer?.net)), slow);
  await page.goto('/center_users/game_users');
  await expect(page.getByTestId('game-users-table').locator('tbody tr').first()).toBeVisible(slow);
  await shot('game-users-zh');
});

test('both pages in English', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  await signIn(page, submitLogin);
  await page.goto('/center_users/accounts');
  const table = page.getByTestId('accounts-table');
  await expect(table.locator('tbody tr').first()).toBeVisible(slow);
  await expect(page.getByText('Total paid').first()).toBeVisible();
  await shot('accounts-en');
  await searchAccount(page, 'accounts', player);
  await expect(table.locator('tbody tr')).toHaveCount(1, slow);
  await table.getByTestId('row-view').click();
  await expect(page.getByTestId('account-detail')).toBeVisible(slow);
  await expect(page.getByTestId('account-bans')).toContainText('Lifted');
  await shot('accounts-drawer-en');
  await page.keyboard.press('Escape');
  await page.goto('/center_users/game_users');
  const users = page.getByTestId('game-users-table');
  await expect(users.locator('tbody tr').first()).toBeVisible(slow);
  await shot('game-users-en');
  await users.getByTestId('row-view').first().click();
  await page.getByTestId('game-user-tab-sessions').click();
  await expect(page.getByTestId('sessions-count')).toBeVisible(slow);
  await shot('game-users-sessions-en');
});
