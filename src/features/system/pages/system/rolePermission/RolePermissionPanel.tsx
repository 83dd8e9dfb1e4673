import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { TreeSelector } from '../../../../../components/form/DeptTreeSelect';
import { useStore } from '../../../../../components/store-context';
import { failureMessage } from '../../../../../stores/errors';
import { CUSTOM_DATA_RANGE, type MenuGrantNode } from '../../../stores/role-permission';
import type { ResourceRow } from '../../../../../stores/types';
import { useSystemTexts } from '../locale';
import { dataRangeOptions } from '../shared';

type MenuNode = MenuGrantNode;

/** Menus as a tree whose leaves include each menu's buttons (keys 'm<id>' and 'b<id>'). */
export function grantTree(menus: readonly MenuNode[]): TreeNode[] {
  const byParent = new Map<number | null, MenuNode[]>();
  for (const menu of menus) byParent.set(menu.parent, [...(byParent.get(menu.parent) ?? []), menu]);
  const known = new Set(menus.map((m) => m.id));
  const build = (parent: number | null): TreeNode[] =>
    (byParent.get(parent) ?? [])
      .filter((m) => parent !== null || m.parent === null || !known.has(m.parent))
      .map((menu) => ({
        key: `m${menu.id}`,
        label: menu.name,
        children: [
          ...build(menu.id),
          ...menu.menuPermission.map((b) => ({ key: `b${b.id}`, label: `${b.name} (${b.value})`, icon: 'pi pi-bolt' })),
        ],
      }));
  const roots = build(null);
  // Orphans (parent not in the list) show at the top.
  for (const menu of menus) if (menu.parent !== null && !known.has(menu.parent)) roots.push(...build(menu.parent));
  return roots;
}

/** Checked keys of a role: its menus and buttons. */
export function checkedKeys(role: ResourceRow): TreeCheckboxSelectionKeys {
  const keys: TreeCheckboxSelectionKeys = {};
  for (const id of Array.isArray(role.menu) ? role.menu : []) keys[`m${String(id)}`] = { checked: true, partialChecked: false };
  for (const id of Array.isArray(role.permission) ? role.permission : []) keys[`b${String(id)}`] = { checked: true, partialChecked: false };
  return keys;
}

/** Menu and button ids of the checked (or partly checked) keys. */
export function grantedIds(keys: TreeCheckboxSelectionKeys): { menu: number[]; permission: number[] } {
  const menu: number[] = [];
  const permission: number[] = [];
  for (const [key, state] of Object.entries(keys)) {
    if (!state || !(state.checked || state.partialChecked)) continue;
    const id = Number(key.slice(1));
    if (key.startsWith('m')) menu.push(id);
    else if (key.startsWith('b') && state.checked) permission.push(id);
  }
  return { menu, permission };
}

/**
 * Grants one role its menus, buttons and data scope (PUT role/{id}/ with menu, permission, data_range
 * and dept): a checkbox tree of menus with their buttons, the scope, and departments for scope 4.
 */
export const RolePermissionPanel = observer(function RolePermissionPanel({ role, canSave, onSaved }: { role: ResourceRow; canSave: boolean; onSaved?(): void }) {
  const t = useSystemTexts();
  const root = useStore();
  const [store] = useState(() => root.createRolePermissionStore());
  const [keys, setKeys] = useState<TreeCheckboxSelectionKeys>(() => checkedKeys(role));
  const [dataRange, setDataRange] = useState<number>(Number(role.data_range ?? 0));
  const [deptIds, setDeptIds] = useState<number[]>(Array.isArray(role.dept) ? role.dept.map(Number) : []);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    void store.load();
  }, [store]);

  const save = async () => {
    setProblem('');
    try {
      await store.save(role, { ...grantedIds(keys), dataRange, deptIds });
      root.notify({ severity: 'success', text: t('sys.common.saved') });
      onSaved?.();
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  return (
    <div className="role-permission" data-testid="role-permission">
      <section>
        <h4>{t('sys.role.dataScope')}</h4>
        <Dropdown
          pt={{ select: { 'aria-hidden': true } }}
          className="w-full p-inputtext-sm"
          value={dataRange}
          options={dataRangeOptions(t)}
          optionLabel="label"
          optionValue="value"
          onChange={(e) => setDataRange(Number(e.value))}
          data-testid="role-data-range"
        />
        {dataRange === CUSTOM_DATA_RANGE && (
          <div style={{ marginTop: '0.5rem' }}>
            <span>{t('sys.role.depts')}</span>
            <TreeSelector items={store.depts} multiple value={deptIds} onChange={(v) => setDeptIds(Array.isArray(v) ? v : [])} testId="role-depts" ariaLabel={t('sys.role.depts')} />
          </div>
        )}
      </section>
      <section>
        <h4>{t('sys.role.menus')}</h4>
        <Tree
          value={grantTree(store.menus)}
          selectionMode="checkbox"
          selectionKeys={keys}
          onSelectionChange={(e) => setKeys((e.value as TreeCheckboxSelectionKeys | null) ?? {})}
          className="w-full"
          data-testid="role-menu-tree"
        />
      </section>
      {problem && <div className="p-error">{problem}</div>}
      {canSave && (
        <div className="crud-form-footer">
          <Button size="small" label={t('sys.role.save')} loading={store.saving} onClick={() => void save()} data-testid="role-permission-save" />
        </div>
      )}
    </div>
  );
});
