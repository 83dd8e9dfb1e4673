import { makeAutoObservable, runInAction } from 'mobx';
import type { LocalDb } from '../adapters/local-db';
import {
  ASIDE_COLLAPSE_DB_KEY,
  ASIDE_TRANSITION_DB_KEY,
  TABS_DB_KEY,
  CONTAINER_TYPES,
  DEFAULT_CONTAINER,
  DEFAULT_SIZE,
  DEFAULT_THEME_COLOR,
  SIZE_OPTIONS,
  THEME_NAMES,
  type ContainerType,
  type Language,
  type SizeOption,
  type ThemeName,
} from '../config';
import type { LocaleStore } from './locale';

/**
 * What each staff member tunes and the console remembers per user (spec §4: theme, transition,
 * opened tabs, aside menu, size, colour), in the per-user `sys` area of the local database.
 * The language lives in its cookie (LocaleStore) and is read through here for one typed view.
 */
export interface Preferences {
  theme: ThemeName;
  color: string;
  size: SizeOption;
  locale: Language;
  asideCollapse: boolean;
  asideTransition: boolean;
  transition: boolean;
  container: ContainerType;
  smoothScroll: boolean;
  /** Open tabs as stored; the tabs store parses them. */
  openedTabs: unknown[];
}

export type StoredPreferences = Omit<Preferences, 'locale'>;

/** Keys in the per-user sys area. */
export const PREFERENCE_KEYS: Record<keyof StoredPreferences, string> = {
  theme: 'theme.activeName',
  color: 'color.value',
  size: 'size.value',
  asideCollapse: ASIDE_COLLAPSE_DB_KEY,
  asideTransition: ASIDE_TRANSITION_DB_KEY,
  transition: 'transition.active',
  container: 'container.type',
  smoothScroll: 'container.smoothScroll',
  openedTabs: TABS_DB_KEY,
};

/** Spec §4 initial state: aside expanded with transitions, page transitions on, only the index tab. */
export const DEFAULT_PREFERENCES: StoredPreferences = {
  theme: THEME_NAMES[0],
  color: DEFAULT_THEME_COLOR,
  size: DEFAULT_SIZE,
  asideCollapse: false,
  asideTransition: true,
  transition: true,
  container: DEFAULT_CONTAINER,
  smoothScroll: false,
  openedTabs: [],
};

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** An unknown theme name falls back to the first theme (spec §4). */
export function toThemeName(value: unknown): ThemeName {
  return (THEME_NAMES as readonly unknown[]).includes(value) ? (value as ThemeName) : THEME_NAMES[0];
}

/** A colour is a hex string; empty or malformed gives the default (spec §4). */
export function toThemeColor(value: unknown): string {
  return typeof value === 'string' && HEX_COLOR.test(value.trim()) ? value.trim() : DEFAULT_THEME_COLOR;
}

export function toSize(value: unknown): SizeOption {
  return (SIZE_OPTIONS as readonly unknown[]).includes(value) ? (value as SizeOption) : DEFAULT_SIZE;
}

export function toContainer(value: unknown): ContainerType {
  return (CONTAINER_TYPES as readonly unknown[]).includes(value) ? (value as ContainerType) : DEFAULT_CONTAINER;
}

/** Normalises whatever was stored (older versions, hand edits) into valid preferences. */
export function normalizePreferences(raw: { [K in keyof StoredPreferences]?: unknown }): StoredPreferences {
  const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  return {
    theme: toThemeName(raw.theme),
    color: toThemeColor(raw.color),
    size: toSize(raw.size),
    asideCollapse: bool(raw.asideCollapse, DEFAULT_PREFERENCES.asideCollapse),
    asideTransition: bool(raw.asideTransition, DEFAULT_PREFERENCES.asideTransition),
    transition: bool(raw.transition, DEFAULT_PREFERENCES.transition),
    container: toContainer(raw.container),
    smoothScroll: bool(raw.smoothScroll, DEFAULT_PREFERENCES.smoothScroll),
    openedTabs: Array.isArray(raw.openedTabs) ? (raw.openedTabs as unknown[]) : [],
  };
}

/** The signed-in user's preferences: loaded before first paint and after every sign-in. */
export class PreferencesStore {
  values: StoredPreferences = { ...DEFAULT_PREFERENCES };
  /** The uuid whose preferences are loaded ('' before the first load). */
  loadedFor: string | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: LocalDb,
    private readonly locale: LocaleStore,
    private readonly uuid: () => string | null,
  ) {
    makeAutoObservable<PreferencesStore, 'db' | 'locale' | 'uuid' | 'loading'>(
      this,
      { db: false, locale: false, uuid: false, loading: false },
      { autoBind: true },
    );
  }

  get loaded(): boolean {
    return this.loadedFor !== null;
  }

  /** The whole typed view, language included. */
  get all(): Preferences {
    return { ...this.values, locale: this.locale.language };
  }

  /** Reads every preference of the current user (missing ones are stored as their default). */
  load(): Promise<void> {
    this.loading ??= this.read().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    const owner = this.uuid() ?? '';
    const keys = Object.keys(PREFERENCE_KEYS) as (keyof StoredPreferences)[];
    const raw: { [K in keyof StoredPreferences]?: unknown } = {};
    await Promise.all(
      keys.map(async (key) => {
        try {
          raw[key] = await this.db.get<unknown>('sys', PREFERENCE_KEYS[key], { user: true, defaultValue: DEFAULT_PREFERENCES[key] });
        } catch {
          raw[key] = DEFAULT_PREFERENCES[key];
        }
      }),
    );
    runInAction(() => {
      this.values = normalizePreferences(raw);
      this.loadedFor = owner;
    });
  }

  /** Changes one preference now and stores it for the current user. */
  async set<K extends keyof StoredPreferences>(key: K, value: StoredPreferences[K]): Promise<void> {
    this.values = { ...this.values, [key]: value };
    try {
      await this.db.set('sys', PREFERENCE_KEYS[key], value, { user: true });
    } catch {
      // Storage unavailable: the choice holds for this page.
    }
  }

  setLocale(language: Language): void {
    this.locale.setLanguage(language);
  }

  /** Back to the defaults in memory (logout); stored choices stay for the next sign-in. */
  reset(): void {
    this.values = { ...DEFAULT_PREFERENCES };
    this.loadedFor = null;
  }

  /** Persistence of the open tabs for the tabs store (per-user sys area, key page.opened). */
  get tabsPersistence(): { load(): Promise<unknown>; save(tabs: readonly unknown[]): Promise<void> } {
    return {
      load: async () => {
        if (!this.loaded) await this.load();
        return this.values.openedTabs;
      },
      save: (tabs) => this.set('openedTabs', JSON.parse(JSON.stringify(tabs)) as unknown[]),
    };
  }
}
