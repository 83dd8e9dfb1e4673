import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKBENCH, WORKBENCH_COLS, WORKBENCH_MAX_WIDGETS, workbenchLayoutInput, type WorkbenchWidget } from '../../../../contracts/schemas/dashboard/workbench';
import type { ConsoleApi, WorkbenchLayout } from '../../../adapters/api';
import { WorkbenchStore } from './workbench';

function fakeApi(start: WorkbenchWidget[] | null) {
  const calls: string[] = [];
  let stored = start;
  const layout = (): WorkbenchLayout => (stored ? { widgets: stored, saved: true, update_datetime: '2026-11-24 10:00:00' } : { widgets: [...DEFAULT_WORKBENCH], saved: false, update_datetime: null });
  const api = {
    dashboard: {
      layout: async () => layout(),
      saveLayout: async (widgets: WorkbenchWidget[]) => {
        calls.push('PUT');
        // The server's own check: the store must only ever send a valid layout.
        const parsed = workbenchLayoutInput.parse({ widgets });
        stored = parsed.widgets;
        return layout();
      },
      resetLayout: async () => {
        calls.push('DELETE');
        stored = null;
        return layout();
      },
    },
  } as unknown as ConsoleApi;
  return { api, calls };
}

describe('WorkbenchStore', () => {
  it('edits a draft: the saved layout changes only on save', async () => {
    const { api, calls } = fakeApi([{ i: 'welcome', kind: 'welcome', x: 0, y: 0, w: 6, h: 3 }]);
    const store = new WorkbenchStore(api);
    await store.load();
    store.startEdit();
    expect(store.add('trend')).toBe(true);
    expect(store.add('trend')).toBe(true);
    expect(store.add('welcome')).toBe(false);
    expect(store.widgets).toHaveLength(1);
    expect(store.dirty).toBe(true);
    expect(await store.save()).toBe(true);
    expect(calls).toEqual(['PUT']);
    expect(store.widgets.map((w) => [w.kind, w.y])).toEqual([['welcome', 0], ['trend', 3], ['trend', 8]]);
    expect(new Set(store.widgets.map((w) => w.i)).size).toBe(3);
    expect(store.editing).toBe(false);
  });

  it('grid changes are kept inside the grid and the kind\'s size limits', async () => {
    const { api } = fakeApi([{ i: 'counts', kind: 'counts', x: 0, y: 0, w: 4, h: 3 }]);
    const store = new WorkbenchStore(api);
    await store.load();
    store.startEdit();
    store.applyGrid([{ i: 'counts', x: 11, y: -2, w: 1, h: 40 }, { i: 'ghost', x: 0, y: 0, w: 2, h: 2 }]);
    expect(store.draft).toEqual([{ i: 'counts', kind: 'counts', x: WORKBENCH_COLS - 3, y: 0, w: 3, h: 6 }]);
    store.cancelEdit();
    expect(store.shown).toEqual([{ i: 'counts', kind: 'counts', x: 0, y: 0, w: 4, h: 3 }]);
  });

  it('the palette stops at the widget limit; 恢复默认 saves as no layout (DELETE)', async () => {
    const { api, calls } = fakeApi([]);
    const store = new WorkbenchStore(api);
    await store.load();
    store.startEdit();
    let added = 0;
    while (store.add('trend')) added += 1;
    // Rows run out before the count limit with 5-row trends: both limits hold.
    expect(added).toBeLessThanOrEqual(WORKBENCH_MAX_WIDGETS);
    expect(store.palette.find((p) => p.kind === 'trend')?.enabled).toBe(false);
    store.resetDraft();
    await store.save();
    expect(calls).toEqual(['DELETE']);
    expect(store.saved).toBe(false);
    expect(store.widgets).toEqual(DEFAULT_WORKBENCH);
  });
});
