import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { drawerOpen, go, signIn } from './shell-helpers';

/**
 * The workbench's realtime widget and the page checks' history, on the reference server (its queue
 * worked: JOBS=on):
 * - the workbench's realtime widget subscribes on the socket and its figures grow by exactly what a
 *   game's server sends through the signed ingestion API (no reload);
 * - 页面元素's 检查记录 drawer shows the results of a check run now (the sample pages are on
 *   h5.example.com, which this machine cannot resolve: the check records failures with the reason).
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

const figure = async (page: Page, testId: string) => Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d-]/g, ''));

test('workbench: the realtime widget shows live figures pushed on the socket', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, submitLogin);
  const layout = { widgets: [
    { i: 'welcome', kind: 'welcome', x: 0, y: 0, w: 6, h: 3 },
    { i: 'counts', kind: 'counts', x: 6, y: 0, w: 6, h: 3 },
    { i: 'rt', kind: 'realtime', x: 0, y: 3, w: 7, h: 5 },
    { i: 'messages', kind: 'messages', x: 7, y: 3, w: 5, h: 5 },
  ] };
  await api(page, '/api/system/workbench/layout/', { method: 'PUT', body: layout });
  try {
    const name = `工作台实时${Date.now().toString(36)}`;
    const game = await api<{ id: number }>(page, '/api/game/h5/', { method: 'POST', body: { name, url: 'https://h5.example.com/e2e-wb/', code: `e2e-wb-${Date.now().toString(36)}`, status: 'testing' } });
    const app = await api<{ id: number }>(page, '/api/embed_configure/game/', { method: 'POST', body: { game: game.id } });
    const creds = await api<{ app_key: string; secret: string }>(page, `/api/embed_configure/game/${app.id}/regenerate/`, { method: 'POST' });
    const signed = (body: string) => ({ 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') });

    await go(page, '/dashboard/workbench');
    await expect(page.getByTestId('wb-realtime-chart')).toHaveAttribute('data-ready', 'true', slow);
    await expect(page.getByTestId('wb-realtime')).toHaveAttribute('data-source', 'socket', slow);
    const before = await api<{ online: number }>(page, '/api/dashboard/realtime/');
    const players = Array.from({ length: 5 }, (_, i) => `e2e-wb-${Date.now().toString(36)}-${i}`);
    const events = JSON.stringify({ events: players.map((p) => ({ uuid: randomUUID(), event: 'login', distinct_id: p, time: new Date().toISOString(), properties: {} })) });
    expect(await api<{ accepted: number }>(page, '/api/embed/track/', { method: 'POST', raw: events, headers: signed(events) })).toMatchObject({ accepted: 5 });
    // Pushed (no reload): at least the 5 new players (other specs may add their own meanwhile).
    await expect.poll(() => figure(page, 'wb-realtime-online'), slow).toBeGreaterThanOrEqual(before.online + 5);
    await expect(page.getByTestId('wb-realtime')).toHaveAttribute('data-source', 'socket');
    await shot('workbench-realtime-zh');

    await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
    await page.reload();
    await expect(page.getByTestId('wb-realtime-chart')).toHaveAttribute('data-ready', 'true', slow);
    await expect(page.getByTestId('wb-widget-rt')).toContainText('Revenue today');
    await expect(page.getByTestId('wb-realtime')).toHaveAttribute('data-source', 'socket', slow);
    await shot('workbench-realtime-en');
    await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'zh-chs', url: baseURL ?? '' }]);
  } finally {
    await api(page, '/api/system/workbench/layout/', { method: 'DELETE' });
  }
});

test('页面元素: a check run now shows in the locator\'s 检查记录 drawer', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, submitLogin);
  const locators = await api<{ data: Array<{ id: number; name: string; enabled: boolean }> }>(page, '/api/automation/webElement/?limit=10');
  const target = locators.data[0];
  expect(target, 'the seed has page locators').toBeTruthy();
  if (!target) return;
  const before = await api<{ total: number }>(page, `/api/automation/webElement/results/?locator=${target.id}&limit=1`);
  const queued = await api<{ run_id: string }>(page, '/api/automation/task/pages.check/run/', { method: 'POST', body: { args: { locator: target.id } } });
  await expect.poll(async () => (await api<{ state: string }>(page, `/api/automation/task/runs/${queued.run_id}/`)).state, { timeout: 60_000 }).toBe('succeeded');
  const after = await api<{ total: number; data: Array<{ passed: boolean; message: string | null }> }>(page, `/api/automation/webElement/results/?locator=${target.id}&limit=1`);
  expect(after.total).toBe(before.total + 1);

  await go(page, '/automation/webElement');
  const row = page.getByTestId(`page-check-${target.id}`).locator('xpath=ancestor::tr');
  await row.getByRole('button', { name: '检查记录' }).click();
  const drawer = page.getByTestId('check-history');
  await expect(drawer).toContainText(`检查记录：${target.name}`);
  await expect(drawer.getByTestId('check-history-pager')).toContainText(`共 ${after.total} 条`, slow);
  const first = drawer.getByTestId('check-history-table').locator('tbody tr').first();
  await expect(first).toContainText(after.data[0]?.passed ? '通过' : '未通过');
  if (after.data[0]?.message) await expect(first).toContainText(after.data[0].message.slice(0, 10));
  await drawerOpen(page, drawer);
  await shot('webElement-history-zh');

  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  await page.reload();
  await page.getByTestId(`page-check-${target.id}`).locator('xpath=ancestor::tr').getByRole('button', { name: 'History' }).click();
  await expect(page.getByTestId('check-history-pager')).toContainText(`${after.total} in all`, slow);
  await drawerOpen(page, page.getByTestId('check-history'));
  await shot('webElement-history-en');
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'zh-chs', url: baseURL ?? '' }]);
});
