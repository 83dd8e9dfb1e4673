import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { batchRow, gameDetail, gameRow, h5Preview, listPage, lookupResult, partnerRow, releaseRow, sharedAccountRow, tagRow } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import { migrate } from '../../../db/migrate';
import { openPglite } from '../../../db/pglite';
import { SecretBox } from '../../../domain/secret-box';
import { seed } from '../../../seed';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, suiteServer } from '../../../test/helpers';

const refused = (method: string, path: string) => `您没有执行该操作的权限。 (${method}: ${path})`;

describe('game catalogue: games of four kinds, lookup, detail, preview', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  let admin: string;
  let test: string;

  suiteServer(['superadmin', 'admin', 'test'], (s) => ({ srv, ctx, tokens: [sa, admin, test] } = s));

  const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n ?? -1;

  describe('the sample catalogue (seed, fixed random seed)', () => {
    it('about 40 games over the four kinds, several releases each, 10 partners, tags, gift-code batches, shared accounts', async () => {
      const totals: Record<string, number> = {};
      for (const kind of ['android', 'h5', 'mini', 'soft']) {
        const page = expectData(await call(srv, `/api/game/${kind}/?limit=100`, { token: sa }), listPage(gameRow));
        expect(page.data.every((g) => g.kind === kind)).toBe(true);
        expect(page.total).toBe(page.data.length);
        totals[kind] = page.total;
        // Every game has releases; each kind's own fields are set and the others' are null.
        for (const g of page.data) {
          expect(g.release_count, g.name).toBeGreaterThanOrEqual(2);
          if (kind === 'android') expect(g.package_id).toMatch(/^com\.[a-z]+\.[a-z0-9]+$/);
          else expect(g.package_id).toBeNull();
          if (kind === 'h5') expect(g.url).toMatch(/^https:\/\//);
        }
      }
      expect(totals).toEqual({ android: 16, h5: 10, mini: 8, soft: 6 });
      expect(expectData(await call(srv, '/api/common/partner/?limit=100', { token: sa }), listPage(partnerRow)).total).toBe(10);
      expect(expectData(await call(srv, '/api/common/tag/?limit=100', { token: sa }), listPage(tagRow)).total).toBe(12);
      expect(expectData(await call(srv, '/api/game/code/', { token: sa }), listPage(batchRow)).total).toBe(4);
      expect(expectData(await call(srv, '/api/common/account/', { token: sa }), listPage(sharedAccountRow)).total).toBe(6);
      const releases = expectData(await call(srv, '/api/game/history/?limit=1', { token: sa }), listPage(releaseRow));
      expect(releases.total).toBe(await count('game_releases'));
      expect(releases.total).toBeGreaterThan(80);
    });

    it('is the same on every fresh database (deterministic), and each current release is a published one of its game', async () => {
      const now = Date.UTC(2026, 0, 15, 4, 0, 0);
      const shape = async () => {
        const db = await openPglite('memory://');
        try {
          await migrate(db);
          await seed(db, now, { secretBox: new SecretBox('determinism-test-key-0123456789') });
          return {
            games: await db.query(`SELECT g.id, g.name, g.kind, g.status, g.package_id, g.code, g.app_id, p.name AS partner, g.current_release FROM games g LEFT JOIN partners p ON p.id = g.partner ORDER BY g.id`),
            releases: await db.query('SELECT game, version, build, status, sha256, channels, release_time FROM game_releases ORDER BY id'),
            codes: await db.query('SELECT code, batch, player, redeem_time FROM gift_codes ORDER BY code'),
          };
        } finally {
          await db.close();
        }
      };
      const [a, b] = [await shape(), await shape()];
      expect(a.games.length).toBe(40);
      expect(b).toEqual(a);
      const wrong = await ctx.db.query(`SELECT g.id FROM games g JOIN game_releases r ON r.id = g.current_release WHERE r.game <> g.id OR r.status <> 'published'`);
      expect(wrong).toEqual([]);
    }, 120_000);
  });

  describe('create, read, update, delete, export', () => {
    it('POST /api/game/h5/ { name, url, code, status } creates an H5 game; retrieve, update, delete', async () => {
      const created = expectData(await call(srv, '/api/game/h5/', { token: sa, body: { name: '测试小游戏', url: 'https://h5.example.com/t/', code: 'h5-test-1', status: 'testing' } }), gameRow);
      expect(created).toMatchObject({ kind: 'h5', name: '测试小游戏', url: 'https://h5.example.com/t/', code: 'h5-test-1', status: 'testing', tags: [], current_release: null, release_count: 0 });
      expect(expectData(await call(srv, `/api/game/h5/${created.id}/`, { token: sa }), gameRow).code).toBe('h5-test-1');
      // The same id is not an Android game.
      expectFailure(await call(srv, `/api/game/android/${created.id}/`, { token: sa }), 400, '接口地址不正确');
      const updated = expectData(
        await call(srv, `/api/game/h5/${created.id}/`, { method: 'PUT', token: sa, body: { name: '测试小游戏 2', url: 'http://h5.example.com/t2/', code: 'h5-test-1', status: 'online', tags: [1, 2], partner: 3 } }),
        gameRow,
      );
      expect(updated).toMatchObject({ name: '测试小游戏 2', status: 'online', tags: [1, 2], partner: 3, partner_name: expect.any(String) as string });
      expect((await call(srv, `/api/game/h5/${created.id}/`, { method: 'DELETE', token: sa })).body).toEqual({ code: 2000, data: [], msg: '删除成功' });
      expect(await count('games WHERE id = $1', [created.id])).toBe(0);
      expect(await count('game_tags WHERE game_id = $1', [created.id])).toBe(0);
    });

    it('Android, mini and soft games carry their own fields; the list filters by status, partner, tag and searches identifiers', async () => {
      const android = expectData(
        await call(srv, '/api/game/android/', { token: sa, body: { name: '安卓测试', package_id: 'com.example.androidtest', min_sdk: 24, status: 'developing', tags: [5], partner: 2 } }),
        gameRow,
      );
      expect(android).toMatchObject({ package_id: 'com.example.androidtest', min_sdk: 24, tags: [5], tag_info: [{ id: 5 }] });
      const mini = expectData(await call(srv, '/api/game/mini/', { token: sa, body: { name: '小程序测试', platform: 'douyin', app_id: 'tt0123456789abcdef' } }), gameRow);
      expect(mini).toMatchObject({ platform: 'douyin', app_id: 'tt0123456789abcdef', status: 'developing' });
      const soft = expectData(await call(srv, '/api/game/soft/', { token: sa, body: { name: '软件测试', category: 'tool' } }), gameRow);
      expect(soft.category).toBe('tool');

      const search = expectData(await call(srv, '/api/game/android/?search=androidtest', { token: sa }), listPage(gameRow));
      expect(search.data.map((g) => g.id)).toEqual([android.id]);
      const byTag = expectData(await call(srv, '/api/game/android/?tag=5&limit=100', { token: sa }), listPage(gameRow));
      expect(byTag.data.every((g) => g.tags.includes(5))).toBe(true);
      expect(byTag.total).toBe(await count("games g WHERE g.kind = 'android' AND EXISTS (SELECT 1 FROM game_tags t WHERE t.game_id = g.id AND t.tag_id = 5)"));
      const byTags = expectData(await call(srv, '/api/game/android/?tag=5,7&limit=100', { token: sa }), listPage(gameRow));
      expect(byTags.total).toBe(await count("games g WHERE g.kind = 'android' AND EXISTS (SELECT 1 FROM game_tags t WHERE t.game_id = g.id AND t.tag_id IN (5, 7))"));
      const byStatus = expectData(await call(srv, '/api/game/android/?status=online&partner=2&limit=100', { token: sa }), listPage(gameRow));
      expect(byStatus.total).toBe(await count("games WHERE kind = 'android' AND status = 'online' AND partner = 2"));
      expectFailure(await call(srv, '/api/game/android/?tag=abc', { token: sa }), 4000, '标签:请输入一个有效的值。');
    });

    it('export_data gives an xlsx of the list with the kind columns', async () => {
      const res = await fetch(`${srv.baseUrl}/api/game/android/export_data/?status=online`, { headers: { authorization: `JWT ${sa}` } });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toMatch(/filename=安卓游戏-\d{14}\.xlsx/);
      const sheet = readXlsx(Buffer.from(await res.arrayBuffer()));
      expect(sheet[0]?.slice(0, 4)).toEqual(['游戏名称', '包名', '最低 SDK 版本', '状态']);
      expect(sheet.length - 1).toBe(await count("games WHERE kind = 'android' AND status = 'online'"));
      expect(sheet.slice(1).every((r) => r[3] === '已上线')).toBe(true);
    });
  });

  describe('bad input: the envelope with a clear message, nothing written', () => {
    const before = async () => count('games');

    it('a duplicate package id or H5 code (any case), a non-http(s) entry URL, a bad package id, unknown partner or tag', async () => {
      const n = await before();
      const taken = (await ctx.db.query<{ package_id: string; name: string }>("SELECT package_id, name FROM games WHERE kind = 'android' ORDER BY id LIMIT 1"))[0];
      expectFailure(
        await call(srv, '/api/game/android/', { token: sa, body: { name: 'x', package_id: taken?.package_id, min_sdk: 21 } }),
        4000,
        `包名 ${taken?.package_id} 已被游戏「${taken?.name}」使用，请换一个。`,
      );
      expectFailure(await call(srv, '/api/game/h5/', { token: sa, body: { name: 'x', url: 'https://a.example.com/', code: 'H5-XIAOXIAO' } }), 4000, '游戏代码 H5-XIAOXIAO 已被游戏「消消乐园」使用，请换一个。');
      for (const url of ['javascript:alert(1)', 'JavaScript://x%0aalert(1)', 'data:text/html,<script>1</script>', 'ftp://files.example.com/g', '/relative/path', 'https://']) {
        expectFailure(await call(srv, '/api/game/h5/', { token: sa, body: { name: 'x', url, code: 'h5-new-code' } }), 4000, '入口地址:只能是 http:// 或 https:// 开头的完整地址。');
      }
      expectFailure(await call(srv, '/api/game/android/', { token: sa, body: { name: 'x', package_id: 'not a package', min_sdk: 21 } }), 4000, '包名:应为反向域名格式，例如 com.example.game。');
      expectFailure(await call(srv, '/api/game/android/', { token: sa, body: { name: 'x', package_id: 'com.example.ok', min_sdk: 0 } }), 4000, '最低 SDK 版本:不能小于 1。');
      expectFailure(await call(srv, '/api/game/android/', { token: sa, body: { name: 'x', package_id: 'com.example.ok', min_sdk: 21, partner: 9999 } }), 4000, '合作方:id 为 9999 的合作方不存在。');
      expectFailure(await call(srv, '/api/game/android/', { token: sa, body: { name: 'x', package_id: 'com.example.ok', min_sdk: 21, tags: [1, 8888] } }), 4000, '标签:id 为 8888 的标签不存在。');
      expectFailure(await call(srv, '/api/game/h5/', { token: sa, body: { url: 'https://a.example.com/', code: 'abc' } }), 4000, '游戏名称:该字段是必填项。');
      expectFailure(await call(srv, '/api/game/mini/', { token: sa, body: { name: 'x', platform: 'qq', app_id: 'abc' } }), 4000, expect.stringMatching(/^平台:/) as unknown as string);
      expect(await before()).toBe(n);
    });

    it('an update to a taken code is refused and the game keeps its values', async () => {
      const [a, b] = await ctx.db.query<{ id: number; code: string }>("SELECT id, code FROM games WHERE kind = 'h5' ORDER BY id LIMIT 2");
      const res = await call(srv, `/api/game/h5/${a?.id}/`, { method: 'PATCH', token: sa, body: { code: b?.code.toUpperCase() } });
      expect(res.body.code).toBe(4000);
      expect((await ctx.db.query<{ code: string }>('SELECT code FROM games WHERE id = $1', [a?.id]))[0]?.code).toBe(a?.code);
    });

    it('a game with gift-code batches cannot be deleted', async () => {
      const game = (await ctx.db.query<{ id: number; kind: string; name: string }>('SELECT g.id, g.kind, g.name FROM games g JOIN gift_code_batches b ON b.game = g.id ORDER BY g.id LIMIT 1'))[0];
      const res = await call(srv, `/api/game/${game?.kind}/${game?.id}/`, { method: 'DELETE', token: sa });
      expect(res.body.code).toBe(4000);
      expect(String(res.body.msg)).toContain(`游戏「${game?.name}」还有`);
      expect(await count('games WHERE id = $1', [game?.id])).toBe(1);
    });
  });

  describe('permissions: user test sees the catalogue but cannot change it', () => {
    it('lists, reads, looks up and opens a detail; every write is refused by the server and nothing changes', async () => {
      for (const path of ['/api/game/android/', '/api/game/h5/', '/api/game/mini/', '/api/game/soft/', '/api/game/history/', '/api/game/code/', '/api/common/account/', '/api/common/tag/', '/api/common/partner/']) {
        expect((await call(srv, path, { token: test })).body.code, path).toBe(2000);
      }
      expect((await call(srv, '/api/game/query/?search=h5', { token: test })).body.code).toBe(2000);
      expect((await call(srv, '/api/game/detail/1/', { token: test })).body.code).toBe(2000);
      expect((await call(srv, '/api/game/code/1/codes/', { token: test })).body.code).toBe(2000);
      const n = await count('games');
      const writes: Array<[string, string, unknown]> = [
        ['POST', '/api/game/h5/', { name: 'x', url: 'https://a.example.com/', code: 'test-refused' }],
        ['PUT', '/api/game/android/1/', { name: 'x', package_id: 'com.x.y', min_sdk: 21 }],
        ['PATCH', '/api/game/android/1/', { name: 'x' }],
        ['DELETE', '/api/game/android/1/', undefined],
        ['DELETE', '/api/game/android/multiple_delete/', { keys: [1] }],
        ['PUT', '/api/game/detail/1/', { name: 'x' }],
        ['POST', '/api/common/tag/', { name: 'x', color: '#000000' }],
        ['DELETE', '/api/common/tag/1/', undefined],
      ];
      for (const [method, path, body] of writes) expectFailure(await call(srv, path, { method, token: test, body }), 4000, refused(method, path));
      expectFailure(await call(srv, '/api/game/android/export_data/', { token: test }), 4000, refused('GET', '/api/game/android/export_data/'));
      expect(await count('games')).toBe(n);
      expect((await ctx.db.query<{ name: string }>('SELECT name FROM games WHERE id = 1'))[0]?.name).toBe('星穹远征');
    });

    it('admin changes but does not delete (no Delete button); no token → the credentials message', async () => {
      const game = expectData(await call(srv, '/api/game/soft/', { token: admin, body: { name: '管理员建的软件', category: 'office' } }), gameRow);
      expectFailure(await call(srv, `/api/game/soft/${game.id}/`, { method: 'DELETE', token: admin }), 4000, refused('DELETE', `/api/game/soft/${game.id}/`));
      expect((await call(srv, '/api/game/soft/')).body).toMatchObject({ code: 4000, data: null });
    });
  });

  describe('lookup (game/query), detail (game/detail), H5 preview', () => {
    it('one search finds a game by name, package id or id, an H5 game by code, a release by version or SHA-256 prefix, a gift code exactly', async () => {
      const hits = async (search: string) => expectData(await call(srv, `/api/game/query/?search=${encodeURIComponent(search)}`, { token: sa }), lookupResult).data;
      expect((await hits('星穹远征')).find((h) => h.type === 'game')).toMatchObject({ id: 1, title: '星穹远征', matched: 'name', link: { path: '/game/detail', query: { id: '1' } } });
      const pkg = (await ctx.db.query<{ package_id: string; id: number }>('SELECT package_id, id FROM games WHERE id = 2'))[0];
      expect((await hits(pkg?.package_id ?? '')).find((h) => h.id === pkg?.id)).toMatchObject({ type: 'game', matched: 'package_id' });
      expect((await hits('H5-XIAOXIAO'))[0]).toMatchObject({ type: 'h5', title: 'h5-xiaoxiao', game_name: '消消乐园', matched: 'code' });
      const release = (await ctx.db.query<{ id: number; game: number; sha256: string }>('SELECT id, game, sha256 FROM game_releases WHERE sha256 IS NOT NULL ORDER BY id LIMIT 1'))[0];
      expect((await hits(release?.sha256.slice(0, 10) ?? ''))[0]).toMatchObject({ type: 'release', id: release?.id, matched: 'sha256', link: { path: '/game/history', query: { game: String(release?.game) } } });
      const code = (await ctx.db.query<{ code: string; player: string; batch: number }>('SELECT code, player, batch FROM gift_codes WHERE player IS NOT NULL ORDER BY code LIMIT 1'))[0];
      expect((await hits(code?.code.toLowerCase() ?? ''))[0]).toMatchObject({ type: 'gift_code', title: code?.code, status: 'redeemed', extra: { player: code?.player, batch: code?.batch } });
      expect(await hits('没有这个东西')).toEqual([]);
      expectFailure(await call(srv, '/api/game/query/', { token: sa }), 4000, '查询内容:该字段是必填项。');
    });

    it('the detail of any kind: current release, release counts, channels, gift codes, a zero revenue summary', async () => {
      const d = expectData(await call(srv, '/api/game/detail/1/', { token: sa }), gameDetail);
      expect(d.name).toBe('星穹远征');
      expect(d.current?.id).toBe(d.current_release);
      expect(d.current?.is_current).toBe(true);
      expect(d.releases.total).toBe(await count('game_releases WHERE game = 1'));
      expect(d.codes).toMatchObject({ batches: 1, total: 200, redeemed: 37 });
      expect(d.summary).toEqual({ revenue_today: 0, revenue_30d: 0, players: 0, paying_players: 0, currency: 'CNY' });
      const shipped = await ctx.db.query<{ ch: string }>("SELECT DISTINCT jsonb_array_elements_text(channels) AS ch FROM game_releases WHERE game = 1 AND status = 'published' ORDER BY 1");
      expect(d.channels.map((c) => c.channel).sort()).toEqual(shipped.map((r) => r.ch));
      expectFailure(await call(srv, '/api/game/detail/99999/', { token: sa }), 400, '接口地址不正确');
    });

    it('PUT /api/game/detail/{id}/ edits the profile with its kind\'s rules', async () => {
      const d = expectData(await call(srv, '/api/game/detail/2/', { token: sa }), gameDetail);
      const saved = expectData(await call(srv, '/api/game/detail/2/', { method: 'PUT', token: sa, body: { name: d.name, package_id: d.package_id, min_sdk: 30, status: 'offline' } }), gameDetail);
      expect(saved).toMatchObject({ min_sdk: 30, status: 'offline' });
      expectFailure(await call(srv, '/api/game/detail/2/', { method: 'PUT', token: sa, body: { name: d.name, package_id: 'bad', min_sdk: 30 } }), 4000, '包名:应为反向域名格式，例如 com.example.game。');
    });

    it('the preview of an H5 game by code needs no token; an unknown code is a clear 404 message', async () => {
      const p = expectData(await call(srv, '/api/game/h5/preview/?code=H5-Xiaoxiao'), h5Preview);
      expect(p).toMatchObject({ code: 'h5-xiaoxiao', name: '消消乐园', url: expect.stringMatching(/^https:\/\//) as string });
      expectFailure(await call(srv, '/api/game/h5/preview/?code=nope'), 404, '没有游戏代码为 nope 的 H5 游戏。');
      // The code in the path, as the console asks: the same answer, still without a token.
      expect(expectData(await call(srv, '/api/game/h5/preview/H5-Xiaoxiao/'), h5Preview)).toEqual(p);
      expectFailure(await call(srv, '/api/game/h5/preview/nope/'), 404, '没有游戏代码为 nope 的 H5 游戏。');
      // The access check still guards the rest of /api/game/h5/.
      expectFailure(await call(srv, '/api/game/h5/'), 4000, '身份认证信息未提供。');
      expectFailure(await call(srv, '/api/game/h5/preview/'), 4000, '游戏代码:该字段是必填项。');
      // An Android game's id is no H5 code.
      expectFailure(await call(srv, `/api/game/h5/preview/?code=${encodeURIComponent('com.x')}`), 404, '没有游戏代码为 com.x 的 H5 游戏。');
    });
  });

  it('every list row and create answer goes through the contract schemas (z.strict would show extra keys)', async () => {
    const page = expectData(await call(srv, '/api/game/mini/?limit=3', { token: sa }), listPage(gameRow.strict()));
    expect(page.data.length).toBe(3);
    expect(z.array(gameRow).safeParse(page.data).success).toBe(true);
  });
});

describe('every game, whatever its kind (/api/game/detail/)', () => {
  let srv: TestServer;
  let sa: string;
  let test: string;
  suiteServer(['superadmin', 'test'], (s) => ({ srv, tokens: [sa, test] } = s));

  it('lists all four kinds for the pickers, with search, kind and ids; test may use it, an account without game buttons may not', async () => {
    const all = expectData(await call(srv, '/api/game/detail/?limit=100', { token: sa }), listPage(gameRow));
    expect(all.total).toBe(40);
    expect(new Set(all.data.map((g) => g.kind))).toEqual(new Set(['android', 'h5', 'mini', 'soft']));
    expect(expectData(await call(srv, '/api/game/detail/?kind=mini&limit=100', { token: sa }), listPage(gameRow)).total).toBe(8);
    expect(expectData(await call(srv, '/api/game/detail/?ids=1,17', { token: test }), listPage(gameRow)).data.map((g) => g.id).sort((a, b) => a - b)).toEqual([1, 17]);
    expect(expectData(await call(srv, `/api/game/detail/?search=${encodeURIComponent('消消')}`, { token: sa }), listPage(gameRow)).data.map((g) => g.name)).toContain('消消乐园');
  });
});
