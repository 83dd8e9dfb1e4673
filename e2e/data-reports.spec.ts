import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { formatMoney } from '../src/stores/format/money';
import { readXlsx } from '../server/domain/crud/xlsx';
import type { TestServer } from '../server/testing';
import { signIn } from './shell-helpers';

/**
 * Data reports on the reference server with its sample events and orders (SAMPLE_EVENTS=on):
 * 游戏统计 and 用户统计 opened from the menu show the days the API answers for the same query; the API's
 * summary (new, active and paying players, revenue) equals an independent computation over the raw
 * tracking_events and orders tables (ANALYTICS_TZ days); the export downloads the same rows as xlsx.
 * Screenshots zh + en.
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
const num = (n: number) => n.toLocaleString('zh-CN');

interface Row {
  day: string;
  new_players: number;
  active_players: number;
  paying_players: number;
  revenue: number;
  arpu: number;
  d1: number | null;
  d7: number | null;
}
interface Stats {
  today: string;
  days: Row[];
  total: Row & { gross: number; refunds: number };
}
const shown = (r: Omit<Row, 'day'>) => [num(r.new_players), num(r.active_players), num(r.paying_players), formatMoney(r.revenue), formatMoney(r.arpu), pct(r.d1), pct(r.d7)];

/** The summary from the raw tables: players are `key` (per game: game and distinct_id; platform: distinct_id). */
async function rawSummary(server: TestServer, start: string, end: string, key: string) {
  const [raw] = await server.query<{ fresh: string; active: string; paying: string; gross: string; refunds: string }>(
    `WITH act AS (
       SELECT game, distinct_id, (time AT TIME ZONE '${TZ}')::date AS day FROM tracking_events
       UNION SELECT game, distinct_id, (time AT TIME ZONE '${TZ}')::date FROM orders
     ), firsts AS (SELECT ${key}, min(day) AS first FROM act GROUP BY ${key})
     SELECT (SELECT count(*) FROM firsts WHERE first BETWEEN $1::date AND $2::date)::text AS fresh,
            (SELECT count(*) FROM (SELECT DISTINCT ${key} FROM act WHERE day BETWEEN $1::date AND $2::date) a)::text AS active,
            (SELECT count(*) FROM (SELECT DISTINCT ${key} FROM orders WHERE (time AT TIME ZONE '${TZ}')::date BETWEEN $1::date AND $2::date) p)::text AS paying,
            (SELECT COALESCE(sum(amount_cny), 0) FROM orders WHERE (time AT TIME ZONE '${TZ}')::date BETWEEN $1::date AND $2::date)::text AS gross,
            (SELECT COALESCE(sum(amount_cny), 0) FROM orders WHERE refund_time IS NOT NULL AND (refund_time AT TIME ZONE '${TZ}')::date BETWEEN $1::date AND $2::date)::text AS refunds`,
    [start, end],
  );
  return { new_players: Number(raw?.fresh), active_players: Number(raw?.active), paying_players: Number(raw?.paying), gross: Number(raw?.gross), refunds: Number(raw?.refunds) };
}

for (const report of [
  { screen: '游戏统计', prefix: 'game-stats', path: 'game_stats', key: 'game, distinct_id' },
  { screen: '用户统计', prefix: 'user-stats', path: 'user_stats', key: 'distinct_id' },
] as const) {
  test(`${report.path}: the screen shows the API's days; the summary equals the raw events and orders; the export`, async ({ page, submitLogin, shot, server }) => {
    test.setTimeout(180_000);
    await signIn(page, submitLogin);
    await openFromMenu(page, '数据报表', report.screen);
    await expect(page.getByTestId(`${report.prefix}-chart`)).toHaveAttribute('data-ready', 'true', slow);
    const rows = await cellsOf(page, `${report.prefix}-table`);
    expect(rows).toHaveLength(30);
    const [end, start] = [rows[0]?.[0] ?? '', rows.at(-1)?.[0] ?? ''];
    const api = await apiData<Stats>(page, `/api/data_reports/${report.path}/?start=${start}&end=${end}`);
    expect(rows).toEqual([...api.days].reverse().map((d) => [d.day, ...shown(d)]));
    expect((await cellsOf(page, `${report.prefix}-table`, 'tfoot'))[0]).toEqual(['合计', ...shown(api.total)]);
    const raw = await rawSummary(server, start, end, report.key);
    expect({ new_players: api.total.new_players, active_players: api.total.active_players, paying_players: api.total.paying_players, gross: api.total.gross, refunds: api.total.refunds }).toEqual(raw);
    expect(api.total.revenue).toBe(raw.gross - raw.refunds);
    expect(api.total.new_players, 'the sample has new players in the last 30 days').toBeGreaterThan(50);
    expect(api.total.revenue).toBeGreaterThan(0);
    await shot(`data-reports-${report.prefix}-zh`);
    // The table with its summary row (below the fold of the page shot).
    await page.getByTestId(`${report.prefix}-total`).scrollIntoViewIfNeeded();
    await page.getByTestId(`${report.prefix}-table`).screenshot({ path: `e2e/artifacts/data-reports-${report.prefix}-table-zh.png` });
    const download = page.waitForEvent('download');
    await page.getByTestId(`${report.prefix}-export`).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${report.screen}-${start}_${end}.xlsx`);
    const sheet = readXlsx(await readFile((await file.path()) ?? ''));
    expect(sheet).toHaveLength(32);
    expect(sheet[1]?.slice(0, 5)).toEqual([end, ...[api.days.at(-1)!].flatMap((d) => [d.new_players, d.active_players, d.paying_players, d.revenue].map(String))]);
    expect(sheet[31]?.[0]).toBe(`合计 ${start} ~ ${end}`);
  });
}

test('data reports in English', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  await signIn(page, submitLogin);
  for (const [path, prefix] of [['/data_reports/game_stats', 'game-stats'], ['/data_reports/user_stats', 'user-stats']] as const) {
    await page.goto(path);
    await expect(page.getByTestId(`${prefix}-chart`)).toHaveAttribute('data-ready', 'true', slow);
    await expect(page.getByTestId(`${prefix}-total`)).toContainText('Total');
    await expect(page.getByText('Day-1 retention')).toBeVisible();
    await shot(`data-reports-${prefix}-en`);
  }
});

/** The calendar day of `at` in `timeZone` (YYYY-MM-DD). */
const dayOf = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * A browser whose calendar is a day off the server's ANALYTICS_TZ (Shanghai, UTC+8): Pago Pago (UTC−11)
 * is a day behind until 19:00 in Shanghai, Kiritimati (UTC+14) a day ahead from 18:00 there.
 */
const shanghaiHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
const OFF_ZONE = shanghaiHour < 18 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

test.describe('a browser in another time zone', () => {
  test.use({ timezoneId: OFF_ZONE });

  test(`the report's default range ends on the server's analytics today, not the browser's (${OFF_ZONE})`, async ({ page, submitLogin }) => {
    await signIn(page, submitLogin);
    const [browserDay, serverDay] = [await page.evaluate(() => new Date().toLocaleDateString('en-CA')), dayOf(TZ)];
    expect(browserDay, 'the browser is a day off the server').not.toBe(serverDay);
    await openFromMenu(page, '数据报表', '用户统计');
    await expect(page.getByTestId('user-stats-chart')).toHaveAttribute('data-ready', 'true', slow);
    const rows = await cellsOf(page, 'user-stats-table');
    // Newest first: the range's last day is the server's today, and all 30 days are there.
    expect(rows[0]?.[0]).toBe(dayOf(TZ));
    expect(rows).toHaveLength(30);
  });
});
