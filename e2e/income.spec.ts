import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { formatMoney } from '../src/stores/format/money';
import { signIn } from './shell-helpers';

/**
 * Revenue (center_income/*) on the reference server with its sample orders (the simulator
 * sends order callbacks through POST /api/ingest/orders/ on the e2e server, SAMPLE_EVENTS=on): each of
 * the five screens opened from the menu shows figures equal to the server's own answers for the same
 * query, and the overview's paid and refunded sums equal an independent sum over the raw orders table.
 * The orders export streams with its row count. Screenshots in zh-chs and en.
 */
test.describe.configure({ mode: 'serial' });

const slow = { timeout: 30_000 };
const TZ = 'Asia/Shanghai';

/** Opens a screen the way a person does: the header section (or 更多), then the side menu entry. */
async function openFromMenu(page: Page, section: string, screen: string): Promise<void> {
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

interface Figures {
  revenue: number;
  gross: number;
  refunds: number;
  orders: number;
  refund_orders: number;
  paying_players: number;
}

/** A GET of the API with the signed-in page's token: the envelope's data (code 2000 expected). */
async function apiData<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('token'))?.value ?? '';
  const answer = await page.evaluate(
    async ([p, tk]) => {
      const res = await fetch(p, { headers: { authorization: `JWT ${tk}` } });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    },
    [path, token] as const,
  );
  expect(answer.code, `${path}: ${answer.msg}`).toBe(2000);
  return answer.data as T;
}

const cellsOf = (page: Page, testId: string, part = 'tbody') =>
  page.getByTestId(testId).locator(`${part} tr`).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
const days = (text: string) => (text.match(/\d{4}-\d{2}-\d{2}/g) ?? []) as string[];

