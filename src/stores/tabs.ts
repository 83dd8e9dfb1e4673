import { makeAutoObservable } from 'mobx';
import { INDEX_PATH } from '../config';

/** An opened page (spec §3). The title is an i18n key for console routes, or server text for menu routes. */
export interface Tab {
  name: string;
  path: string;
  fullPath: string;
  query: Record<string, string>;
  params: Record<string, string>;
  meta: { titleKey?: string; title?: string; auth: boolean; cache?: boolean };
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

/** Open page tabs. This slice opens only console routes; menu pages join with the next issue. */
export class TabsStore {
  opened: Tab[] = [INDEX_TAB];
  current: string = INDEX_PATH;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  isClosable(tab: Tab): boolean {
    return tab.name !== INDEX_TAB.name;
  }

  /** Opens (or focuses) a tab. */
  open(tab: Tab): void {
    const existing = this.opened.findIndex((t) => t.name === tab.name);
    if (existing >= 0) this.opened[existing] = tab;
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
    if (this.current !== fullPath) return null;
    const next = this.opened[index] ?? this.opened[index - 1] ?? INDEX_TAB;
    this.current = next.fullPath;
    return next.fullPath;
  }

  /** Back to the initial state: only the index tab. */
  reset(): void {
    this.opened = [INDEX_TAB];
    this.current = INDEX_PATH;
  }
}
