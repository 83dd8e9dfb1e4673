import { describe, expect, it } from 'vitest';
import type { ListQuery, ResourcePage } from '../adapters/api';
import { ApiError } from '../adapters/errors';
import { fakeApi } from '../test/fake-api';
import { buildListQuery, dateRangeFilter, ResourceStore, valueFilter } from './resource';

const page = (rows: number, total: number, at = 1): ResourcePage => ({ page: at, limit: 10, total, rows: Array.from({ length: rows }, (_, i) => ({ id: i + 1 })) });

describe('ResourceStore', () => {
  it('loads page 1 with limit, ordering and base filters, then pages, sorts and searches', async () => {
    const queries: ListQuery[] = [];
    const api = fakeApi({
      list: async (_resource, query) => {
        queries.push({ ...query });
        return page(10, 23);
      },
    });
    const newest = { field: 'create_datetime', direction: 'desc' } as const;
    const parent = { op: 'equals', field: 'parent', value: 3 } as const;
    const store = new ResourceStore(api, { resource: '/api/system/user/', ordering: newest, baseFilters: [parent] });
    await store.load();
    expect(queries[0]).toEqual({ page: 1, limit: 10, ordering: newest, filters: [parent] });
    expect(store.total).toBe(23);
    expect(store.state).toBe('ready');
    await store.setPage(3);
    expect(queries.at(-1)?.page).toBe(3);
    await store.sort('username', -1);
    expect(queries.at(-1)).toMatchObject({ page: 1, ordering: { field: 'username', direction: 'desc' } });
    await store.sort('username', 0, newest);
    expect(queries.at(-1)?.ordering).toEqual(newest);
    await store.search([valueFilter('username', 'te'), valueFilter('name', ''), valueFilter('dept', null)], { from: '2026-11-01', to: '2026-11-21' });
    expect(queries.at(-1)).toEqual({
      page: 1,
      limit: 10,
      ordering: newest,
      filters: [parent, { op: 'equals', field: 'username', value: 'te' }, { op: 'range', field: 'create_datetime', from: '2026-11-01', to: '2026-11-21' }],
    });
    await store.setPage(1, 50);
    expect(queries.at(-1)).toMatchObject({ page: 1, limit: 50 });
  });

  it('a failed list is the error state with the message; rows are cleared', async () => {
    const api = fakeApi({
      list: async () => {
        throw new ApiError('envelope', '数据库连接失败', '/api/system/user/', 4000);
      },
    });
    const store = new ResourceStore(api, { resource: '/api/system/user/' });
    await store.load();
    expect(store.state).toBe('failed');
    expect(store.error).toBe('数据库连接失败');
    expect(store.rows).toEqual([]);
  });

  it('an empty page past the end (rows deleted meanwhile) goes back to the last page', async () => {
    const pages: number[] = [];
    const api = fakeApi({
      list: async (_r, query) => {
        pages.push(Number(query?.page));
        return query?.page === 3 ? page(0, 20, 3) : page(10, 20, Number(query?.page));
      },
    });
    const store = new ResourceStore(api, { resource: '/x/' });
    await store.setPage(3);
    expect(pages).toEqual([3, 2]);
    expect(store.page).toBe(2);
    expect(store.rows).toHaveLength(10);
  });

  it('a late answer of an older load is dropped', async () => {
    let release: (p: ResourcePage) => void = () => undefined;
    let call = 0;
    const api = fakeApi({
      list: () => {
        call += 1;
        return call === 1 ? new Promise<ResourcePage>((resolve) => (release = resolve)) : Promise.resolve(page(2, 2));
      },
    });
    const store = new ResourceStore(api, { resource: '/x/' });
    const first = store.load();
    await store.load();
    release(page(9, 9));
    await first;
    expect(store.total).toBe(2);
  });

  it('remove, removeSelected and save call the api and reload', async () => {
    const calls: string[] = [];
    const api = fakeApi({
      list: async () => {
        calls.push('list');
        return page(3, 3);
      },
      remove: async (_r, id) => void calls.push(`remove ${String(id)}`),
      multipleDelete: async (_r, keys) => void calls.push(`multiple ${keys.join(',')}`),
      create: async (_r, body) => (calls.push(`create ${JSON.stringify(body)}`), { id: 9 }),
      update: async (_r, id, body) => (calls.push(`update ${String(id)} ${JSON.stringify(body)}`), { id }),
    });
    const store = new ResourceStore(api, { resource: '/x/' });
    await store.load();
    await store.remove(2);
    store.select([{ id: 1 }, { id: 3 }]);
    await store.removeSelected();
    await store.save({ name: 'a' });
    await store.save({ name: 'b' }, 4);
    expect(calls).toEqual(['list', 'remove 2', 'list', 'multiple 1,3', 'list', 'create {"name":"a"}', 'list', 'update 4 {"name":"b"}', 'list']);
    expect(store.selection).toEqual([]);
  });

  it('a refused import keeps each bad row and reloads nothing; a good one reloads', async () => {
    let lists = 0;
    let fail = true;
    const api = fakeApi({
      list: async () => (lists++, page(1, 1)),
      importData: async () => {
        if (fail) throw new ApiError('envelope', '导入失败', '/x/import_data/', 4000, [{ row: 3, msg: '用户账号已存在' }, 'junk']);
        return '导入成功：新增 2 条，更新 0 条';
      },
    });
    const store = new ResourceStore(api, { resource: '/x/' });
    await expect(store.importFile(new Blob(['x']), 'a.xlsx')).resolves.toBe(false);
    expect(store.importProblems).toEqual([{ row: 3, msg: '用户账号已存在' }]);
    expect(store.importMessage).toBe('导入失败');
    expect(lists).toBe(0);
    fail = false;
    await expect(store.importFile(new Blob(['x']), 'a.xlsx')).resolves.toBe(true);
    expect(store.importProblems).toEqual([]);
    expect(store.importMessage).toBe('导入成功：新增 2 条，更新 0 条');
    expect(lists).toBe(1);
  });

  it('export sends the filters without paging and tracks progress until done', async () => {
    const seen: ListQuery[] = [];
    const progress: (number | null)[] = [];
    const api = fakeApi({
      exportData: async (_r, query, onProgress) => {
        seen.push(query);
        onProgress?.(0.5);
        progress.push(store.exportProgress);
        return { name: 'a.xlsx', blob: new Blob(['x']) };
      },
    });
    const store = new ResourceStore(api, { resource: '/x/', ordering: { field: 'sort', direction: 'asc' } });
    store.filters = [{ op: 'equals', field: 'name', value: 'a' }];
    await store.exportData();
    expect(seen[0]).toEqual({ ordering: { field: 'sort', direction: 'asc' }, filters: [{ op: 'equals', field: 'name', value: 'a' }] });
    expect(progress).toEqual([0.5]);
    expect(store.exportProgress).toBeNull();
  });
});

