import { makeAutoObservable, runInAction } from 'mobx';
import type { DeptNode } from '../../contracts/schemas';
import type { ConsoleApi } from '../adapters/api';

export interface DeptTreeNode {
  id: number;
  name: string;
  parent: number | null;
  children: DeptTreeNode[];
}

/** Builds the department tree from the flat list; orphans become roots. */
export function buildDeptTree(list: readonly DeptNode[]): DeptTreeNode[] {
  const nodes = new Map<number, DeptTreeNode>(list.map((d) => [d.id, { id: d.id, name: d.name, parent: d.parent, children: [] }]));
  const roots: DeptTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** All departments (`/api/system/dept/all_dept/`), flat and as a tree. */
export class DepartmentsStore {
  list: DeptNode[] = [];

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<DepartmentsStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    const list = await this.api.allDept();
    runInAction(() => {
      this.list = list;
    });
  }

  get tree(): DeptTreeNode[] {
    return buildDeptTree(this.list);
  }

  clear(): void {
    this.list = [];
  }
}
