import { MENU_BUTTON_LABELS, menuButtonInput } from '../../../../contracts/schemas';
import type { ResourceSpec } from '../../../domain/crud/spec';
import { choice, int, listFields, requireRow, selectOf, text, writeColumns } from '../../../domain/crud/resource-helpers';

const BUTTON_COLUMNS = ['name', 'value', 'api', 'method', 'menu'];
export const METHODS = { 0: 'GET', 1: 'POST', 2: 'PUT', 3: 'DELETE' };

/** Menu buttons (/api/system/menu_button/): the permission values and the api + method each grants. */
export function menuButtonSpec(): ResourceSpec {
  return {
    path: 'menu_button',
    title: '菜单按钮',
    table: 'menu_buttons',
    select: selectOf(BUTTON_COLUMNS),
    // The real back end's rows are only these keys, no audit columns (API-CONTRACT example 55, §17).
    view: (r) => ({ id: r.id, ...Object.fromEntries(BUTTON_COLUMNS.map((c) => [c, r[c] ?? null])) }),
    fields: listFields({ menu: 'int', name: 'icontains', value: 'exact', api: 'icontains', method: 'int' }),
    defaultOrder: '-name',
    search: ['t.name', 't.value', 't.api'],
    createSchema: menuButtonInput,
    labels: MENU_BUTTON_LABELS,
    columns: writeColumns(BUTTON_COLUMNS),
    uniques: [{ fields: ['menu', 'value'], message: '该菜单下已有相同的权限值。' }],
    beforeWrite: async ({ tx }, input) => {
      if (typeof input.menu === 'number') await requireRow(tx, 'menus', input.menu, '关联菜单:菜单不存在。');
    },
    sheet: [int('menu', '关联菜单ID'), text('name', '名称'), text('value', '权限值'), text('api', '接口地址', 40), choice('method', '接口请求方法', METHODS)],
    importKey: 'id',
  };
}
