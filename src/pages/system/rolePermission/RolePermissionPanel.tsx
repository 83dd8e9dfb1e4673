import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useEffect, useState } from 'react';
import type { ResourceRow } from '../../../adapters/api';
import { isApiError } from '../../../adapters/errors';
import { TreeSelector, type TreeItem } from '../../../components/form/DeptTreeSelect';
import { useStore } from '../../../components/store-context';
import { useSystemTexts } from '../locale';
import { dataRangeOptions } from '../shared';

interface MenuNode {
  id: number;
  name: string;
  parent: number | null;
  menuPermission: { id: number; name: string; value: string }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

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
export function RolePermissionPanel({ role, canSave, onSaved }: { role: ResourceRow; canSave: boolean; onSaved?(): void }) {
  const t = useSystemTexts();
  const root = useStore();
  const [menus, setMenus] = useState<MenuNode[]>([]);
  const [depts, setDepts] = useState<TreeItem[]>([]);
  const [keys, setKeys] = useState<TreeCheckboxSelectionKeys>(() => checkedKeys(role));
  const [dataRange, setDataRange] = useState<number>(Number(role.data_range ?? 0));
  const [deptIds, setDeptIds] = useState<number[]>(Array.isArray(role.dept) ? role.dept.map(Number) : []);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    root.api
      .action('/api/system/role/', 'role_get_menu/')
      .then((data) => {
        if (live && Array.isArray(data)) setMenus(data.filter(isRecord) as unknown as MenuNode[]);
      })
      .catch(() => undefined);
    root.api
      .action('/api/system/role/', 'data_scope_dept/')
      .then((data) => {
        if (!live || !Array.isArray(data)) return;
        const flat = data.filter(isRecord).map((d) => ({ id: Number(d.id), name: String(d.name), parent: d.parent === null ? null : Number(d.parent), children: [] as TreeItem[] }));
        const byId = new Map(flat.map((d) => [d.id, d]));
        const roots: TreeItem[] = [];
        for (const d of flat) {
          const parent = d.parent === null ? undefined : byId.get(d.parent);
          if (parent) parent.children.push(d);
          else roots.push(d);
        }
        setDepts(roots);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [root]);

  const save = async () => {
    setProblem('');
    setSaving(true);
    try {
      const { menu, permission } = grantedIds(keys);
      await root.api.update('/api/system/role/', Number(role.id), {
        name: role.name,
        key: role.key,
        menu,
        permission,
        data_range: dataRange,
        dept: dataRange === 4 ? deptIds : [],
      });
      root.notify({ severity: 'success', text: t('sys.common.saved') });
      onSaved?.();
    } catch (error) {
      setProblem(isApiError(error) ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="role-permission" data-testid="role-permission">
      <section>
        <h4>{t('sys.role.dataScope')}</h4>
        <Dropdown
          className="w-full p-inputtext-sm"
          value={dataRange}
          options={dataRangeOptions(t)}
          optionLabel="label"
          optionValue="value"
          onChange={(e) => setDataRange(Number(e.value))}
          data-testid="role-data-range"
        />
        {dataRange === 4 && (
          <div style={{ marginTop: '0.5rem' }}>
            <span>{t('sys.role.depts')}</span>
            <TreeSelector items={depts} multiple value={deptIds} onChange={(v) => setDeptIds(Array.isArray(v) ? v : [])} testId="role-depts" />
          </div>
        )}
      </section>
      <section>
        <h4>{t('sys.role.menus')}</h4>
        <Tree
          value={grantTree(menus)}
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
          <Button size="small" label={t('sys.role.save')} loading={saving} onClick={() => void save()} data-testid="role-permission-save" />
        </div>
      )}
    </div>
  );
}
