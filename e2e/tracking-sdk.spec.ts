import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { COOKIE_PREFIX } from '../src/config';
import { signIn } from './shell-helpers';

/**
 * The tracking SDK in Chromium, served by the reference server (/sdk/track.global.js), on a studio's
 * page of another origin that is in its app's allowed origins: offline for a while then online, a
 * reload in the middle, the server answering 503 then 200, a 429 with Retry-After — every event is
 * stored exactly once (counted in event analysis and in the live view). Then 埋点应用 → 接入 shows the
 * app's snippet and the events live; screenshots tracking-integrate-{zh,en}.png.
 */
/** This file's own server: no simulated sample events (nothing here reads them), so it is up in seconds. */
const test = base.extend<object, { server: Awaited<ReturnType<typeof import('../server/testing').startTestServer>> }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, provide) => {
      const { startTestServer } = await import('../server/testing');
      const dir = process.env.E2E_CONSOLE_DIR;
      const server = await startTestServer({ captcha: true, serveConsole: true, ...(dir ? { env: { CONSOLE_DIR: dir } } : {}) });
      try {
        await provide(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
test.describe.configure({ mode: 'serial' });

/**
 * The studio's page: a server of its own on another loopback port — another origin, in the loopback
 * address space like the console's server (Chromium refuses requests from a page it cannot place,
 * e.g. one fulfilled by a route, to a loopback address).
 */
let STUDIO = '';
let studioPageHtml = '';
const studio = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(studioPageHtml));
test.beforeAll(async () => {
  await new Promise<void>((r) => studio.listen(0, '127.0.0.1', r));
  STUDIO = `http://127.0.0.1:${(studio.address() as AddressInfo).port}`;
});
test.afterAll(() => void studio.close());
const slow = { timeout: 30_000 };

interface Api {
  get<T>(path: string): Promise<T>;
  send<T>(method: string, path: string, body?: unknown): Promise<T>;
}

function apiOf(baseUrl: string, token: string): Api {
  const call = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 2000) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
    return json.data;
  };
  return { get: (path) => call('GET', path), send: call };
}

interface App {
  id: number;
  game: number;
  game_name: string;
  public_key: string;
  allowed_origins: string[];
}

