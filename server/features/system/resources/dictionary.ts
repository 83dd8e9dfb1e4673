import { DICTIONARY_LABELS, dictionaryInput } from '../../../../contracts/schemas';
import type { ResourceSpec } from '../../../domain/crud/spec';
import { bool, choice, int, listFields, refuseCycle, requireRow, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';

const DICT_COLUMNS = ['label', 'value', 'type', 'color', 'is_value', 'status', 'sort', 'remark', 'parent'];
/** Dictionaries (/api/system/dictionary/): groups (parent null) and their entries. */
export function dictionarySpec(): ResourceSpec {
  return {
    path: 'dictionary',
    title: '字典',
    table: 'dictionaries',
    select: selectOf(DICT_COLUMNS),
    view: viewOf(DICT_COLUMNS),
    fields: listFields({ label: 'icontains', value: 'icontains', type: 'int', is_value: 'bool', status: 'bool', sort: 'sort', parent: { filter: 'int', nullable: true } }),
    defaultOrder: 'sort',
    search: ['t.label', 't.value'],
    createSchema: dictionaryInput,
    labels: DICTIONARY_LABELS,
    columns: writeColumns(DICT_COLUMNS),
    uniques: [{ fields: ['parent', 'value'], message: '字典编号已存在（同一父级下不能重复）。' }],
    beforeWrite: async ({ tx }, input, values, id) => {
      if (typeof input.parent === 'number') await requireRow(tx, 'dictionaries', input.parent, '父级:字典不存在。');
      await refuseCycle(tx, 'dictionaries', id, input.parent, '父级不能是它自己或它的下级。');
      if (id === null && 'parent' in input && input.parent !== null && input.is_value === undefined) values.is_value = true;
    },
    sheet: [text('label', '字典名称'), text('value', '字典编号'), int('parent', '父级ID'), choice('type', '数据值类型', { 0: 'text', 1: 'number', 2: 'date', 3: 'datetime', 4: 'time', 5: 'files', 6: 'boolean', 7: 'images' }), text('color', '颜色'), bool('status', '状态'), int('sort', '显示排序'), text('remark', '备注')],
    importKey: 'id',
  };
}
