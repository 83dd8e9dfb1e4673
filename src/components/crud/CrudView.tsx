import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { TreeTable, type TreeTablePassThroughOptions } from 'primereact/treetable';
import type { TreeNode } from 'primereact/treenode';
import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, ROW_ACTION_WIDTH_PX } from '../../config';
import { valueFilter, type ResourceStore } from '../../stores/resource';
import type { ListFilter, ResourceRow } from '../../stores/types';
import { ActionButton } from '../controls';
import { usePermission } from '../Permission';
import { useStore } from '../store-context';
import { CellValue, cellValue } from './CellValue';
import { commonColumns, deptBelongValue } from './commonColumns';
import { CrudForm, type FormMode } from './CrudForm';
import { CrudTable, type SortOrder, type TableColumn } from './CrudTable';
import { saveFile } from './download';
import { displayZone, zoneLabel } from '../../stores/format';
import { FieldInput, ymd } from './FieldInput';
import { ImportDialog } from './ImportDialog';
import type { ActionContext, FieldDef, ResourceDescription } from './types';
import './crud.css';

/** Compact pager (spec §9). */
const PAGER = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport';

interface Confirming {
  text: string;
  run(): Promise<void>;
  cancel?(): void;
}

export interface CrudViewProps {
  description: ResourceDescription;
  /** Receives the page's store (pages with extra panels use it). */
  onStore?(store: ResourceStore): void;
}

/** The id of a row as sent back in URLs. */
const rowId = (row: ResourceRow): number | string => (typeof row.id === 'number' || typeof row.id === 'string' ? row.id : String(row.id));

const rowButton = (key: string, label: string, icon: string | undefined, onClick: () => void, severity?: string) => (
  <ActionButton
    key={key}
    label={label}
    icon={icon}
    className={`p-button-text p-button-sm${severity ? ` p-button-${severity}` : ''}`}
    onClick={onClick}
    data-testid={`row-${key}`}
  />
);

/** A column's minimum width: its declared width, wider with a header filter. */
const columnWidth = (field: FieldDef): number => {
  const width = (field.column && field.column.width) || 120;
  return field.column && field.column.filter ? Math.max(width, 160) : width;
};

/**
 * One CRUD page from a resource description: server-paged table (page, limit, total), sorting by
 * `ordering`, search form, column filters and the create_datetime date range, view/create/edit dialog,
 * delete and multi-delete with confirmation, export with progress, import with per-row errors, row
 * actions; each button only when the permission check grants it; loading, empty and error states.
 */
