import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { formatMoney } from '../src/stores/format/money';
import { signIn } from './shell-helpers';

/**
 * Advertising (advertisement/*) on the reference server with its sample: a campaign created
 * on 广告计划 (the CRUD form, budget in yuan), its tracking link opened by a "device" (302 followed to
 * the store URL), spend entered in the 每日花费 dialog, a register event of that device through the
 * signed ingestion API; then 归因明细 shows the install attributed to the campaign (last click) and the
 * campaign's figures show the click, the install, the spend and the cost per install. Screenshots in
 * zh-chs and en.
 */
test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Asia/Shanghai' });

const slow = { timeout: 30_000 };
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

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

const cellsOf = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));

test('create a campaign, follow its tracking link, ingest the install: attributed, and in the campaign figures', async ({ page, baseURL, submitLogin, shot }) => {
  test.setTimeout(240_000);
  await signIn(page, submitLogin);
  const tag = Date.now().toString(36);
  const gameName = `广告验收游戏${tag}`;
  const game = await api<{ id: number }>(page, '/api/game/h5/', { method: 'POST', body: { name: gameName, url: 'https://h5.example.com/e2e-ads/', code: `e2e-ads-${tag}`, status: 'testing' } });

  // 广告计划: create the campaign through the form (budget typed in yuan).
  await page.goto('/advertisement/campaign');
  await expect(page.getByTestId('campaigns-table')).toBeVisible(slow);
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await form.locator('[data-testid="form-game"] input, input[data-testid="form-game"]').first().fill(gameName);
  await page.locator('.p-autocomplete-item', { hasText: gameName }).first().click();
  const campaignName = `验收计划${tag}`;
  await form.getByTestId('form-name').fill(campaignName);
  await form.getByTestId('form-channel').fill('e2e_tiktok');
  await form.getByTestId('form-budget').fill('5000.50');
  // The "store" is a page of this server (the browser here reaches nothing else; a route would not see a redirect's target).
  const store = `${baseURL ?? ''}/login?store=e2e-${tag}`;
  await form.getByTestId('form-store_url').fill(store);
  await page.getByTestId('crud-form-submit').click();
  await expect(page.getByTestId('crud-form')).toHaveCount(0, slow);
  const row = page.getByTestId('campaigns-table').locator('tbody tr', { hasText: campaignName });
  await expect(row).toContainText(formatMoney(500_050));
  await expect(row).toContainText('投放中');
  const list = await api<{ data: Array<{ id: number; budget: number }> }>(page, `/api/advertisement/campaign/?search=${encodeURIComponent(campaignName)}`);
  const campaign = list.data[0];
  expect(campaign?.budget).toBe(500_050);

  // The device opens the tracking link: the click is recorded and the browser lands on the store URL.
  const device = `e2e-dev-${tag}`;
  const visitor = await page.context().newPage();
  const landed = await visitor.goto(`/api/advertisement/click/?campaign=${campaign?.id}&device=${device}`);
  expect(landed?.url()).toBe(store);
  expect(await landed?.request().redirectedFrom()?.response().then((r) => r?.status())).toBe(302);
  await visitor.close();

  // Spend of today through the dialog.
  await row.getByTestId('row-spend').click();
  const dialog = page.getByTestId('spend-dialog');
  await expect(dialog.getByTestId('spend-empty')).toBeVisible(slow);
  await dialog.getByTestId('spend-amount').fill('300');
  await dialog.getByTestId('spend-save').click();
  await expect(dialog.getByTestId('spend-total')).toContainText(formatMoney(30_000), slow);
  await shot('ads-spend-dialog-zh');
  await dialog.locator('.p-dialog-header-close').click();

  // The install: a register event of that device through the signed ingestion API.
  const app = await api<{ id: number }>(page, '/api/embed_configure/game/', { method: 'POST', body: { game: game.id } });
  const creds = await api<{ app_key: string; secret: string }>(page, `/api/embed_configure/game/${app.id}/regenerate/`, { method: 'POST' });
  const player = `e2e-player-${tag}`;
  const body = JSON.stringify({ events: [{ uuid: crypto.randomUUID(), event: 'register', distinct_id: player, time: new Date().toISOString(), properties: { device_id: device } }] });
  const sent = await api<{ accepted: number }>(page, '/api/embed/track/', { method: 'POST', raw: body, headers: { 'x-app-key': creds.app_key, 'x-signature': createHmac('sha256', creds.secret).update(body).digest('hex') } });
  expect(sent.accepted).toBe(1);
  // The player upkeep (registrations) runs just after the ingestion's commit: wait until the install is kept.
  const around = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await expect
    .poll(async () => (await api<{ rows: unknown[] }>(page, `/api/advertisement/attribution/?start=${around(-1)}&end=${around(1)}&game=${game.id}&device=${encodeURIComponent(device)}`)).rows.length, slow)
    .toBeGreaterThan(0);

  // 归因明细: the install, attributed to the campaign by its last click.
  await page.goto('/advertisement/attribution');
  await expect(page.getByTestId('att-table').or(page.getByTestId('att-empty'))).toBeVisible(slow);
  await page.getByTestId('att-device').fill(device);
  await page.getByTestId('att-run').click();
  await expect(page.getByTestId('att-table').locator('tbody tr')).toHaveCount(1, slow);
  const [att] = await cellsOf(page, 'att-table');
  expect(att?.slice(1, 6)).toEqual([gameName, player, device, 'e2e_tiktok', campaignName]);
  expect(att?.[7]).toBe('最后点击');
  await page.getByTestId('att-device').fill('');
  await page.getByTestId('att-run').click();
  await expect(page.getByTestId('att-kpi-attributed-value')).not.toHaveText('0', slow);
  await shot('ads-attribution-zh');

  // 广告计划: the campaign's figures — 1 click, 1 install, the spend and its cost per install.
  await page.goto('/advertisement/campaign');
  const perf = page.getByTestId('ads-perf-table');
  await expect(perf.locator('tbody tr', { hasText: campaignName })).toBeVisible(slow);
  const figures = (await cellsOf(page, 'ads-perf-table')).find((r) => r[0] === campaignName) ?? [];
  expect([figures[4], figures[6], figures[7], figures[8], figures[9]]).toEqual([formatMoney(30_000), '1', '1', formatMoney(30_000), formatMoney(0)]);
  await expect(page.getByTestId('ads-spend-chart')).toBeVisible();
  const perfApi = await api<{ campaigns: Array<{ campaign: number; installs: number }> }>(page, `/api/advertisement/campaign/performance/?start=${today()}&end=${today()}&game=${game.id}`);
  expect(perfApi.campaigns.find((c) => c.campaign === campaign?.id)?.installs).toBe(1);
  await shot('ads-campaign-zh');
});

test('advertising screens in English', async ({ page, context, baseURL, submitLogin, shot }) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: 'en', url: baseURL ?? '' }]);
  await signIn(page, submitLogin);
  await page.goto('/advertisement/campaign');
  await expect(page.getByTestId('ads-perf-table')).toBeVisible(slow);
  await expect(page.getByText('Attributed revenue').first()).toBeVisible();
  await shot('ads-campaign-en');
  await page.goto('/advertisement/attribution');
  await expect(page.getByTestId('att-table')).toBeVisible(slow);
  await expect(page.getByText('Last click').first()).toBeVisible();
  await shot('ads-attribution-en');
});
