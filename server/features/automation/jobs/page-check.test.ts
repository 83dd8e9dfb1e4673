import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { locatorRow, pageCheckResults, runQueued, runRow } from '../../../../contracts/schemas/automation';
import { gameRow } from '../../../../contracts/schemas/game/game';
import { listPage } from '../../../../contracts/schemas/envelope';
import type { TestServer } from '../../../testing';
import { call, expectData, SERVER_TIMEOUT_MS, suiteServer } from '../../../test/helpers';
import { evaluate } from './page-check';
import { DEFAULT_FETCH_POLICY, fetchPage, guardedLookup, PageFetchError, urlRefusal } from './page-fetch';

/**
 * Page checks: the address rules (no file:, no non-http, no private ranges, also after
 * DNS and on redirects), the locator evaluation, and the task end to end on a server working its
 * queue against a page served here on loopback (allowed for this test by PAGE_CHECK_ALLOW_HOSTS).
 */

const GAME_PAGE = `<!doctype html><html><head><title>星际跳跃</title><meta name="description" content="休闲跳跃小游戏"></head>
<body><div id="app"><canvas id="stage" width="720" height="1280"></canvas>
<button class="start primary">开始   游戏</button><a class="privacy" href="/privacy.html">隐私政策</a></div></body></html>`;

let page: Server;
let pageHost = '';
let hits = 0;

beforeAll(async () => {
  page = createServer((req, res) => {
    hits += 1;
    if (req.url === '/game.html') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(GAME_PAGE);
    if (req.url === '/moved') return res.writeHead(302, { location: '/game.html' }).end();
    if (req.url === '/to-private') return res.writeHead(302, { location: 'http://10.20.30.40/admin' }).end();
    if (req.url === '/to-file') return res.writeHead(301, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      for (let i = 0; i < 40; i++) res.write(chunk);
      return res.end();
    }
    if (req.url === '/slow') return setTimeout(() => res.end('<p>late</p>'), 3000);
    res.writeHead(404).end('<h1>not here</h1>');
  });
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  pageHost = `127.0.0.1:${(page.address() as AddressInfo).port}`;
});
afterAll(async () => {
  page.closeAllConnections();
  await new Promise((r) => page.close(r));
});

describe('page addresses', () => {
  it('refuses non-http schemes, credentials, loopback, private, link-local and mapped private addresses', () => {
    for (const url of ['file:///etc/passwd', 'ftp://h5.example.com/', 'javascript:alert(1)', 'gopher://x/']) expect(urlRefusal(url)).toMatch(/只能检查 http 或 https/);
    expect(urlRefusal('https://user:pw@h5.example.com/')).toMatch(/用户名或密码/);
    for (const url of ['http://127.0.0.1/', 'http://10.0.0.8/', 'http://172.16.5.4/', 'http://192.168.1.1:8080/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://[fd00::1]/', 'http://[::ffff:10.0.0.1]/', 'http://0.0.0.0/', 'http://100.64.0.1/']) {
      expect(urlRefusal(url), url).toMatch(/内网、本机或保留地址/);
    }
    expect(urlRefusal('http://localhost:3000/')).toMatch(/本机地址/);
    expect(urlRefusal('not a url')).toMatch(/格式不正确/);
    for (const url of ['https://h5.example.com/games/a/index.html', 'http://93.184.216.34/', 'https://[2606:4700::1111]/']) expect(urlRefusal(url), url).toBeNull();
    // An allowed host:port only (the port matters).
    expect(urlRefusal(`http://${pageHost}/game.html`, new Set([pageHost]))).toBeNull();
    expect(urlRefusal('http://127.0.0.1:1/', new Set([pageHost]))).not.toBeNull();
  });

  it('refuses at connection time a name that resolves to a private address', async () => {
    const resolved = await new Promise<{ err: NodeJS.ErrnoException | null }>((resolve) => guardedLookup(false)('localhost', { all: false }, (err) => resolve({ err })));
    expect(resolved.err?.message).toMatch(/内网、本机或保留地址（localhost → (127\.0\.0\.1|::1)）/);
    const allowed = await new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup(true)('localhost', { all: false }, (err, address) => resolve({ err, address })),
    );
    expect(allowed.err).toBeNull();
  });

  it('follows redirects, checking each target, within the limits of time and size', async () => {
    const policy = { ...DEFAULT_FETCH_POLICY, allowHosts: new Set([pageHost]), timeoutMs: 1500, maxBytes: 1024 * 1024 };
    const moved = await fetchPage(`http://${pageHost}/moved`, policy);
    expect(moved).toMatchObject({ url: `http://${pageHost}/game.html`, status: 200 });
    expect(moved.body).toContain('星际跳跃');
    await expect(fetchPage(`http://${pageHost}/to-private`, policy)).rejects.toThrow(/内网、本机或保留地址（10\.20\.30\.40）/);
    await expect(fetchPage(`http://${pageHost}/to-file`, policy)).rejects.toThrow(/只能检查 http 或 https/);
    await expect(fetchPage(`http://${pageHost}/loop`, policy)).rejects.toThrow(/重定向超过 3 次/);
    await expect(fetchPage(`http://${pageHost}/huge`, policy)).rejects.toThrow(/页面超过 1 MiB/);
    await expect(fetchPage(`http://${pageHost}/slow`, policy)).rejects.toThrow(/1\.5 秒内没有响应/);
    expect((await fetchPage(`http://${pageHost}/nope`, policy)).status).toBe(404);
    // Without the allowance the same loopback page is refused before any request.
    const before = hits;
    await expect(fetchPage(`http://${pageHost}/game.html`, { ...policy, allowHosts: new Set() })).rejects.toBeInstanceOf(PageFetchError);
    expect(hits).toBe(before);
  });
});

