import type { AppContext } from '../../../context';
import type { Queryable, Row } from '../../../db/db';
import {
  DEPT_LABELS,
  ROLE_LABELS,
  USER_LABELS,
  deptInput,
  roleInput,
  userCreateInput,
  userUpdateInput,
} from '../../../../contracts/schemas';
import { permissionsOf } from '../../permissions';
import { hashClientPassword } from '../password-hash';
import { dt } from '../resource';
import { CrudError, type ResourceSpec } from '../spec';
import { auditFields, bool, choice, datetimeCol, int, intList, readOnlyCol, selectOf, text, viewOf } from './helpers';

const DEPT_COLUMNS = ['name', 'key', 'sort', 'owner', 'phone', 'email', 'status', 'parent'];

/** Whether `candidate` is `id` itself or one of its descendants in a self-referencing tree table. */
async function isSelfOrBelow(tx: Queryable, table: string, id: number, candidate: number): Promise<boolean> {
  const rows = await tx.query(
    `WITH RECURSIVE sub AS (SELECT id FROM ${table} WHERE id = $1 UNION SELECT c.id FROM ${table} c JOIN sub ON c.parent = sub.id)
     SELECT 1 FROM sub WHERE id = $2`,
    [id, candidate],
  );
  return rows.length > 0;
}

export async function refuseCycle(tx: Queryable, table: string, id: number | null, parent: unknown, message: string): Promise<void> {
  if (id === null || typeof parent !== 'number') return;
  if (await isSelfOrBelow(tx, table, id, parent)) throw new CrudError(message);
}

export function deptSpec(): ResourceSpec {
  return {
    path: 'dept',
    title: '部门',
    table: 'depts',
    select: selectOf(DEPT_COLUMNS, [
      '(SELECT count(*)::int FROM depts c WHERE c.parent = t.id) AS has_children',
      '(SELECT p.name FROM depts p WHERE p.id = t.parent) AS parent_name',
    ]),
    view: (r) => {
      const base = viewOf(DEPT_COLUMNS)(r);
      const out: Record<string, unknown> = {
        ...base,
        status_label: r.status === false ? '禁用' : '启用',
        has_children: r.has_children ?? 0,
        hasChild: Number(r.has_children ?? 0) > 0,
      };
      if (r.parent !== null && r.parent !== undefined) out.parent_name = r.parent_name ?? '';
      return out;
    },
    fields: {
      ...auditFields(),
      name: { sql: 't.name', filter: 'icontains' },
      key: { sql: 't.key', filter: 'exact', nullable: true },
      sort: { sql: 't.sort' },
      owner: { sql: 't.owner', filter: 'icontains' },
      phone: { sql: 't.phone', filter: 'icontains' },
      status: { sql: 't.status', filter: 'bool' },
      parent: { sql: 't.parent', filter: 'int', nullable: true },
    },
    defaultOrder: 'sort',
    search: ['t.name', 't.key', 't.owner'],
    listShape: 'plain',
    lazyParent: 'parent',
    createSchema: deptInput,
    labels: DEPT_LABELS,
    columns: Object.fromEntries(DEPT_COLUMNS.map((c) => [c, { column: c }])),
    uniques: [{ fields: ['key'], message: '关联字符已存在，请换一个。', ignoreNull: true }],
    beforeWrite: async ({ tx }, input, _values, id) => refuseCycle(tx, 'depts', id, input.parent, '上级部门不能是它自己或它的下级部门。'),
    beforeDelete: async ({ tx }, ids) => {
      const users = await tx.query<{ name: string; n: number }>(
        'SELECT d.name, count(u.id)::int AS n FROM depts d JOIN users u ON u.dept = d.id WHERE d.id = ANY($1::int[]) GROUP BY d.name ORDER BY d.name LIMIT 1',
        [ids],
      );
      if (users[0]) throw new CrudError(`部门「${users[0].name}」下还有 ${users[0].n} 个用户，不能删除。请先移走这些用户。`);
      const children = await tx.query<{ name: string; n: number }>(
        `SELECT d.name, count(c.id)::int AS n FROM depts d JOIN depts c ON c.parent = d.id
         WHERE d.id = ANY($1::int[]) AND NOT (c.id = ANY($1::int[])) GROUP BY d.name ORDER BY d.name LIMIT 1`,
        [ids],
      );
      if (children[0]) throw new CrudError(`部门「${children[0].name}」下还有 ${children[0].n} 个子部门，不能删除。请先删除子部门。`);
      const inside = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users u WHERE u.dept IN (SELECT c.id FROM depts c WHERE c.parent = ANY($1::int[]))', [ids]);
      if ((inside[0]?.n ?? 0) > 0) throw new CrudError('要删除的子部门下还有用户，不能删除。');
    },
    sheet: [text('name', '部门名称'), text('key', '关联字符'), int('sort', '显示排序'), text('owner', '负责人'), text('phone', '联系电话'), text('email', '邮箱'), bool('status', '部门状态'), int('parent', '上级部门ID'), datetimeCol('create_datetime', '创建时间')],
    importKey: 'id',
  };
}

