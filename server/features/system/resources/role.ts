import type { Db, Row } from '../../../db/db';
import { ROLE_LABELS, roleInput } from '../../../../contracts/schemas';
import { LoadingCache } from '../../../domain/cache';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, choice, int, listFields, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const ROLE_COLUMNS = ['name', 'key', 'sort', 'status', 'admin', 'data_range', 'remark'];
const ROLE_ARRAYS = [
  "COALESCE((SELECT array_agg(rd.dept_id ORDER BY rd.dept_id) FROM role_depts rd WHERE rd.role_id = t.id), '{}') AS dept",
  "COALESCE((SELECT array_agg(rm.menu_id ORDER BY rm.menu_id) FROM role_menus rm WHERE rm.role_id = t.id), '{}') AS menu",
  "COALESCE((SELECT array_agg(rb.button_id ORDER BY rb.button_id) FROM role_buttons rb WHERE rb.role_id = t.id), '{}') AS permission",
];
const roleView = (r: Row) => ({ ...viewOf(ROLE_COLUMNS)(r), dept: r.dept ?? [], menu: r.menu ?? [], permission: r.permission ?? [] });

/**
 * Every role as its row shows it (with its menu, button and department ids), by id: what a user row
 * carries in `role_info`. Cached until this process writes to the database (30 s for other writers);
 * the objects are shared, never changed.
 */
export class RoleViews {
  private readonly cache: LoadingCache<'all', Map<number, Record<string, unknown>>>;

  constructor(db: Db, ttlMs = 30_000) {
    this.cache = new LoadingCache(
      async () => new Map((await db.query(`SELECT ${selectOf(ROLE_COLUMNS, ROLE_ARRAYS)} FROM roles t`)).map((r) => [Number(r.id), roleView(r)])),
      ttlMs,
      { changes: db.changes },
    );
  }

  byId(): Promise<Map<number, Record<string, unknown>>> {
    return this.cache.get('all');
  }
}

/** Roles (/api/system/role/) with their menus, buttons and custom departments (the grant screen saves through PATCH). */
export function roleSpec(): ResourceSpec {
  return {
    path: 'role',
    title: '角色',
    table: 'roles',
    select: selectOf(ROLE_COLUMNS, ROLE_ARRAYS),
    view: roleView,
    fields: listFields({ name: 'icontains', key: 'icontains', sort: 'sort', status: 'bool', admin: 'bool', data_range: 'int' }),
    defaultOrder: 'sort',
    search: ['t.name', 't.key'],
    createSchema: roleInput,
    labels: ROLE_LABELS,
    columns: writeColumns(ROLE_COLUMNS),
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
    sheet: [text('name', '角色名称'), text('key', '权限字符'), int('sort', '角色顺序'), bool('status', '角色状态'), bool('admin', '是否为admin', '是', '否'), choice('data_range', '数据权限范围', { 0: '仅本人数据权限', 1: '本部门及以下数据权限', 2: '本部门数据权限', 3: '全部数据权限', 4: '自定数据权限' }), text('remark', '备注')],
    importKey: 'id',
  };
}
