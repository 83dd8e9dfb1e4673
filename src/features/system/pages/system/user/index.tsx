import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { Option, ResourceDescription } from '../../../../../components/crud/types';
import { ImageCell } from '../../../../../components/cells/ImageCell';
import { useStore } from '../../../../../components/store-context';
import type { RootStore } from '../../../../../stores/root';
import { ROLE_RESOURCE } from '../../../stores/role-permission';
import { useSystemTexts } from '../locale';
import { NEWEST_FIRST } from '../../../../../components/crud/presets';
import { STATUS_DICT } from '../shared';
import { PasswordDialog } from './PasswordDialog';

interface RoleInfo {
  id: number;
  name: string;
}

/** 用户管理 (system/user): users with roles and department, password actions, import and export. */
const UserPage = observer(function UserPage() {
  const t = useSystemTexts();
  const root = useStore();
  const [roleList] = useState(() => root.createResourceStore({ resource: ROLE_RESOURCE, limit: 999 }));
  const [passwordFor, setPasswordFor] = useState<{ id: number; name: string } | null>(null);

  useEffect(() => {
    void roleList.load();
  }, [roleList]);
  const roleRows = roleList.rows;
  const roles = useMemo<Option[]>(() => roleRows.map((row) => ({ label: String(row.name), value: Number(row.id) })), [roleRows]);

  const description = useMemo<ResourceDescription>(() => {
    const gender: Option[] = [
      { label: t('sys.user.unknown'), value: 0, color: 'info' },
      { label: t('sys.user.male'), value: 1, color: 'primary' },
      { label: t('sys.user.female'), value: 2, color: 'danger' },
    ];
    const userType: Option[] = [
      { label: t('sys.user.backend'), value: 0, color: 'primary' },
      { label: t('sys.user.frontend'), value: 1, color: 'success' },
    ];
    return {
      resource: '/api/system/user/',
      testId: 'user',
      ordering: NEWEST_FIRST,
      permissions: { add: 'Create', edit: 'Update', view: 'Retrieve', remove: 'Delete', search: 'Search', export: 'Export', import: 'Import' },
      fields: [
        { key: 'avatar', label: t('sys.user.avatar'), type: 'avatar', column: { width: 80, cell: (row) => <ImageCell value={row.avatar} /> }, form: { span: 24 } },
        {
          key: 'username',
          label: t('sys.user.username'),
          search: true,
          column: { width: 120, sortable: true, filter: true },
          form: { rules: { required: true, maxLength: 150, pattern: { regex: /^[\w.@+-]+$/, message: t('sys.user.usernamePattern') } } },
        },
        // Filled with the configured default (base.default_password) and required, as the real back end's own
        // web client does: a user created there without a password gets none and can never sign in (API-CONTRACT §18).
        {
          key: 'password',
          label: t('sys.user.password'),
          type: 'password',
          column: false,
          form: { createOnly: true, default: (store: RootStore) => store.settings.text('base.default_password') ?? '', rules: { required: true, minLength: 6, maxLength: 128 } },
        },
        { key: 'name', label: t('sys.user.name'), search: true, column: { width: 110, filter: true }, form: { rules: { required: true, maxLength: 40 } } },
        { key: 'employee_no', label: t('sys.user.employeeNo'), column: { width: 100 }, form: { rules: { maxLength: 150 } } },
        {
          key: 'dept',
          label: t('sys.user.dept'),
          type: 'deptTree',
          search: true,
          column: { width: 120, cell: (row) => <span>{typeof row.dept_name === 'string' ? row.dept_name : '-'}</span> },
          form: {},
        },
        {
          key: 'role',
          label: t('sys.user.role'),
          type: 'multiselect',
          options: roles,
          column: {
            width: 140,
            cell: (row) => <span>{Array.isArray(row.role_info) ? (row.role_info as RoleInfo[]).map((r) => r.name).join('、') || '-' : '-'}</span>,
          },
          form: { default: [] },
        },
        {
          key: 'mobile',
          label: t('sys.user.mobile'),
          search: true,
          column: { width: 120, filter: true },
          form: { rules: { pattern: { regex: /^1[3-9]\d{9}$/, message: t('sys.user.mobilePattern') } } },
        },
        { key: 'email', label: t('sys.user.email'), column: { width: 180 }, form: { rules: { email: true, maxLength: 255 } } },
        { key: 'gender', label: t('sys.user.gender'), options: gender, column: { width: 70 }, form: { default: 1 } },
        { key: 'user_type', label: t('sys.user.userType'), options: userType, search: true, column: { width: 100, filter: true }, form: { default: 0 } },
        { key: 'is_active', label: t('sys.user.isActive'), dict: STATUS_DICT, search: true, column: { width: 80, filter: true }, form: { default: true } },
      ],
      toBody: (values, mode) => {
        const body = { ...values };
        // Never a create without a password: the configured default when the field was left empty.
        if (mode === 'create' && (body.password === '' || body.password === null || body.password === undefined)) body.password = root.settings.text('base.default_password') ?? undefined;
        for (const key of ['mobile', 'email', 'employee_no', 'avatar']) if (body[key] === '') body[key] = null;
        return body;
      },
      rowActions: [
        {
          key: 'reset-password',
          label: t('sys.user.resetPassword'),
          icon: 'pi pi-key',
          permission: 'ResetPassword',
          run: (row) => setPasswordFor({ id: Number(row.id), name: String(row.username ?? '') }),
        },
        {
          key: 'default-password',
          label: t('sys.user.defaultPassword'),
          icon: 'pi pi-replay',
          permission: 'DefaultPassword',
          severity: 'warning',
          run: async (row, ctx) => {
            if (!(await ctx.confirm(t('sys.user.defaultConfirm')))) return;
            try {
              await ctx.store.action(`${String(row.id)}/reset_to_default_password/`, { method: 'PUT', body: {} });
              ctx.root.notify({ severity: 'success', text: t('sys.user.passwordChanged') });
            } catch {
              // shown by the adapter
            }
          },
        },
      ],
    };
  }, [t, roles, root]);

  return (
    <>
      <CrudPage description={description} />
      {passwordFor && <PasswordDialog user={passwordFor} onHide={() => setPasswordFor(null)} />}
    </>
  );
});

export default UserPage;
