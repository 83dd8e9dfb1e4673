import type { ConsoleApi, ResourceRow, RowId } from '../adapters/api';

/**
 * Where a remote search select (spec §2.5, §7) finds its rows: `search` for what a person types (no
 * call for an empty keyword), `byIds` for the labels of the values it already holds. Both read the
 * list answer whether it comes as data.data or data.results.
 */
export class RemoteSelectSource {
  constructor(
    private readonly api: ConsoleApi,
    readonly resource: string,
  ) {}

  async search(keyword: string): Promise<ResourceRow[]> {
    const text = keyword.trim();
    if (!text) return [];
    return (await this.api.list(this.resource, { search: text })).rows;
  }

  async byIds(ids: readonly RowId[]): Promise<ResourceRow[]> {
    if (ids.length === 0) return [];
    return (await this.api.list(this.resource, { ids })).rows;
  }
}
