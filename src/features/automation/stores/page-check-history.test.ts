import { describe, expect, it } from 'vitest';
import type { ConsoleApi, PageCheckPage, PageCheckQuery } from '../../../adapters/api';
import { ApiError } from '../../../adapters/errors';
import { PageCheckHistoryStore } from './page-check-history';

/** the check history of a locator (页面元素's drawer). */
const row = (id: number, passed = true) => ({ id, run: null, game: 1, locator: 2, url: 'https://h5.example.com/', http_status: 200, passed, actual: 'x', message: passed ? null : 'no', duration_ms: 5, checked_at: '2026-11-25 09:00:00' });
const answer = (q: PageCheckQuery, total: number): PageCheckPage => {
  const page = q.page ?? 1;
  const limit = q.limit ?? 10;
  const ids = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => (page - 1) * limit + i + 1);
  return { page, limit, total, is_next: page * limit < total, is_previous: page > 1, data: ids.map((id) => row(id)) };
};

function fake(total: () => number) {
  const queries: PageCheckQuery[] = [];
  const pending: Array<() => void> = [];
  let hold = false;
  const api = {
    automation: {
      pageChecks: (q: PageCheckQuery) => {
        queries.push(q);
        if (q.locator === 404) return Promise.reject(new ApiError('envelope', '服务暂不可用', '/api/automation/webElement/results/', 4000));
        if (!hold) return Promise.resolve(answer(q, total()));
        return new Promise<PageCheckPage>((resolve) => pending.push(() => resolve(answer(q, total()))));
      },
    },
  } as unknown as ConsoleApi;
  return { api, queries, pending, holdOn: (v: boolean) => (hold = v) };
}

describe('PageCheckHistoryStore', () => {
  it('opens a locator on its first page with every result, pages and filters (back to page 1)', async () => {
    const f = fake(() => 23);
    const store = new PageCheckHistoryStore(f.api);
    await store.open({ id: 2, name: '开始按钮' });
    expect(store).toMatchObject({ state: 'ready', total: 23, page: 1 });
    expect(store.rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await store.setPage(3);
    expect(store.rows.map((r) => r.id)).toEqual([21, 22, 23]);
    await store.setPassed(false);
    expect(f.queries.at(-1)).toEqual({ locator: 2, passed: false, page: 1, limit: 10 });
    await store.setPassed(null);
    expect(f.queries.at(-1)).toEqual({ locator: 2, page: 1, limit: 10 });
    store.close();
    expect(store).toMatchObject({ target: null, rows: [], state: 'idle' });
  });

  it('a page past the end (results cleaned meanwhile) moves to the last page', async () => {
    let total = 30;
    const f = fake(() => total);
    const store = new PageCheckHistoryStore(f.api);
    await store.open({ id: 2, name: 'x' });
    total = 12;
    await store.setPage(3);
    expect(store.page).toBe(2);
    expect(store.rows.map((r) => r.id)).toEqual([11, 12]);
  });

  it('drops a late answer for a locator no longer shown', async () => {
    const f = fake(() => 5);
    const store = new PageCheckHistoryStore(f.api);
    f.holdOn(true);
    const first = store.open({ id: 2, name: 'a' });
    const second = store.open({ id: 3, name: 'b' });
    const [a, b] = f.pending;
    b?.();
    await second;
    a?.();
    await first;
    expect(store.target?.id).toBe(3);
    expect(f.queries.map((q) => q.locator)).toEqual([2, 3]);
    expect(store.state).toBe('ready');
  });

  it('a failed read keeps the message for the retry', async () => {
    const store = new PageCheckHistoryStore(fake(() => 0).api);
    await store.open({ id: 404, name: 'x' });
    expect(store).toMatchObject({ state: 'failed', error: '服务暂不可用' });
  });
});
