import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { DictionaryEntry } from '../../contracts/schemas';
import type { ConsoleApi } from '../adapters/api';

/** A dictionary entry as the console uses it: values typed by the entry's type (spec §3). */
export interface ButtonSetting {
  label: string;
  value: string | number | boolean;
  color: string | null;
}

/** Type 1 → number, type 6 → boolean ('true' is true), anything else stays text. */
export function toButtonSetting(entry: DictionaryEntry): ButtonSetting {
  let value: ButtonSetting['value'] = entry.value;
  if (entry.type === 1) value = Number(entry.value);
  else if (entry.type === 6) value = entry.value === 'true';
  return { label: entry.label, value, color: entry.color ?? null };
}

/** Dictionary key → its entries (spec §4). */
export class DictionaryStore {
  readonly data = observable.map<string, ButtonSetting[]>();

  /** `text` gives a server label in the interface language (a seed label translated, else as sent). */
  constructor(
    private readonly api: ConsoleApi,
    private readonly text: (label: string) => string = (label) => label,
  ) {
    makeAutoObservable<DictionaryStore, 'api' | 'text'>(this, { api: false, data: false, text: false }, { autoBind: true });
  }

  /** The entries with their labels in the interface language (recomputed when the data or the language change). */
  get shown(): Map<string, ButtonSetting[]> {
    const shown = new Map<string, ButtonSetting[]>();
    for (const [key, entries] of this.data) shown.set(key, entries.map((entry) => ({ ...entry, label: this.text(entry.label) })));
    return shown;
  }

  /** Loads every dictionary and replaces the whole map. */
  async loadAll(): Promise<void> {
    const groups = await this.api.dictionary();
    runInAction(() => {
      this.data.replace(groups.map((group) => [group.value, group.children.map(toButtonSetting)] as const));
    });
  }

  /** Loads one dictionary and replaces only that key. */
  async load(key: string): Promise<void> {
    const entries = await this.api.dictionary(key);
    runInAction(() => {
      this.data.set(key, entries.map(toButtonSetting));
    });
  }

  get(key: string): ButtonSetting[] {
    return this.shown.get(key) ?? [];
  }

  clear(): void {
    this.data.clear();
  }
}
