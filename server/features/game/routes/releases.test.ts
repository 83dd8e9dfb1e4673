import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameDetail, gameRow, listPage, purposeUpload, releaseRow, uploadLimits } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { startTestServerWithContext, type TestServer } from '../../../testing';
import { call, expectData, expectFailure, login, SERVER_TIMEOUT_MS, upload } from '../../../test/helpers';

/** A zip-container (apk) body: the local-file-header signature, then filler. */
function apkBytes(size: number, seed = 1): Uint8Array {
  const out = new Uint8Array(size);
  out.set([0x50, 0x4b, 0x03, 0x04]);
  for (let i = 4; i < size; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('releases: package uploads, versions, publish and rollback', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  let test: string;
  let game: number;

  beforeAll(async () => {
    // Small limits so an oversized file is cheap to send: packages 1 MB, icons 0.1 MB.
    ({ srv, ctx } = await startTestServerWithContext({ captcha: false, env: { PACKAGE_MAX_MB: '1', ICON_MAX_MB: '0.1' } }));
    [sa, test] = (await Promise.all(['superadmin', 'test'].map(async (u) => (await login(srv, u, 'admin123456', false)).access))) as [string, string];
    game = expectData(await call(srv, '/api/game/android/', { token: sa, body: { name: '发布测试', package_id: 'com.example.releasetest', min_sdk: 24 } }), gameRow).id;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv.close();
  }, SERVER_TIMEOUT_MS);

  const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n ?? -1;
  const uploadPackage = async (name: string, bytes: Uint8Array, token = sa) => upload(srv, '/api/game/upload/package/', { name, bytes }, token);
  const createRelease = (body: Record<string, unknown>, token = sa) => call(srv, '/api/game/history/', { token, body: { game, channels: ['official', 'huawei'], ...body } });

  describe('uploads for a purpose', () => {
    it('the limits come from the configuration', async () => {
      const limits = expectData(await call(srv, '/api/game/upload/limits/', { token: sa }), uploadLimits);
      expect(limits.package?.max_bytes).toBe(1024 * 1024);
      expect(limits.icon?.max_bytes).toBe(Math.floor(0.1 * 1024 * 1024));
      expect(limits.package?.extensions).toContain('apk');
      expect(limits.icon?.extensions).toContain('png');
      // Open to anyone signed in (user test too), not to anyone else.
      expect(expectData(await call(srv, '/api/game/upload/limits/', { token: test }), uploadLimits)).toEqual(limits);
      expectFailure(await call(srv, '/api/game/upload/limits/'), 4000, '身份认证信息未提供。');
    });

    it('a package: size and SHA-256 computed by the server, stored and served under /media/', async () => {
      const bytes = apkBytes(300_000);
      const row = expectData(await uploadPackage('game-1.0.0.apk', bytes), purposeUpload);
      expect(row).toMatchObject({ name: 'game-1.0.0.apk', size: bytes.length, sha256: sha256(bytes), purpose: 'package', mime_type: 'application/vnd.android.package-archive' });
      expect(row.md5sum).toBe(createHash('md5').update(bytes).digest('hex'));
      const served = new Uint8Array(await (await fetch(`${srv.baseUrl}/${row.url}`)).arrayBuffer());
      expect(sha256(served)).toBe(row.sha256);
      expect((await ctx.db.query<{ sha256: string }>('SELECT sha256 FROM file_list WHERE id = $1', [row.id]))[0]?.sha256).toBe(sha256(bytes));
    });

    it('bad input: oversized, empty, wrong type, renamed file, no purpose; nothing stored', async () => {
      const n = await count('file_list');
      expectFailure(await uploadPackage('big.apk', apkBytes(1024 * 1024 + 1)), 4000, 'file:安装包不能超过 1 MB。');
      expectFailure(await uploadPackage('empty.apk', new Uint8Array(0)), 4000, 'file:提交的是空文件。');
      expectFailure(await uploadPackage('notes.txt', new TextEncoder().encode('hello')), 4000, 'file:安装包只能是 .apk、.aab、.ipa、.zip、.exe、.msi、.dmg、.pkg、.deb、.rpm 文件。');
      expectFailure(await uploadPackage('fake.apk', new TextEncoder().encode('<html>not a zip</html>')), 4000, 'file:文件内容不是 .apk 格式（可能是改了扩展名的其他文件）。');
      expectFailure(await upload(srv, '/api/game/upload/icon/', { name: 'big.png', bytes: new Uint8Array([...PNG, ...new Uint8Array(200_000)]) }, sa), 4000, 'file:图标不能超过 0.10 MB。');
      expectFailure(await upload(srv, '/api/game/upload/icon/', { name: 'x.svg', bytes: '<svg/>' }, sa), 4000, 'file:图标只能是 .png、.jpg、.jpeg、.gif、.bmp、.ico、.webp 文件。');
      // An unknown purpose: told what it must be.
      expectFailure(await upload(srv, '/api/game/upload/avatar/', { name: 'a.png', bytes: PNG }, sa), 4000, '用途:应为 icon（图标）或 package（安装包）：POST /api/game/upload/icon/ 或 /api/game/upload/package/。');
      expect(await count('file_list')).toBe(n);
    });

    it('an icon for the game forms; user test may upload neither icons nor packages', async () => {
      const icon = expectData(await upload(srv, '/api/game/upload/icon/', { name: 'icon.png', bytes: PNG }, sa), purposeUpload);
      expect(icon).toMatchObject({ purpose: 'icon', size: PNG.length, mime_type: 'image/png' });
      const saved = expectData(await call(srv, `/api/game/android/${game}/`, { method: 'PATCH', token: sa, body: { icon: icon.url } }), gameRow);
      expect(saved.icon).toBe(icon.url);
      expectFailure(await call(srv, `/api/game/android/${game}/`, { method: 'PATCH', token: sa, body: { icon: 'javascript:alert(1)' } }), 4000, '图标:应为上传后的文件地址（media/...）或 http(s) 地址。');
      expectFailure(await upload(srv, '/api/game/upload/icon/', { name: 'icon.png', bytes: PNG }, test), 4000, '您没有执行该操作的权限。 (POST: /api/game/upload/icon/)');
      expectFailure(await uploadPackage('a.apk', apkBytes(100), test), 4000, '您没有执行该操作的权限。 (POST: /api/game/upload/package/)');
    });
  });

  describe('versions', () => {
    let v1: number;
    let v2: number;
    let v3: number;

    it('a release carries the uploaded package\'s size and SHA-256; a new release is a draft', async () => {
      const bytes = apkBytes(50_000, 7);
      const file = expectData(await uploadPackage('rt-1.0.0.apk', bytes), purposeUpload);
      const r = expectData(await createRelease({ version: '1.0.0', build: 100, file: file.id, changelog: '首发', release_time: '2026-01-02 10:00:00' }), releaseRow);
      expect(r).toMatchObject({ game, version: '1.0.0', build: 100, size: bytes.length, sha256: sha256(bytes), file_name: 'rt-1.0.0.apk', status: 'draft', is_current: false, release_time: '2026-01-02 10:00:00' });
      v1 = r.id;
      v2 = expectData(await createRelease({ version: '1.1.0', build: 110, file: expectData(await uploadPackage('rt-1.1.0.apk', apkBytes(40_000, 8)), purposeUpload).id }), releaseRow).id;
      v3 = expectData(await createRelease({ version: '2.0.0-beta.1+exp.sha.5114f85', build: 200, file: expectData(await uploadPackage('rt-2.0.0.aab', apkBytes(30_000, 9)), purposeUpload).id }), releaseRow).id;
    });

    it('bad input: a build that does not increase, a version that is not semantic, a taken version, an unknown game, a missing or unsuitable package; nothing written', async () => {
      const n = await count('game_releases');
      const file = expectData(await uploadPackage('rt-x.apk', apkBytes(1000, 3)), purposeUpload).id;
      expectFailure(await createRelease({ version: '3.0.0', build: 200, file }), 4000, '构建号:必须大于该游戏已有的最大构建号 200（版本 2.0.0-beta.1+exp.sha.5114f85）。');
      expectFailure(await createRelease({ version: '3.0.0', build: 150, file }), 4000, '构建号:必须大于该游戏已有的最大构建号 200（版本 2.0.0-beta.1+exp.sha.5114f85）。');
      for (const version of ['1.2', 'v1.2.3', '01.2.3', '1.2.3.4', '1.2.3-', 'latest']) {
        expectFailure(await createRelease({ version, build: 300, file }), 4000, '版本号:应为语义化版本号，例如 1.2.3 或 2.0.0-beta.1。');
      }
      expectFailure(await createRelease({ version: '1.1.0', build: 300, file }), 4000, '版本号:游戏「发布测试」已有版本 1.1.0。');
      expectFailure(await call(srv, '/api/game/history/', { token: sa, body: { game: 99999, version: '1.0.0', build: 1, file } }), 4000, '游戏:id 为 99999 的游戏不存在。');
      expectFailure(await createRelease({ version: '3.0.0', build: 300 }), 4000, '安装包:安卓游戏的版本必须上传安装包。');
      expectFailure(await createRelease({ version: '3.0.0', build: 300, file: 999999 }), 4000, '安装包:找不到这个安装包，请重新上传（POST /api/game/upload/package/）。');
      const exe = expectData(await uploadPackage('setup.exe', new Uint8Array([0x4d, 0x5a, 1, 2, 3])), purposeUpload).id;
      expectFailure(await createRelease({ version: '3.0.0', build: 300, file: exe }), 4000, '安装包:安卓游戏的安装包只能是 .apk、.aab 文件。');
      expectFailure(await createRelease({ version: '3.0.0', build: 0, file }), 4000, '构建号:不能小于 1。');
      expectFailure(await createRelease({ version: '3.0.0', build: 300, file, channels: ['official', 'official'] }), 4000, '发布渠道:渠道不能重复。');
      expectFailure(await createRelease({ version: '3.0.0', build: 300, file, release_time: '2026-02-30 10:00:00' }), 4000, '发布时间:日期时间格式应为 YYYY-MM-DD HH:mm:ss。');
      expect(await count('game_releases')).toBe(n);
    });

    it('publish makes a release current; an older one cannot be published over it; rollback restores an earlier one', async () => {
      const published = expectData(await call(srv, `/api/game/history/${v2}/publish/`, { method: 'PUT', token: sa }), releaseRow);
      expect(published).toMatchObject({ status: 'published', is_current: true });
      expect(published.publish_time).not.toBeNull();
      let d = expectData(await call(srv, `/api/game/detail/${game}/`, { token: sa }), gameDetail);
      expect(d).toMatchObject({ current_release: v2, current_version: '1.1.0', current_build: 110 });
      expect(d.channels.map((c) => c.channel).sort()).toEqual(['huawei', 'official']);

      expectFailure(
        await call(srv, `/api/game/history/${v1}/publish/`, { method: 'PUT', token: sa }),
        4000,
        '版本 1.0.0（构建号 100）不比当前版本 1.1.0（构建号 110）新，不能发布；要回到旧版本请使用回滚。',
      );
      expectFailure(await call(srv, `/api/game/history/${v2}/publish/`, { method: 'PUT', token: sa }), 4000, '版本 1.1.0 已经是「发布测试」的当前版本。');
      expectFailure(await call(srv, `/api/game/history/${v1}/rollback/`, { method: 'PUT', token: sa }), 4000, '版本 1.0.0 从未发布过，不能回滚到它；请直接发布。');

      expect(expectData(await call(srv, `/api/game/history/${v3}/publish/`, { method: 'PUT', token: sa }), releaseRow).is_current).toBe(true);
      const back = expectData(await call(srv, `/api/game/history/${v2}/rollback/`, { method: 'PUT', token: sa }), releaseRow);
      expect(back).toMatchObject({ id: v2, is_current: true, status: 'published' });
      const statuses = await ctx.db.query<{ id: number; status: string }>('SELECT id, status FROM game_releases WHERE game = $1 ORDER BY build', [game]);
      expect(statuses).toEqual([
        { id: v1, status: 'draft' },
        { id: v2, status: 'published' },
        { id: v3, status: 'rolled_back' },
      ]);
      d = expectData(await call(srv, `/api/game/detail/${game}/`, { token: sa }), gameDetail);
      expect(d).toMatchObject({ current_release: v2, releases: { total: 3, published: 2, drafts: 1 } });
      expectFailure(await call(srv, `/api/game/history/${v3}/rollback/`, { method: 'PUT', token: sa }), 4000, '版本 2.0.0-beta.1+exp.sha.5114f85 已被回滚撤下，不能回滚到它。');
      expectFailure(await call(srv, '/api/game/history/99999/publish/', { method: 'PUT', token: sa }), 400, '接口地址不正确');
    });

    it('only drafts can be deleted; the list filters by game, status and channel', async () => {
      const list = expectData(await call(srv, `/api/game/history/?game=${game}&ordering=-build`, { token: sa }), listPage(releaseRow));
      expect(list.data.map((r) => r.id)).toEqual([v3, v2, v1]);
      expect(expectData(await call(srv, `/api/game/history/?game=${game}&status=draft`, { token: sa }), listPage(releaseRow)).data.map((r) => r.id)).toEqual([v1]);
      expect(expectData(await call(srv, `/api/game/history/?game=${game}&channel=huawei`, { token: sa }), listPage(releaseRow)).total).toBe(3);
      expect(expectData(await call(srv, `/api/game/history/?game=${game}&channel=xiaomi`, { token: sa }), listPage(releaseRow)).total).toBe(0);
      const refused = await call(srv, `/api/game/history/${v2}/`, { method: 'DELETE', token: sa });
      expect(refused.body).toEqual({ code: 4000, data: null, msg: '「发布测试」的版本 1.1.0 已发布过，不能删除（版本记录要保留）。' });
      expect((await call(srv, `/api/game/history/${v1}/`, { method: 'DELETE', token: sa })).body.code).toBe(2000);
    });

    it('an update changes the changelog and channels only; version and build stay', async () => {
      const r = expectData(await call(srv, `/api/game/history/${v2}/`, { method: 'PUT', token: sa, body: { changelog: '修复闪退', channels: ['official'], version: '9.9.9', build: 1 } }), releaseRow);
      expect(r).toMatchObject({ changelog: '修复闪退', channels: ['official'], version: '1.1.0', build: 110 });
    });

    it('user test reads releases but cannot create, publish or roll back', async () => {
      expect((await call(srv, `/api/game/history/?game=${game}`, { token: test })).body.code).toBe(2000);
      for (const [method, path] of [
        ['POST', '/api/game/history/'],
        ['PUT', `/api/game/history/${v3}/publish/`],
        ['PUT', `/api/game/history/${v2}/rollback/`],
      ] as const) {
        expectFailure(await call(srv, path, { method, token: test, body: { game, version: '5.0.0', build: 999 } }), 4000, `您没有执行该操作的权限。 (${method}: ${path})`);
      }
      expect((await ctx.db.query<{ current_release: number }>('SELECT current_release FROM games WHERE id = $1', [game]))[0]?.current_release).toBe(v2);
    });
  });

  it('concurrent releases of one game get distinct, increasing builds or a clear refusal (the game row is locked)', async () => {
    const g = expectData(await call(srv, '/api/game/h5/', { token: sa, body: { name: '并发版本', url: 'https://c.example.com/', code: 'h5-concurrent' } }), gameRow).id;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(srv, '/api/game/history/', { token: sa, body: { game: g, version: `1.0.${i}`, build: 10 + i } })),
    );
    const ok = answers.filter((a) => a.body.code === 2000).length;
    expect(ok).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.body.code !== 2000)) expect(String(a.body.msg)).toMatch(/^构建号:必须大于/);
    const builds = (await ctx.db.query<{ build: number }>('SELECT build FROM game_releases WHERE game = $1 ORDER BY id', [g])).map((r) => r.build);
    expect(builds).toHaveLength(ok);
    expect([...builds].sort((a, b) => a - b)).toEqual(builds);
  });
});
