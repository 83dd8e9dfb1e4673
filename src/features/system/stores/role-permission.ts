import { makeAutoObservable, runInAction } from 'mobx';
import { isRecord } from '../../../../contracts/json';
import type { ConsoleApi, ResourceRow } from '../../../adapters/api';

export const ROLE_RESOURCE = '/api/system/role/';

/** A menu with its buttons, as role_get_menu/ lists them. */
export interface MenuGrantNode {
  id: number;
  name: string;
  parent: number | null;
  menuPermission: { id: number; name: string; value: string }[];
}

/** A department of the data-scope tree. */
export interface ScopeDept {
  id: number;
  name: string;
  children: ScopeDept[];
}

/** What a role is granted: menus, menu buttons, the data scope and, for scope 4, departments. */
export interface RoleGrants {
  menu: number[];
  permission: number[];
  dataRange: number;
  deptIds: number[];
}

/** The data scope that lists its departments (自定数据权限). */
export const CUSTOM_DATA_RANGE = 4;

/**
 * 权限配置 of one role: the menus with their buttons to grant (role_get_menu/), the departments of the
 * data scope (data_scope_dept/, as a tree), and the save (PUT role/{id}/ with menu, permission,
 * data_range and dept). One instance per panel.
 */
export class RolePermissionStore {
  menus: MenuGrantNode[] = [];
  depts: ScopeDept[] = [];
  saving = false;

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<RolePermissionStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** Both lists; a failure (already shown by the adapter) leaves that list empty. */
  async load(): Promise<void> {
    await Promise.all([
      this.api
        .action(ROLE_RESOURCE, 'role_get_menu/')
        .then((data) => {
          if (Array.isArray(data)) runInAction(() => (this.menus = data.filter(isRecord) as unknown as MenuGrantNode[]));
        })
        .catch(() => undefined),
      this.api
        .action(ROLE_RESOURCE, 'data_scope_dept/')
        .then((data) => {
          if (Array.isArray(data)) runInAction(() => (this.depts = deptTree(data)));
        })
        .catch(() => undefined),
    ]);
  }

  /** Saves the grants of `role` (its name and key travel along, as the update requires them). */
  async save(role: ResourceRow, grants: RoleGrants): Promise<void> {
    this.saving = true;
    try {
      await this.api.update(ROLE_RESOURCE, Number(role.id), {
        name: role.name,
        key: role.key,
        menu: grants.menu,
        permission: grants.permission,
        data_range: grants.dataRange,
        dept: grants.dataRange === CUSTOM_DATA_RANGE ? grants.deptIds : [],
      });
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }
}

/** A flat [{id, name, parent}] list as a tree; rows whose parent is not listed are roots. */
export function deptTree(rows: readonly unknown[]): ScopeDept[] {
  const flat = rows.filter(isRecord).map((d) => ({ id: Number(d.id), name: String(d.name), parent: d.parent === null || d.parent === undefined ? null : Number(d.parent), children: [] as ScopeDept[] }));
  const byId = new Map(flat.map((d) => [d.id, d]));
  const roots: ScopeDept[] = [];
  for (const d of flat) {
    const parent = d.parent === null ? undefined : byId.get(d.parent);
    if (parent) parent.children.push(d);
    else roots.push(d);
  }
  return roots;
}
