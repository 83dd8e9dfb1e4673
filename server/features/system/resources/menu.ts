import { MENU_LABELS, menuInput } from '../../../../contracts/schemas';
import type { ResourceSpec } from '../../../domain/crud/spec';
import { bool, int, listFields, refuseCycle, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const MENU_COLUMNS = ['icon', 'name', 'sort', 'is_link', 'is_catalog', 'web_path', 'component', 'component_name', 'status', 'frame_out', 'cache', 'visible', 'parent'];

/** Menus (/api/system/menu/): a lazy tree whose rows carry their button values. */
export function menuSpec(): ResourceSpec {
  return {
    path: 'menu',
    title: '菜单',
    table: 'menus',
    select: selectOf(MENU_COLUMNS, [
      'EXISTS (SELECT 1 FROM menus c WHERE c.parent = t.id) AS has_child',
      '(SELECT json_agg(b.value ORDER BY b.id) FROM menu_buttons b WHERE b.menu = t.id) AS menu_permission',
    ]),
    view: (r) => ({ ...viewOf(MENU_COLUMNS)(r), menuPermission: r.menu_permission ?? null, hasChild: r.has_child === true }),
    fields: listFields({
      name: 'icontains', sort: 'sort', status: 'bool', visible: 'bool', is_catalog: 'bool', is_link: 'bool', web_path: 'icontains', component: 'icontains', parent: { filter: 'int', nullable: true },
    }),
    defaultOrder: 'sort',
    search: ['t.name', 't.web_path', 't.component'],
    listShape: 'plain',
    lazyParent: 'parent',
    createSchema: menuInput,
    labels: MENU_LABELS,
    columns: writeColumns(MENU_COLUMNS),
    beforeWrite: async ({ tx }, input, _values, id) => refuseCycle(tx, 'menus', id, input.parent, '上级菜单不能是它自己或它的下级菜单。'),
    sheet: [text('name', '菜单名称'), text('icon', '菜单图标'), int('sort', '显示排序'), int('parent', '上级菜单ID'), bool('is_catalog', '是否目录', '是', '否'), text('web_path', '路由地址'), text('component', '组件地址'), text('component_name', '组件名称'), bool('status', '菜单状态'), bool('visible', '侧边栏中是否显示', '显示', '隐藏')],
    importKey: 'id',
  };
}
