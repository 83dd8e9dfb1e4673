import { AREA_LABELS, areaInput } from '../../../../contracts/schemas';
import { auditView } from '../../../domain/crud/resource';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { auditFields, bool, int, selectOf, text } from '../../../domain/crud/resource-helpers';

const AREA_COLUMNS = ['name', 'code', 'level', 'pinyin', 'initials', 'enable', 'pcode'];

/** Areas (/api/system/area/): provinces, cities and districts by code, paged, children by pcode. */
export function areaSpec(): ResourceSpec {
  return {
    path: 'area',
    title: '地区',
    table: 'areas',
    select: selectOf(AREA_COLUMNS, ['(SELECT count(*)::int FROM areas c WHERE c.pcode = t.code) AS pcode_count']),
    // Issue 13: children are told by `pcode_count` alone, as on the real back end (no `hasChild`, API-CONTRACT §17).
    view: (r) => ({ ...auditView(r), pcode_count: r.pcode_count ?? 0, ...Object.fromEntries(AREA_COLUMNS.map((c) => [c, r[c] ?? null])), level: Number(r.level) }),
    fields: {
      ...auditFields(),
      name: { sql: 't.name', filter: 'icontains' },
      code: { sql: 't.code', filter: 'exact' },
      level: { sql: 't.level', filter: 'int' },
      pinyin: { sql: 't.pinyin', filter: 'icontains' },
      initials: { sql: 't.initials', filter: 'exact' },
      enable: { sql: 't.enable', filter: 'bool' },
      pcode: { sql: 't.pcode', filter: 'exact', nullable: true },
    },
    defaultOrder: 'code',
    search: ['t.name', 't.pinyin', 't.code'],
    createSchema: areaInput,
    labels: AREA_LABELS,
    columns: Object.fromEntries(AREA_COLUMNS.map((c) => [c, { column: c, toDb: c === 'pcode' ? (v: unknown) => (v === '' ? null : v) : undefined }])),
    uniques: [{ fields: ['code'], message: '地区编码已存在，请换一个。' }],
    beforeWrite: async ({ tx }, input) => {
      if (typeof input.pcode === 'string' && input.pcode !== '' && (await tx.query('SELECT 1 FROM areas WHERE code = $1', [input.pcode])).length === 0) throw new CrudError('父地区编码:地区不存在。');
    },
    sheet: [text('name', '名称'), text('code', '地区编码'), int('level', '地区层级'), text('pinyin', '拼音'), text('initials', '首字母'), bool('enable', '是否启用', '是', '否'), text('pcode', '父地区编码')],
    importKey: 'id',
  };
}
