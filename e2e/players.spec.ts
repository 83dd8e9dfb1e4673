import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { signIn } from './shell-helpers';

/**
 * Players on the reference server with its sample events and orders (SAMPLE_EVENTS=on):
 * 留存分析 and 设备管理 opened from the menu shows the cohorts the API answers for the same query, and the API's
 * new players and day-1 retained players equal an independent computation over the raw tracking_events
 * and orders tables (first active day per game and player in the analytics time zone). Screenshots zh + en.
 */
test.describe.configure({ mode: 'serial' });

const slow = { timeout: 30_000 };
const TZ = 'Asia/Shanghai';

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
const pct = (r: number | null) => (r === null ? '-' : `${(r * 100).toLocaleString('zh-CN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`);

interface Retention {
  today: string;
  cohorts: Array<{ day: string; players: number; retention: Record<string, number | null>; retained: Record<string, number> }>;
  total: { players: number; retained: Record<string, number> };
}

test('retention: the screen shows the API\'s cohorts; new and day-1 players equal the raw events and orders', async ({ page, submitLogin, shot, server }) => {
  test.setTimeout(180_000);
  await signIn(page, submitLogin);
  await openFromMenu(page, '用户中心', '留存分析');
  await expect(page.getByTestId('retention-chart')).toHaveAttribute('data-ready', 'true', slow);
  const rows = await cellsOf(page, 'retention-table');
  const [end, start] = [rows[0]?.[0] ?? '', rows.at(-1)?.[0] ?? ''];
  const api = await apiData<Retention>(page, `/api/center_users/retention/?start=${start}&end=${end}`);
  expect(rows.map((r) => [r[0], r[1], r[2], r[4]])).toEqual([...api.cohorts].reverse().map((c) => [c.day, c.players.toLocaleString('zh-CN'), pct(c.retention['1'] ?? null), pct(c.retention['7'] ?? null)]));
  expect(api.total.players, 'the sample has new players in the last 30 days').toBeGreaterThan(100);
  expect(api.total.retained['1']).toBeGreaterThan(0);
  const [raw] = await server.query<{ players: string; d1: string }>(
    `WITH act AS (
       SELECT game, distinct_id, (time AT TIME ZONE '${TZ}')::date AS day FROM tracking_events
       UNION SELECT game, distinct_id, (time AT TIME ZONE '${TZ}')::date FROM orders
     ), firsts AS (SELECT game, distinct_id, min(day) AS first FROM act GROUP BY 1, 2)
     SELECT count(*)::text AS players,
            count(*) FILTER (WHERE f.first + 1 <= $3::date AND EXISTS (SELECT 1 FROM act a WHERE a.game = f.game AND a.distinct_id = f.distinct_id AND a.day = f.first + 1))::text AS d1
     FROM firsts f WHERE f.first BETWEEN $1::date AND $2::date`,
    [start, end, api.today],
  );
  expect([api.total.players, api.total.retained['1']]).toEqual([Number(raw?.players), Number(raw?.d1)]);
  await expect(page.getByTestId('retention-definition')).toContainText('第 N 日留存');
  await shot('players-retention-zh');
  await page.getByTestId('retention-chart').scrollIntoViewIfNeeded();
  await page.getByTestId('retention-chart').screenshot({ path: 'e2e/artifacts/players-retention-curve-zh.png' });
});

test('devices: the list shows the sample devices as the API and the raw register/login events have them', async ({ page, submitLogin, shot, server }) => {
  test.setTimeout(120_000);
  await signIn(page, submitLogin);
  await openFromMenu(page, '用户中心', '设备管理');
  const table = page.getByTestId('devices-table');
  await expect(table.locator('tbody tr').first()).toBeVisible(slow);
  const api = await apiData<{ total: number; data: Array<{ device_id: string; device_model: string; accounts: number }> }>(page, '/api/center_users/devices/?page=1&limit=20&ordering=-last_seen');
  const [raw] = await server.query<{ devices: string; shared: string }>(
    `SELECT count(*)::text AS devices, count(*) FILTER (WHERE n >= 2)::text AS shared FROM (
       SELECT properties->>'device_id' AS d, count(DISTINCT (game, distinct_id)) AS n FROM tracking_events
       WHERE event IN ('register', 'login') AND properties ? 'device_id' GROUP BY 1) x`,
  );
  expect(api.total).toBe(Number(raw?.devices));
  expect(Number(raw?.shared), 'some sample devices carry 2-3 accounts').toBeGreaterThan(0);
  await expect(table.locator('tbody tr').first()).toContainText(api.data[0]?.device_id ?? '?');
  await expect(table.locator('tbody tr').first()).toContainText(api.data[0]?.device_model ?? '?');
  const shared = await apiData<{ total: number }>(page, '/api/center_users/devices/?shared=1');
  expect(shared.total).toBe(Number(raw?.shared));
  await shot('players-devices-zh');
});

test('retention in English', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  await signIn(page, submitLogin);
  await page.goto('/center_users/retention');
  await expect(page.getByTestId('retention-chart')).toHaveAttribute('data-ready', 'true', slow);
  await expect(page.getByTestId('retention-total')).toContainText('All cohorts');
  await shot('players-retention-en');
  await page.goto('/center_users/devices');
  await expect(page.getByTestId('devices-table').locator('tbody tr').first()).toBeVisible(slow);
  await expect(page.getByText('Accounts on it')).toBeVisible();
  await shot('players-devices-en');
});
