import { makeAutoObservable, runInAction } from 'mobx';
import type { MenuItem } from '../../contracts/schemas';
import type { ConsoleApi } from '../adapters/api';
import type { MenuDataStore } from '../adapters/storage';

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

const bySort = (a: MenuItem, b: MenuItem) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;

/**
 * The server's menu (`web_router`): the raw flat list, also kept in sessionStorage as menuData.
 * Building routes and the full side menu comes with the next issue.
 */
export class MenuStore {
  items: MenuItem[] = [];
  state: LoadState = 'idle';

  constructor(
    private readonly api: ConsoleApi,
    private readonly menuData: MenuDataStore,
  ) {
    makeAutoObservable<MenuStore, 'api' | 'menuData'>(this, { api: false, menuData: false }, { autoBind: true });
  }

  get loaded(): boolean {
    return this.state === 'ready';
  }

  async load(): Promise<void> {
    this.state = 'loading';
    try {
      const items = await this.api.webRouter();
      this.menuData.set(items);
      runInAction(() => {
        this.items = items;
        this.state = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.state = 'failed';
      });
      throw error;
    }
  }

  /** Visible entries without a parent, in menu order. */
  get topLevel(): MenuItem[] {
    return this.items.filter((item) => item.parent === null && item.visible).sort(bySort);
  }

  /** Visible children of an entry, in menu order. */
  childrenOf(id: number): MenuItem[] {
    return this.items.filter((item) => item.parent === id && item.visible).sort(bySort);
  }

  clear(): void {
    this.items = [];
    this.state = 'idle';
    this.menuData.clear();
  }
}
