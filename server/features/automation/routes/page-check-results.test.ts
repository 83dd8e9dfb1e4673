import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCheckResults } from '../../../../contracts/schemas/automation';
import { startTestServer, type TestServer } from '../../../testing';
import { call, expectData, login, SERVER_TIMEOUT_MS } from '../../../test/helpers';

/**
 * the results history of one page locator (页面元素's 检查记录 drawer):
 * GET /api/automation/webElement/results/ pages newest first per locator, filters by outcome, and
 * refuses bad queries with an envelope error (never a 5xx).
 */
const RESULTS = '/api/automation/webElement/results/';

describe('page check results history', () => {
  let srv: TestServer;
  let sa: string;
  let locator = 0;
  let other = 0;

  beforeAll(async () => {
    srv = await startTestServer({ captcha: false });
    sa = (await login(srv, 'superadmin', 'admin123456', false)).access;
    const seeded = await srv.query<{ id: number; game: number }>('SELECT id, game FROM page_locators ORDER BY id LIMIT 2');
    expect(seeded.length).toBe(2);
    locator = seeded[0]?.id as number;
    other = seeded[1]?.id as number;
    // 25 results of the first locator an hour apart (every 3rd failed), 4 of the second.
    for (let n = 0; n < 25; n += 1)
      await srv.query(
        `INSERT INTO page_check_results (game, locator, url, http_status, passed, actual, message, duration_ms, checked_at)
         VALUES ($1, $2, 'https://h5.example.com/a/', 200, $3, $4, $5, $6, TIMESTAMPTZ '2026-11-20 00:00:00+00' + make_interval(hours => $7))`,
        [seeded[0]?.game, locator, n % 3 !== 0, n % 3 === 0 ? '继续' : '开始', n % 3 === 0 ? '文本不包含「开始」' : null, 100 + n, n],
      );
    for (let n = 0; n < 4; n += 1)
      await srv.query(`INSERT INTO page_check_results (game, locator, url, passed, duration_ms) VALUES ($1, $2, 'https://h5.example.com/b/', true, 5)`, [seeded[1]?.game, other]);
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  });

  const read = async (query: string) => expectData(await call(srv, `${RESULTS}?${query}`, { token: sa }), pageCheckResults);

  it('pages one locator newest first; the pages together are every result once; the outcome filter counts like the rows', async () => {
    const first = await read(`locator=${locator}&page=1&limit=10`);
    expect(first).toMatchObject({ page: 1, limit: 10, total: 25, is_next: true, is_previous: false });
    expect(first.data[0]).toMatchObject({ locator, passed: false, actual: '继续', message: '文本不包含「开始」', duration_ms: 124, http_status: 200 });
    expect(first.data[1]).toMatchObject({ passed: true, actual: '开始', message: null, duration_ms: 123 });
    const all = [...first.data, ...(await read(`locator=${locator}&page=2&limit=10`)).data, ...(await read(`locator=${locator}&page=3&limit=10`)).data];
    expect(all.length).toBe(25);
    expect(new Set(all.map((r) => r.id)).size).toBe(25);
    expect(all.every((r) => r.locator === locator)).toBe(true);
    const times = all.map((r) => r.checked_at);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = await read(`locator=${locator}&passed=false&limit=100`);
    expect(failed.total).toBe(all.filter((r) => !r.passed).length);
    expect(failed.total).toBe(9);
    expect(failed.data.every((r) => !r.passed && r.message === '文本不包含「开始」')).toBe(true);
    expect((await read(`locator=${other}`)).total).toBe(4);
    // Past the end: an empty page, not an error.
    expect((await read(`locator=${locator}&page=9&limit=10`)).data).toEqual([]);
  });

  it('refuses bad queries with an envelope error', async () => {
    for (const [query, text] of [
      ['passed=maybe', '是否通过'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=-1', 'page'],
      ['locator=abc', '页面元素'],
      ['locator=1.5', '页面元素'],
      ['game=0', '游戏'],
    ] as const) {
      const res = await call<{ code: number; msg: string }>(srv, `${RESULTS}?${query}`, { token: sa });
      expect(res.status, query).toBe(200);
      expect(res.body.code, query).not.toBe(2000);
      expect(res.body.msg, query).toContain(text);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await call<{ code: number }>(srv, RESULTS)).body.code).not.toBe(2000);
  });
});
