import { makeAutoObservable } from 'mobx';
import { INDEX_PATH } from '../config';

/** An opened page (spec §3). The title is an i18n key for console routes, or server text for menu routes. */
export interface Tab {
  name: string;
  path: string;
  fullPath: string;
  query: Record<string, string>;
  params: Record<string, string>;
  /** `pageTitle`: a title the page set for itself (a game's name on its detail tab), shown instead of the route's. */
  meta: { titleKey?: string; title?: string; pageTitle?: string; auth: boolean; cache?: boolean };
}

/** The first tab: /index, 控制台, never closable (spec §4, §5). */
export const INDEX_TAB: Tab = Object.freeze({
  name: 'index',
  path: INDEX_PATH,
  fullPath: INDEX_PATH,
  query: {},
  params: {},
  meta: { titleKey: 'route.index', auth: true },
});

/** Commands of the tab context menu and dropdown (spec §2.4). */
export const TAB_COMMANDS = ['refresh', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'] as const;
export type TabCommand = (typeof TAB_COMMANDS)[number];

export const isTabCommand = (value: string): value is TabCommand => (TAB_COMMANDS as readonly string[]).includes(value);

/** Reads a stored tab list defensively: anything malformed is dropped. */
export function parseStoredTabs(value: unknown): Tab[] {
  if (!Array.isArray(value)) return [];
  const out: Tab[] = [];
  for (const raw of value as unknown[]) {
    if (!raw || typeof raw !== 'object') continue;
    const t = raw as Record<string, unknown>;
    if (typeof t.name !== 'string' || typeof t.path !== 'string' || typeof t.fullPath !== 'string') continue;
    const meta = (t.meta && typeof t.meta === 'object' ? t.meta : {}) as Record<string, unknown>;
    const strings = (v: unknown): Record<string, string> =>
      v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
    out.push({
      name: t.name,
      path: t.path,
      fullPath: t.fullPath,
      query: strings(t.query),
      params: strings(t.params),
      meta: {
        ...(typeof meta.titleKey === 'string' ? { titleKey: meta.titleKey } : {}),
        ...(typeof meta.title === 'string' ? { title: meta.title } : {}),
        ...(typeof meta.pageTitle === 'string' ? { pageTitle: meta.pageTitle } : {}),
        auth: meta.auth !== false,
        ...(typeof meta.cache === 'boolean' ? { cache: meta.cache } : {}),
      },
    });
  }
  return out;
}

/**
 * Open page tabs (spec §2.4), a MobX store rather than a router side effect. Tabs are identified by
 * fullPath. Every method that changes the current page returns where to navigate (or null).
 * `generation` changes when a page must start afresh (refresh; a closed tab's page is unmounted): the
 * view keys its kept-alive page by it.
 */
export class TabsStore {
  opened: Tab[] = [INDEX_TAB];
  current: string = INDEX_PATH;
  /** fullPath → render generation. */
  generations = new Map<string, number>();
  /** The tabs of the signed-in user have been restored (saving starts only then). */
  restored = false;
  private counter = 0;

  constructor() {
    makeAutoObservable<TabsStore, 'counter'>(this, { counter: false }, { autoBind: true });
  }

  isClosable(tab: Tab): boolean {
    return tab.name !== INDEX_TAB.name && tab.fullPath !== INDEX_PATH;
  }

  generation(fullPath: string): number {
    return this.generations.get(fullPath) ?? 0;
  }

  /** Opens (or focuses and updates) a tab. */
  open(tab: Tab): void {
    const existing = this.opened.findIndex((t) => t.fullPath === tab.fullPath);
    // The route's tab again: a title the page set for itself stays.
    const pageTitle = tab.meta.pageTitle ?? this.opened[existing]?.meta.pageTitle;
    // A new tab keeps generation 0: the layout already shows the current page before its tab is
    // opened (or restored), and a new key then would mount it twice (two list requests).
    // A closed tab's page was unmounted anyway; only refresh needs a new generation.
    if (existing >= 0) this.opened[existing] = pageTitle ? { ...tab, meta: { ...tab.meta, pageTitle } } : tab;
    else this.opened.push(tab);
    this.current = tab.fullPath;
  }

  /**
   * Closes a tab. Returns where to go when it was the current one: its right neighbour, or the left
   * one if it was the last (spec §2.4); null when nothing changes for the current page.
   */
  close(fullPath: string): string | null {
    const index = this.opened.findIndex((t) => t.fullPath === fullPath);
    const tab = this.opened[index];
    if (!tab || !this.isClosable(tab)) return null;
    this.opened.splice(index, 1);
    this.generations.delete(fullPath);
    if (this.current !== fullPath) return null;
    const next = this.opened[index] ?? this.opened[index - 1] ?? INDEX_TAB;
    this.current = next.fullPath;
    return next.fullPath;
  }

  private removeWhere(keep: (tab: Tab, index: number) => boolean): void {
    const kept: Tab[] = [];
    this.opened.forEach((tab, index) => {
      if (!this.isClosable(tab) || keep(tab, index)) kept.push(tab);
      else this.generations.delete(tab.fullPath);
    });
    this.opened = kept;
  }

  private focus(fullPath: string): string | null {
    const changed = this.current !== fullPath;
    this.current = fullPath;
    return changed ? fullPath : null;
  }

  private indexOf(fullPath: string): number {
    return this.opened.findIndex((t) => t.fullPath === fullPath);
  }

  /** Closes the closable tabs left of `fullPath` (default: the current one), which becomes current. */
  closeLeft(fullPath: string = this.current): string | null {
    const at = this.indexOf(fullPath);
    if (at < 0) return null;
    this.removeWhere((_, i) => i >= at);
    return this.focus(fullPath);
  }

  /** Closes the tabs right of `fullPath`, which becomes current. */
  closeRight(fullPath: string = this.current): string | null {
    const at = this.indexOf(fullPath);
    if (at < 0) return null;
    this.removeWhere((_, i) => i <= at);
    return this.focus(fullPath);
  }

  /** Closes every closable tab but `fullPath`, which becomes current. */
  closeOthers(fullPath: string = this.current): string | null {
    const at = this.indexOf(fullPath);
    if (at < 0) return null;
    this.removeWhere((_, i) => i === at);
    return this.focus(fullPath);
  }

  /** Closes every closable tab; back to the index page (spec §2.4). */
  closeAll(): string | null {
    this.removeWhere(() => false);
    return this.focus(INDEX_PATH);
  }

  /** A page names its own tab (e.g. a game's detail tab takes the game's name); '' goes back to the route's title. */
  setPageTitle(fullPath: string, title: string): void {
    const at = this.indexOf(fullPath);
    const tab = this.opened[at];
    if (!tab || tab.meta.pageTitle === (title || undefined)) return;
    const { pageTitle: _old, ...meta } = tab.meta;
    this.opened[at] = { ...tab, meta: title ? { ...meta, pageTitle: title } : meta };
  }

  /** The page of `fullPath` starts afresh (its kept-alive state is dropped). */
  refresh(fullPath: string = this.current): void {
    if (this.indexOf(fullPath) >= 0) this.generations.set(fullPath, ++this.counter);
  }

  /** Runs a context-menu / dropdown command on a tab. Unknown command → 'invalid'. */
  command(command: string, fullPath: string = this.current): { navigate: string | null } | 'invalid' {
    if (!isTabCommand(command)) return 'invalid';
    switch (command) {
      case 'refresh':
        this.refresh(fullPath);
        return { navigate: this.focus(fullPath) };
      case 'closeLeft':
        return { navigate: this.closeLeft(fullPath) };
      case 'closeRight':
        return { navigate: this.closeRight(fullPath) };
      case 'closeOthers':
        return { navigate: this.closeOthers(fullPath) };
      case 'closeAll':
        return { navigate: this.closeAll() };
    }
  }

  /** Drag reorder: moves the tab at `from` to `to`. The index tab stays first. */
  move(from: number, to: number): void {
    const tab = this.opened[from];
    if (!tab || !this.isClosable(tab) || from === to) return;
    const target = Math.max(1, Math.min(to, this.opened.length - 1));
    const next = this.opened.slice();
    next.splice(from, 1);
    next.splice(target, 0, tab);
    this.opened = next;
  }

  /**
   * Puts back a user's saved tabs (spec §2.4: open tabs persist per user): the index tab first, the
   * saved ones that `isValid` still accepts in their order, then any tab opened meanwhile.
   */
  restore(saved: Tab[], isValid: (tab: Tab) => boolean): void {
    const byPath = new Map<string, Tab>();
    for (const tab of saved) if (this.isClosable(tab) && isValid(tab) && !byPath.has(tab.fullPath)) byPath.set(tab.fullPath, tab);
    for (const tab of this.opened) if (this.isClosable(tab) && !byPath.has(tab.fullPath)) byPath.set(tab.fullPath, tab);
    this.opened = [INDEX_TAB, ...byPath.values()];
    this.restored = true;
  }

  /** What is saved: every closable tab, in order. */
  get persisted(): Tab[] {
    return this.opened.filter((tab) => this.isClosable(tab));
  }

  /** Back to the initial state: only the index tab. */
  reset(): void {
    this.opened = [INDEX_TAB];
    this.current = INDEX_PATH;
    this.generations = new Map();
    this.restored = false;
  }
}