describe('locator evaluation', () => {
  const root = parse(GAME_PAGE);
  const base = { attribute: null, expected: null, match: 'contains' as const };
  it('checks existence, text (whitespace collapsed) and attributes, contains or equals', () => {
    expect(evaluate(root, { ...base, selector: '#app canvas#stage', check_kind: 'exists' })).toEqual({ passed: true, actual: '<canvas>', message: null });
    expect(evaluate(root, { ...base, selector: '.missing', check_kind: 'exists' })).toMatchObject({ passed: false, message: '没有元素匹配选择器 .missing' });
    expect(evaluate(root, { ...base, selector: 'button.start', check_kind: 'text', expected: '开始 游戏', match: 'equals' })).toMatchObject({ passed: true, actual: '开始 游戏' });
    expect(evaluate(root, { ...base, selector: 'button.start', check_kind: 'text', expected: '开始游戏', match: 'equals' })).toMatchObject({ passed: false, message: '文本不等于「开始游戏」' });
    expect(evaluate(root, { ...base, selector: 'a.privacy', check_kind: 'attribute', attribute: 'href', expected: 'privacy' })).toMatchObject({ passed: true, actual: '/privacy.html' });
    expect(evaluate(root, { ...base, selector: 'a.privacy', check_kind: 'attribute', attribute: 'target', expected: '_blank' })).toMatchObject({ passed: false, message: '元素没有属性 target' });
    expect(evaluate(root, { ...base, selector: 'div[[', check_kind: 'exists' })).toMatchObject({ passed: false, message: expect.stringMatching(/^CSS 选择器无效/) });
  });
});

