import { makeAutoObservable } from 'mobx';
import type { ContainerType } from '../config';
import type { PreferencesStore } from './preferences';

/**
 * Shell state (spec §2.4): gray mode (e.g. while the logout question is open), fullscreen, search
 * active, and the per-user layout choices kept in the preferences: aside collapse and transition,
 * page transitions, the layout container and smooth scrolling. On a narrow viewport the aside is a
 * drawer (open or not, never stored).
 */
export class UiStore {
  gray = false;
  /** The page is in fullscreen (reset when the browser leaves fullscreen by itself). */
  fullscreen = false;
  /** The menu search panel is open. */
  searchActive = false;
  /** The viewport is narrow (NARROW_VIEWPORT_QUERY): the aside is a drawer and the header tools fold. */
  narrow = false;
  /** On a narrow viewport: the side menu drawer is open. */
  drawerOpen = false;

  constructor(private readonly preferences: PreferencesStore) {
    makeAutoObservable<UiStore, 'preferences'>(this, { preferences: false }, { autoBind: true });
  }

  get asideCollapsed(): boolean {
    return this.preferences.values.asideCollapse;
  }

  get asideTransition(): boolean {
    return this.preferences.values.asideTransition;
  }

  get transition(): boolean {
    return this.preferences.values.transition;
  }

  get container(): ContainerType {
    return this.preferences.values.container;
  }

  get smoothScroll(): boolean {
    return this.preferences.values.smoothScroll;
  }

  setGray(on: boolean): void {
    this.gray = on;
  }

  setFullscreen(on: boolean): void {
    this.fullscreen = on;
  }

  setSearchActive(on: boolean): void {
    this.searchActive = on;
  }

  setNarrow(on: boolean): void {
    this.narrow = on;
    if (!on) this.drawerOpen = false;
  }

  setDrawerOpen(open: boolean): void {
    this.drawerOpen = open;
  }

  toggleAside(): void {
    void this.preferences.set('asideCollapse', !this.asideCollapsed);
  }

  setAsideCollapsed(collapsed: boolean): void {
    void this.preferences.set('asideCollapse', collapsed);
  }

  setAsideTransition(on: boolean): void {
    void this.preferences.set('asideTransition', on);
  }

  setTransition(on: boolean): void {
    void this.preferences.set('transition', on);
  }

  setContainer(type: ContainerType): void {
    void this.preferences.set('container', type);
  }

  setSmoothScroll(on: boolean): void {
    void this.preferences.set('smoothScroll', on);
  }

  /** Back to the initial in-memory state (stored choices stay with their user). */
  reset(): void {
    this.gray = false;
    this.fullscreen = false;
    this.searchActive = false;
    this.drawerOpen = false;
  }
}
