import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { go, signIn } from './shell-helpers';

/**
 * Every figure drills down, on the reference server with its sample events and orders: a funnel
 * step, a retention cell, a revenue day and a day of 游戏统计 each open the list behind them, whose count is the figure
 * clicked. Screenshots of each dialog in zh-chs and en (DRILL_SHOTS, default e2e/artifacts/drill/).
 */
test.describe.configure({ mode: 'serial' });

const slow = { timeout: 30_000 };
const SHOTS = process.env.DRILL_SHOTS ?? 'e2e/artifacts/drill';
/** Digits of a figure as shown ("3,452" → "3452"). */
const digits = (text: string | null) => (text ?? '').replace(/[^\d]/g, '');

async function shotOf(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const language of ['zh', 'en'] as const) {
  test(`drill-downs (${language}): funnel step, retention cell, revenue day, game statistics day`, async ({ page, context, baseURL, submitLogin }) => {
    if (language === 'en') await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
    await signIn(page, submitLogin);

    // 漏斗分析: step 2's players.
    await go(page, '/data_embed/funnel');
    await expect(page.getByTestId('funnel-table')).toBeVisible(slow);
    const step = page.getByTestId('funnel-drill-2');
    const figure = digits(await step.textContent());
    await step.click();
    const funnel = page.getByTestId('funnel-drill');
    await expect(funnel.getByTestId('funnel-drill-total')).toBeVisible(slow);
    expect(digits(await funnel.getByTestId('funnel-drill-total').textContent())).toBe(figure);
    await shotOf(page, `funnel-${language}`);
    await funnel.getByTestId('funnel-drill-close').click();

    // 留存分析: the first day-1 cell with a rate.
    await go(page, '/center_users/retention');
    await expect(page.getByTestId('retention-table')).toBeVisible(slow);
    const cell = page.locator('[data-testid^="retention-drill-"][data-testid$="-1"]').first();
    await cell.click();
    const retention = page.getByTestId('retention-drill');
    await expect(retention.getByTestId('retention-drill-total')).toBeVisible(slow);
    const title = (await cell.locator('xpath=..').getAttribute('title')) ?? '';
    expect(digits(await retention.getByTestId('retention-drill-total').textContent())).toBe(digits(title.split('/')[0] ?? ''));
    await shotOf(page, `retention-${language}`);
    await retention.getByTestId('retention-drill-close').click();

    // 历史收入: the orders of the day with the most orders.
    await go(page, '/center_income/history');
    await expect(page.getByTestId('history-table')).toBeVisible(slow);
    const counts = page.locator('[data-testid^="history-drill-"][data-testid$="-orders"]');
    const texts = await counts.allTextContents();
    const best = texts.map((t, i) => [Number(digits(t)), i] as const).sort((a, b) => b[0] - a[0])[0] ?? [0, 0];
    await counts.nth(best[1]).click();
    const orders = page.getByTestId('day-orders');
    await expect(orders.getByTestId('day-orders-total')).toBeVisible(slow);
    expect(Number(digits(await orders.getByTestId('day-orders-total').textContent()))).toBe(best[0]);
    await shotOf(page, `income-${language}`);
    await orders.getByTestId('day-orders-close').click();

    // 游戏统计: yesterday's active players.
    await go(page, '/data_reports/game_stats');
    await expect(page.getByTestId('game-stats-table')).toBeVisible(slow);
    const active = page.locator('[data-testid^="game-stats-drill-"][data-testid$="-active"]').nth(1);
    const activeFigure = digits(await active.textContent());
    await active.click();
    const players = page.getByTestId('day-players');
    await expect(players.getByTestId('day-players-total')).toBeVisible(slow);
    expect(digits(await players.getByTestId('day-players-total').textContent())).toBe(activeFigure);
    await shotOf(page, `reports-${language}`);
  });
}