const USER_COLUMNS = [
  'last_login',
  'is_superuser',
  'first_name',
  'last_name',
  'is_staff',
  'is_active',
  'date_joined',
  'username',
  'employee_no',
  'email',
  'mobile',
  'avatar',
  'name',
  'gender',
  'user_type',
  'last_token',
  'dept',
];
const USER_WRITABLE = ['username', 'name', 'employee_no', 'email', 'mobile', 'avatar', 'gender', 'user_type', 'dept', 'is_active'];

export const ROLE_COLUMNS = ['name', 'key', 'sort', 'status', 'admin', 'data_range', 'remark'];
export const ROLE_ARRAYS = [
  "COALESCE((SELECT array_agg(rd.dept_id ORDER BY rd.dept_id) FROM role_depts rd WHERE rd.role_id = t.id), '{}') AS dept",
  "COALESCE((SELECT array_agg(rm.menu_id ORDER BY rm.menu_id) FROM role_menus rm WHERE rm.role_id = t.id), '{}') AS menu",
  "COALESCE((SELECT array_agg(rb.button_id ORDER BY rb.button_id) FROM role_buttons rb WHERE rb.role_id = t.id), '{}') AS permission",
];
const roleView = (r: Row) => ({ ...viewOf(ROLE_COLUMNS)(r), dept: r.dept ?? [], menu: r.menu ?? [], permission: r.permission ?? [] });

function invalidateAccounts(ctx: AppContext): void {
  ctx.users.invalidate();
  ctx.menus.invalidate();
  permissionsOf(ctx).invalidate();
}

export function userSpec(ctx: AppContext): ResourceSpec {
  return {
    path: 'user',
    title: '用户',
    table: 'users',
    from: 'users t LEFT JOIN depts d ON d.id = t.dept',
    baseWhere: 'NOT t.is_superuser',
    select: selectOf(USER_COLUMNS, ['d.name AS dept_name']),
    view: (r) => {
      const out = viewOf(USER_COLUMNS)(r);
      out.last_login = dt(r.last_login);
      out.date_joined = dt(r.date_joined);
      if (r.dept_name !== null && r.dept_name !== undefined) out.dept_name = r.dept_name;
      return { ...out, groups: [], user_permissions: [], post: [], role: [], role_info: [] };
    },
    decorate: async (db, rows) => {
      const ids = rows.map((r) => r.id as number);
      const roles = await db.query(
        `SELECT ur.user_id, ${selectOf(ROLE_COLUMNS, ROLE_ARRAYS)} FROM user_roles ur JOIN roles t ON t.id = ur.role_id
         WHERE ur.user_id = ANY($1::int[]) ORDER BY t.sort, t.id`,
        [ids],
      );
      for (const row of rows) {
        const mine = roles.filter((r) => r.user_id === row.id);
        row.role = mine.map((r) => r.id);
        row.role_info = mine.map((r) => roleView(r));
      }
    },
    fields: {
      ...auditFields(),
      username: { sql: 't.username', filter: 'icontains' },
      name: { sql: 't.name', filter: 'istartswith' },
      mobile: { sql: 't.mobile', filter: 'istartswith' },
      email: { sql: 't.email', filter: 'icontains' },
      is_active: { sql: 't.is_active', filter: 'bool' },
      dept: { sql: 't.dept', filter: 'int', nullable: true },
      user_type: { sql: 't.user_type', filter: 'int' },
      gender: { sql: 't.gender', filter: 'int' },
      dept__name: { sql: 'd.name', filter: 'iregex' },
      last_login: { sql: 't.last_login' },
      date_joined: { sql: 't.date_joined' },
      employee_no: { sql: 't.employee_no', filter: 'exact' },
    },
    defaultOrder: '-create_datetime',
    search: [
      't.username',
      't.name',
      't.gender',
      'd.name',
      '(SELECT string_agg(r.name, \',\') FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = t.id)',
    ],
    dataScope: true,
    // Exact totals from migrations/005_user_counts.sql for the exact-match filters and the data scope.
    countTable: { table: 'user_counts', columns: ['is_superuser', 'dept', 'is_active', 'user_type', 'gender', 'creator', 'dept_belong_id'] },
    createSchema: userCreateInput,
    updateSchema: userUpdateInput,
    labels: USER_LABELS,
    columns: Object.fromEntries(USER_WRITABLE.map((c) => [c, { column: c }])),
    uniques: [
      { fields: ['username'], message: '用户账号已存在，请换一个。' },
      { fields: ['employee_no'], message: '工号已存在，请换一个。', ignoreNull: true },
    ],
    beforeWrite: async ({ tx }, input, values, id) => {
      if (typeof input.dept === 'number' && (await tx.query('SELECT 1 FROM depts WHERE id = $1', [input.dept])).length === 0) {
        throw new CrudError('所属部门:部门不存在。');
      }
      if (id === null) {
        // Read through the transaction: on the embedded database a query outside it would wait for
        // this very transaction to end (a deadlock whenever the settings cache had expired).
        const [setting] = await tx.query<{ value: unknown }>(
          `SELECT c.value FROM system_config c JOIN system_config p ON p.id = c.parent
           WHERE p.key = 'base' AND c.key = 'default_password' AND c.status`,
        );
        const fallback = setting?.value;
        const password = typeof input.password === 'string' ? input.password : typeof fallback === 'string' && fallback !== '' ? fallback : 'admin123456';
        values.password = await hashClientPassword(password);
        values.is_staff = true;
        if (values.dept_belong_id === undefined && typeof input.dept === 'number') values.dept_belong_id = String(input.dept);
      }
    },
    afterWrite: async ({ tx }, id, input) => {
      if (!Array.isArray(input.role)) return;
      const roles = [...new Set(input.role as number[])];
      const found = await tx.query<{ id: number }>('SELECT id FROM roles WHERE id = ANY($1::int[])', [roles]);
      if (found.length !== roles.length) throw new CrudError('关联角色:角色不存在。');
      await tx.query('DELETE FROM user_roles WHERE user_id = $1', [id]);
      if (roles.length > 0) await tx.query('INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[])', [id, roles]);
    },
    beforeDelete: async ({ account }, ids) => {
      if (ids.includes(account.id)) throw new CrudError('不能删除当前登录的用户。');
    },
    changed: () => invalidateAccounts(ctx),
    sheet: [
      text('username', '用户账号'),
      text('name', '姓名'),
      text('employee_no', '工号'),
      text('email', '邮箱', 28),
      text('mobile', '电话'),
      choice('gender', '性别', { 0: '未知', 1: '男', 2: '女' }),
      choice('user_type', '用户类型', { 0: '后台用户', 1: '前台用户' }),
      int('dept', '所属部门ID'),
      readOnlyCol('dept_name', '部门名称'),
      intList('role', '角色ID'),
      bool('is_active', '账号状态'),
      datetimeCol('create_datetime', '创建时间'),
    ],
    importKey: 'id',
  };
}

