import { DEPT_LABELS, deptInput } from '../../../../contracts/schemas';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, datetimeCol, int, listFields, refuseCycle, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const DEPT_COLUMNS = ['name', 'key', 'sort', 'owner', 'phone', 'email', 'status', 'parent'];

/** Departments (/api/system/dept/): a lazy tree; a delete is refused while users or children remain. */
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
    fields: listFields({ name: 'icontains', key: { filter: 'exact', nullable: true }, sort: 'sort', owner: 'icontains', phone: 'icontains', status: 'bool', parent: { filter: 'int', nullable: true } }),
    defaultOrder: 'sort',
    search: ['t.name', 't.key', 't.owner'],
    listShape: 'plain',
    lazyParent: 'parent',
    createSchema: deptInput,
    labels: DEPT_LABELS,
    columns: writeColumns(DEPT_COLUMNS),
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
