import { describe, expect, it } from 'vitest';
import { gameRow, listPage, operationLogRow, revealedSecret, SECRET_MASK, sharedAccountRow, tagRow } from '../../../../contracts/schemas';
import type { AppContext } from '../../../context';
import { readXlsx } from '../../../domain/crud/xlsx';
import { SecretBox } from '../../../domain/secret-box';
import type { TestServer } from '../../../testing';
import { call, expectData, expectFailure, login, suiteServer } from '../../../test/helpers';

const KEY = 'common-test-account-key-0123456789';

describe('common: shared accounts (secrets at rest), tags, partners', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  let admin: string;
  let test: string;

  suiteServer(['superadmin', 'admin', 'test'], (s) => ({ srv, ctx, tokens: [sa, admin, test] } = s), { env: { ACCOUNT_SECRET_KEY: KEY } });

  describe('shared accounts', () => {
    const SECRET = 'svc-key-🔑-0123456789-"quoted"';
    let id: number;

    it('the secret is stored encrypted with the configured key, never listed or read back, shown masked', async () => {
      const row = expectData(
        await call(srv, '/api/common/account/', { token: sa, body: { provider: 'googleplay', name: '测试账号', account: 'qa@example.com', secret: SECRET, url: 'https://play.google.com/console', games: [1, 2] } }),
        sharedAccountRow.strict(),
      );
      id = row.id;
      expect(row).toMatchObject({ provider_type: 'store', has_secret: true, secret_mask: SECRET_MASK, games: [1, 2] });
      expect(JSON.stringify(row)).not.toContain('svc-key');
      const stored = (await ctx.db.query<{ secret: string }>('SELECT secret FROM shared_accounts WHERE id = $1', [id]))[0]?.secret ?? '';
      expect(stored).toMatch(/^v1\./);
      expect(stored).not.toContain('svc-key');
      // An independent box with the same configured key opens it; another key does not.
      expect(new SecretBox(KEY).open(stored)).toBe(SECRET);
      expect(() => new SecretBox('some-other-key-0123456789').open(stored)).toThrow();
      const list = await call(srv, '/api/common/account/?limit=100', { token: sa });
      expect(JSON.stringify(list.body)).not.toContain('svc-key');
      expect(JSON.stringify((await call(srv, `/api/common/account/${id}/`, { token: sa })).body)).not.toContain('svc-key');
      const sheet = await fetch(`${srv.baseUrl}/api/common/account/export_data/`, { headers: { authorization: `JWT ${sa}` } });
      const cells = readXlsx(Buffer.from(await sheet.arrayBuffer())).flat().join('|');
      expect(cells).toContain('qa@example.com');
      expect(cells).not.toContain('svc-key');
    });

    it('reveal answers the secret in clear, needs its own button, and writes an operation-log row without the secret', async () => {
      expect(expectData(await call(srv, `/api/common/account/${id}/reveal/`, { method: 'POST', token: sa }), revealedSecret)).toEqual({ id, secret: SECRET });
      // The log row is written after the answer has gone out.
      await expect
        .poll(async () => (await ctx.db.query('SELECT 1 FROM operation_log WHERE request_path = $1', [`/api/common/account/${id}/reveal/`])).length)
        .toBe(1);
      const logged = expectData(await call(srv, `/api/system/operation_log/?request_path=${encodeURIComponent(`/api/common/account/${id}/reveal/`)}`, { token: sa }), listPage(operationLogRow));
      expect(logged.data[0]).toMatchObject({ request_modular: '公共账号', request_method: 'POST', response_code: '2000' });
      const raw = await ctx.db.query('SELECT * FROM operation_log');
      expect(JSON.stringify(raw)).not.toContain('svc-key');
      // The create call's body was logged with its secret masked.
      const created = (await ctx.db.query<{ request_body: string }>("SELECT request_body FROM operation_log WHERE request_path = '/api/common/account/' AND request_method = 'POST' ORDER BY id DESC LIMIT 1"))[0];
      expect(created?.request_body).toContain('"secret":"******"');
      expect(created?.request_body).not.toContain(SECRET);
      // test has no Reveal button; admin has one (role admin: every button but Delete).
      expectFailure(await call(srv, `/api/common/account/${id}/reveal/`, { method: 'POST', token: test }), 4000, `您没有执行该操作的权限。 (POST: /api/common/account/${id}/reveal/)`);
      expect(expectData(await call(srv, `/api/common/account/${id}/reveal/`, { method: 'POST', token: admin }), revealedSecret).secret).toBe(SECRET);
      expectFailure(await call(srv, '/api/common/account/99999/reveal/', { method: 'POST', token: sa }), 400, '接口地址不正确');
    });

    it('an update without a secret keeps it; a new one replaces it; null removes it', async () => {
      const base = { provider: 'googleplay', name: '测试账号', account: 'qa@example.com' };
      expectData(await call(srv, `/api/common/account/${id}/`, { method: 'PUT', token: sa, body: { ...base, name: '改名' } }), sharedAccountRow);
      expect(expectData(await call(srv, `/api/common/account/${id}/reveal/`, { method: 'POST', token: sa }), revealedSecret).secret).toBe(SECRET);
      expectData(await call(srv, `/api/common/account/${id}/`, { method: 'PUT', token: sa, body: { ...base, secret: 'new-secret' } }), sharedAccountRow);
      expect(expectData(await call(srv, `/api/common/account/${id}/reveal/`, { method: 'POST', token: sa }), revealedSecret).secret).toBe('new-secret');
      const cleared = expectData(await call(srv, `/api/common/account/${id}/`, { method: 'PUT', token: sa, body: { ...base, secret: null } }), sharedAccountRow);
      expect(cleared).toMatchObject({ has_secret: false, secret_mask: '' });
      expectFailure(await call(srv, `/api/common/account/${id}/reveal/`, { method: 'POST', token: sa }), 4000, '该账号没有保存密钥。');
    });

    it('bad input: unknown provider, duplicate account on a provider, unknown game, a non-http(s) console address', async () => {
      const n = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shared_accounts'))[0]?.n;
      expectFailure(await call(srv, '/api/common/account/', { token: sa, body: { provider: 'myspace', name: 'x', account: 'y' } }), 4000, expect.stringMatching(/^平台:/) as unknown as string);
      expectFailure(await call(srv, '/api/common/account/', { token: sa, body: { provider: 'googleplay', name: 'x', account: 'qa@example.com' } }), 4000, '该平台下已有相同的账号，请勿重复添加。');
      expectFailure(await call(srv, '/api/common/account/', { token: sa, body: { provider: 'alipay', name: 'x', account: 'z', games: [99999] } }), 4000, '使用的游戏:id 为 99999 的游戏不存在。');
      expectFailure(await call(srv, '/api/common/account/', { token: sa, body: { provider: 'alipay', name: 'x', account: 'z', url: 'javascript:void(0)' } }), 4000, '后台地址:只能是 http:// 或 https:// 开头的完整地址。');
      expect((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shared_accounts'))[0]?.n).toBe(n);
    });

    it('the sample accounts were sealed with the server key and reveal', async () => {
      const first = expectData(await call(srv, '/api/common/account/?provider=wechatpay', { token: sa }), listPage(sharedAccountRow)).data[0];
      expect(first?.has_secret).toBe(true);
      expect(expectData(await call(srv, `/api/common/account/${first?.id}/reveal/`, { method: 'POST', token: sa }), revealedSecret).secret).toMatch(/^sk_wechatpay_[0-9a-f]{32}$/);
    });
  });

  describe('tags', () => {
    it('create, rename, unique names (any case), colour as #rrggbb; games filter by tag; test cannot change them', async () => {
      const tag = expectData(await call(srv, '/api/common/tag/', { token: sa, body: { name: '测试标签', color: '#AABBCC' } }), tagRow);
      expect(tag).toMatchObject({ name: '测试标签', color: '#aabbcc', game_count: 0 });
      expectFailure(await call(srv, '/api/common/tag/', { token: sa, body: { name: '热门', color: '#000000' } }), 4000, '标签「热门」已存在，请换一个名称。');
      expectFailure(await call(srv, '/api/common/tag/', { token: sa, body: { name: 'x', color: 'red' } }), 4000, '颜色:应为 #RRGGBB 格式的颜色。');
      const soft = (await ctx.db.query<{ id: number }>("SELECT id FROM games WHERE kind = 'soft' ORDER BY id LIMIT 1"))[0]?.id;
      expectData(await call(srv, `/api/game/soft/${soft}/`, { method: 'PATCH', token: sa, body: { tags: [tag.id] } }), gameRow);
      expect(expectData(await call(srv, `/api/game/soft/?tag=${tag.id}`, { token: sa }), listPage(gameRow)).data.map((g) => g.id)).toEqual([soft]);
      expect(expectData(await call(srv, `/api/common/tag/${tag.id}/`, { token: sa }), tagRow).game_count).toBe(1);
      expectFailure(await call(srv, `/api/common/tag/${tag.id}/`, { method: 'PUT', token: test, body: { name: 'y', color: '#000000' } }), 4000, `您没有执行该操作的权限。 (PUT: /api/common/tag/${tag.id}/)`);
      // Deleting a tag takes it off its games.
      expect((await call(srv, `/api/common/tag/${tag.id}/`, { method: 'DELETE', token: sa })).body.code).toBe(2000);
      expect(expectData(await call(srv, `/api/game/soft/${soft}/`, { token: sa }), gameRow).tags).toEqual([]);
    });
  });

  it('partners are listed to whoever may list or edit games, not to anyone signed in', async () => {
    expect((await call(srv, '/api/common/partner/', { token: test })).body.code).toBe(2000);
    const nobody = expectData(
      await call(srv, '/api/system/user/', { token: sa, body: { username: 'nogames', name: '无游戏权限', password: 'admin123456', role: [] } }),
      sharedAccountRow.pick({ id: true }),
    );
    expect(nobody.id).toBeGreaterThan(0);
    const token = (await login(srv, 'nogames', 'admin123456', false)).access;
    expectFailure(await call(srv, '/api/common/partner/', { token }), 4000, '您没有执行该操作的权限。 (GET: /api/common/partner/)');
    expectFailure(await call(srv, '/api/game/android/', { token }), 4000, '您没有执行该操作的权限。 (GET: /api/game/android/)');
  });
});
