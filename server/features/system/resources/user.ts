import { USER_LABELS, userCreateInput, userUpdateInput } from '../../../../contracts/schemas';
import { hashClientPassword } from '../../../auth/password';
import { dt } from '../../../domain/crud/resource';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, choice, datetimeCol, int, intList, listFields, readOnlyCol, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';
import type { RoleViews } from './role';

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

/**
 * Users (/api/system/user/): never superusers; roles as ids and full objects; data scope; exact totals
 * from user_counts. One statement gives the rows, their names and role ids; `roleViews` the role objects.
 */
export function userSpec(roleViews: RoleViews): ResourceSpec {
  return {
    path: 'user',
    title: '用户',
    table: 'users',
    from: 'users t LEFT JOIN depts d ON d.id = t.dept',
    baseWhere: 'NOT t.is_superuser',
    select: selectOf(USER_COLUMNS, ['d.name AS dept_name', 'ARRAY(SELECT ur.role_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = t.id ORDER BY r.sort, r.id) AS role_ids']),
    view: (r) => {
      const out = viewOf(USER_COLUMNS)(r);
      out.last_login = dt(r.last_login);
      out.date_joined = dt(r.date_joined);
      if (r.dept_name !== null && r.dept_name !== undefined) out.dept_name = r.dept_name;
      return { ...out, groups: [], user_permissions: [], post: [], role: r.role_ids ?? [], role_info: [] };
    },
    decorate: async (_db, rows) => {
      const roles = await roleViews.byId();
      for (const row of rows) row.role_info = (row.role as number[]).flatMap((id) => roles.get(id) ?? []);
    },
    fields: listFields({
      username: 'icontains', name: 'istartswith', mobile: 'istartswith', email: 'icontains', is_active: 'bool', dept: { filter: 'int', nullable: true }, user_type: 'int', gender: 'int',
      dept__name: { sql: 'd.name', filter: 'iregex' }, last_login: 'sort', date_joined: 'sort', employee_no: 'exact',
    }),
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
    columns: writeColumns(USER_WRITABLE),
    uniques: [
      { fields: ['username'], message: '用户账号已存在，请换一个。' },
      { fields: ['employee_no'], message: '工号已存在，请换一个。', ignoreNull: true },
    ],
    beforeWrite: async ({ tx }, input, values, id) => {
      if (typeof input.dept === 'number') await requireRow(tx, 'depts', input.dept, '所属部门:部门不存在。');
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
