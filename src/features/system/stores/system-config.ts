import { makeAutoObservable, runInAction } from 'mobx';
import { isRecord } from '../../../../contracts/json';
import type { ConsoleApi, ResourceRow, RowId } from '../../../adapters/api';
import { isApiError } from '../../../adapters/errors';
import type { SettingsStore } from '../../../stores/settings';

export const SYSTEM_CONFIG_RESOURCE = '/api/system/system_config/';

/** The children of a group (the back end spells the key `chinldern`). */
export function groupChildren(group: ResourceRow): ResourceRow[] {
  const kids: unknown = group.chinldern ?? group.children;
  return Array.isArray(kids) ? kids.filter(isRecord) : [];
}

/** The value key of an item: `<group key>.<item key>`, as in the console's settings. */
export const settingKey = (group: ResourceRow, item: ResourceRow): string => `${String(group.key)}.${String(item.key)}`;

/**
 * 系统配置 (system/config): the groups with their items (`?parent__isnull=true`, children under
 * `chinldern`), the values being edited, and the writes: a group's items saved at once
 * (PUT save_content/), groups and items added (POST) and removed (DELETE {id}/). After each write the
 * console's own settings reload. One instance per page.
 */
export class SystemConfigStore {
  groups: ResourceRow[] | null = null;
  failed = false;
  /** The edited values by `<group>.<item>` key. */
  values: Record<string, unknown> = {};
  saving = false;

  constructor(
    private readonly api: ConsoleApi,
    private readonly settings: SettingsStore,
  ) {
    makeAutoObservable<SystemConfigStore, 'api' | 'settings'>(this, { api: false, settings: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.failed = false;
    try {
      const page = await this.api.list(SYSTEM_CONFIG_RESOURCE, { filters: [{ op: 'isNull', field: 'parent', value: true }], limit: 999 });
      runInAction(() => {
        this.groups = page.rows;
        const values: Record<string, unknown> = {};
        for (const group of page.rows) for (const item of groupChildren(group)) values[settingKey(group, item)] = item.value;
        this.values = values;
      });
    } catch {
      runInAction(() => {
        this.failed = true;
      });
    }
  }

  setValue(key: string, value: unknown): void {
    this.values = { ...this.values, [key]: value };
  }

  /** Saves one group's items with their edited values; resolves false when the server refused (its message is shown). */
  async saveGroup(group: ResourceRow): Promise<boolean> {
    this.saving = true;
    try {
      const body = groupChildren(group).map((item) => {
        const { chinldern: _kids, children: _children, ...rest } = item;
        return { ...rest, value: this.values[settingKey(group, item)] ?? null };
      });
      await this.api.action(SYSTEM_CONFIG_RESOURCE, 'save_content/', { method: 'PUT', body });
      await this.settings.load().catch(() => undefined);
      return true;
    } catch (error) {
      if (!isApiError(error)) throw error;
      return false;
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  /** Adds a group or an item (the body from fields.ts); rejects with the server's refusal for the dialog to show. */
  create(body: ResourceRow): Promise<ResourceRow> {
    return this.api.create(SYSTEM_CONFIG_RESOURCE, body);
  }

  /** Removes a group (with its items) or an item; resolves false when the server refused (its message is shown). */
  async remove(id: RowId): Promise<boolean> {
    try {
      await this.api.remove(SYSTEM_CONFIG_RESOURCE, id);
      return true;
    } catch (error) {
      if (!isApiError(error)) throw error;
      return false;
    }
  }

  /** After an addition or a removal: the groups again, then the console's own settings. */
  async reload(): Promise<void> {
    await this.load();
    await this.settings.load().catch(() => undefined);
  }
}