/** The studio's page: the snippet of the 接入 panel, with a few buttons' worth of calls exposed to the test. */
function studioPage(host: string, publicKey: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>studio</title></head><body><p id="ready">…</p>
<script src="${host}/sdk/track.global.js"></script>
<script>
  ConsoleTrack.init({ host: '${host}', publicKey: '${publicKey}', flushAt: 5, flushIntervalMs: 500, maxRetryDelayMs: 4000, sessions: false });
  document.getElementById('ready').textContent = 'ready';
</script></body></html>`;
}

async function openStudio(page: Page, host: string, app: App): Promise<void> {
  studioPageHtml = studioPage(host, app.public_key);
  await page.goto(`${STUDIO}/game.html`);
  await expect(page.locator('#ready')).toHaveText('ready');
}

/** Tracks level_up events, one player each (`<phase>-<n>`), so each one can be counted in the live view. */
async function play(page: Page, phase: string, n: number): Promise<void> {
  await page.evaluate(
    ({ phase, n }) => {
      const ct = (window as unknown as { ConsoleTrack: { identify(id: string): void; track(e: string, p: Record<string, unknown>): void } }).ConsoleTrack;
      for (let i = 0; i < n; i++) {
        ct.identify(`${phase}-${i}`);
        ct.track('level_up', { level: i + 1 });
      }
    },
    { phase, n },
  );
}

const queued = (page: Page) => page.evaluate(() => (window as unknown as { ConsoleTrack: { stats(): { queued: number } } }).ConsoleTrack.stats().queued);

test('the SDK on a studio page stores every event exactly once through offline time, a reload, 503s and a 429', async ({ page, server }) => {
  test.setTimeout(240_000);
  const api = apiOf(server.baseUrl, server.signToken({}));
  // A game without a tracking app gets one whose allowed origins hold the studio's page.
  const apps = await api.get<{ data: App[] }>('/api/embed_configure/game/?page=1&limit=999');
  const games = await api.get<{ data: Array<{ id: number; kind: string }> }>('/api/game/detail/?page=1&limit=999');
  const free = games.data.find((g) => g.kind === 'h5' && !apps.data.some((a) => a.game === g.id));
  expect(free, 'an H5 game without a tracking app').toBeTruthy();
  const made = await api.send<App>('POST', '/api/embed_configure/game/', { game: free?.id, enabled: true });
  expect(made.public_key).toMatch(/^pk_[0-9a-f]{32}$/);
  // The origin saved the way the 接入 panel saves it.
  const created = await api.send<App>('PATCH', `/api/embed_configure/game/${made.id}/`, { allowed_origins: [`${STUDIO}/`.replace(/\/$/, '')] });
  expect(created.allowed_origins).toEqual([STUDIO]);

  const posts: Array<{ at: number; status: number }> = [];
  page.on('requestfinished', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/embed/track/')) void req.response().then((r) => posts.push({ at: Date.now(), status: r?.status() ?? 0 }));
  });
  await openStudio(page, server.baseUrl, created);

  // 1. Offline for a while, then online: nothing is lost, nothing is sent twice.
  await page.context().setOffline(true);
  await play(page, 'offline', 12);
  await page.waitForTimeout(2500);
  expect(await queued(page)).toBe(12);
  await page.context().setOffline(false);
  await expect.poll(() => queued(page), slow).toBe(0);

  // 2. A reload in the middle: the queue waits in localStorage and the reloaded page sends it.
  await page.route(`${server.baseUrl}/api/embed/track/`, (route) => route.abort('internetdisconnected'));
  await play(page, 'reload', 9);
  await page.waitForTimeout(800);
  expect(await queued(page)).toBeGreaterThanOrEqual(9);
  await page.unroute(`${server.baseUrl}/api/embed/track/`);
  await page.reload();
  await expect(page.locator('#ready')).toHaveText('ready');
  await expect.poll(() => queued(page), slow).toBe(0);

  // 3. The server answers 503 twice, then for real.
  let failures = 2;
  await page.route(`${server.baseUrl}/api/embed/track/`, async (route: Route) => {
    if (route.request().method() === 'POST' && failures > 0) {
      failures--;
      return route.fulfill({ status: 503, headers: { 'access-control-allow-origin': STUDIO }, contentType: 'application/json', body: JSON.stringify({ code: 503, msg: '服务暂不可用', data: null }) });
    }
    return route.continue();
  });
  await play(page, 'unavailable', 7);
  await expect.poll(() => queued(page), slow).toBe(0);
  expect(failures).toBe(0);
  await page.unroute(`${server.baseUrl}/api/embed/track/`);

  // 4. A 429 with Retry-After: 3 — the next attempt waits at least that long.
  let limited = 0;
  let limitedAt = 0;
  let retriedAt = 0;
  await page.route(`${server.baseUrl}/api/embed/track/`, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    if (limited === 0) {
      limited++;
      limitedAt = Date.now();
      return route.fulfill({
        status: 429,
        headers: { 'access-control-allow-origin': STUDIO, 'access-control-expose-headers': 'Retry-After', 'retry-after': '3' },
        contentType: 'application/json',
        body: JSON.stringify({ code: 429, msg: '请求过于频繁', data: null }),
      });
    }
    if (retriedAt === 0) retriedAt = Date.now();
    return route.continue();
  });
  await play(page, 'limited', 6);
  await expect.poll(() => queued(page), slow).toBe(0);
  expect(limited).toBe(1);
  expect(retriedAt - limitedAt).toBeGreaterThanOrEqual(2900);
  await page.unroute(`${server.baseUrl}/api/embed/track/`);

  // Every event stored exactly once: event analysis counts 34 level_up events for the game…
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const analysis = await api.get<{ lines: Array<{ event: string; total: number }> }>(
    `/api/data_embed/event/?game=${created.game}&event=level_up&start=${day(-1)}&end=${day(1)}&interval=day&measure=total`,
  );
  expect(analysis.lines.find((l) => l.event === 'level_up')?.total).toBe(12 + 9 + 7 + 6);
  // …and the live view has exactly one accepted entry per player (a resent batch shows as duplicate).
  const live = await api.get<Array<{ event: string | null; distinct_id: string | null; status: string }>>(`/api/embed_configure/game/${created.id}/live/?limit=200`);
  const accepted = live.filter((e) => e.status === 'accepted' && e.event === 'level_up').map((e) => e.distinct_id);
  expect(accepted.length).toBe(34);
  expect(new Set(accepted).size).toBe(34);
  for (const [phase, n] of [['offline', 12], ['reload', 9], ['unavailable', 7], ['limited', 6]] as const) {
    for (let i = 0; i < n; i++) expect(accepted).toContain(`${phase}-${i}`);
  }
  expect(posts.some((p) => p.status === 200)).toBe(true);
});

test('埋点应用 → 接入: the snippet, the public key, the allowed origin and the events arriving live (zh-chs and en)', async ({ page, server, submitLogin, shot, context }) => {
  test.setTimeout(180_000);
  const api = apiOf(server.baseUrl, server.signToken({}));
  const apps = await api.get<{ data: App[] }>('/api/embed_configure/game/?page=1&limit=999');
  const app = apps.data.find((a) => a.allowed_origins.includes(STUDIO));
  expect(app, 'the app made by the first test').toBeTruthy();
  const target = app as App;

  for (const lang of ['zh-chs', 'en'] as const) {
    await context.addCookies([{ name: `${COOKIE_PREFIX}lang`, value: lang, url: server.baseUrl }]);
    await page.goto('/login');
    if (lang === 'zh-chs') await signIn(page, submitLogin);
    await page.goto('/embed_configure/game');
    const row = page.getByTestId('tracking-app-table').locator('tbody tr').filter({ hasText: target.game_name }).first();
    await expect(row).toBeVisible(slow);
    await row.getByTestId('row-integrate').click();
    const panel = page.getByTestId('integrate-panel');
    await expect(panel.getByTestId('integrate-snippet')).toContainText(`${server.baseUrl}/sdk/track.global.js`);
    await expect(panel.getByTestId('integrate-snippet')).toContainText(target.public_key);
    await expect(panel.getByTestId('integrate-origins')).toContainText(STUDIO);
    await expect(panel.getByTestId('live-row').first()).toBeVisible(slow);

    // An event sent now appears while the panel is open (pushed on the socket, or the next poll).
    const player = `live-${lang}-${Date.now()}`;
    const sent = Date.now();
    const res = await fetch(`${server.baseUrl}/api/embed/track/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-public-key': target.public_key },
      body: JSON.stringify({ events: [{ uuid: crypto.randomUUID(), event: 'level_up', distinct_id: player, time: new Date().toISOString(), properties: { level: 3 } }, { uuid: crypto.randomUUID(), event: 'no_such_event', distinct_id: player, time: new Date().toISOString() }] }),
    });
    expect(res.status).toBe(200);
    await expect(panel.getByTestId('live-row').filter({ hasText: player }).first()).toBeVisible(slow);
    const arrived = Date.now() - sent;
    await expect(panel.getByTestId('live-row').filter({ hasText: player })).toHaveCount(2);
    await expect(panel.locator('[data-status="rejected"]').filter({ hasText: player })).toHaveCount(1);
    test.info().annotations.push({ type: `live view (${lang})`, description: `the event was on screen ${arrived} ms after it was sent` });
    await shot(`tracking-integrate-${lang === 'zh-chs' ? 'zh' : 'en'}`);
    await page.keyboard.press('Escape');
  }
});
