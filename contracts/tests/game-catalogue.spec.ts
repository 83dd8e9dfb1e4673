import { z } from 'zod';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { batchRow, gameRow, giftCodeRow, listPage, partnerRow, redeemResult, releaseRow, sharedAccountRow, tagRow } from '../schemas';
import { expectFailure, expectSuccess } from './support/expect-contract';

/**
 * The game catalogue's calls that outside systems and QA rely on, kept exact: the screen
 * lists, creating an H5 game, creating a gift-code batch and listing its codes, and the redemption
 * call game servers make (one success per code, also under concurrent calls). Runs against the
 * embedded server or any deployment (CONTRACT_BASE_URL).
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** "YYYY-MM-DD HH:mm:ss" in Asia/Shanghai, `days` from now. */
function shanghai(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The screen lists: the usual envelope and page of contract rows. */
function listTests(lists: Array<[string, z.ZodType]>): void {
  for (const [path, row] of lists) {
    test(`GET ${path}?page&limit is the usual envelope and page of contract rows`, async ({ api, auth, target }) => {
      const { access } = await auth.session();
      const page = expectSuccess(await api.get(`${path}?page=1&limit=2`, { token: access }), listPage(row), path);
      expect(page).toMatchObject({ page: 1, limit: 2 });
      expect(page.data.length).toBeLessThanOrEqual(2);
      if (target.fixtureData) expect(page.total).toBeGreaterThan(0);
    });
  }
}

areaTests('common', () => {
  test.describe('common lists', () => {
    listTests([
      ['api/common/account/', sharedAccountRow],
      ['api/common/tag/', tagRow],
      ['api/common/partner/', partnerRow],
    ]);
  });
});

areaTests('game', () => {
test.describe('game catalogue lists', () => {
  listTests([
    ['api/game/android/', gameRow],
    ['api/game/h5/', gameRow],
    ['api/game/mini/', gameRow],
    ['api/game/soft/', gameRow],
    ['api/game/history/', releaseRow],
    ['api/game/code/', batchRow],
  ]);
});

test.describe('H5 games', () => {
  test('POST api/game/h5/ { name, url, code, status } creates one; url must be http(s)', async ({ api, auth }) => {
    const { access } = await auth.session();
    const code = `qa-${unique()}`;
    const game = expectSuccess(
      await api.post('api/game/h5/', { token: access, json: { name: '契约测试 H5', url: 'https://h5.example.com/qa/index.html', code, status: 'testing' } }),
      gameRow,
      'POST api/game/h5/',
    );
    expect(game).toMatchObject({ kind: 'h5', name: '契约测试 H5', url: 'https://h5.example.com/qa/index.html', code, status: 'testing' });
    try {
      expectFailure(await api.post('api/game/h5/', { token: access, json: { name: 'x', url: 'javascript:alert(1)', code: `${code}-2`, status: 'testing' } }), { code: 4000, msg: '入口地址:只能是 http:// 或 https:// 开头的完整地址。' }, 'javascript: url');
      const dup = await api.post('api/game/h5/', { token: access, json: { name: 'x', url: 'https://h5.example.com/', code: code.toUpperCase(), status: 'testing' } });
      expect((dup.json as { code?: number }).code).toBe(4000);
      // The open preview call of /preview?code=.
      const preview = await api.get(`api/game/h5/preview/?code=${code}`);
      expect((preview.json as { code?: number; data?: { name?: string } }).data?.name).toBe('契约测试 H5');
      // The same with the code in the path (the console's form), also without a token.
      const inPath = await api.get(`api/game/h5/preview/${encodeURIComponent(code)}/`);
      expect((inPath.json as { code?: number; data?: { name?: string } }).data?.name).toBe('契约测试 H5');
    } finally {
      await api.request('DELETE', `api/game/h5/${game.id}/`, { token: access });
    }
  });
});

test.describe('gift codes', () => {
  test('POST api/game/code/ → data.id; it is listed; GET api/game/code/{id}/codes/?page&limit gives code, status, player, redeem_time', async ({ api, auth }) => {
    const { access } = await auth.session();
    const games = expectSuccess(await api.get('api/game/android/?page=1&limit=1', { token: access }), listPage(gameRow), 'a game');
    test.skip(games.data.length === 0, 'the target has no game to make codes for');
    const game = games.data[0]?.id ?? 0;
    const batch = expectSuccess(
      await api.post('api/game/code/', { token: access, json: { game, count: 25, prefix: 'QA', start_time: shanghai(-1), end_time: shanghai(7), reward: '契约测试奖励' } }),
      batchRow,
      'POST api/game/code/',
    );
    expect(batch.id).toEqual(expect.any(Number));
    const listed = expectSuccess(await api.get(`api/game/code/?page=1&limit=50&game=${game}`, { token: access }), listPage(batchRow), 'GET api/game/code/');
    expect(listed.data.some((b) => b.id === batch.id)).toBe(true);
    const codes = expectSuccess(await api.get(`api/game/code/${batch.id}/codes/?page=1&limit=10`, { token: access }), listPage(giftCodeRow.strict()), 'codes');
    expect(codes).toMatchObject({ page: 1, limit: 10, total: 25 });
    expect(codes.data.every((c) => c.status === 'unused' && c.player === null && c.redeem_time === null)).toBe(true);

    // Redemption: 2000 once, 4000 with a clear message after.
    const code = codes.data[0]?.code ?? '';
    const done = expectSuccess(await api.post('api/game/code/redeem/', { token: access, json: { code, player: 'qa-player-1' } }), redeemResult, 'redeem');
    expect(done).toMatchObject({ code, player: 'qa-player-1', batch: batch.id });
    const again = await api.post('api/game/code/redeem/', { token: access, json: { code, player: 'qa-player-2' } });
    expect((again.json as { code?: number }).code).toBe(4000);
    expect(String((again.json as { msg?: unknown }).msg)).toContain(code);
    const redeemed = expectSuccess(await api.get(`api/game/code/${batch.id}/codes/?page=1&limit=10&status=redeemed`, { token: access }), listPage(giftCodeRow), 'redeemed codes');
    expect(redeemed.data).toEqual([{ code, status: 'redeemed', player: 'qa-player-1', redeem_time: done.redeem_time }]);
    expectFailure(await api.post('api/game/code/redeem/', { token: access, json: { code: 'NO-SUCH-CODE', player: 'qa' } }), { code: 4000, msg: '兑换码 NO-SUCH-CODE 无效或已不可兑换（不存在、已被使用、已作废或不在兑换期内）。' }, 'unknown code: the same refusal as a used code');

    // Concurrent attempts on another code: exactly one success.
    const other = codes.data[1]?.code ?? '';
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post('api/game/code/redeem/', { token: access, json: { code: other, player: `qa-racer-${i}` } })));
    expect(answers.filter((a) => (a.json as { code?: number }).code === 2000)).toHaveLength(1);
    expect(answers.filter((a) => (a.json as { code?: number }).code === 4000)).toHaveLength(19);
  });

  test('bad batches: count 0 or over 100,000, an unknown game', async ({ api, auth }) => {
    const { access } = await auth.session();
    const body = { game: 1, count: 10, prefix: 'QA', start_time: shanghai(-1), end_time: shanghai(7), reward: 'x' };
    expectFailure(await api.post('api/game/code/', { token: access, json: { ...body, count: 0 } }), { code: 4000, msg: '数量:不能小于 1。' }, 'count 0');
    expectFailure(await api.post('api/game/code/', { token: access, json: { ...body, count: 100_001 } }), { code: 4000, msg: '数量:不能大于 100000。' }, 'count 100001');
    expectFailure(await api.post('api/game/code/', { token: access, json: { ...body, game: 987654 } }), { code: 4000, msg: '游戏:id 为 987654 的游戏不存在。' }, 'unknown game');
  });
});

});

