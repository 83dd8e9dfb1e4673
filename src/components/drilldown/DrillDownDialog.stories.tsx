import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DrillDownStore, type DrillPage, type DrillSource } from '../../stores/analytics/drill-down';
import { DrillDownDialog, type DrillColumn, type DrillTexts } from './DrillDownDialog';

/**
 * The shared drill-down dialog on its own, over a store whose source is in the story (the features'
 * stories drive it through their ports on MSW): the summary and the count, the kind picker, paging,
 * 导出 (offered with the Export right only, disabled for an empty list), and the loading, empty,
 * error (with 重试) and long-content states.
 */

interface Row {
  id: string;
  name: string;
  value: number;
}
type Kind = 'a' | 'b';

const TEXTS: DrillTexts = {
  summary: '第 2 步 login · 转化',
  total: (n) => `共 ${n} 人`,
  export: '导出',
  loading: '正在加载…',
  empty: '没有符合条件的玩家。',
  failed: (e) => `加载失败：${e}`,
  exportFailed: (e) => `导出失败：${e}`,
  close: '关闭',
  kindLabel: '玩家类型',
};
const COLUMNS: Array<DrillColumn<Row>> = [
  { key: 'name', header: '玩家', cell: (r) => r.name, userData: true },
  { key: 'value', header: '数值', cell: (r) => r.value, numeric: true },
];

type Mode = 'rows' | 'loading' | 'empty' | 'failing' | 'long';

/** A source of `total` rows per kind (b: a third of them), or the state the mode asks for. */
function source(mode: Mode, calls: string[]): DrillSource<Row, Kind> {
  const total = (kind: Kind) => (mode === 'empty' ? 0 : kind === 'a' ? 45 : 15);
  return {
    async page(kind, page, limit): Promise<DrillPage<Row>> {
      calls.push(`${kind}:${page}`);
      if (mode === 'loading') return new Promise(() => undefined);
      if (mode === 'failing') throw new Error('服务暂不可用，请稍后重试');
      const n = total(kind);
      const from = (page - 1) * limit;
      const rows = Array.from({ length: Math.max(0, Math.min(limit, n - from)) }, (_, i) => {
        const k = from + i;
        return { id: `${kind}${k}`, name: mode === 'long' && k % 2 === 0 ? `player-with-a-very-long-distinct-id-from-an-external-account-system-${k}@sso.games.example.com` : `${kind}-player-${k}`, value: k };
      });
      return { total: n, rows };
    },
    async exportFile(kind) {
      calls.push(`export:${kind}`);
      return { name: `drill-${kind}.xlsx`, blob: new Blob(['x']) };
    },
  };
}

/** What the current story's source was asked, in order (reset when a story renders). */
const CALLS: string[] = [];

function Harness({ mode, canExport = true }: { mode: Mode; canExport?: boolean }) {
  const [store] = useState(() => {
    CALLS.length = 0;
    const s = new DrillDownStore<Row, Kind>(source(mode, CALLS), 'a');
    void s.load(1);
    return s;
  });
  const [open, setOpen] = useState(true);
  return (
    <div>
      {open && (
        <DrillDownDialog
          store={store}
          header="漏斗玩家：注册到首次付费"
          texts={TEXTS}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          kinds={[
            { value: 'a', label: '转化' },
            { value: 'b', label: '流失' },
          ]}
          canExport={canExport}
          onHide={() => setOpen(false)}
          testId="drill"
        />
      )}
    </div>
  );
}

export default { title: 'Components/DrillDownDialog', component: Harness } satisfies Meta<typeof Harness>;
type Story = StoryObj<typeof Harness>;

const body = () => within(document.body);
const slow = { timeout: 15_000 };
const rowsOf = (d: HTMLElement) => [...d.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));

export const Rows: Story = {
  args: { mode: 'rows' },
  play: async () => {
    const d = await body().findByTestId('drill', {}, slow);
    await waitFor(() => expect(within(d).getByTestId('drill-total')).toHaveTextContent('共 45 人'), slow);
    await expect(within(d).getByTestId('drill-summary')).toHaveTextContent('第 2 步 login · 转化');
    await expect(rowsOf(d)).toHaveLength(20);
    await userEvent.click(within(d).getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(rowsOf(d)).toHaveLength(5), slow);
    await expect(rowsOf(d)[0]).toEqual(['a-player-40', '40']);
    // Another kind starts again at page 1.
    await userEvent.click(within(d).getByText('流失'));
    await waitFor(() => expect(within(d).getByTestId('drill-total')).toHaveTextContent('共 15 人'), slow);
    await expect(within(d).queryByTestId('drill-pager')).toBeNull();
    await userEvent.click(within(d).getByTestId('drill-export'));
    await waitFor(() => expect(CALLS.join(',')).toBe('a:1,a:3,b:1,export:b'), slow);
    await userEvent.click(within(d).getByTestId('drill-close'));
    await waitFor(() => expect(body().queryByTestId('drill')).toBeNull(), slow);
  },
};

export const Loading: Story = {
  args: { mode: 'loading' },
  play: async () => {
    const d = await body().findByTestId('drill', {}, slow);
    await expect(within(d).getByTestId('drill-loading')).toHaveTextContent('正在加载…');
    await expect(within(d).queryByTestId('drill-total')).toBeNull();
  },
};

export const Empty: Story = {
  args: { mode: 'empty' },
  play: async () => {
    const d = await body().findByTestId('drill', {}, slow);
    await expect(await within(d).findByTestId('drill-empty', {}, slow)).toHaveTextContent('没有符合条件的玩家。');
    await expect(within(d).getByTestId('drill-total')).toHaveTextContent('共 0 人');
    await expect(within(d).getByTestId('drill-export')).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { mode: 'failing' },
  play: async () => {
    const d = await body().findByTestId('drill', {}, slow);
    await expect(await within(d).findByTestId('drill-error', {}, slow)).toHaveTextContent('加载失败：服务暂不可用，请稍后重试');
    await userEvent.click(within(d).getByTestId('drill-error-retry'));
    await waitFor(() => expect(CALLS.join(',')).toBe('a:1,a:1'), slow);
  },
};

export const LongContent: Story = {
  args: { mode: 'long' },
  play: async () => {
    const d = await body().findByTestId('drill', {}, slow);
    await waitFor(() => expect(rowsOf(d)[0]?.[0]).toMatch(/^player-with-a-very-long-distinct-id/), slow);
    const content = d.querySelector('.p-dialog-content') as HTMLElement;
    await expect(content.scrollWidth).toBeLessThanOrEqual(content.clientWidth + 1);
  },
};

export const WithoutExportRight: Story = {
  args: { mode: 'rows', canExport: false },
  play: async () => {
    const d = await body().findByTestId('drill', {}, slow);
    await waitFor(() => expect(within(d).getByTestId('drill-total')).toHaveTextContent('共 45 人'), slow);
    await expect(within(d).queryByTestId('drill-export')).toBeNull();
  },
};
