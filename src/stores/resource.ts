import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleApi, DownloadedFile, FilterValue, ListFilter, ListQuery, Ordering, ResourcePage, ResourceRow, RowId } from '../adapters/api';
import { isApiError } from '../adapters/errors';
import { DEFAULT_PAGE_SIZE } from '../config';

export type ResourceLoadState = 'idle' | 'loading' | 'ready' | 'failed';

/** A date range search: both ends as yyyy-MM-dd. */
export interface DateRange {
  from: string;
  to: string;
}

export interface ResourceStoreOptions {
  /** Base path of the viewset, e.g. '/api/system/user/'. */
  resource: string;
  /** Rows per page (default 10). */
  limit?: number;
  /** Default ordering; none = the server's own. */
  ordering?: Ordering;
  /** Filters always sent (e.g. the parent of a sub-dictionary). */
  baseFilters?: readonly ListFilter[];
  /** Whether the list is paginated (false for lazy trees: no page/limit sent). */
  paginated?: boolean;
  /** Field of the date range search (default create_datetime); see dateRangeFilter. */
  dateRangeField?: string;
}

/** A date range search (yyyy-MM-dd) as a range filter, both ends included; one end given means that one day. */
export function dateRangeFilter(field: string, range: DateRange | null): ListFilter | null {
  if (!range || (!range.from && !range.to)) return null;
  return { op: 'range', field, from: range.from || range.to, to: range.to || range.from };
}

/** A search value as a filter: several values → in, one → equals; empty (undefined, null, '', []) → none. */
export function valueFilter(field: string, value: unknown): ListFilter | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) {
    const values = value.filter(isFilterValue);
    return values.length > 0 ? { op: 'in', field, values } : null;
  }
  return isFilterValue(value) ? { op: 'equals', field, value } : { op: 'equals', field, value: String(value) };
}

const isFilterValue = (value: unknown): value is FilterValue => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The query sent for the current state: paging (when paginated), ordering, the base filters, then the search. */
export function buildListQuery(state: {
  page: number;
  limit: number;
  ordering: Ordering | null;
  filters: readonly ListFilter[];
  baseFilters: readonly ListFilter[];
  paginated: boolean;
  dateRange: DateRange | null;
  dateRangeField: string;
}): ListQuery {
  const query: ListQuery = {};
  if (state.paginated) {
    query.page = state.page;
    query.limit = state.limit;
  }
  if (state.ordering) query.ordering = state.ordering;
  const range = dateRangeFilter(state.dateRangeField, state.dateRange);
  const filters = [...state.baseFilters, ...state.filters, ...(range ? [range] : [])];
  if (filters.length > 0) query.filters = filters;
  return query;
}

/** One failed import row (reference server: code 4000 with data [{row, msg}]). */
export interface ImportRowProblem {
  row: number;
  msg: string;
}

/**
 * The state of one CRUD page: the page of rows, paging, ordering, search filters, selection, and the
 * write calls. One instance per page (built by the page, never shared).
 */
export class ResourceStore {
  rows: ResourceRow[] = [];
  total = 0;
  page = 1;
  limit: number;
  ordering: Ordering | null;
  /** The search form's and header filters' conditions. */
  filters: ListFilter[] = [];
  dateRange: DateRange | null = null;
  state: ResourceLoadState = 'idle';
  error = '';
  selection: ResourceRow[] = [];
  /** Share of the running export, or null when none runs; NaN while the size is unknown. */
  exportProgress: number | null = null;
  importing = false;
  importProblems: ImportRowProblem[] = [];
  importMessage = '';
  readonly resource: string;
  readonly baseFilters: readonly ListFilter[];
  readonly paginated: boolean;
  readonly dateRangeField: string;
  /** Increments with each load; an older answer arriving late is dropped. */
  private generation = 0;

  constructor(
    private readonly api: ConsoleApi,
    options: ResourceStoreOptions,
  ) {
    this.resource = options.resource;
    this.limit = options.limit ?? DEFAULT_PAGE_SIZE;
    this.ordering = options.ordering ?? null;
    this.baseFilters = options.baseFilters ?? [];
    this.paginated = options.paginated ?? true;
    this.dateRangeField = options.dateRangeField ?? 'create_datetime';
    makeAutoObservable<ResourceStore, 'api' | 'generation'>(this, { api: false, generation: false, resource: false, baseFilters: false }, { autoBind: true });
  }

  get query(): ListQuery {
    return buildListQuery(this);
  }

