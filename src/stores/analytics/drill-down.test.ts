import { describe, expect, it } from 'vitest';
import { DrillDownStore, type DrillPage } from './drill-down';

/** The shared drill-down store: pages and kinds, the stale-answer guard, meta, export failures. */

type Kind = 'a' | 'b';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('DrillDownStore', () => {
  it('loads pages of the current kind; another kind starts at page 1; total, pages and meta from the answer', async () => {
    const asked: string[] = [];
    const store = new DrillDownStore<number, Kind, { sum: number }>(
      {
        page: async (kind, page, limit) => {
          asked.push(`${kind}:${page}:${limit}`);
          const total = kind === 'a' ? 45 : 3;
          return { total, rows: Array.from({ length: Math.min(limit, total - (page - 1) * limit) }, (_, i) => (page - 1) * limit + i), meta: { sum: total * 10 } };
        },
        exportFile: async (kind) => ({ name: `${kind}.xlsx`, blob: new Blob(['x']) }),
      },
      'a',
    );
    expect([store.total, store.meta, store.state]).toEqual([null, null, 'idle']);
    await store.load(3);
    expect([store.page, store.total, store.pages, store.rows, store.meta]).toEqual([3, 45, 3, [40, 41, 42, 43, 44], { sum: 450 }]);
    await store.setKind('b');
    expect([store.kind, store.page, store.total, store.rows]).toEqual(['b', 1, 3, [0, 1, 2]]);
    expect(asked).toEqual(['a:3:20', 'b:1:20']);
    expect((await store.exportFile())?.name).toBe('b.xlsx');
    expect(store.exporting).toBe(false);
  });

  it('an older answer arriving after a newer one is dropped', async () => {
    const slow = deferred<DrillPage<string>>();
    const store = new DrillDownStore<string, Kind>({ page: (kind) => (kind === 'a' ? slow.promise : Promise.resolve({ total: 1, rows: ['b'] })), exportFile: () => Promise.reject(new Error('no')) }, 'a');
    const first = store.load(1);
    await store.setKind('b');
    slow.resolve({ total: 9, rows: ['a'] });
    await first;
    expect([store.kind, store.total, store.rows]).toEqual(['b', 1, ['b']]);
  });

  it('a failed page is the failed state with its message; a failed export keeps the list and says why', async () => {
    let fail = true;
    const store = new DrillDownStore<string, Kind>(
      {
        page: async () => {
          if (fail) throw new Error('服务暂不可用');
          return { total: 1, rows: ['x'] };
        },
        exportFile: () => Promise.reject(new Error('导出太大')),
      },
      'a',
    );
    await store.load();
    expect([store.state, store.error, store.total]).toEqual(['failed', '服务暂不可用', null]);
    fail = false;
    await store.load();
    expect([store.state, store.total]).toEqual(['ready', 1]);
    expect(await store.exportFile()).toBeNull();
    expect([store.exportError, store.exporting, store.rows]).toEqual(['导出太大', false, ['x']]);
  });
});