// The refusals cover the common area's writes too.
areaTests(['game', 'common'], () => {
test.describe('the catalogue refuses user test every change', () => {
  const WRITES: Array<[method: 'POST' | 'PUT' | 'DELETE', path: string]> = [
    ['POST', '/api/game/android/'],
    ['PUT', '/api/game/android/1/'],
    ['DELETE', '/api/game/android/1/'],
    ['POST', '/api/game/h5/'],
    ['POST', '/api/game/history/'],
    ['PUT', '/api/game/history/1/publish/'],
    ['PUT', '/api/game/history/1/rollback/'],
    ['POST', '/api/game/code/'],
    ['PUT', '/api/game/code/1/void/'],
    ['POST', '/api/game/code/redeem/'],
    ['POST', '/api/common/account/'],
    ['POST', '/api/common/account/1/reveal/'],
    ['POST', '/api/common/tag/'],
    ['DELETE', '/api/common/tag/1/'],
  ];

  test('every write answers 4000 您没有执行该操作的权限。 (METHOD: path); the lists answer', async ({ api, auth, target }) => {
    const { access } = await auth.login(target.otherUsername, target.password);
    for (const [method, path] of WRITES) {
      const reply = await api.request(method, path.replace(/^\//, ''), { token: access, json: method === 'DELETE' ? undefined : { name: 'hijack', code: 'X', player: 'p' } });
      expectFailure(reply, { code: 4000, msg: `您没有执行该操作的权限。 (${method}: ${path})` }, `${method} ${path} as ${target.otherUsername}`);
    }
    for (const path of ['api/game/android/', 'api/game/code/', 'api/common/tag/']) {
      expect((((await api.get(path, { token: access })).json ?? {}) as { code?: number }).code, path).toBe(2000);
    }
  });
});
});