export const CrudView = observer(function CrudView({ description, onStore }: CrudViewProps) {
  const { t } = useTranslation();
  const root = useStore();
  const can = usePermission();
  const fields: FieldDef[] = useMemo(
    () => (description.commonColumns === false ? description.fields : [...description.fields, ...commonColumns(t)]),
    [description, t],
  );
  const [store] = useState(() =>
    root.createResourceStore({
      resource: description.resource,
      ordering: description.ordering,
      baseFilters: description.baseFilters,
      paginated: description.paginated ?? !description.tree,
      limit: description.limit,
    }),
  );
  const [form, setForm] = useState<{ mode: FormMode; row: ResourceRow | null } | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [importing, setImporting] = useState(false);
  const [searchValues, setSearchValues] = useState<Record<string, unknown>>({});
  const [range, setRange] = useState<(Date | null)[] | null>(null);
  const [children, setChildren] = useState<Record<string, ResourceRow[]>>({});
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const testId = description.testId ?? 'crud';

  // Every permission this page asks about, decided once per render (cells render outside this
  // component's reactive context, where asking the menu store each time would rebuild it).
  const names = [
    ...Object.values(description.permissions),
    ...(description.rowActions ?? []).map((a) => a.permission),
    ...(description.toolbarActions ?? []).map((a) => a.permission),
  ].filter((name): name is string => !!name);
  const grantedList = names.filter((name) => can(name));
  const grantedKey = grantedList.join('\n');
  const granted = new Set(grantedList);
  const has = (button: keyof ResourceDescription['permissions']): boolean => {
    const name = description.permissions[button];
    return !!name && granted.has(name);
  };

  useEffect(() => {
    onStore?.(store);
    void store.load();
  }, [store, onStore]);

  const reload = useCallback(async () => {
    setChildren({});
    setExpanded({});
    await store.load();
  }, [store]);

  const ctx = useMemo<ActionContext>(
    () => ({
      root,
      store,
      edit: (row) => setForm({ mode: 'edit', row }),
      confirm: (text) =>
        new Promise<boolean>((resolve) => {
          setConfirming({ text, run: async () => resolve(true), cancel: () => resolve(false) });
        }),
    }),
    [root, store],
  );
  const dismiss = () => {
    confirming?.cancel?.();
    setConfirming(null);
  };

  const searchFields = fields.filter((field) => field.search);
  const hasDateRange = fields.some((field) => field.key === 'create_datetime') && description.paginated !== false && !description.tree;

  const runSearch = () => {
    // The search form's fields and the header filters share one set of values: one condition each.
    const queried = fields.filter((field) => field.search || (field.column && field.column.filter));
    const filters: (ListFilter | null)[] = queried.map((field) =>
      valueFilter(!field.search || field.search === true || !field.search.param ? field.key : field.search.param, searchValues[field.key]),
    );
    const [from, to] = range ?? [];
    void store.search(filters, from || to ? { from: from ? ymd(from) : '', to: to ? ymd(to) : '' } : null);
  };

  const resetSearch = () => {
    setSearchValues({});
    setRange(null);
    void store.resetSearch();
  };

  const save = async (values: Record<string, unknown>) => {
    const mode = form?.mode === 'edit' ? 'edit' : 'create';
    const body = { ...values };
    if ('dept_belong_id' in body) body.dept_belong_id = deptBelongValue(body.dept_belong_id);
    const sent = description.toBody ? description.toBody(body, mode) : body;
    await store.save(sent, mode === 'edit' && form?.row ? rowId(form.row) : undefined);
    setChildren({});
    root.notify({ severity: 'success', text: t(mode === 'edit' ? 'crud.updated' : 'crud.created') });
    setForm(null);
  };

  const askRemove = useCallback(
    (row: ResourceRow) =>
      setConfirming({
        text: t('crud.deleteConfirm'),
        run: async () => {
          await store.remove(rowId(row));
          setChildren({});
          root.notify({ severity: 'success', text: t('crud.deleted') });
        },
      }),
    [t, store, root],
  );

  const askRemoveSelected = () =>
    setConfirming({
      text: t('crud.multiDeleteConfirm', { count: store.selection.length }),
      run: async () => {
        await store.removeSelected();
        root.notify({ severity: 'success', text: t('crud.deleted') });
      },
    });

  const runExport = async () => {
    try {
      saveFile(await store.exportData());
      root.notify({ severity: 'success', text: t('crud.exported') });
    } catch {
      // shown by the adapter
    }
  };

  // Light buttons (PrimeReact's classes on native buttons): a page of 100 rows holds hundreds of them.
  // The same function between renders (while permissions, texts and the description stay), so the
  // table's memoised rows skip re-rendering when only the page around them changes.
  const actionsBody = useMemo(() => {
    const allowed = new Set(grantedKey.split('\n'));
    const can = (button: keyof ResourceDescription['permissions']) => {
      const name = description.permissions[button];
      return !!name && allowed.has(name);
    };
    const [view, edit, remove] = [can('view'), can('edit'), can('remove')];
    const actions = (description.rowActions ?? []).filter((action) => allowed.has(action.permission));
    return (row: ResourceRow) => (
      <span className="crud-row-actions">
        {view && rowButton('view', t('crud.view'), 'pi pi-eye', () => setForm({ mode: 'view', row }))}
        {edit && rowButton('edit', t('crud.edit'), 'pi pi-pencil', () => setForm({ mode: 'edit', row }))}
        {remove && (!description.removable || description.removable(row)) && rowButton('remove', t('crud.remove'), 'pi pi-trash', () => askRemove(row), 'danger')}
        {actions
          .filter((action) => !action.visible || action.visible(row))
          .map((action) => rowButton(action.key, action.label, action.icon, () => void action.run(row, ctx), action.severity))}
      </span>
    );
  }, [grantedKey, description, t, askRemove, ctx]);
  /** TreeTable hands cells the node; DataTable the row. */
  const asRow = (value: ResourceRow | TreeNode): ResourceRow => (description.tree ? ((value as TreeNode).data as ResourceRow) : (value as ResourceRow));
  const showActions = has('view') || has('edit') || has('remove') || (description.rowActions ?? []).some((action) => granted.has(action.permission));

  const columnFields = useMemo(() => fields.filter((field) => field.column !== false && !(field.column && field.column.hidden)), [fields]);
  const tableWidth = columnFields.reduce((sum, field) => sum + columnWidth(field), 0) + ROW_ACTION_WIDTH_PX + 60;
  const selectable = has('remove') && !description.tree;

  const onSort = (field: string, order: SortOrder) => void store.sort(field, order, description.ordering ?? null);
  const sortField = store.ordering?.field;
  const sortOrder: SortOrder = store.ordering ? (store.ordering.direction === 'desc' ? -1 : 1) : 0;

  const filterInput = (field: FieldDef, idPrefix: 'search' | 'filter') => (
    <FieldInput
      field={field}
      purpose="search"
      idPrefix={idPrefix}
      {...(idPrefix === 'filter' ? { ariaLabel: field.label } : {})}
      value={searchValues[field.key]}
      onChange={(value) => setSearchValues((old) => ({ ...old, [field.key]: value }))}
    />
  );

  const columns = columnFields.map((field) => (
    <Column
      key={field.key}
      field={field.key}
      header={field.label}
      {...(description.tree ? { pt: { bodyCell: { role: 'gridcell' } } } : {})}
      sortable={!!(field.column && field.column.sortable)}
      style={{ minWidth: columnWidth(field) + (description.tree && field === columnFields[0] ? 60 : 0) }}
      body={(row: ResourceRow | TreeNode) => <CellValue field={field} row={asRow(row)} />}
      {...(field.column && field.column.filter && !description.tree
        ? { filter: true, showFilterMenu: false, filterElement: () => <span className="crud-filter" onKeyDown={(e) => e.key === 'Enter' && runSearch()}>{filterInput(field, 'filter')}</span> }
        : {})}
      expander={description.tree ? field === columnFields[0] : undefined}
    />
  ));
  /** The flat table's columns: the same objects between renders (see actionsBody). */
  const tableColumns = useMemo<TableColumn[]>(
    () =>
      columnFields.map((field) => ({
        key: field.key,
        header: field.label,
        ...(field.type === 'datetime' ? { title: t('crud.zoneTitle', { zone: displayZone(), offset: zoneLabel() }) } : {}),
        sortField: field.column && field.column.sortable ? field.key : undefined,
        // --cell-max: a truncating text cell (text, JSON) stops at the column's width instead of widening it.
        style: { minWidth: columnWidth(field), '--cell-max': `${columnWidth(field)}px` } as CSSProperties,
        body: (row: ResourceRow) => cellValue(field, row),
      })),
    [columnFields, t],
  );
  const tableActions = useMemo<TableColumn | null>(
    () => (showActions ? { key: '__actions', header: t('crud.actions'), style: { width: ROW_ACTION_WIDTH_PX, minWidth: ROW_ACTION_WIDTH_PX }, body: actionsBody } : null),
    [showActions, t, actionsBody],
  );
  const filterFields = columnFields.filter((field) => field.column && field.column.filter);
  const tableFilters =
    filterFields.length > 0
      ? Object.fromEntries(filterFields.map((field) => [field.key, <span className="crud-filter" onKeyDown={(e) => e.key === 'Enter' && runSearch()}>{filterInput(field, 'filter')}</span>]))
      : null;

  const actionColumn = showActions ? (
    <Column
      key="__actions"
      header={t('crud.actions')}
      body={(row: ResourceRow | TreeNode) => actionsBody(asRow(row))}
      frozen={!description.tree}
      alignFrozen="right"
      className="crud-actions-cell"
      headerClassName="crud-actions-cell"
      style={{ width: ROW_ACTION_WIDTH_PX, minWidth: ROW_ACTION_WIDTH_PX }}
      {...(description.tree ? { pt: { bodyCell: { role: 'gridcell' } } } : {})}
    />
  ) : null;

  const emptyState = (
    <div className="crud-empty" data-testid={`${testId}-empty`}>
      <i className="pi pi-inbox" /> {t('crud.empty')}
    </div>
  );

  const treeNodes = (rows: ResourceRow[], path = ''): TreeNode[] =>
    rows.map((row) => {
      const key = `${path}${String(rowId(row))}`;
      const kids = children[key];
      return {
        key,
        data: row,
        leaf: !description.tree?.hasChildren(row),
        children: kids ? treeNodes(kids, `${key}/`) : undefined,
      };
    });

  const expand = async (node: TreeNode) => {
    const tree = description.tree;
    if (!tree || !node.key || children[String(node.key)]) return;
    const row = node.data as ResourceRow;
    const parent = row[tree.childValueKey ?? 'id'];
    const rows = await store.children(tree.childParam, typeof parent === 'number' || typeof parent === 'boolean' ? parent : String(parent));
    setChildren((old) => ({ ...old, [String(node.key)]: rows }));
  };

  return (
    <div className="crud-page" data-testid={testId}>
      {searchFields.length + (hasDateRange ? 1 : 0) > 0 && (description.permissions.search === undefined || has('search')) && (
        <form
          className="crud-search"
          data-testid={`${testId}-search`}
          onSubmit={(event) => {
            event.preventDefault();
            runSearch();
          }}
        >
          {searchFields.map((field) => (
            <label key={field.key} className="crud-search-item">
              <span>{field.label}</span>
              {filterInput(field, 'search')}
            </label>
          ))}
          {hasDateRange && (
            <label className="crud-search-item crud-search-range">
              <span>{t('columns.createDatetime')}</span>
              <Calendar
                className="w-full"
                inputClassName="p-inputtext-sm"
                selectionMode="range"
                dateFormat="yy-mm-dd"
                readOnlyInput
                showButtonBar
                value={range}
                placeholder={`${t('crud.dateFrom')} - ${t('crud.dateTo')}`}
                onChange={(event) => setRange((event.value as (Date | null)[] | null) ?? null)}
                data-testid="search-create_datetime"
              />
            </label>
          )}
          <span className="crud-search-buttons">
            <Button type="submit" size="small" icon="pi pi-search" label={t('crud.search')} data-testid={`${testId}-search-submit`} />
            <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('crud.reset')} onClick={resetSearch} data-testid={`${testId}-search-reset`} />
          </span>
        </form>
      )}
      <div className="crud-toolbar">
        {has('add') && <Button size="small" icon="pi pi-plus" label={t('crud.add')} onClick={() => setForm({ mode: 'create', row: null })} data-testid="crud-add" />}
        {selectable && (
          <Button
            size="small"
            severity="danger"
            outlined
            icon="pi pi-trash"
            label={t('crud.multiDelete')}
            disabled={store.selection.length === 0}
            onClick={askRemoveSelected}
            data-testid="crud-multi-delete"
          />
        )}
        {has('export') && (
          <Button size="small" outlined severity="warning" icon="pi pi-download" label={t('crud.export')} loading={store.exportProgress !== null} onClick={() => void runExport()} data-testid="crud-export" />
        )}
        {has('import') && <Button size="small" outlined icon="pi pi-upload" label={t('crud.import')} onClick={() => setImporting(true)} data-testid="crud-import" />}
        {(description.toolbarActions ?? [])
          .filter((action) => granted.has(action.permission))
          .map((action) => (
            <Button key={action.key} size="small" outlined icon={action.icon} label={action.label} onClick={() => void action.run(ctx)} data-testid={`toolbar-${action.key}`} />
          ))}
        {store.exportProgress !== null && (
          <span className="crud-progress" data-testid="crud-export-progress">
            {t('crud.exporting', { percent: Number.isNaN(store.exportProgress) ? '' : `${Math.round(store.exportProgress * 100)}%` })}
          </span>
        )}
        <span className="crud-toolbar-spacer" />
        <Button size="small" text icon="pi pi-refresh" aria-label={t('crud.retry')} onClick={() => void reload()} data-testid="crud-reload" />
      </div>
      {store.state === 'failed' ? (
        <div className="crud-error" role="alert" data-testid={`${testId}-error`}>
          <i className="pi pi-exclamation-triangle" />
          <span>
            {t('crud.loadFailed')}: {store.error}
          </span>
          <Button size="small" label={t('crud.retry')} onClick={() => void reload()} />
        </div>
      ) : description.tree ? (
        <TreeTable
          value={treeNodes(store.rows)}
          lazy
          loading={store.state === 'loading'}
          expandedKeys={expanded}
          onToggle={(event) => setExpanded(event.value as Record<string, boolean>)}
          onExpand={(event) => void expand(event.node)}
          emptyMessage={emptyState}
          paginator={store.paginated}
          paginatorTemplate={PAGER}
          currentPageReportTemplate={t('crud.total', { total: '{totalRecords}' })}
          rowsPerPageOptions={[...PAGE_SIZES]}
          first={(store.page - 1) * store.limit}
          rows={store.limit}
          totalRecords={store.total}
          onPage={(event) => void store.setPage(event.page + 1, event.rows)}
          className="p-treetable-sm crud-tree"
          // Not `scrollable`: TreeTable drops tableStyle there, and the columns squeezed into the page.
          // The wrapper scrolls sideways instead (crud.css), the columns keep their minimum widths.
          tableStyle={{ minWidth: tableWidth, tableLayout: 'auto' }}
          // The theme nests a role=table <table> in a role=table <div>, and its rows carry tree levels a
          // table row may not: one treegrid (rows with aria-level, gridcells), the outer box no role.
          // A row's aria-checked (always false here: no checkbox selection) is no row attribute either.
          // (TreeTable's runtime reads pt.row as the <tr>'s attributes; its typing names another shape.)
          pt={{ root: { role: 'none' }, table: { role: 'treegrid' }, row: { 'aria-checked': undefined } as TreeTablePassThroughOptions['row'] }}
          data-testid={`${testId}-table`}
        >
          {columns}
          {actionColumn}
        </TreeTable>
      ) : (
        <CrudTable
          rows={store.rows}
          columns={tableColumns}
          actions={tableActions}
          loading={store.state === 'loading'}
          emptyMessage={emptyState}
          tableMinWidth={tableWidth}
          selectable={selectable}
          selection={store.selection}
          onSelectionChange={(rows) => store.select(rows)}
          sortField={sortField}
          sortOrder={sortOrder}
          onSort={onSort}
          filters={tableFilters}
          pager={
            store.paginated
              ? {
                  first: (store.page - 1) * store.limit,
                  rows: store.limit,
                  totalRecords: store.total,
                  rowsPerPageOptions: [...PAGE_SIZES],
                  template: PAGER,
                  currentPageReportTemplate: t('crud.total', { total: '{totalRecords}' }),
                  onPage: (page, rows) => void store.setPage(page, rows),
                }
              : null
          }
          selectAllLabel={t('crud.selectAll')}
          selectRowLabel={t('crud.selectRow')}
          testId={`${testId}-table`}
        />
      )}
      {form && (
        <CrudForm
          key={`${form.mode}-${form.row ? String(rowId(form.row)) : 'new'}`}
          mode={form.mode}
          fields={fields}
          row={form.row}
          width={description.dialogWidth}
          onHide={() => setForm(null)}
          onSave={save}
        />
      )}
      <Dialog
        header={t('crud.confirmTitle')}
        visible={!!confirming}
        onHide={dismiss}
        style={{ width: 380 }}
        data-testid="crud-confirm"
        footer={
          <div className="crud-form-footer">
            <Button size="small" outlined label={t('crud.cancel')} onClick={dismiss} data-testid="crud-confirm-cancel" />
            <Button
              size="small"
              severity="danger"
              label={t('crud.ok')}
              data-testid="crud-confirm-ok"
              onClick={() => {
                const job = confirming;
                setConfirming(null);
                void job?.run().catch(() => undefined);
              }}
            />
          </div>
        }
      >
        <p>
          <i className="pi pi-exclamation-triangle crud-warn-icon" /> {confirming?.text}
        </p>
      </Dialog>
      {importing && <ImportDialog store={store} onHide={() => setImporting(false)} />}
    </div>
  );
});

export default CrudView;
