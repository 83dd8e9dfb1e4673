import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { formatMoney } from '../src/stores/format/money';
import { signIn } from './shell-helpers';

/**
 * Partners (cooperate/*) on the reference server with its sample: a new game of a
 * partner gets payment callbacks through the signed API (POST /api/ingest/orders/, the app's HMAC), and
 * those orders appear on 收入概览 (today's revenue grows by exactly their revenue), 收入排行 (the game
 * tops the ranking) and 合作报表 (this month's line of the game, with the partner's share after setting
 * a rate there); 合作概览 shows the partner. Screenshots in zh-chs and en.
 */
test.describe.configure({ mode: 'serial' });
// The console's days are the browser's local days: the same calendar as the server's analytics time zone.
test.use({ timezoneId: 'Asia/Shanghai' });

const slow = { timeout: 30_000 };

async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('token'))?.value ?? '';
  const answer = await page.evaluate(
    async ([p, tk, method, body, headers]) => {
      const res = await fetch(p, { method, headers: { 'content-type': 'application/json', ...(tk ? { authorization: `JWT ${tk}` } : {}), ...headers }, ...(body !== null ? { body } : {}) });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    },
    [path, init.headers ? '' : token, init.method ?? 'GET', init.raw ?? (init.body === undefined ? null : JSON.stringify(init.body)), init.headers ?? {}] as const,
  );
  expect(answer.code, `${path}: ${answer.msg}`).toBe(2000);
  return answer.data as T;
}

const cellsOf = (page: Page, testId: string, part = 'tbody') =>
  page.getByTestId(testId).locator(`${part} tr`).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));

/** Today in Shanghai (the sample's analytics time zone). */
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

test('orders sent through the signed API appear on the revenue overview, the rank and the partner report', async ({ page, submitLogin, shot }) => {
  test.setTimeout(240_000);
  await signIn(page, submitLogin);
  const partners = await api<{ data: Array<{ id: number; name: string }> }>(page, '/api/common/partner/?limit=1');
  const partner = partners.data[0];
  expect(partner, 'the sample has partners').toBeTruthy();
  const name = `结算验收游戏${Date.now().toString(36)}`;
  const game = await api<{ id: number }>(page, '/api/game/h5/', { method: 'POST', body: { name, url: 'https://h5.example.com/e2e-coop/', code: `e2e-coop-${Date.now().toString(36)}`, status: 'testing', partner: partner?.id } });
  const app = await api<{ id: number }>(page, '/api/embed_configure/game/', { method: 'POST', body: { game: game.id } });
  const creds = await api<{ app_key: string; secret: string }>(page, `/api/embed_configure/game/${app.id}/regenerate/`, { method: 'POST' });
  const before = await api<{ revenue: number }>(page, `/api/center_income/overview/?start=${today()}&end=${today()}`);

  // Larger than any sample game's month, so the game tops the ranking: two orders at the bound of one order (10^9).
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const order = (id: string, amount: number, status: 'paid' | 'refunded', minutes: number) => ({ order_id: id, distinct_id: 'e2e-whale', amount, currency: 'CNY', channel: 'e2e', method: 'alipay', region: 'CN', status, time: at(minutes) });
  const body = JSON.stringify({ orders: [order('E2E-1', 1_000_000_000, 'paid', 5), order('E2E-3', 1_000_000_000, 'paid', 4), order('E2E-2', 64_800, 'paid', 3), order('E2E-2', 64_800, 'refunded', 2)] });
  const sent = await api<{ accepted: number; rejected: unknown[] }>(page, '/api/ingest/orders/', { method: 'POST', raw: body, headers: { 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') } });
  expect(sent).toMatchObject({ accepted: 4, rejected: [] });
  const revenue = 2_000_000_000;

  // 收入概览: today's revenue grew by exactly the game's revenue.
  await page.goto('/center_income/overview');
  await expect(page.getByTestId('kpi-1-revenue-value')).toHaveText(formatMoney(before.revenue + revenue), slow);
  await shot('coop-e2e-income-overview-zh');

  // 收入排行: the game is first.
  await page.goto('/center_income/rank');
  await expect(page.getByTestId('rank-chart')).toHaveAttribute('data-ready', 'true', slow);
  const top = (await cellsOf(page, 'rank-table'))[0] ?? [];
  expect(top[1]).toBe(name);

  // 合作报表: this month, the partner's line of the game; a rate set in the dialog gives the share.
  await page.goto('/cooperate/reports');
  await expect(page.getByTestId('reports-loading').or(page.getByTestId(`settlement-${partner?.id}`)).first()).toBeVisible(slow);
  await expect(page.getByTestId('reports-month').locator('input')).toHaveValue(today().slice(0, 7));
  const card = page.getByTestId(`settlement-${partner?.id}`);
  await expect(card.locator('tbody tr').filter({ hasText: name })).toBeVisible(slow);
  const row = (await cellsOf(page, `settlement-${partner?.id}-table`)).find((r) => r[0] === name) ?? [];
  expect(row.slice(1, 4)).toEqual([formatMoney(revenue + 64_800), formatMoney(64_800), formatMoney(revenue)]);
  await card.getByTestId(`settlement-${partner?.id}-rate-btn`).click();
  await page.locator('#rate-percent').selectText();
  await page.locator('#rate-percent').press('Backspace');
  await page.locator('#rate-percent').pressSequentially('62.5');
  await page.locator('#rate-percent').blur();
  await page.getByTestId('rate-save').click();
  await expect(page.getByTestId('rate-dialog')).toBeHidden(slow);
  await expect(page.getByTestId(`settlement-${partner?.id}-rate`)).toContainText('62.50%');
  const rated = (await cellsOf(page, `settlement-${partner?.id}-table`)).find((r) => r[0] === name) ?? [];
  expect(rated.slice(6, 9)).toEqual(['62.50%', formatMoney(revenue * 0.625), formatMoney(revenue * 0.375)]);
  await shot('coop-reports-zh');

  // 合作概览: the partner with the game's revenue in it.
  await page.goto('/cooperate/overview');
  await expect(page.getByTestId('coop-overview-chart')).toBeVisible(slow);
  const ov = await cellsOf(page, 'coop-overview-table');
  const mine = ov.find((r) => r[0] === partner?.name) ?? [];
  const kpis = await api<{ partners: Array<{ partner: number | null; revenue: number }> }>(page, `/api/cooperate/overview/?start=${today()}&end=${today()}`);
  expect(kpis.partners.find((p) => p.partner === partner?.id)?.revenue).toBeGreaterThanOrEqual(revenue);
  expect(mine.length).toBeGreaterThan(0);
  await shot('coop-overview-zh');
});

test('partner screens in English', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  await signIn(page, submitLogin);
  await page.goto('/cooperate/overview');
  await expect(page.getByTestId('coop-overview-table')).toBeVisible(slow);
  await expect(page.getByText('Share of revenue')).toBeVisible();
  await shot('coop-overview-en');
  await page.goto('/cooperate/reports');
  await expect(page.locator('[data-testid^="settlement-"][data-testid$="-table"]').first()).toBeVisible(slow);
  await expect(page.getByText('Partner share').first()).toBeVisible();
  await shot('coop-reports-en');
});