describe('query building', () => {
  it('search values become filters: several values in, one equals, empty ones none', () => {
    expect([valueFilter('a', ''), valueFilter('b', []), valueFilter('c', 0), valueFilter('d', false), valueFilter('e', [1, 2]), valueFilter('f', undefined)]).toEqual([
      null,
      null,
      { op: 'equals', field: 'c', value: 0 },
      { op: 'equals', field: 'd', value: false },
      { op: 'in', field: 'e', values: [1, 2] },
      null,
    ]);
  });

  it('sends no paging and no ordering for an unpaginated list without them', () => {
    const kept = { op: 'equals', field: 'c', value: 0 } as const;
    expect(buildListQuery({ page: 2, limit: 10, ordering: null, filters: [kept], baseFilters: [], paginated: false, dateRange: null, dateRangeField: 'create_datetime' })).toEqual({ filters: [kept] });
    expect(buildListQuery({ page: 2, limit: 10, ordering: null, filters: [], baseFilters: [], paginated: false, dateRange: null, dateRangeField: 'create_datetime' })).toEqual({});
  });

  it('a date range with one end uses it for both', () => {
    expect(dateRangeFilter('create_datetime', { from: '2026-11-01', to: '' })).toEqual({ op: 'range', field: 'create_datetime', from: '2026-11-01', to: '2026-11-01' });
    expect(dateRangeFilter('create_datetime', null)).toBeNull();
  });

  it('a lazy tree asks for one row\'s children with only the parent condition, all at once', async () => {
    const seen: { resource: string; query?: ListQuery }[] = [];
    const api = fakeApi({
      list: async (resource, query) => {
        seen.push({ resource, query });
        return page(2, 2);
      },
    });
    const store = new ResourceStore(api, { resource: '/api/system/area/', baseFilters: [{ op: 'isNull', field: 'pcode', value: true }], paginated: true });
    await expect(store.children('pcode', '110000')).resolves.toHaveLength(2);
    expect(seen).toEqual([{ resource: '/api/system/area/', query: { filters: [{ op: 'equals', field: 'pcode', value: '110000' }], limit: 999 } }]);
  });
});
