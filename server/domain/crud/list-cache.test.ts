import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listPage, operationLogRow, userRow } from '../../../contracts/schemas';
import type { AppContext } from '../../context';
import { call, expectData, login } from '../../test/helpers';
import { SERVER_TIMEOUT_MS } from '../../test/timeouts';
import { startTestServerWithContext, type TestServer } from '../../testing';

/**
 * The list road on the embedded database: one statement per page, the page kept until the database
 * changes (by any code path), and the access check asked once per request.
 */
describe('list pages on the embedded database', () => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  let admin: string;
  const statements: string[] = [];

  beforeAll(async () => {
    ({ srv, ctx } = await startTestServerWithContext({ captcha: false }));
    sa = (await login(srv, 'superadmin', 'admin123456', false)).access;
    admin = (await login(srv, 'admin', 'admin123456', false)).access;
    const query = ctx.db.query.bind(ctx.db);
    vi.spyOn(ctx.db, 'query').mockImplementation((sql, params) => {
      statements.push(sql);
      return query(sql, params);
    });
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    vi.restoreAllMocks();
    await srv?.close();
  }, SERVER_TIMEOUT_MS);

  /** The statements the database ran for one call. */
  const counted = async <T>(fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> => {
    statements.length = 0;
    const result = await fn();
    return { result, sql: [...statements] };
  };
  const users = (token = admin) => call(srv, '/api/system/user/?page=1&limit=10', { token });

  it('a page is one statement (rows, names, role ids and the total), then answered from memory', async () => {
    await ctx.db.query("UPDATE users SET name = name WHERE id = 3"); // start from a cold cache
    const first = await counted(() => users());
    expect(first.sql.filter((s) => s.includes('FROM users t'))).toHaveLength(1);
    const page = expectData(first.result, listPage(userRow));
    expect(page.total).toBe(2);
    expect(page.data.find((u) => u.username === 'test')?.role_info.map((r) => r.key)).toEqual(['public']);
    const again = await counted(() => users());
    expect(again.sql).toEqual([]);
    expect(again.result.body).toEqual(first.result.body);
  });

  it('a page of more than 100 rows is not kept (memory stays bounded)', async () => {
    const big = () => call(srv, '/api/system/user/?page=1&limit=500', { token: admin });
    await big();
    expect((await counted(big)).sql.filter((q) => q.includes('FROM users t'))).toHaveLength(1);
  });

  it('any write drops it at once: through the API, or straight into the database', async () => {
    await users();
    await ctx.db.query("UPDATE users SET name = '测试人员改' WHERE username = 'test'");
    expect(expectData(await users(), listPage(userRow)).data.find((u) => u.username === 'test')?.name).toBe('测试人员改');
    const created = expectData(await call(srv, '/api/system/user/', { token: sa, body: { username: 'cached_new', name: '新人', dept: 2, role: [2] } }), userRow);
    const after = expectData(await users(), listPage(userRow));
    expect(after.total).toBe(3);
    expect(after.data.map((u) => u.id)).toContain(created.id);
    expect((await call(srv, `/api/system/user/${created.id}/`, { method: 'DELETE', token: sa })).body.code).toBe(2000);
    expect(expectData(await users(), listPage(userRow)).total).toBe(2);
    await ctx.db.query("UPDATE users SET name = '测试人员' WHERE username = 'test'");
  });

  it('a role change shows in the users’ role_info at once', async () => {
    await users();
    await ctx.db.query("UPDATE roles SET name = '用户甲' WHERE key = 'public'");
    try {
      expect(expectData(await users(), listPage(userRow)).data.find((u) => u.username === 'test')?.role_info[0]?.name).toBe('用户甲');
    } finally {
      await ctx.db.query("UPDATE roles SET name = '用户' WHERE key = 'public'");
    }
  });

  it('a write to the operation log (every write call makes one) keeps the user list but not the log list', async () => {
    const logs = () => call(srv, '/api/system/operation_log/?page=1&limit=5', { token: sa });
    await users();
    const before = expectData(await logs(), listPage(operationLogRow)).total;
    await ctx.db.query("INSERT INTO operation_log (request_modular, request_path, request_method, status) VALUES ('测试', '/api/x/', 'POST', true)");
    expect((await counted(() => users())).sql).toEqual([]);
    expect(expectData(await logs(), listPage(operationLogRow)).total).toBe(before + 1);
  });

  it('the caller’s data scope is part of the page, and a change of scope shows at once', async () => {
    const total = async (token: string) => expectData(await users(token), listPage(userRow)).total;
    expect(await total(admin)).toBe(2);
    expect(await total(sa)).toBe(2);
    await ctx.db.query('UPDATE roles SET data_range = 0 WHERE id = 1'); // 管理员: own rows only
    try {
      expect(await total(admin)).toBe(0);
      expect(await total(sa)).toBe(2);
    } finally {
      await ctx.db.query('UPDATE roles SET data_range = 3 WHERE id = 1');
    }
    expect(await total(admin)).toBe(2);
  });

  it('the access check asks the permissions once per request', async () => {
    const allows = vi.spyOn(ctx.permissions, 'allows');
    try {
      await users();
      await call(srv, '/api/system/role/?page=1&limit=5', { token: admin });
      await call(srv, '/api/system/menu_button/get_btn_permission/', { token: admin });
      expect(allows).toHaveBeenCalledTimes(3);
    } finally {
      allows.mockRestore();
    }
  });
});

describe('layering', () => {
  it('server/domain imports neither Fastify nor anything under server/http or server/routes', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const offenders: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const full = join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
          const text = await readFile(full, 'utf8');
          for (const m of text.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)) {
            const from = m[1] ?? '';
            if (/^(fastify|@fastify\/)/.test(from) || /(^|\/)(http|routes)\//.test(from)) offenders.push(`${relative(root, full)}: ${from}`);
          }
        }
      }
    };
    await walk(root);
    expect(offenders).toEqual([]);
  });
});
