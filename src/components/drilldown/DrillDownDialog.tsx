import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { SelectButton } from 'primereact/selectbutton';
import type { ReactNode } from 'react';
import type { DrillDownStore } from '../../stores/analytics/drill-down';
import { AnalysisTable, ResultState } from '../analytics/AnalysisParts';
import { saveFile } from '../crud/download';
import './drilldown.css';

/**
 * The list behind a figure (a funnel step, a retention cell, a revenue day), shared by every feature
 * that drills down: a summary of the figure, an optional choice of kind (converted / dropped), the
 * paged rows, and 导出 (the whole list as a file with the same conditions). The feature gives the
 * texts (its own locale file), the columns and the store (which asks the feature's port).
 */

export interface DrillColumn<Row> {
  key: string;
  header: string;
  cell(row: Row): ReactNode;
  /** Figures: right-aligned. */
  numeric?: boolean;
  /** Values the user or a player typed (kept out of translation tools). */
  userData?: boolean;
}

export interface DrillTexts {
  /** The figure the list stands behind, e.g. "2. db · 转化 1,234 人". */
  summary: string;
  /** "共 {n} 条" with the loaded total. */
  total(count: number): string;
  export: string;
  loading: string;
  empty: string;
  failed(error: string): string;
  exportFailed(error: string): string;
  close: string;
  /** The kind picker's label (when there are kinds). */
  kindLabel?: string;
}

export interface DrillDownDialogProps<Row, Kind extends string, Meta = null> {
  store: DrillDownStore<Row, Kind, Meta>;
  header: string;
  texts: DrillTexts;
  columns: ReadonlyArray<DrillColumn<Row>>;
  rowKey(row: Row, index: number): string;
  kinds?: ReadonlyArray<{ value: Kind; label: string }>;
  /** Export is offered only with the screen's Export right. */
  canExport: boolean;
  /** Extra figures under the summary (e.g. a day's revenue). */
  extra?: ReactNode;
  onHide(): void;
  testId?: string;
}

function DrillDownDialogView<Row, Kind extends string, Meta = null>({ store, header, texts, columns, rowKey, kinds, canExport, extra, onHide, testId = 'drill' }: DrillDownDialogProps<Row, Kind, Meta>) {
  const exportList = async () => {
    const file = await store.exportFile();
    if (file) saveFile(file);
  };
  const busy = store.state === 'loading';
  return (
    <Dialog header={header} visible onHide={onHide} className="drill-dialog" style={{ width: 'min(920px, 96vw)' }} data-testid={testId}>
      <div className="drill-head">
        <div className="drill-summary">
          <strong data-testid={`${testId}-summary`}>{texts.summary}</strong>
          {store.total !== null && <span className="drill-total" data-testid={`${testId}-total`}>{texts.total(store.total)}</span>}
          {extra}
        </div>
        <div className="drill-tools">
          {kinds && kinds.length > 1 && (
            <SelectButton
              value={store.kind}
              options={kinds.map((k) => ({ value: k.value, label: k.label }))}
              allowEmpty={false}
              onChange={(e) => {
                if (e.value) void store.setKind(e.value as Kind);
              }}
              aria-label={texts.kindLabel}
              data-testid={`${testId}-kind`}
            />
          )}
          {canExport && (
            <Button size="small" outlined icon="pi pi-download" label={texts.export} loading={store.exporting} disabled={store.total === 0 || store.state === 'failed'} onClick={() => void exportList()} data-testid={`${testId}-export`} />
          )}
        </div>
      </div>
      {store.exportError && (
        <div className="p-error drill-export-error" role="alert" data-testid={`${testId}-export-error`}>
          {texts.exportFailed(store.exportError)}
        </div>
      )}
      {store.state === 'failed' ? (
        <ResultState kind="error" text={texts.failed(store.error)} onRetry={() => void store.load()} testId={`${testId}-error`} />
      ) : busy && store.rows.length === 0 ? (
        <ResultState kind="loading" text={texts.loading} testId={`${testId}-loading`} />
      ) : store.total === 0 ? (
        <ResultState kind="empty" text={texts.empty} testId={`${testId}-empty`} />
      ) : (
        <>
          <AnalysisTable
            label={header}
            className="tracking-table drill-table"
            testId={`${testId}-table`}
            busy={busy}
            head={
              <>
                {columns.map((c) => (
                  <th key={c.key} className={c.numeric ? 'is-numeric' : undefined}>
                    {c.header}
                  </th>
                ))}
              </>
            }
          >
            {store.rows.map((row, i) => (
              <tr key={rowKey(row, i)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.numeric ? 'is-numeric' : undefined} data-user-data={c.userData ? true : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </AnalysisTable>
          {(store.total ?? 0) > store.limit && (
            <Paginator
              first={(store.page - 1) * store.limit}
              rows={store.limit}
              totalRecords={store.total ?? 0}
              template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
              onPageChange={(event: PaginatorPageChangeEvent) => void store.load(event.page + 1)}
              data-testid={`${testId}-pager`}
            />
          )}
        </>
      )}
      <div className="drill-footer">
        <Button size="small" text label={texts.close} onClick={onHide} data-testid={`${testId}-close`} />
      </div>
    </Dialog>
  );
}

/** The dialog (an observer of the store). */
export const DrillDownDialog = observer(DrillDownDialogView) as <Row, Kind extends string, Meta = null>(props: DrillDownDialogProps<Row, Kind, Meta>) => ReactNode;
