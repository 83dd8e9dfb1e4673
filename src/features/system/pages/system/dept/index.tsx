import { useMemo } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useSystemTexts } from '../locale';
import { FULL_PERMISSIONS } from '../../../../../components/crud/presets';
import { STATUS_DICT } from '../shared';

/** 部门管理 (system/dept): the department tree, children loaded on expand. */
export default function DeptPage() {
  const t = useSystemTexts();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/dept/',
      testId: 'dept',
      permissions: FULL_PERMISSIONS,
      tree: { childParam: 'parent', hasChildren: (row) => row.hasChild === true || Number(row.has_children) > 0 },
      fields: [
        { key: 'name', label: t('sys.dept.name'), search: true, column: { width: 200 }, form: { rules: { required: true, maxLength: 64 } } },
        { key: 'key', label: t('sys.dept.key'), column: { width: 120 }, form: { rules: { maxLength: 64 } } },
        { key: 'sort', label: t('sys.dept.sort'), type: 'number', column: { width: 80 }, form: { default: 1 } },
        { key: 'owner', label: t('sys.dept.owner'), column: { width: 100 }, form: { rules: { maxLength: 32 } } },
        { key: 'phone', label: t('sys.dept.phone'), column: { width: 120 }, form: { rules: { maxLength: 32 } } },
        { key: 'email', label: t('sys.dept.email'), column: { width: 160 }, form: { rules: { maxLength: 32, email: true } } },
        { key: 'status', label: t('sys.dept.status'), dict: STATUS_DICT, search: true, column: { width: 90 }, form: { default: true } },
        { key: 'parent', label: t('sys.dept.parent'), type: 'deptTree', column: false, form: {} },
      ],
    }),
    [t],
  );
  return <CrudPage description={description} />;
}
