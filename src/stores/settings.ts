import { makeAutoObservable, runInAction } from 'mobx';
import type { Settings } from '../../contracts/schemas';
import type { ConsoleApi } from '../adapters/api';

/** Server settings (`/api/init/settings/`): a flat "<group>.<key>" map. */
export class SettingsStore {
  values: Settings = {};
  loaded = false;

  constructor(private readonly api: ConsoleApi) {
    makeAutoObservable<SettingsStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    const values = await this.api.settings();
    runInAction(() => {
      this.values = values;
      this.loaded = true;
    });
  }

  /** A string setting, or null when absent or not a string. */
  text(key: string): string | null {
    const value = this.values[key];
    return typeof value === 'string' && value ? value : null;
  }
}
