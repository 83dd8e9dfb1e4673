import { describe, expect, it } from 'vitest';
import type { ListQuery, ResourcePage } from '../adapters/api';
import { ApiError } from '../adapters/errors';
import { ImportError } from '../adapters/rest/resources';
import { fakeApi } from '../test/fake-api';
import { buildListQuery, dateRangeParams, ResourceStore } from './resource';

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
    const store = new ResourceStore(api, { resource: '/api/system/user/', ordering: '-create_datetime', baseQuery: { parent: 3 } });
    await store.load();
    expect(queries[0]).toEqual({ page: 1, limit: 10, ordering: '-create_datetime', parent: 3 });
    expect(store.total).toBe(23);
    expect(store.state).toBe('ready');
    await store.setPage(3);
    expect(queries.at(-1)?.page).toBe(3);
    await store.sort('username', -1);
    expect(queries.at(-1)).toMatchObject({ page: 1, ordering: '-username' });
    await store.sort('username', 0, '-create_datetime');
    expect(queries.at(-1)?.ordering).toBe('-create_datetime');
    await store.search({ username: 'te', name: '', dept: null }, { from: '2026-11-01', to: '2026-11-21' });
    expect(queries.at(-1)).toEqual({
      page: 1,
      limit: 10,
      ordering: '-create_datetime',
      parent: 3,
      username: 'te',
      create_datetime_after: '2026-11-01',
      create_datetime_before: '2026-11-21',
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
        if (fail) throw new ImportError('导入失败', '/x/import_data/', 4000, [{ row: 3, msg: '用户账号已存在' }, 'junk']);
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
    const store = new ResourceStore(api, { resource: '/x/', ordering: 'sort' });
    store.filters = { name: 'a' };
    await store.exportData();
    expect(seen[0]).toEqual({ ordering: 'sort', name: 'a' });
    expect(progress).toEqual([0.5]);
    expect(store.exportProgress).toBeNull();
  });
});

describe('query building', () => {
  it('leaves out empty filters and sends no paging for unpaginated lists', () => {
    expect(
      buildListQuery({ page: 2, limit: 10, ordering: '', filters: { a: '', b: [], c: 0, d: false }, baseQuery: {}, paginated: false, dateRange: null, dateRangeField: 'create_datetime' }),
    ).toEqual({ c: 0, d: false });
  });

  it('a date range with one end uses it for both', () => {
    expect(dateRangeParams('create_datetime', { from: '2026-11-01', to: '' })).toEqual({ create_datetime_after: '2026-11-01', create_datetime_before: '2026-11-01' });
    expect(dateRangeParams('create_datetime', null)).toEqual({});
  });
});