test('revenue: the five screens show the sample orders and agree with the API and the raw orders', async ({ page, submitLogin, shot, server }) => {
  test.setTimeout(240_000);
  await signIn(page, submitLogin);

  // 收入概览: each period's KPIs equal the overview call for the range it shows.
  await openFromMenu(page, '收入中心', '收入概览');
  await expect(page.getByTestId('overview-revenue-chart')).toHaveAttribute('data-ready', 'true', slow);
  for (const n of [1, 7, 30]) {
    const [start, end] = days((await page.getByTestId(`overview-period-${n}`).locator('.income-period-head').textContent()) ?? '');
    expect(start && end).toBeTruthy();
    const api = await apiData<Figures & { arpu: number; arppu: number; active_players: number }>(page, `/api/center_income/overview/?start=${start}&end=${end}`);
    await expect(page.getByTestId(`kpi-${n}-revenue-value`)).toHaveText(formatMoney(api.revenue));
    await expect(page.getByTestId(`kpi-${n}-refunds-value`)).toHaveText(formatMoney(api.refunds));
    await expect(page.getByTestId(`kpi-${n}-arpu-value`)).toHaveText(formatMoney(api.arpu));
    await expect(page.getByTestId(`kpi-${n}-arppu-value`)).toHaveText(formatMoney(api.arppu));
    await expect(page.getByTestId(`kpi-${n}-paying-value`)).toHaveText(api.paying_players.toLocaleString('zh-CN'));
    if (n === 30) {
      // Independently of the server's rollups: paid by paid day, refunded by refund day, in the analytics time zone.
      const [raw] = await server.query<{ gross: string | null; refunds: string | null; payers: string }>(
        `SELECT
           (SELECT sum(amount_cny) FROM orders WHERE (time AT TIME ZONE '${TZ}')::date BETWEEN $1::date AND $2::date) AS gross,
           (SELECT sum(amount_cny) FROM orders WHERE refund_time IS NOT NULL AND (refund_time AT TIME ZONE '${TZ}')::date BETWEEN $1::date AND $2::date) AS refunds,
           (SELECT count(DISTINCT (game, distinct_id)) FROM orders WHERE (time AT TIME ZONE '${TZ}')::date BETWEEN $1::date AND $2::date) AS payers`,
        [start, end],
      );
      const gross = Number(raw?.gross ?? 0);
      const refunds = Number(raw?.refunds ?? 0);
      expect(gross, 'the sample has paid orders in the last 30 days').toBeGreaterThan(0);
      expect([api.gross, api.refunds, api.revenue, api.paying_players]).toEqual([gross, refunds, gross - refunds, Number(raw?.payers ?? 0)]);
    }
  }
  await shot('income-overview-zh');

  // 历史收入: the last 30 days against the previous period: a row a day, totals as the API's.
  await openFromMenu(page, '收入中心', '历史收入');
  await expect(page.getByTestId('history-chart')).toHaveAttribute('data-ready', 'true', slow);
  const rows = await cellsOf(page, 'history-table');
  // Newest day first in the table (the API answers the days in time order, as the chart draws them).
  const [hEnd, hStart] = [rows[0]?.[0] ?? '', rows.at(-1)?.[0] ?? ''];
  expect(hEnd > hStart).toBe(true);
  const history = await apiData<{ days: Array<Figures & { day: string }>; totals: Figures; compare: { totals: Figures } | null }>(page, `/api/center_income/history/?start=${hStart}&end=${hEnd}&compare=previous`);
  expect(rows.map((r) => [r[0], r[1]])).toEqual(history.days.map((d) => [d.day, formatMoney(d.revenue)]).reverse());
  const totals = (await cellsOf(page, 'history-table', 'tfoot'))[0] ?? [];
  expect(totals[1]).toBe(formatMoney(history.totals.revenue));
  expect(totals[7]).toBe(formatMoney(history.compare?.totals.revenue ?? 0));
  await shot('income-history-zh');

  // 收入分布: by game, then by payment method: rows and the total as the API's.
  await openFromMenu(page, '收入中心', '收入分布');
  await expect(page.getByTestId('distribution-chart')).toHaveAttribute('data-ready', 'true', slow);
  const [dStart, dEnd] = days(await page.getByTestId('distribution-range').locator('input').inputValue());
  for (const [by, label] of [
    ['game', '游戏'],
    ['method', '支付方式'],
  ] as const) {
    if (by !== 'game') await page.getByTestId('distribution-by').getByText(label, { exact: true }).click();
    const api = await apiData<{ total: Figures; rows: Array<Figures & { label: string }> }>(page, `/api/center_income/distribution/?start=${dStart}&end=${dEnd}&by=${by}`);
    await expect.poll(async () => (await cellsOf(page, 'distribution-table')).map((r) => [r[0], r[1]]), slow).toEqual(api.rows.map((r) => [r.label, formatMoney(r.revenue)]));
    expect((await cellsOf(page, 'distribution-table', 'tfoot'))[0]?.[1]).toBe(formatMoney(api.total.revenue));
  }
  await shot('income-distribution-zh');

  // 收入排行: top games and top players as the API ranks them.
  await openFromMenu(page, '收入中心', '收入排行');
  await expect(page.getByTestId('rank-chart')).toHaveAttribute('data-ready', 'true', slow);
  const [rStart, rEnd] = days(await page.getByTestId('rank-range').locator('input').inputValue());
  for (const by of ['game', 'player'] as const) {
    if (by !== 'game') await page.getByTestId(`rank-tab-${by}`).click();
    const api = await apiData<{ rows: Array<Figures & { rank: number; label: string }> }>(page, `/api/center_income/rank/?start=${rStart}&end=${rEnd}&by=${by}&limit=10`);
    expect(api.rows.length).toBeGreaterThan(0);
    const revenueColumn = by === 'player' ? 3 : 2;
    await expect.poll(async () => (await cellsOf(page, 'rank-table')).map((r) => [r[0], r[1], r[revenueColumn]]), slow).toEqual(api.rows.map((r) => [String(r.rank), r.label, formatMoney(r.revenue)]));
  }
  await shot('income-rank-zh');

  // 收入明细: newest first as the list call answers; the export streams every matching order.
  await openFromMenu(page, '收入中心', '收入明细');
  const table = page.getByTestId('orders-table');
  await expect(table.locator('tbody tr').first()).toBeVisible(slow);
  const list = await apiData<{ total: number; data: Array<{ order_id: string; amount_cny: number }> }>(page, '/api/center_income/details/?page=1&limit=20&ordering=-time');
  expect(list.total).toBeGreaterThan(0);
  await expect(table.locator('tbody tr').first()).toContainText(list.data[0]?.order_id ?? '');
  await expect(table.locator('tbody tr').first()).toContainText(formatMoney(list.data[0]?.amount_cny ?? 0));
  await shot('income-details-zh');
  const download = page.waitForEvent('download');
  await page.getByTestId('toolbar-export').click();
  await expect(page.getByTestId('orders-export-done')).toContainText(`（${list.total.toLocaleString('zh-CN')} 条）`, slow);
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByTestId('orders-export-close').click();
});

test('revenue in English: overview and orders read in English', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  await signIn(page, submitLogin);
  await page.goto('/center_income/overview');
  await expect(page.getByTestId('overview-revenue-chart')).toHaveAttribute('data-ready', 'true', slow);
  await expect(page.getByText('Last 30 days', { exact: true })).toBeVisible();
  await shot('income-overview-en');
  await page.goto('/center_income/details');
  await expect(page.getByTestId('orders-table').locator('tbody tr').first()).toBeVisible(slow);
  await expect(page.getByText('In CNY')).toBeVisible();
  await shot('income-details-en');
});
