import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { MenuItem } from '../../contracts/schemas';
import type { ConsoleApi } from '../adapters/api';
import type { MenuDataStore } from '../adapters/storage';

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

/** Components starting with this load from the plugin area (spec §2.3). */
export const PLUGIN_COMPONENT_PREFIX = 'plugins/';
/** Paths generated for menu entries that have none (spec §2.3); clicking one warns 临时菜单. */
export const PLACEHOLDER_PATH_PREFIX = 'menu-empty-';

const bySort = (a: MenuItem, b: MenuItem) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;

/** One route built from a menu item (spec §2.3): title = menu name, auth, cache flag. */
export interface MenuRoute {
  id: number;
  name: string;
  path: string;
  /** The menu's component string as sent (the page registry normalises it). */
  component: string;
  /** Loads from the plugin area instead of the page area. */
  plugin: boolean;
  meta: { title: string; auth: true; cache: boolean };
  /** The top-level entry (header section) the item sits under, hidden items included. */
  sectionId: number;
}

/** An entry of the side or header menu (spec §3). `path` may be a placeholder or an external address. */
export interface MenuEntry {
  id: number;
  parent: number | null;
  name: string;
  title: string;
  icon: string | null;
  catalog: boolean;
  path: string;
  visible: boolean;
  children: MenuEntry[];
}

/** A leaf of the search pool: full title joined by ' / ' (spec §2.4). */
export interface SearchItem {
  id: number;
  path: string;
  title: string;
  fullTitle: string;
}

export interface BuiltMenu {
  routes: MenuRoute[];
  /** Route by path, for the router. */
  routeByPath: Map<string, MenuRoute>;
  /** The whole visible tree: top level = header sections, their children = the side menu. */
  tree: MenuEntry[];
}

export const isExternal = (path: string): boolean => /^https?:\/\//i.test(path);
export const isPlaceholder = (path: string): boolean => path === '' || path.startsWith(PLACEHOLDER_PATH_PREFIX);

/** A route path always starts with one '/'. */
function routePath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Builds routes, the menu tree, the search pool and the permission set from the flat `web_router`
 * list in one pass (spec §2.3): tree by `parent` in strict mode (items whose parent is missing are
 * dropped with their descendants); empty-path non-link items lose their path; items without a path
 * get a generated placeholder path; only visible entries reach the menus and search.
 */
export function buildMenu(items: readonly MenuItem[], text: (title: string) => string = (title) => title): BuiltMenu {
  const childrenOf = new Map<number | null, MenuItem[]>();
  for (const item of items) {
    const key = item.parent === null ? null : item.parent;
    let list = childrenOf.get(key);
    if (!list) childrenOf.set(key, (list = []));
    list.push(item);
  }
  for (const list of childrenOf.values()) list.sort(bySort);

  const routes: MenuRoute[] = [];
  const routeByPath = new Map<string, MenuRoute>();
  const seen = new Set<number>();

  const walk = (item: MenuItem, visibleChain: boolean, sectionId: number): MenuEntry | null => {
    if (seen.has(item.id)) return null; // a cycle in bad data
    seen.add(item.id);
    let path: string | null = item.path;
    if (path === '' && !item.is_link) path = null;
    const entryPath = path ?? `${PLACEHOLDER_PATH_PREFIX}${item.id}`;
    const kids = childrenOf.get(item.id) ?? [];
    const visible = visibleChain && item.visible;
    const children: MenuEntry[] = [];
    for (const kid of kids) {
      const entry = walk(kid, visible, sectionId);
      if (entry && entry.visible) children.push(entry);
    }
    if (path !== null && !item.is_link && !item.is_catalog && !isExternal(path) && item.component) {
      const route: MenuRoute = {
        id: item.id,
        name: item.component_name || `menu-${item.id}`,
        path: routePath(path),
        component: item.component,
        plugin: item.component.startsWith(PLUGIN_COMPONENT_PREFIX),
        meta: { title: text(item.name || item.title), auth: true, cache: item.cache },
        sectionId,
      };
      if (!routeByPath.has(route.path)) {
        routes.push(route);
        routeByPath.set(route.path, route);
      }
    }
    return {
      id: item.id,
      parent: item.parent,
      name: item.component_name || item.name,
      title: text(item.title || item.name),
      icon: item.icon,
      catalog: item.is_catalog,
      path: path === null ? entryPath : isExternal(path) ? path : routePath(path),
      visible,
      children,
    };
  };

  const tree: MenuEntry[] = [];
  for (const root of childrenOf.get(null) ?? []) {
    const entry = walk(root, true, root.id);
    if (entry && entry.visible) tree.push(entry);
  }
  // Strict mode: walking from the roots, items whose parent is not in the list never reach the tree (nor routes).
  return { routes, routeByPath, tree };
}

