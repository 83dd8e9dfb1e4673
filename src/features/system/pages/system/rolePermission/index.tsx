import { observer } from 'mobx-react-lite';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useState } from 'react';
import { ROLE_RESOURCE } from '../../../stores/role-permission';
import { usePermission } from '../../../../../components/Permission';
import { useStore } from '../../../../../components/store-context';
import { useSystemTexts } from '../locale';
import { RolePermissionPanel } from './RolePermissionPanel';

/** 角色权限 (system/rolePermission): choose a role (or `?id=`), then grant its menus, buttons and data scope. */
const RolePermissionPage = observer(function RolePermissionPage() {
  const t = useSystemTexts();
  const root = useStore();
  const can = usePermission();
  const [roleList] = useState(() => root.createResourceStore({ resource: ROLE_RESOURCE, limit: 999 }));
  const [roleId, setRoleId] = useState<number | null>(() => {
    const id = Number(new URLSearchParams(globalThis.location?.search ?? '').get('id'));
    return Number.isInteger(id) && id > 0 ? id : null;
  });

  useEffect(() => {
    void roleList.load();
  }, [roleList]);

  const roles = roleList.rows;
  const role = roles.find((r) => Number(r.id) === roleId) ?? null;
  return (
    <div className="crud-page" data-testid="rolePermission">
      <label className="crud-search-item" style={{ maxWidth: 320 }}>
        <span>{t('sys.role.chooseRole')}</span>
        <Dropdown
          pt={{ select: { 'aria-hidden': true } }}
          className="p-inputtext-sm"
          value={roleId}
          options={roles.map((r) => ({ label: String(r.name), value: Number(r.id) }))}
          optionLabel="label"
          optionValue="value"
          placeholder={t('sys.role.chooseRole')}
          onChange={(e) => setRoleId(Number(e.value))}
          data-testid="role-picker"
        />
      </label>
      {role ? (
        <RolePermissionPanel key={roleId ?? 0} role={role} canSave={can('Save') || can('Update')} />
      ) : (
        <p>{t('sys.role.noRole')}</p>
      )}
    </div>
  );
});

export default RolePermissionPage;