export function roleSpec(ctx: AppContext): ResourceSpec {
  return {
    path: 'role',
    title: '角色',
    table: 'roles',
    select: selectOf(ROLE_COLUMNS, ROLE_ARRAYS),
    view: roleView,
    fields: {
      ...auditFields(),
      name: { sql: 't.name', filter: 'icontains' },
      key: { sql: 't.key', filter: 'icontains' },
      sort: { sql: 't.sort' },
      status: { sql: 't.status', filter: 'bool' },
      admin: { sql: 't.admin', filter: 'bool' },
      data_range: { sql: 't.data_range', filter: 'int' },
    },
    defaultOrder: 'sort',
    search: ['t.name', 't.key'],
    createSchema: roleInput,
    labels: ROLE_LABELS,
    columns: Object.fromEntries(ROLE_COLUMNS.map((c) => [c, { column: c }])),
    uniques: [{ fields: ['key'], message: '权限字符已存在，请换一个。' }],
    afterWrite: async ({ tx }, id, input) => {
      const sets: Array<[string, string, string, string]> = [
        ['menu', 'role_menus', 'menu_id', 'menus'],
        ['permission', 'role_buttons', 'button_id', 'menu_buttons'],
        ['dept', 'role_depts', 'dept_id', 'depts'],
      ];
      for (const [key, table, column, target] of sets) {
        if (!Array.isArray(input[key])) continue;
        const ids = [...new Set(input[key] as number[])];
        const found = await tx.query('SELECT id FROM ' + target + ' WHERE id = ANY($1::int[])', [ids]);
        if (found.length !== ids.length) throw new CrudError(`${ROLE_LABELS[key] ?? key}:包含不存在的项。`);
        await tx.query(`DELETE FROM ${table} WHERE role_id = $1`, [id]);
        if (ids.length > 0) await tx.query(`INSERT INTO ${table} (role_id, ${column}) SELECT $1, unnest($2::int[])`, [id, ids]);
      }
    },
    changed: () => invalidateAccounts(ctx),
    sheet: [text('name', '角色名称'), text('key', '权限字符'), int('sort', '角色顺序'), bool('status', '角色状态'), bool('admin', '是否为admin', '是', '否'), choice('data_range', '数据权限范围', { 0: '仅本人数据权限', 1: '本部门及以下数据权限', 2: '本部门数据权限', 3: '全部数据权限', 4: '自定数据权限' }), text('remark', '备注')],
    importKey: 'id',
  };
}
