import { describe, expect, it } from 'vitest';
import { listPage, userRow, usersTotalResult } from '../../../contracts/schemas';
import type { AppContext } from '../../context';
import type { TestServer } from '../../testing';
import { call, expectData } from '../../test/helpers';
import { TransactionMisuseError } from '../../db/tx-guard';
import { constraintMessage, countableBy } from './resource';
import { writeXlsx } from './xlsx';
import { serverOn } from '../../test/cluster';

const COUNTED = ['is_superuser', 'dept', 'is_active', 'user_type', 'gender', 'creator', 'dept_belong_id'];

/** User-list filters and the same condition in SQL over `users t`, for the ground truth. */
const FILTERS: Array<[string, string]> = [
  ['', 'true'],
  ['dept=2', 't.dept = 2'],
  ['dept=2&is_active=1', 't.dept = 2 AND t.is_active'],
  ['dept=2,3&is_active=0', 't.dept IN (2, 3) AND NOT t.is_active'],
  ['is_active=0', 'NOT t.is_active'],
  ['user_type=1', 't.user_type = 1'],
  ['gender=2&dept=3', 't.gender = 2 AND t.dept = 3'],
  ['dept__isnull=true', 't.dept IS NULL'],
  // Not countable from user_counts (a name filter): counted from the rows, must agree as well.
  ['name=%E8%AE%A1', "lower(t.name) LIKE '计%'"],
];

describe('countableBy: which list conditions the count table can answer', () => {
  it('exact-match columns, IS NULL, ANY, the data scope: yes', () => {
    expect(countableBy('', COUNTED)).toBe(true);
    expect(countableBy('WHERE (NOT t.is_superuser) AND (t.dept = $1) AND (t.is_active = $2)', COUNTED)).toBe(true);
    expect(countableBy('WHERE (t.dept = ANY($1::int[])) AND (t.dept IS NULL)', COUNTED)).toBe(true);
    expect(countableBy('WHERE (NOT t.is_superuser) AND (t.creator = $1 OR t.dept_belong_id = ANY($2::text[]))', COUNTED)).toBe(true);
  });

  it('other columns, joined tables, subqueries, bare names: no', () => {
    expect(countableBy("WHERE (lower(t.name) LIKE $1 ESCAPE '\\')", COUNTED)).toBe(false);
    expect(countableBy('WHERE (d.name ~* $1)', COUNTED)).toBe(false);
    expect(countableBy('WHERE (t.id = ANY($1::int[]))', COUNTED)).toBe(false);
    expect(countableBy('WHERE (t.create_datetime >= $1::timestamptz)', COUNTED)).toBe(false);
    expect(countableBy('WHERE (t.dept IN (SELECT id FROM depts))', COUNTED)).toBe(false);
    expect(countableBy('WHERE (dept = $1)', COUNTED)).toBe(false);
  });

  it('a PostgreSQL deadlock or serialization failure between writers becomes a clear message, not a 500', () => {
    expect(constraintMessage({ code: '40P01' })).toBe('与同时进行的其他修改冲突，未保存任何数据，请重试。');
    expect(constraintMessage({ code: '40001' })).toBe('与同时进行的其他修改冲突，未保存任何数据，请重试。');
    expect(constraintMessage({ code: '42P01' })).toBeNull();
  });
});

/**
 * The user list's `total` is exact right after every kind of write, on the embedded database and on
 * a real PostgreSQL server (where concurrent writes really run in parallel on the pool). Each check
 * compares every filter's total with count(*) over the users table itself.
 */