/** The search pool (spec §2.4): visible leaf entries with their full titles joined by ' / '. */
export function buildSearchPool(tree: readonly MenuEntry[]): SearchItem[] {
  const pool: SearchItem[] = [];
  const walk = (entries: readonly MenuEntry[], prefix: string) => {
    for (const entry of entries) {
      const fullTitle = prefix ? `${prefix} / ${entry.title}` : entry.title;
      if (entry.children.length > 0) walk(entry.children, fullTitle);
      else if (!entry.catalog && !isPlaceholder(entry.path)) pool.push({ id: entry.id, path: entry.path, title: entry.title, fullTitle });
    }
  };
  walk(tree, '');
  return pool;
}

/** The button permissions (spec §5): 'path:name' for every granted button of every item with a path. */
export function buildPermissions(items: readonly MenuItem[]): Set<string> {
  const permissions = new Set<string>();
  for (const item of items) {
    if (!item.path || !item.menuPermission) continue;
    const path = routePath(item.path);
    for (const perm of item.menuPermission) permissions.add(`${path}:${perm}`);
  }
  return permissions;
}

/** The top-level entry whose subtree holds `path`, if any. */
export function sectionOf(tree: readonly MenuEntry[], path: string): MenuEntry | null {
  const holds = (entry: MenuEntry): boolean => entry.path === path || entry.children.some(holds);
  return tree.find(holds) ?? null;
}

/**
 * The server's menu (`web_router`): the raw flat list, also kept in sessionStorage as menuData, and
 * what is built from it (routes, menus, search pool, permissions), and the section the side menu shows.
 */
export class MenuStore {
  items: MenuItem[] = [];
  state: LoadState = 'idle';
  /** The header section whose children the side menu shows when the current path is in none. */
  sectionId: number | null = null;

  constructor(
    private readonly api: ConsoleApi,
    private readonly menuData: MenuDataStore,
    /** A server title in the interface language (a seed menu translated, else as sent). */
    private readonly text: (title: string) => string = (title) => title,
  ) {
    // The list is replaced whole, never mutated: a reference, not 2,000 deep observables.
    makeAutoObservable<MenuStore, 'api' | 'menuData' | 'text'>(this, { api: false, menuData: false, text: false, items: observableRef }, { autoBind: true });
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

  /** Replaces the list (tests, stories, bench). */
  setItems(items: MenuItem[]): void {
    this.items = items;
    this.menuData.set(items);
    this.state = 'ready';
  }

  get built(): BuiltMenu {
    return buildMenu(this.items, this.text);
  }

  get searchPool(): SearchItem[] {
    return buildSearchPool(this.built.tree);
  }

  get permissions(): Set<string> {
    return buildPermissions(this.items);
  }

  routeFor(path: string): MenuRoute | null {
    return this.built.routeByPath.get(path) ?? null;
  }

  /** Header sections: the visible top-level entries. */
  get sections(): MenuEntry[] {
    return this.built.tree;
  }

  /**
   * The header section a path belongs to: the one whose visible entries hold it, else — for a hidden
   * menu page such as 菜单按钮 — the section its menu item sits under.
   */
  sectionFor(path: string): MenuEntry | null {
    const tree = this.built.tree;
    const visible = sectionOf(tree, path);
    if (visible) return visible;
    const route = this.routeFor(path);
    return route ? (tree.find((entry) => entry.id === route.sectionId) ?? null) : null;
  }

  /** Side-menu entries for a path: the children of the section holding it, else of the chosen section. */
  asideEntries(path: string): MenuEntry[] {
    const tree = this.built.tree;
    const section = this.sectionFor(path) ?? tree.find((entry) => entry.id === this.sectionId) ?? tree[0];
    if (!section) return [];
    return section.children.length > 0 ? section.children : [section];
  }

  selectSection(id: number): void {
    this.sectionId = id;
  }

  /** Spec §5: granted only if `path:name` is among the menu permissions (menuData). */
  hasPermission(path: string, name: string): boolean {
    return this.permissions.has(`${path}:${name}`);
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
    this.sectionId = null;
    this.menuData.clear();
  }
}
