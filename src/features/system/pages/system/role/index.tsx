import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import type { ResourceRow } from '../../../../../stores/types';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import { commonColumns } from '../../../../../components/crud/commonColumns';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { usePermission } from '../../../../../components/Permission';
import type { ResourceStore } from '../../../../../stores/resource';
import { useSystemTexts } from '../locale';
import { RolePermissionPanel } from '../rolePermission/RolePermissionPanel';
import { FULL_PERMISSIONS } from '../../../../../components/crud/presets';
import { dataRangeOptions, STATUS_DICT, WHETHER_DICT } from '../shared';

/** 角色管理 (system/role): roles, and per role the grant of menus, buttons and data scope. */
export default function RolePage() {
  const t = useSystemTexts();
  const can = usePermission();
  const [granting, setGranting] = useState<{ role: ResourceRow; store: ResourceStore } | null>(null);
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/role/',
      testId: 'role',
      permissions: FULL_PERMISSIONS,
      ordering: { field: 'sort', direction: 'asc' },
      fields: [
        { key: 'name', label: t('sys.role.name'), search: true, column: { width: 140, filter: true }, form: { rules: { required: true, maxLength: 64 } } },
        { key: 'key', label: t('sys.role.key'), search: true, column: { width: 120, filter: true }, form: { rules: { required: true, maxLength: 64 } } },
        { key: 'sort', label: t('sys.role.sort'), type: 'number', column: { width: 110, sortable: true }, form: { default: 1 } },
        { key: 'status', label: t('sys.role.status'), dict: STATUS_DICT, search: true, column: { width: 90, filter: true }, form: { default: true } },
        { key: 'admin', label: t('sys.role.admin'), dict: WHETHER_DICT, column: { width: 100 }, form: { default: false } },
        { key: 'data_range', label: t('sys.role.dataRange'), options: dataRangeOptions(t), column: { width: 160 }, form: false },
        { key: 'remark', label: t('sys.role.remark'), type: 'textarea', column: { width: 160 }, form: { span: 24, rules: { maxLength: 2000 } } },
        // The role's own remark stands for the common 备注 (description) column.
        ...commonColumns(t).filter((field) => field.key !== 'description'),
      ],
      commonColumns: false,
      rowActions: [
        {
          key: 'permission',
          label: t('sys.role.permission'),
          icon: 'pi pi-lock',
          permission: 'Update',
          run: (row, ctx) => setGranting({ role: row, store: ctx.store }),
        },
      ],
    }),
    [t],
  );
  return (
    <>
      <CrudPage description={description} />
      {granting && (
        <Dialog header={t('sys.role.permissionTitle', { name: String(granting.role.name) })} visible onHide={() => setGranting(null)} style={{ width: 640 }} data-testid="role-permission-dialog">
          <RolePermissionPanel
            role={granting.role}
            canSave={can('Save') || can('Update')}
            onSaved={() => {
              void granting.store.load();
              setGranting(null);
            }}
          />
        </Dialog>
      )}
    </>
  );
}