describe.each(['pglite', 'postgres'] as const)('user list totals stay exact after writes (%s)', (kind) => {
  let srv: TestServer;
  let ctx: AppContext;
  let sa: string;
  serverOn(kind, 'console_totals', { JWT_SECRET: 'totals-test-secret-0123456789abcdef' }, (instance) => ({ srv, ctx, sa } = instance));

  const total = async (filter: string) => expectData(await call(srv, `/api/system/user/?limit=1&${filter}`, { token: sa }), listPage(userRow)).total;
  const truth = async (sql: string) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users t WHERE NOT t.is_superuser AND ${sql}`))[0]?.n ?? -1;

  /** Every filter's list total equals count(*); returns the totals by filter. */
  const expectExact = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const [filter, sql] of FILTERS) {
      const got = await total(filter);
      expect(got, `total of ?${filter}`).toBe(await truth(sql));
      out[filter] = got;
    }
    return out;
  };

  const create = async (body: Record<string, unknown>) => expectData(await call(srv, '/api/system/user/', { token: sa, body: { role: [2], ...body } }), userRow);

  it('the transaction guard is on for this driver: a pool query inside a transaction fails and changes nothing', async () => {
    const before = await total('');
    const misuse = ctx.db.transaction(async (tx) => {
      await tx.query("UPDATE users SET is_active = false WHERE username = 'test'");
      return ctx.db.query('SELECT 1');
    });
    await expect(misuse).rejects.toThrow(TransactionMisuseError);
    expect(await total('is_active=0')).toBe(await truth('NOT t.is_active'));
    expect((await ctx.db.query<{ is_active: boolean }>("SELECT is_active FROM users WHERE username = 'test'"))[0]?.is_active).toBe(true);
    expect(await total('')).toBe(before);
  });

  it('the countable totals come from user_counts (a wrong row there shows in the list)', async () => {
    expect(ctx.db.kind).toBe(kind);
    const before = await expectExact();
    await ctx.db.query('UPDATE user_counts SET n = n + 1000 WHERE dept = 2 AND NOT is_superuser AND is_active');
    try {
      expect(await total('dept=2&is_active=1')).toBe((before['dept=2&is_active=1'] ?? 0) + 1000);
    } finally {
      await ctx.db.query('UPDATE user_counts SET n = n - 1000 WHERE dept = 2 AND NOT is_superuser AND is_active');
    }
    await expectExact();
  });

  it('insert, update moving a row in and out of filters, delete', async () => {
    const t0 = await expectExact();
    const u = await create({ username: `tot_${kind}_a`, name: '计数甲', dept: 2, gender: 2 });
    const t1 = await expectExact();
    expect(t1['']).toBe((t0[''] ?? 0) + 1);
    expect(t1['dept=2&is_active=1']).toBe((t0['dept=2&is_active=1'] ?? 0) + 1);

    expectData(await call(srv, `/api/system/user/${u.id}/`, { method: 'PATCH', token: sa, body: { is_active: false } }), userRow);
    const t2 = await expectExact();
    expect(t2['dept=2&is_active=1']).toBe(t0['dept=2&is_active=1']);
    expect(t2['is_active=0']).toBe((t1['is_active=0'] ?? 0) + 1);

    expectData(await call(srv, `/api/system/user/${u.id}/`, { method: 'PATCH', token: sa, body: { dept: 3, is_active: true } }), userRow);
    const t3 = await expectExact();
    expect(t3['gender=2&dept=3']).toBe((t0['gender=2&dept=3'] ?? 0) + 1);
    expect(t3['dept=2']).toBe(t0['dept=2']);

    // A change no counted column sees (sign-in's last_login, a rename) leaves every total alone.
    await ctx.db.query("UPDATE users SET last_login = now(), name = '计数甲二' WHERE id = $1", [u.id]);
    expect(await expectExact()).toEqual(t3);

    expect((await call(srv, `/api/system/user/${u.id}/`, { method: 'DELETE', token: sa })).body.code).toBe(2000);
    expect(await expectExact()).toEqual(t0);
  });

  it('import (and a failed import) and multiple_delete (and a refused one)', async () => {
    const t0 = await expectExact();
    const upload = async (rows: Array<Array<string | number>>) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await writeXlsx('users', ['用户账号', '姓名', '所属部门ID', '账号状态'], rows))]), 'users.xlsx');
      const res = await fetch(`${srv.baseUrl}/api/system/user/import_data/`, { method: 'POST', headers: { authorization: `JWT ${sa}` }, body: form });
      return ((await res.json()) as { code: number }).code;
    };
    const names = ['imp_a', 'imp_b', 'imp_c'].map((n) => `tot_${kind}_${n}`);
    expect(await upload([[names[0] ?? '', '计数导入甲', 2, '启用'], [names[1] ?? '', '计数导入乙', 2, '禁用'], [names[2] ?? '', '计数导入丙', 3, '启用']])).toBe(2000);
    const t1 = await expectExact();
    expect(t1['']).toBe((t0[''] ?? 0) + 3);
    expect(t1['dept=2&is_active=1']).toBe((t0['dept=2&is_active=1'] ?? 0) + 1);
    // A duplicate in the sheet rolls the whole import back: totals unchanged.
    expect(await upload([['tot_new_one', '新', 2, '启用'], [names[0] ?? '', '重复', 2, '启用']])).toBe(4000);
    expect(await expectExact()).toEqual(t1);

    const ids = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE username = ANY($1::text[]) ORDER BY id', [names])).map((r) => r.id);
    expect(ids).toHaveLength(3);
    const refused = await call(srv, '/api/system/user/multiple_delete/', { method: 'DELETE', token: sa, body: { keys: [...ids, 999_999] } });
    expect(refused.body.code).not.toBe(2000);
    expect(await expectExact()).toEqual(t1);
    expect((await call(srv, '/api/system/user/multiple_delete/', { method: 'DELETE', token: sa, body: { keys: ids } })).body.code).toBe(2000);
    expect(await expectExact()).toEqual(t0);
  });

  it('concurrent creates, updates and deletes leave exact totals and user_counts equal to a fresh count', async () => {
    const t0 = await expectExact();
    const made = await Promise.all(Array.from({ length: 9 }, (_, i) => create({ username: `tot_${kind}_c${i}`, name: `计数并发${i}`, dept: i % 2 === 0 ? 2 : 3, gender: i % 3 })));
    await Promise.all(
      made.map((u, i) =>
        i % 3 === 0
          ? call(srv, `/api/system/user/${u.id}/`, { method: 'DELETE', token: sa })
          : call(srv, `/api/system/user/${u.id}/`, { method: 'PATCH', token: sa, body: { is_active: i % 2 === 0, dept: i % 4 === 1 ? 2 : 3 } }),
      ),
    );
    const t1 = await expectExact();
    expect(t1['']).toBe((t0[''] ?? 0) + 6);
    // The dashboard's user count (superusers included) comes from the same table.
    const all = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n;
    expect(expectData(await call(srv, '/api/system/datav/users_total/', { token: sa }), usersTotalResult)).toEqual({ users_total: all });
    const groups = 'is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id';
    const order = 'ORDER BY 1, 2, 3, 4, 5, 6, 7';
    const fresh = await ctx.db.query(`SELECT ${groups}, count(*)::int AS n FROM users GROUP BY 1, 2, 3, 4, 5, 6, 7 ${order}`);
    const kept = await ctx.db.query(`SELECT ${groups}, n::int AS n FROM user_counts WHERE n <> 0 ${order}`);
    expect(kept).toEqual(fresh);
  });
});