describe('the pages.check task', () => {
  let srv: TestServer;
  let sa: string;
  let testToken: string;
  let gameId = 0;

  suiteServer(['superadmin', 'test'], (s) => ({ srv, tokens: [sa, testToken] } = s), () => ({ env: { JOBS: 'on', PAGE_CHECK_ALLOW_HOSTS: pageHost } }));
  beforeAll(async () => {
    gameId = expectData(await call(srv, '/api/game/h5/', { token: sa, body: { name: '星际跳跃', url: `http://${pageHost}/game.html`, code: 'h5-page-check', status: 'online' } }), gameRow).id;
  }, SERVER_TIMEOUT_MS);

  const failure = (res: { body: { code: number; msg: unknown } }) => {
    expect(res.body.code).not.toBe(2000);
    return String(res.body.msg);
  };
  const locator = (body: Record<string, unknown>) => call(srv, '/api/automation/webElement/', { token: sa, body: { game: gameId, ...body } });

  async function runCheck(args: Record<string, unknown>) {
    const { run_id } = expectData(await call(srv, '/api/automation/task/pages.check/run/', { token: sa, body: { args } }), runQueued);
    const end = Date.now() + 30_000;
    for (;;) {
      const run = expectData(await call(srv, `/api/automation/task/runs/${run_id}/`, { token: sa }), runRow);
      if (run.state === 'succeeded' || run.state === 'failed') return run;
      if (Date.now() > end) throw new Error(`run still ${run.state}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  const messageTitles = async () =>
    expectData(await call(srv, '/api/system/message_center/get_self_receive/?limit=100', { token: sa }), listPage(z.object({ title: z.string(), content: z.string() }).passthrough())).data;

  it('refuses locators on other games, unreadable selectors, missing expectations and forbidden addresses, storing nothing', async () => {
    const count = async () => expectData(await call(srv, '/api/automation/webElement/', { token: sa }), listPage(locatorRow)).total;
    const before = await count();
    const android = expectData(await call(srv, '/api/game/android/?limit=1', { token: sa }), listPage(gameRow)).data[0];
    expect(failure(await locator({ game: android?.id, name: 'x', selector: 'div' }))).toContain('不是 H5 游戏');
    expect(failure(await locator({ name: 'x', selector: 'div[[' }))).toContain('CSS 选择器无效');
    expect(failure(await locator({ name: 'x', selector: 'div', check_kind: 'text' }))).toContain('必须填写期望值');
    expect(failure(await locator({ name: 'x', selector: 'a', check_kind: 'attribute', expected: 'y' }))).toContain('必须填写属性名');
    expect(failure(await locator({ name: 'x', selector: 'a', url: 'file:///etc/passwd' }))).toContain('只能检查 http 或 https');
    expect(failure(await locator({ name: 'x', selector: 'a', url: 'http://192.168.0.10/index.html' }))).toContain('内网、本机或保留地址');
    expect(await count()).toBe(before);
    // A low-privilege account cannot add one.
    expect((await call(srv, '/api/automation/webElement/', { token: testToken, body: { game: gameId, name: 'x', selector: 'div' } })).body.code).not.toBe(2000);
  });

  it('evaluates each locator on the page, records the results and notifies the owners of new failures once', async () => {
    const ids = [
      expectData(await locator({ name: '画布', selector: 'canvas#stage' }), locatorRow).id,
      expectData(await locator({ name: '开始按钮', selector: 'button.start', check_kind: 'text', expected: '开始 游戏', match: 'equals' }), locatorRow).id,
      expectData(await locator({ name: '隐私链接', selector: 'a.privacy', check_kind: 'attribute', attribute: 'href', expected: '/terms.html', match: 'equals' }), locatorRow).id,
      expectData(await locator({ name: '旧页面', selector: 'h1', url: `http://${pageHost}/gone.html` }), locatorRow).id,
    ];
    const before = (await messageTitles()).length;
    const run = await runCheck({ game: gameId });
    expect(run.state).toBe('succeeded');
    expect(run.result).toMatchObject({ games: 1, pages: 2, locators: 4, passed: 2, failed: 2, notified_games: [gameId] });

    const rows = expectData(await call(srv, `/api/automation/webElement/?game=${gameId}&limit=10`, { token: sa }), listPage(locatorRow)).data;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0] as number)).toMatchObject({ last_passed: true, last_actual: '<canvas>' });
    expect(byId.get(ids[1] as number)).toMatchObject({ last_passed: true, last_actual: '开始 游戏' });
    expect(byId.get(ids[2] as number)).toMatchObject({ last_passed: false, last_actual: '/privacy.html', last_message: '属性 href 不等于「/terms.html」' });
    expect(byId.get(ids[3] as number)).toMatchObject({ last_passed: false, last_message: '页面返回 HTTP 404' });
    const results = expectData(await call(srv, `/api/automation/webElement/results/?game=${gameId}&passed=false`, { token: sa }), pageCheckResults);
    expect(results.total).toBe(2);
    expect(results.data.every((r) => r.run === run.id)).toBe(true);
    expect(results.data.find((r) => r.locator === ids[3])).toMatchObject({ http_status: 404, url: `http://${pageHost}/gone.html` });

    // The creator of the game (superadmin) is told, with the failing selectors, escaped as HTML.
    const messages = await messageTitles();
    expect(messages.length).toBe(before + 1);
    const note = messages.find((m) => m.title === 'H5 页面检查失败：星际跳跃');
    expect(note?.content).toContain('a.privacy');
    expect(note?.content).toContain('页面返回 HTTP 404');

    // Still failing on the next run: recorded again, no second notification.
    const again = await runCheck({ game: gameId });
    expect(again.result).toMatchObject({ failed: 2, notified_games: [] });
    expect((await messageTitles()).length).toBe(before + 1);
    expect(expectData(await call(srv, `/api/automation/webElement/results/?locator=${ids[2]}`, { token: sa }), pageCheckResults).total).toBe(2);

    // One locator alone.
    const one = await runCheck({ locator: ids[0] });
    expect(one.result).toMatchObject({ locators: 1, passed: 1, failed: 0 });
  }, 90_000);

  it('refuses a run naming a game that is not H5, unknown, or whose page is on a private address', async () => {
    const android = expectData(await call(srv, '/api/game/android/?limit=1', { token: sa }), listPage(gameRow)).data[0];
    const run = (args: Record<string, unknown>) => call(srv, '/api/automation/task/pages.check/run/', { token: sa, body: { args } });
    expect(failure(await run({ game: android?.id }))).toContain('不是 H5 游戏');
    expect(failure(await run({ game: 999_999 }))).toContain('不存在');
    expect(failure(await run({ game: 'one' }))).toContain('参数');
    const intranet = expectData(await call(srv, '/api/game/h5/', { token: sa, body: { name: '内网游戏', url: 'http://10.1.2.3/index.html', code: 'h5-intranet', status: 'testing' } }), gameRow);
    expectData(await locator({ game: intranet.id, name: '画布', selector: 'canvas' }), locatorRow);
    expect(failure(await run({ game: intranet.id }))).toContain('内网、本机或保留地址（10.1.2.3）');
    const runs = expectData(await call(srv, '/api/automation/task/runs/?task=pages.check&limit=100', { token: sa }), listPage(runRow));
    expect(runs.data.every((r) => (r.args as { game?: number }).game !== intranet.id)).toBe(true);
  });
});
