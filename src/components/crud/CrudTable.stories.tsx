import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ResourceRow } from '../../stores/types';
import { CrudTable, type SortOrder, type TableColumn } from './CrudTable';

const rows: ResourceRow[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `接口 ${i + 1}`, url: `/api/demo/${i + 1}/` }));
const columns: TableColumn[] = [
  { key: 'id', header: 'ID', sortField: 'id', style: { minWidth: 80 }, body: (row) => String(row.id) },
  { key: 'name', header: '名称', style: { minWidth: 160 }, body: (row) => String(row.name) },
  { key: 'url', header: '接口地址', style: { minWidth: 240 }, body: (row) => String(row.url) },
];
const actions: TableColumn = { key: '__actions', header: '操作', style: { width: 260, minWidth: 260 }, body: (row) => <button type="button">编辑 {String(row.id)}</button> };

/** The table with its own selection, sort and paging state, as the CRUD page drives it. */
function Table({ data, loading = false, filters = null }: { data: ResourceRow[]; loading?: boolean; filters?: Record<string, React.ReactNode> | null }) {
  const [selection, setSelection] = useState<ResourceRow[]>([]);
  const [sort, setSort] = useState<{ field?: string; order: SortOrder }>({ order: 0 });
  const [page, setPage] = useState({ first: 0, rows: 5 });
  const sorted = sort.order === 0 ? data : [...data].sort((a, b) => (Number(a.id) - Number(b.id)) * sort.order);
  return (
    <CrudTable
      rows={sorted.slice(page.first, page.first + page.rows)}
      columns={columns}
      actions={actions}
      loading={loading}
      emptyMessage="暂无数据"
      tableMinWidth={900}
      selectable
      selection={selection}
      onSelectionChange={setSelection}
      sortField={sort.field}
      sortOrder={sort.order}
      onSort={(field, order) => setSort({ field: order ? field : undefined, order })}
      filters={filters}
      pager={{
        first: page.first,
        rows: page.rows,
        totalRecords: data.length,
        rowsPerPageOptions: [5, 10],
        template: 'PrevPageLink PageLinks NextPageLink RowsPerPageDropdown CurrentPageReport',
        currentPageReportTemplate: '共 {totalRecords} 条',
        onPage: (p, size) => setPage({ first: (p - 1) * size, rows: size }),
      }}
      selectAllLabel="选择本页全部行"
      selectRowLabel="选择此行"
      testId="demo-table"
    />
  );
}

const meta = {
  title: 'Components/CrudTable',
  component: Table,
  args: { data: rows },
  // axe must be clean: every header names its column, the filter row's cells are cells.
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyIds = (canvas: HTMLElement) => [...canvas.querySelectorAll('tbody tr')].map((tr) => tr.children[1]?.textContent);

/** Paging, sorting (ascending → descending → none), selecting a row and the whole page, pinned actions. */
export const Interactive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(bodyIds(canvasElement)).toEqual(['1', '2', '3', '4', '5']);
    await expect(canvas.getByText('共 12 条')).toBeVisible();
    const pageButton = (n: string) => [...canvasElement.querySelectorAll<HTMLElement>('.p-paginator-page')].find((b) => b.textContent === n) as HTMLElement;
    await userEvent.click(pageButton('3'));
    await expect(bodyIds(canvasElement)).toEqual(['11', '12']);
    await userEvent.click(pageButton('1'));

    const idHeader = canvas.getByRole('columnheader', { name: 'ID' });
    await userEvent.click(idHeader);
    await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(idHeader);
    await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyIds(canvasElement)).toEqual(['12', '11', '10', '9', '8']);
    await userEvent.click(idHeader);
    await expect(idHeader).toHaveAttribute('aria-sort', 'none');

    const rowBoxes = canvas.getAllByRole('checkbox', { name: '选择此行' });
    await userEvent.click(rowBoxes[1] as HTMLElement);
    await expect(canvasElement.querySelectorAll('tbody tr.p-highlight')).toHaveLength(1);
    await userEvent.click(canvas.getByRole('checkbox', { name: '选择本页全部行' }));
    await expect(canvasElement.querySelectorAll('tbody tr.p-highlight')).toHaveLength(5);

    const actionCell = canvas.getByRole('button', { name: '编辑 1' }).closest('td') as HTMLElement;
    await expect(actionCell).toHaveClass('p-frozen-column');
    await expect(getComputedStyle(actionCell).position).toBe('sticky');
  },
};

/** No rows: one row spanning the table says 暂无数据; nothing to select. */
export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('暂无数据')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: '选择本页全部行' })).toBeDisabled();
  },
};

/** Loading: the overlay with a spinner over the rows. */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.p-datatable-loading-overlay')).not.toBeNull();
  },
};

/** A filter row under the headers, one cell per filtered column. */
export const WithFilterRow: Story = {
  args: { filters: { name: <input aria-label="名称筛选" /> } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('名称筛选').closest('th')).toHaveClass('p-filter-column');
  },
};

/**
 * Narrower than the table: the frozen actions lie over the last columns, so they cast a shadow
 * (`data-covered-right`) until the table is scrolled to its end, where nothing lies beneath them.
 */
export const NarrowCovered: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 520 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByTestId('demo-table');
    await waitFor(() => expect(table).toHaveAttribute('data-covered-right'));
    const actionCell = within(table).getByRole('button', { name: '编辑 1' }).closest('td') as HTMLElement;
    await expect(getComputedStyle(actionCell).boxShadow).not.toBe('none');
    const wrapper = table.querySelector('.p-datatable-wrapper') as HTMLElement;
    wrapper.scrollLeft = wrapper.scrollWidth;
    await waitFor(() => expect(table).not.toHaveAttribute('data-covered-right'));
    // (read once the theme's box-shadow transition has run its course, however short)
    await waitFor(() => expect(getComputedStyle(actionCell).boxShadow).toBe('none'));
    // At the end every column is whole: the last one ends where the frozen actions begin.
    const lastHeader = within(table).getByRole('columnheader', { name: '接口地址' });
    await expect(lastHeader.getBoundingClientRect().right).toBeLessThanOrEqual(actionCell.getBoundingClientRect().left + 1);
  },
};
