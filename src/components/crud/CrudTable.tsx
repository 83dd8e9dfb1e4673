import { CheckIcon } from 'primereact/icons/check';
import { SortAltIcon } from 'primereact/icons/sortalt';
import { SortAmountDownIcon } from 'primereact/icons/sortamountdown';
import { SortAmountUpAltIcon } from 'primereact/icons/sortamountupalt';
import { SpinnerIcon } from 'primereact/icons/spinner';
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { memo, useCallback, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { ResourceRow } from '../../stores/types';
import './crud-table.css';

/**
 * The flat CRUD table. It wears PrimeReact DataTable's markup and theme classes (so it looks the same)
 * without DataTable's per-cell runtime: DataTable resolves its pass-through options several times for
 * every cell, which made a page of 100 rows (some 1,800 cells) take over a second to render. Here a
 * row is a memoised component holding plain cells, so a page change costs the cells' own markup and a
 * selection change re-renders only the rows whose checkbox changed.
 */

/** One body column. `body` must be stable between renders for rows to skip re-rendering. */
export interface TableColumn {
  key: string;
  header: ReactNode;
  /** A tooltip of the header (what could be misread, e.g. the time zone of a time column). */
  title?: string;
  /** Sortable under this field name. */
  sortField?: string;
  style?: CSSProperties;
  body(row: ResourceRow): ReactNode;
}

export type SortOrder = 1 | -1 | 0;

export interface TablePager {
  first: number;
  rows: number;
  totalRecords: number;
  rowsPerPageOptions: number[];
  template: string;
  currentPageReportTemplate: string;
  onPage(page: number, rows: number): void;
}

export interface CrudTableProps {
  rows: ResourceRow[];
  columns: readonly TableColumn[];
  /** The row actions: frozen at the right edge. */
  actions?: TableColumn | null;
  loading: boolean;
  emptyMessage: ReactNode;
  tableMinWidth: number;
  /** Checkbox selection (a first column with a select-all box). */
  selectable: boolean;
  selection: readonly ResourceRow[];
  onSelectionChange(rows: ResourceRow[]): void;
  sortField?: string;
  sortOrder: SortOrder;
  /** A new sort: the same column cycles ascending → descending → none, another column starts ascending. */
  onSort(field: string, order: SortOrder): void;
  /** A row of filter inputs under the headers, by column key; null: no filter row. */
  filters: Readonly<Record<string, ReactNode>> | null;
  pager: TablePager | null;
  selectAllLabel: string;
  selectRowLabel: string;
  testId: string;
}

const SELECTION_STYLE: CSSProperties = { width: '3rem' };
const FROZEN_RIGHT: CSSProperties = { right: 0 };

/** The id rows are told apart by (DataTable's dataKey). */
export const rowKey = (row: ResourceRow): string => String(row.id);

/** PrimeReact's checkbox markup (theme classes), a native input underneath. */
function Checkbox({ checked, disabled = false, label, onChange }: { checked: boolean; disabled?: boolean; label: string; onChange(checked: boolean): void }) {
  return (
    <div className={`p-checkbox p-component${checked ? ' p-highlight' : ''}${disabled ? ' p-disabled' : ''}`}>
      <input className="p-checkbox-input" type="checkbox" checked={checked} disabled={disabled} aria-label={label} onChange={(event) => onChange(event.target.checked)} />
      <div className="p-checkbox-box">{checked && <CheckIcon className="p-checkbox-icon" />}</div>
    </div>
  );
}

interface RowProps {
  row: ResourceRow;
  odd: boolean;
  columns: readonly TableColumn[];
  actions: TableColumn | null;
  selectable: boolean;
  selected: boolean;
  selectRowLabel: string;
  onToggle(row: ResourceRow, checked: boolean): void;
}

const Row = memo(function Row({ row, odd, columns, actions, selectable, selected, selectRowLabel, onToggle }: RowProps) {
  const className = [odd ? 'p-row-odd' : '', selected ? 'p-highlight' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <tr role="row" className={className} aria-selected={selected}>
      {selectable && (
        <td className="p-selection-column" role="cell">
          <Checkbox checked={selected} label={selectRowLabel} onChange={(checked) => onToggle(row, checked)} />
        </td>
      )}
      {columns.map((column) => (
        <td key={column.key} role="cell" style={column.style}>
          {column.body(row)}
        </td>
      ))}
      {actions && (
        <td className="p-frozen-column" role="cell" style={{ ...actions.style, ...FROZEN_RIGHT }}>
          {actions.body(row)}
        </td>
      )}
    </tr>
  );
});

const nextOrder = (current: SortOrder, sameColumn: boolean): SortOrder => (!sameColumn ? 1 : current === 1 ? -1 : 0);

export function CrudTable(props: CrudTableProps) {
  const { columns, actions = null, selectable, selection, onSelectionChange, sortField, sortOrder, onSort, filters, pager } = props;
  const filterRow = filters !== null;
  // Like DataTable with a pager: at most a page of rows (during the load after a smaller page size,
  // the old rows are cut to the new size at once).
  const rows = pager ? props.rows.slice(0, pager.rows) : props.rows;
  const selectedKeys = new Set(selection.map(rowKey));
  const allSelected = rows.length > 0 && rows.every((row) => selectedKeys.has(rowKey(row)));
  const filterClass = filterRow ? 'p-filter-column' : '';

  const toggleAll = (checked: boolean) => onSelectionChange(checked ? [...rows] : []);
  const headerCheckbox = <Checkbox checked={allSelected} disabled={rows.length === 0} label={props.selectAllLabel} onChange={toggleAll} />;

  const headerCell = (column: TableColumn) => {
    if (!column.sortField) {
      return (
        <th key={column.key} className={filterClass || undefined} role="columnheader" style={column.style}>
          <div className="p-column-header-content">
            <span className="p-column-title" title={column.title}>{column.header}</span>
          </div>
        </th>
      );
    }
    const field = column.sortField;
    const sorted = sortField === field && sortOrder !== 0;
    const sort = () => onSort(field, nextOrder(sortOrder, sorted));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        sort();
      }
    };
    const Icon = !sorted ? SortAltIcon : sortOrder < 0 ? SortAmountDownIcon : SortAmountUpAltIcon;
    return (
      <th
        key={column.key}
        className={[filterClass, 'p-sortable-column', sorted ? 'p-highlight' : ''].filter(Boolean).join(' ')}
        role="columnheader"
        tabIndex={0}
        aria-sort={!sorted ? 'none' : sortOrder < 0 ? 'descending' : 'ascending'}
        style={column.style}
        onClick={sort}
        onKeyDown={onKeyDown}
      >
        <div className="p-column-header-content">
          <span className="p-column-title" title={column.title}>{column.header}</span>
          <span>
            <Icon className="p-sortable-column-icon" />
          </span>
        </div>
      </th>
    );
  };

  // Stable for the memoised rows; reads the selection of the latest render.
  const latest = useRef({ selection, onSelectionChange });
  useLayoutEffect(() => {
    latest.current = { selection, onSelectionChange };
  });
  const onToggle = useCallback((row: ResourceRow, checked: boolean) => {
    const key = rowKey(row);
    const others = latest.current.selection.filter((r) => rowKey(r) !== key);
    latest.current.onSelectionChange(checked ? [...others, row] : others);
  }, []);
  const columnCount = columns.length + (selectable ? 1 : 0) + (actions ? 1 : 0);
  const frozenStyle = actions ? { ...actions.style, ...FROZEN_RIGHT } : undefined;

  // While columns scroll beneath the frozen actions, the actions column casts a shadow over them (as
  // the pinned columns of the best consoles do), so a cut-off neighbour reads as "scroll for more".
  // Set on the element directly: the memoised rows do not re-render on scroll.
  const outer = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const markCovered = useCallback(() => {
    const box = wrapper.current;
    const host = outer.current;
    if (!box || !host) return;
    const covered = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    if (covered) host.setAttribute('data-covered-right', '');
    else host.removeAttribute('data-covered-right');
  }, []);
  useLayoutEffect(() => {
    markCovered();
    const box = wrapper.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(markCovered);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [markCovered, columnCount]);

  return (
    <div ref={outer} className="p-datatable p-component p-datatable-selectable p-datatable-scrollable p-datatable-responsive-scroll p-datatable-striped p-datatable-sm crud-table" data-testid={props.testId}>
      {props.loading && (
        <div className="p-datatable-loading-overlay p-component-overlay">
          <SpinnerIcon className="p-datatable-loading-icon" spin />
        </div>
      )}
      <div ref={wrapper} className="p-datatable-wrapper" style={{ overflow: 'auto' }} onScroll={markCovered}>
        <table className="p-datatable-table p-datatable-scrollable-table" role="table" style={{ minWidth: props.tableMinWidth }}>
          <thead className="p-datatable-thead" role="rowgroup">
            <tr role="row">
              {selectable && (
                <th className={[filterClass, 'p-selection-column'].filter(Boolean).join(' ')} role="columnheader" style={SELECTION_STYLE}>
                  <div className="p-column-header-content">
                    {/* With a filter row the select-all box sits below: the header still names the column. */}
                    <span className={filterRow ? 'p-column-title crud-visually-hidden' : 'p-column-title'}>{filterRow ? props.selectAllLabel : null}</span>
                    {!filterRow && headerCheckbox}
                  </div>
                </th>
              )}
              {columns.map(headerCell)}
              {actions && (
                <th className={[filterClass, 'p-frozen-column'].filter(Boolean).join(' ')} role="columnheader" style={frozenStyle}>
                  <div className="p-column-header-content">
                    <span className="p-column-title">{actions.header}</span>
                  </div>
                </th>
              )}
            </tr>
            {filterRow && (
              <tr role="row">
                {/* The filter row's cells hold inputs, not headings: role cell (axe: no empty column headers). */}
                {selectable && (
                  <th className="p-filter-column" role="cell">
                    {headerCheckbox}
                  </th>
                )}
                {columns.map((column) => (
                  <th key={column.key} className="p-filter-column" role="cell" style={column.style}>
                    {filters[column.key] !== undefined && (
                      <div className="p-column-filter p-fluid p-column-filter-row">
                        <div className="p-fluid p-column-filter-element">{filters[column.key]}</div>
                        <button className="p-column-filter-clear-button p-link p-hidden-space" type="button" tabIndex={-1} aria-hidden="true" />
                      </div>
                    )}
                  </th>
                ))}
                {actions && <th className="p-filter-column p-frozen-column" role="cell" style={frozenStyle} />}
              </tr>
            )}
          </thead>
          <tbody className="p-datatable-tbody" role="rowgroup">
            {rows.length === 0 ? (
              <tr className="p-datatable-emptymessage" role="row">
                <td colSpan={columnCount} role="cell">
                  {props.emptyMessage}
                </td>
              </tr>
            ) : (
              // Keyed by position, not by id: a page change then updates the rows' text and
              // attributes in place instead of removing and creating some 9,000 elements (their
              // creation, style and layout were most of a page change once the cells were light).
              rows.map((row, index) => (
                <Row
                  key={index}
                  row={row}
                  odd={index % 2 !== 0}
                  columns={columns}
                  actions={actions}
                  selectable={selectable}
                  selected={selectedKeys.has(rowKey(row))}
                  selectRowLabel={props.selectRowLabel}
                  onToggle={onToggle}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      {pager && (
        <Paginator
          className="p-paginator-bottom"
          first={pager.first}
          rows={pager.rows}
          totalRecords={pager.totalRecords}
          rowsPerPageOptions={pager.rowsPerPageOptions}
          template={pager.template}
          currentPageReportTemplate={pager.currentPageReportTemplate}
          onPageChange={(event: PaginatorPageChangeEvent) => pager.onPage(event.page + 1, event.rows)}
        />
      )}
    </div>
  );
}
