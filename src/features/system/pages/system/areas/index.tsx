import { useMemo } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useSystemTexts } from '../locale';
import { FULL_PERMISSIONS } from '../../../../../components/crud/presets';
import { STATUS_DICT } from '../shared';

/**
 * 地区管理 (system/areas): provinces paged, lower levels loaded on expand (`?pcode=`). The top level asks
 * for `pcode__isnull` and `level=1`: the real back end ignores the first (API-CONTRACT §17, known
 * difference area-pcode-isnull-ignored) but filters exact fields, so both servers list the provinces.
 * Children are told by `pcode_count` (the real rows have no `hasChild`).
 */
export default function AreasPage() {
  const t = useSystemTexts();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/area/',
      testId: 'areas',
      permissions: FULL_PERMISSIONS,
      paginated: true,
      baseFilters: [
        { op: 'isNull', field: 'pcode', value: true },
        { op: 'equals', field: 'level', value: 1 },
      ],
      tree: { childParam: 'pcode', childValueKey: 'code', hasChildren: (row) => Number(row.pcode_count) > 0 },
      commonColumns: false,
      fields: [
        { key: 'name', label: t('sys.areas.name'), search: true, column: { width: 200 }, form: { rules: { required: true, maxLength: 100 } } },
        {
          key: 'code',
          label: t('sys.areas.code'),
          search: true,
          column: { width: 120 },
          form: { rules: { required: true, maxLength: 20, pattern: { regex: /^\d+$/, message: t('sys.areas.codePattern') } } },
        },
        { key: 'level', label: t('sys.areas.level'), type: 'number', column: { width: 80 }, form: { default: 1, rules: { required: true, min: 1, max: 4 } } },
        { key: 'pinyin', label: t('sys.areas.pinyin'), column: { width: 140 }, form: { rules: { required: true, maxLength: 255 } } },
        { key: 'initials', label: t('sys.areas.initials'), column: { width: 70 }, form: { rules: { required: true, maxLength: 20 } } },
        { key: 'enable', label: t('sys.areas.enable'), dict: STATUS_DICT, column: { width: 80 }, form: { default: true } },
        { key: 'pcode', label: t('sys.areas.pcode'), column: { width: 100 }, form: { rules: { maxLength: 20 } } },
      ],
      toBody: (values) => ({ ...values, pcode: values.pcode === '' ? null : values.pcode }),
    }),
    [t],
  );
  return <CrudPage description={description} />;
}
