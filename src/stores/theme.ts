import { makeAutoObservable } from 'mobx';
import { COLOR_PRESETS, DEFAULT_THEME_COLOR, THEME_NAMES, THEMES_WITH_BACKGROUND, type SizeOption, type ThemeName } from '../config';
import { toThemeColor, toThemeName, type PreferencesStore } from './preferences';

/** A theme of spec §3: title, name, preview image path, optional background image path. */
export interface Theme {
  name: ThemeName;
  /** i18n key of the title. */
  titleKey: string;
  preview: string;
  backgroundImage?: string;
}

/** The seven themes; images are produced by scripts/theme-previews.ts and scripts/theme-backgrounds.ts. */
export const THEMES: readonly Theme[] = THEME_NAMES.map((name) => ({
  name,
  titleKey: `personalize.themes.${name}`,
  preview: `/themes/${name}/preview.png`,
  ...(THEMES_WITH_BACKGROUND.includes(name) ? { backgroundImage: `/themes/${name}/bg.svg` } : {}),
}));

/** Theme, colour and component size of the signed-in user (spec §2.4, §4, §9). */
export class ThemeStore {
  readonly list = THEMES;
  readonly colorPresets = COLOR_PRESETS;

  constructor(private readonly preferences: PreferencesStore) {
    makeAutoObservable<ThemeStore, 'preferences'>(this, { preferences: false, list: false, colorPresets: false }, { autoBind: true });
  }

  /** The active theme's name; an unknown stored name falls back to the first theme. */
  get activeName(): ThemeName {
    return toThemeName(this.preferences.values.theme);
  }

  get active(): Theme {
    return THEMES.find((theme) => theme.name === this.activeName) ?? (THEMES[0] as Theme);
  }

  activate(name: string): Promise<void> {
    return this.preferences.set('theme', toThemeName(name));
  }

  get color(): string {
    return this.preferences.values.color;
  }

  /** Stores the new colour (or the default when empty) in the per-user sys area (spec §4). */
  setColor(color: string | null | undefined): Promise<void> {
    return this.preferences.set('color', toThemeColor(color ?? DEFAULT_THEME_COLOR));
  }

  get size(): SizeOption {
    return this.preferences.values.size;
  }

  setSize(size: SizeOption): Promise<void> {
    return this.preferences.set('size', size);
  }
}
