import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { refFunnel, type RawEvent, type RefFunnel } from '../server/test/tracking-reference';
import { signIn } from './shell-helpers';

/**
 * Event tracking on the reference server with its sample data (global events seeded, two
 * funnels seeded, events played through the ingestion API by the simulator): each of the seven screens
 * opened from the menu shows real data; an event definition and a funnel are created through their
 * editors; an app's secret is regenerated and shown once. Screenshots in zh-chs and en.
 */
test.describe.configure({ mode: 'serial' });

const slow = { timeout: 30_000 };

/** Opens a screen the way a person does: the header section, then the side menu entry. */
async function openFromMenu(page: Page, section: string, screen: string): Promise<void> {
  // A section that does not fit in the header sits under 更多.
  await expect(page.getByTestId('header-menu-item').first()).toBeVisible();
  const inHeader = page.getByTestId('header-menu-item').filter({ hasText: section }).first();
  if (await inHeader.isVisible()) await inHeader.click();
  else {
    await page.getByTestId('header-menu-more').click();
    await page.getByTestId('header-menu-more-item').filter({ hasText: section }).first().click();
  }
  const aside = page.getByTestId('aside');
  const entry = aside.getByRole('button', { name: screen, exact: true });
  if (!(await entry.isVisible())) await aside.getByRole('button', { name: section, exact: true }).click();
  await entry.click();
}

const rowsOf = (page: Page, testId: string) => page.getByTestId(`${testId}-table`).first().locator('tbody tr:not(.p-datatable-emptymessage)');
const number = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

async function pick(page: Page, trigger: string, option?: string | RegExp): Promise<void> {
  await page.getByTestId(trigger).last().click();
  const options = page.getByRole('option');
  await (option === undefined ? options.first() : options.filter({ hasText: option }).first()).click();
}

