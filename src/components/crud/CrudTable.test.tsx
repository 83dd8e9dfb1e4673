import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceRow } from '../../stores/types';
import { CrudTable, type CrudTableProps, type SortOrder, type TableColumn } from './CrudTable';

const rows: ResourceRow[] = [1, 2, 3].map((id) => ({ id, name: `row ${id}` }));
let bodyRenders = 0;
const columns: TableColumn[] = [
  { key: 'id', header: 'ID', sortField: 'id', style: { minWidth: 80 }, body: (row) => String(row.id) },
  {
    key: 'name',
    header: '名称',
    body: (row) => {
      bodyRenders++;
      return String(row.name);
    },
  },
];
const actions: TableColumn = { key: '__actions', header: '操作', style: { width: 200, minWidth: 200 }, body: (row) => <button>edit {String(row.id)}</button> };

function Harness(props: Partial<CrudTableProps> & { onSortSpy?(field: string, order: SortOrder): void }) {
  const [selection, setSelection] = useState<ResourceRow[]>([]);
  const [sort, setSort] = useState<{ field?: string; order: SortOrder }>({ order: 0 });
  return (
    <CrudTable
      rows={rows}
      columns={columns}
      actions={actions}
      loading={false}
      emptyMessage="暂无数据"
      tableMinWidth={600}
      selectable
      selection={selection}
      onSelectionChange={setSelection}
      sortField={sort.field}
      sortOrder={sort.order}
      onSort={(field, order) => {
        props.onSortSpy?.(field, order);
        setSort({ field: order ? field : undefined, order });
      }}
      filters={null}
      pager={null}
      selectAllLabel="all"
      selectRowLabel="row"
      testId="t-table"
      {...props}
    />
  );
}

const bodyRows = () => [...screen.getByTestId('t-table').querySelectorAll('tbody > tr')];

describe('CrudTable (the flat CRUD table in DataTable markup)', () => {
  it('renders the rows striped, the actions frozen at the right, and the empty message across every column', () => {
    const { rerender } = render(<Harness />);
    expect(bodyRows().map((tr) => tr.textContent)).toEqual(['1row 1edit 1', '2row 2edit 2', '3row 3edit 3']);
    expect(bodyRows().map((tr) => tr.classList.contains('p-row-odd'))).toEqual([false, true, false]);
    const frozen = bodyRows()[0]?.lastElementChild as HTMLElement;
    expect(frozen.className).toBe('p-frozen-column');
    expect(frozen.style.right).toBe('0px');
    expect(frozen.style.width).toBe('200px');
    rerender(<Harness rows={[]} />);
    const empty = bodyRows()[0]?.firstElementChild as HTMLTableCellElement;
    expect(empty.textContent).toBe('暂无数据');
    expect(empty.colSpan).toBe(4);
  });

  it('shows at most a page of rows when it has a pager, and the pager reports the total', () => {
    const pager = { first: 0, rows: 2, totalRecords: 3, rowsPerPageOptions: [2, 10], template: 'PrevPageLink PageLinks NextPageLink CurrentPageReport', currentPageReportTemplate: '共 {totalRecords} 条', onPage: vi.fn() };
    render(<Harness pager={pager} />);
    expect(bodyRows().map((tr) => tr.firstElementChild?.nextElementSibling?.textContent)).toEqual(['1', '2']);
    expect(screen.getByText('共 3 条')).toBeTruthy();
    fireEvent.click(screen.getByText('2', { selector: '.p-paginator-page' }));
    expect(pager.onPage).toHaveBeenCalledWith(2, 2);
  });

  it('sorts ascending, then descending, then not at all; another column starts ascending', () => {
    const spy = vi.fn();
    render(<Harness onSortSpy={spy} />);
    const header = screen.getByText('ID').closest('th') as HTMLElement;
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(header.classList.contains('p-highlight')).toBe(true);
    fireEvent.keyDown(header, { key: 'Enter' });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(spy.mock.calls).toEqual([
      ['id', 1],
      ['id', -1],
      ['id', 0],
    ]);
    expect(screen.getByText('名称').closest('th')?.classList.contains('p-sortable-column')).toBe(false);
  });

  it('selects rows by checkbox and all rows by the header box; a selection change re-renders only the changed rows', () => {
    render(<Harness />);
    const boxes = () => [...screen.getByTestId('t-table').querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    const [all, first, second] = boxes();
    bodyRenders = 0;
    fireEvent.click(second as HTMLInputElement);
    expect(bodyRenders).toBe(1);
    expect(bodyRows().map((tr) => tr.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(bodyRows()[1]?.classList.contains('p-highlight')).toBe(true);
    expect(all?.checked).toBe(false);
    fireEvent.click(all as HTMLInputElement);
    expect(boxes().every((box) => box.checked)).toBe(true);
    fireEvent.click(first as HTMLInputElement);
    expect(boxes().map((box) => box.checked)).toEqual([false, false, true, true]);
    fireEvent.click(all as HTMLInputElement);
    fireEvent.click(all as HTMLInputElement);
    expect(bodyRows().map((tr) => tr.getAttribute('aria-selected'))).toEqual(['false', 'false', 'false']);
  });
});
