import { AREA_LABELS, areaInput } from '../../../../contracts/schemas';
import { auditView } from '../../../domain/crud/resource';
import type { ResourceSpec } from '../../../domain/crud/spec';
import { bool, int, listFields, requireRow, selectOf, text, writeColumns } from '../../../domain/crud/resource-helpers';

const AREA_COLUMNS = ['name', 'code', 'level', 'pinyin', 'initials', 'enable', 'pcode'];

/** Areas (/api/system/area/): provinces, cities and districts by code, paged, children by pcode. */
export function areaSpec(): ResourceSpec {
  return {
    path: 'area',
    title: '地区',
    table: 'areas',
    select: selectOf(AREA_COLUMNS, ['(SELECT count(*)::int FROM areas c WHERE c.pcode = t.code) AS pcode_count']),
    // Children are told by `pcode_count` alone, as on the real back end (no `hasChild`, API-CONTRACT §17).
    view: (r) => ({ ...auditView(r), pcode_count: r.pcode_count ?? 0, ...Object.fromEntries(AREA_COLUMNS.map((c) => [c, r[c] ?? null])), level: Number(r.level) }),
    fields: listFields({ name: 'icontains', code: 'exact', level: 'int', pinyin: 'icontains', initials: 'exact', enable: 'bool', pcode: { filter: 'exact', nullable: true } }),
    defaultOrder: 'code',
    search: ['t.name', 't.pinyin', 't.code'],
    createSchema: areaInput,
    labels: AREA_LABELS,
    columns: writeColumns(AREA_COLUMNS, { pcode: { toDb: (v) => (v === '' ? null : v) } }),
    uniques: [{ fields: ['code'], message: '地区编码已存在，请换一个。' }],
    beforeWrite: async ({ tx }, input) => {
      if (typeof input.pcode === 'string' && input.pcode !== '') await requireRow(tx, 'areas', input.pcode, '父地区编码:地区不存在。', '1', 'code');
    },
    sheet: [text('name', '名称'), text('code', '地区编码'), int('level', '地区层级'), text('pinyin', '拼音'), text('initials', '首字母'), bool('enable', '是否启用', '是', '否'), text('pcode', '父地区编码')],
    importKey: 'id',
  };
}