test('tracking: the seven screens show the sample; a definition and a funnel are created; a secret is regenerated', async ({ page, submitLogin, shot, server }) => {
  test.setTimeout(240_000);
  await signIn(page, submitLogin);

  // 埋点应用: apps with keys, masked secrets and events of the last 7 days from the simulator.
  await openFromMenu(page, '埋点配置', '埋点应用');
  await expect(rowsOf(page, 'tracking-app').first()).toBeVisible(slow);
  await expect(page.getByTestId('app-key').first()).toHaveText(/\S{8,}/);
  await expect(page.getByTestId('secret-mask').first()).toHaveText(/^••••.{4}$/);
  const counts = await rowsOf(page, 'tracking-app').locator('td').allTextContents();
  expect(counts.some((c) => /^\d{1,3}(,\d{3})+$|^[1-9]\d*$/.test(c.trim()))).toBe(true);
  await shot('tracking-apps-zh');

  // 重新生成密钥: confirmation says the old pair stops working; the new pair shows once.
  const firstApp = rowsOf(page, 'tracking-app').first();
  const oldKey = await firstApp.getByTestId('app-key').textContent();
  await firstApp.getByTestId('row-regenerate').click();
  await expect(page.getByText(/旧的一对会立即失效/)).toBeVisible();
  await page.getByTestId('crud-confirm-ok').click();
  const dialog = page.getByTestId('credentials-dialog');
  await expect(dialog).toBeVisible(slow);
  const newKey = (await dialog.getByTestId('credentials-app-key').textContent()) ?? '';
  const secret = (await dialog.getByTestId('credentials-secret').textContent()) ?? '';
  expect(newKey).not.toBe(oldKey);
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await expect(dialog.getByTestId('credentials-signing')).toContainText('X-Signature');
  await shot('tracking-regenerated-zh');
  await dialog.getByTestId('credentials-close').click();
  await expect(page.getByTestId('app-key').filter({ hasText: newKey })).toBeVisible(slow);
  await expect(page.getByTestId('secret-mask').filter({ hasText: `••••${secret.slice(-4)}` })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // 全局事件: the seeded globals.
  await openFromMenu(page, '埋点配置', '全局事件');
  await expect(rowsOf(page, 'global-event-define').first()).toBeVisible(slow);
  const globals = (await rowsOf(page, 'global-event-define').allTextContents()).join('\n');
  for (const event of ['register', 'login', 'session_start', 'session_end', 'pay', 'level_up']) expect(globals).toContain(event);
  await expect(page.getByTestId('define-in-use').first()).toBeVisible();
  await shot('tracking-global-events-zh');

  // 事件定义: create one with two properties through the properties editor.
  await openFromMenu(page, '埋点配置', '事件定义');
  await expect(page.getByTestId('event-define-table')).toBeVisible(slow);
  const event = `e2e_shop_${Date.now() % 1_000_000}`;
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await pick(page, 'form-game');
  await form.getByTestId('form-event').fill(event);
  await form.getByTestId('form-name').fill('商店购买');
  await form.getByTestId('form-properties-add').click();
  await form.getByTestId('form-properties-name-0').fill('item_id');
  await form.getByTestId('form-properties-required-0').click();
  await form.getByTestId('form-properties-add').click();
  await form.getByTestId('form-properties-name-1').fill('price');
  await pick(page, 'form-properties-type-1', '数字');
  await form.getByTestId('crud-form-submit').click();
  await expect(form).toBeHidden(slow);
  await expect(rowsOf(page, 'event-define').filter({ hasText: event })).toContainText('item_id*, price');
  await shot('tracking-event-define-zh');

  // 漏斗定义: the two seeded funnels, then a new one: register → login within 2 hours.
  await openFromMenu(page, '埋点配置', '漏斗定义');
  await expect(rowsOf(page, 'funnel-define').nth(1)).toBeVisible(slow);
  const funnels = await rowsOf(page, 'funnel-define').count();
  await page.getByTestId('crud-add').click();
  await pick(page, 'form-game');
  await form.getByTestId('form-name').fill(`e2e 注册到登录 ${event}`);
  await pick(page, 'form-steps-event-0', '(register)');
  await pick(page, 'form-steps-event-1', '(login)');
  await form.getByTestId('form-window_seconds').getByRole('spinbutton').fill('2');
  await pick(page, 'form-window_seconds-unit', '小时');
  await form.getByTestId('crud-form-submit').click();
  await expect(form).toBeHidden(slow);
  await expect(rowsOf(page, 'funnel-define')).toHaveCount(Math.min(funnels + 1, 10), slow);
  await expect(rowsOf(page, 'funnel-define').filter({ hasText: `e2e 注册到登录 ${event}` })).toContainText('register → login');
  await shot('tracking-funnel-define-zh');

  // 事件分析: the sample's first game, its default event over the last 7 days: a chart and a table with
  // figures. (Chosen by name: other specs add tracked games of their own to the shared server.)
  await openFromMenu(page, '埋点分析', '事件分析');
  await pick(page, 'analysis-game', '星穹远征');
  await page.getByTestId('analysis-run').click();
  await expect(page.getByTestId('event-chart')).toHaveAttribute('data-ready', 'true', slow);
  const totals = await page.getByTestId('event-table').locator('tbody tr td strong').allTextContents();
  expect(totals.length).toBeGreaterThan(0);
  expect(totals.some((t) => number(t) > 0)).toBe(true);
  await shot('tracking-event-analysis-zh');

  // 漏斗分析: the first seeded funnel: players enter, conversion falls step by step.
  await openFromMenu(page, '埋点分析', '漏斗分析');
  // The newest funnel is chosen first (the one made above, without events yet): take the seeded one.
  await pick(page, 'funnel-pick', '新手转化');
  await page.getByTestId('funnel-run').click();
  await expect(page.getByTestId('funnel-chart')).toHaveAttribute('data-ready', 'true', slow);
  const players = (await page.getByTestId('funnel-table').locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''))).map(number);
  expect(players.length).toBeGreaterThanOrEqual(2);
  expect(players[0]).toBeGreaterThan(0);
  for (let i = 1; i < players.length; i++) expect(players[i]).toBeLessThanOrEqual(players[i - 1] ?? 0);
  // The figures on screen equal an independent computation from the raw events (server/test/tracking-reference.ts).
  const rangeText = await page.getByTestId('funnel-analysis').locator('.tracking-range input').first().inputValue();
  const [startDay, endDay] = (rangeText.match(/\d{4}-\d{2}-\d{2}/g) ?? []) as [string, string];
  expect(startDay && endDay, `range shown: ${rangeText}`).toBeTruthy();
  const [funnel] = await server.query<{ game: number; steps: RefFunnel['steps']; window_seconds: number }>("SELECT game, steps, window_seconds FROM tracking_funnels WHERE name LIKE '新手转化%' ORDER BY id LIMIT 1");
  const shanghaiMidnight = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
  const lo = shanghaiMidnight(startDay);
  const hi = shanghaiMidnight(endDay) + 86_400_000;
  const rows = await server.query<{ time: Date | string; uuid: string; event: string; distinct_id: string; properties: Record<string, unknown> }>(
    'SELECT time, uuid::text AS uuid, event, distinct_id, properties FROM tracking_events WHERE game = $1 AND time >= $2 AND time < $3',
    [funnel?.game, new Date(lo).toISOString(), new Date(hi + (funnel?.window_seconds ?? 0) * 1000).toISOString()],
  );
  const raw: RawEvent[] = rows.map((r) => ({ time: new Date(r.time).getTime(), uuid: r.uuid, game: funnel?.game ?? 0, event: r.event, distinct_id: r.distinct_id, properties: r.properties }));
  const want = refFunnel(raw, { game: funnel?.game ?? 0, steps: funnel?.steps ?? [], window_seconds: funnel?.window_seconds ?? 0 }, lo, hi);
  expect(players).toEqual(want.steps.map((step) => step.players));
  expect(want.steps[0]?.players).toBeGreaterThan(0);
  await shot('tracking-funnel-analysis-zh');

  // 会话分析: all games: sessions, both charts, a row per day.
  await openFromMenu(page, '埋点分析', '会话分析');
  await expect(page.getByTestId('sessions-histogram')).toHaveAttribute('data-ready', 'true', slow);
  expect(number(await page.getByTestId('kpi-sessions-value').textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId('sessions-days').locator('tbody tr')).toHaveCount(7);
  expect(await page.getByTestId('sessions-games').locator('tbody tr').count()).toBeGreaterThan(0);
  await shot('tracking-sessions-zh');

  // The analysis screens in English.
  await page.context().addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: page.url() }]);
  await page.reload();
  await openFromMenu(page, 'Event analytics', 'Event analysis');
  await pick(page, 'analysis-game', '星穹远征');
  await page.getByTestId('analysis-run').click();
  await expect(page.getByTestId('event-chart')).toHaveAttribute('data-ready', 'true', slow);
  await expect(page.getByText('Granularity')).toBeVisible();
  await shot('tracking-event-analysis-en');
  await openFromMenu(page, 'Event analytics', 'Funnel analysis');
  await pick(page, 'funnel-pick', '新手转化');
  await page.getByTestId('funnel-run').click();
  await expect(page.getByTestId('funnel-chart')).toHaveAttribute('data-ready', 'true', slow);
  await shot('tracking-funnel-analysis-en');
  await openFromMenu(page, 'Event analytics', 'Session analysis');
  await expect(page.getByTestId('sessions-histogram')).toHaveAttribute('data-ready', 'true', slow);
  await shot('tracking-sessions-en');
  await openFromMenu(page, 'Event tracking setup', 'Tracked apps');
  await expect(rowsOf(page, 'tracking-app').first()).toBeVisible(slow);
  await shot('tracking-apps-en');
});