  get selectedIds(): RowId[] {
    return this.selection.map((row) => row.id).filter((id): id is RowId => typeof id === 'number' || typeof id === 'string');
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.state = 'loading';
    this.error = '';
    try {
      const result = await this.api.list(this.resource, this.query);
      if (generation !== this.generation) return;
      // A page past the end (rows deleted meanwhile): go back to the last page that exists.
      if (this.paginated && result.rows.length === 0 && this.page > 1 && result.total > 0) {
        runInAction(() => {
          this.page = Math.max(1, Math.ceil(result.total / this.limit));
        });
        await this.load();
        return;
      }
      runInAction(() => {
        this.rows = result.rows;
        this.total = result.total;
        this.state = 'ready';
        this.selection = [];
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.rows = [];
        this.total = 0;
        this.state = 'failed';
        this.error = isApiError(error) ? error.message : String(error);
      });
    }
  }

  setPage(page: number, limit: number = this.limit): Promise<void> {
    this.page = Math.max(1, page);
    if (limit !== this.limit) {
      this.limit = limit;
      this.page = 1;
    }
    return this.load();
  }

  /** Sorts by a field (order 1 ascending, -1 descending, 0 = back to the default). */
  sort(field: string, order: 1 | -1 | 0, fallback: Ordering | null = null): Promise<void> {
    this.ordering = order === 0 ? fallback : { field, direction: order === -1 ? 'desc' : 'asc' };
    this.page = 1;
    return this.load();
  }

  /** Searches with these conditions (empty values are left out) and date range, from page 1. */
  search(filters: readonly (ListFilter | null)[], dateRange: DateRange | null = this.dateRange): Promise<void> {
    this.filters = filters.filter((filter): filter is ListFilter => filter !== null);
    this.dateRange = dateRange;
    this.page = 1;
    return this.load();
  }

  resetSearch(): Promise<void> {
    return this.search([], null);
  }

  /** The children of a lazy tree's row: only the parent condition (the root's base filters would exclude them), all at once. */
  async children(childParam: string, parent: FilterValue): Promise<ResourceRow[]> {
    const page: ResourcePage = await this.api.list(this.resource, { filters: [{ op: 'equals', field: childParam, value: parent }], limit: 999 });
    return page.rows;
  }

  select(rows: ResourceRow[]): void {
    this.selection = rows;
  }

  retrieve(id: RowId): Promise<ResourceRow> {
    return this.api.retrieve(this.resource, id);
  }

  /** Creates or updates, then reloads the page. */
  async save(values: ResourceRow, id?: RowId): Promise<ResourceRow> {
    const saved = id === undefined ? await this.api.create(this.resource, values) : await this.api.update(this.resource, id, values);
    await this.load();
    return saved;
  }

  async remove(id: RowId): Promise<void> {
    await this.api.remove(this.resource, id);
    await this.load();
  }

  async removeSelected(): Promise<void> {
    const keys = this.selectedIds;
    if (keys.length === 0) return;
    await this.api.multipleDelete(this.resource, keys);
    await this.load();
  }

  /** Downloads the export of the current filters, tracking progress. */
  async exportData(): Promise<DownloadedFile> {
    this.exportProgress = 0;
    try {
      const { page: _page, limit: _limit, ...query } = this.query;
      return await this.api.exportData(this.resource, query, (fraction) => {
        runInAction(() => {
          this.exportProgress = fraction ?? Number.NaN;
        });
      });
    } finally {
      runInAction(() => {
        this.exportProgress = null;
      });
    }
  }

  importTemplate(): Promise<DownloadedFile> {
    return this.api.importTemplate(this.resource);
  }

  /** Imports a file: all or nothing on the server; each bad row is kept for the dialog. */
  async importFile(file: Blob, name: string): Promise<boolean> {
    this.importing = true;
    this.importProblems = [];
    this.importMessage = '';
    try {
      const message = await this.api.importData(this.resource, file, name);
      runInAction(() => {
        this.importMessage = message;
      });
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => {
        this.importMessage = isApiError(error) ? error.message : String(error);
        this.importProblems = importProblemsOf(error);
      });
      return false;
    } finally {
      runInAction(() => {
        this.importing = false;
      });
    }
  }

  clearImport(): void {
    this.importProblems = [];
    this.importMessage = '';
  }

  /** An extra action on the resource (reset to the default password, ...). */
  action(path: string, options?: Parameters<ConsoleApi['action']>[2]): Promise<unknown> {
    return this.api.action(this.resource, path, options);
  }
}

/** The per-row problems an import failure carries (`details` of the error), if any. */
export function importProblemsOf(error: unknown): ImportRowProblem[] {
  const details: unknown = error && typeof error === 'object' ? (error as { details?: unknown }).details : undefined;
  if (!Array.isArray(details)) return [];
  return details
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item) => ({ row: Number(item.row) || 0, msg: String(item.msg ?? '') }));
}
