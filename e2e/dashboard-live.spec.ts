import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { signIn } from './shell-helpers';

/**
 * Live dashboards on the reference server: 实时概况 shows figures that change, over the
 * socket, after a new game's server sends a login event and a payment through the signed ingestion
 * APIs (the online count, the per-minute chart's source and today's revenue grow by exactly what was
 * sent); 服务监控 shows this instance with a non-zero request count and its slow statements.
 * Screenshots in zh-chs and en.
 */
test.describe.configure({ mode: 'serial' });

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

const figure = async (page: Page, testId: string) => Number(((await page.getByTestId(`${testId}-value`).textContent()) ?? '').replace(/[^\d-]/g, ''));

test('realtime: a login and a payment sent through the signed APIs change the figures on screen', async ({ page, submitLogin, shot }) => {
  test.setTimeout(180_000);
  await signIn(page, submitLogin);
  const name = `实时验收游戏${Date.now().toString(36)}`;
  const game = await api<{ id: number }>(page, '/api/game/h5/', { method: 'POST', body: { name, url: 'https://h5.example.com/e2e-live/', code: `e2e-live-${Date.now().toString(36)}`, status: 'testing' } });
  const app = await api<{ id: number }>(page, '/api/embed_configure/game/', { method: 'POST', body: { game: game.id } });
  const creds = await api<{ app_key: string; secret: string }>(page, `/api/embed_configure/game/${app.id}/regenerate/`, { method: 'POST' });
  const signed = (body: string) => ({ 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') });

  await page.goto('/dashboard/realtime');
  await expect(page.getByTestId('realtime-activity-chart')).toHaveAttribute('data-ready', 'true', slow);
  // The socket delivers (the page subscribed while visible).
  await expect(page.getByTestId('realtime-source')).toHaveAttribute('data-source', 'socket', slow);
  const before = await api<{ online: number; revenue_today: number }>(page, '/api/dashboard/realtime/');
  await shot('dashboard-realtime-before-zh');

  const players = Array.from({ length: 7 }, (_, i) => `e2e-live-${Date.now().toString(36)}-${i}`);
  const events = JSON.stringify({ events: players.map((p) => ({ uuid: randomUUID(), event: 'login', distinct_id: p, time: new Date().toISOString(), properties: {} })) });
  expect(await api<{ accepted: number }>(page, '/api/embed/track/', { method: 'POST', raw: events, headers: signed(events) })).toMatchObject({ accepted: 7 });
  const orders = JSON.stringify({ orders: [{ order_id: `E2E-LIVE-${Date.now()}`, distinct_id: players[0], amount: 64_800, currency: 'CNY', channel: 'e2e', method: 'alipay', region: 'CN', status: 'paid', time: new Date().toISOString() }] });
  expect(await api<{ accepted: number }>(page, '/api/ingest/orders/', { method: 'POST', raw: orders, headers: signed(orders) })).toMatchObject({ accepted: 1 });

  // Over the socket (no reload): the new game is among the top games with its 7 players, and today's
  // revenue grew by the payment (other specs may add their own orders meanwhile: at least).
  await expect(page.getByTestId('realtime-games')).toContainText(name, slow);
  const row = page.getByTestId('realtime-games').locator('tr', { hasText: name });
  await expect(row.locator('td').nth(1)).toHaveText('7');
  expect(await figure(page, 'realtime-online')).toBeGreaterThanOrEqual(before.online + 7);
  const revenue = (await page.getByTestId('realtime-revenue-value').textContent()) ?? '';
  const shown = Number(revenue.replace(/[^\d.-]/g, '')) * 100;
  expect(Math.round(shown)).toBeGreaterThanOrEqual(before.revenue_today + 64_800);
  await expect(page.getByTestId('realtime-source')).toHaveAttribute('data-source', 'socket');
  await shot('dashboard-realtime-zh');
});

test('monitor: this instance with a non-zero request count, its charts and slow statements', async ({ page, submitLogin, shot }) => {
  test.setTimeout(120_000);
  await signIn(page, submitLogin);
  await page.goto('/dashboard/monitor');
  const self = page.getByTestId('monitor-instance-row').filter({ hasText: '当前实例' });
  await expect(self).toBeVisible(slow);
  await expect(self).toContainText('在线');
  const total = (await page.getByTestId('monitor-total').textContent()) ?? '';
  expect(Number(total.replace(/.*\s([\d,]+)$/, '$1').replace(/,/g, ''))).toBeGreaterThan(0);
  await expect(page.getByTestId('monitor-latency-chart')).toHaveAttribute('data-ready', 'true', slow);
  await expect(page.getByTestId('monitor-slow')).toBeVisible(slow);
  await shot('dashboard-monitor-zh');
});

test('live dashboards in English', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  await signIn(page, submitLogin);
  await page.goto('/dashboard/realtime');
  await expect(page.getByText('Players online', { exact: true })).toBeVisible(slow);
  await expect(page.getByTestId('realtime-activity-chart')).toHaveAttribute('data-ready', 'true', slow);
  await expect(page.getByTestId('realtime-source')).toHaveText('Live push', slow);
  await shot('dashboard-realtime-en');
  await page.goto('/dashboard/monitor');
  await expect(page.getByTestId('monitor-instance-row').filter({ hasText: 'This instance' })).toBeVisible(slow);
  await expect(page.getByTestId('monitor-latency-chart')).toHaveAttribute('data-ready', 'true', slow);
  await shot('dashboard-monitor-en');
});
