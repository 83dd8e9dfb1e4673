import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../../components/cells/DictTag';
import { CrudTable, type TableColumn } from '../../../../../components/crud/CrudTable';
import { saveFile } from '../../../../../components/crud/download';
import { usePermission } from '../../../../../components/Permission';
import { useStore } from '../../../../../components/store-context';
import { PAGE_SIZES } from '../../../../../config';
import type { CodeStatusFilter } from '../../../../../stores/games';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { codeStatusOptions } from '../../../../../components/catalogue/options';

const PAGER = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport';

/**
 * The codes of one batch in a dialog: paged from the server, filtered by status, searched by code or
 * player, and exported whole as xlsx (with the Export button).
 */
export const BatchCodesDialog = observer(function BatchCodesDialog({ batch, name, onHide }: { batch: number; name: string; onHide(): void }) {
  const t = useGameTexts();
  const { t: tc } = useTranslation();
  const root = useStore();
  const can = usePermission();
  const [store] = useState(() => root.games.codes(batch));
  const [status, setStatus] = useState<CodeStatusFilter>('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    void store.load();
  }, [store]);

  const statuses = codeStatusOptions(t);
  const columns = useMemo<TableColumn[]>(
    () => [
      { key: 'code', header: t('game.code.code'), style: { minWidth: 260 }, body: (row) => <code className="game-code" data-testid="code-value">{String(row.code)}</code> },
      { key: 'status', header: t('game.code.state'), style: { minWidth: 100 }, body: (row) => <DictTag value={row.status} options={statuses} /> },
      { key: 'player', header: t('game.code.player'), style: { minWidth: 140 }, body: (row) => <span>{typeof row.player === 'string' ? row.player : '-'}</span> },
      { key: 'redeem_time', header: t('game.code.redeemTime'), style: { minWidth: 170 }, body: (row) => <span>{typeof row.redeem_time === 'string' ? row.redeem_time : '-'}</span> },
    ],
    [t, statuses],
  );

  const exportAll = async () => {
    try {
      saveFile(await store.exportAll());
      root.notify({ severity: 'success', text: t('game.code.exported') });
    } catch {
      // shown by the adapter
    }
  };

  return (
    <Dialog header={t('game.code.codesTitle', { name })} visible onHide={onHide} style={{ width: 860, maxWidth: '96vw' }} data-testid="codes-dialog">
      <form
        className="crud-search game-codes-search"
        onSubmit={(event) => {
          event.preventDefault();
          void store.filter(status, search);
        }}
      >
        <Dropdown
          value={status}
          options={[{ value: '', label: t('game.code.allStatuses') }, ...statuses]}
          optionLabel="label"
          optionValue="value"
          onChange={(event) => setStatus(event.value as CodeStatusFilter)}
          className="p-inputtext-sm"
          data-testid="codes-status"
        />
        <InputText value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('game.code.search')} className="p-inputtext-sm" data-testid="codes-search" />
        <Button type="submit" size="small" icon="pi pi-search" label={tc('crud.search')} data-testid="codes-search-submit" />
        <span className="crud-toolbar-spacer" />
        {can('Export') && (
          <Button
            type="button"
            size="small"
            outlined
            severity="warning"
            icon="pi pi-download"
            label={t('game.code.exportCodes')}
            loading={store.exportProgress !== null}
            onClick={() => void exportAll()}
            data-testid="codes-export"
          />
        )}
      </form>
      {store.state === 'failed' ? (
        <div className="crud-error" role="alert">
          <i className="pi pi-exclamation-triangle" /> {tc('crud.loadFailed')}: {store.error}
          <Button size="small" label={tc('crud.retry')} onClick={() => void store.load()} />
        </div>
      ) : (
        <CrudTable
          rows={store.rows}
          columns={columns}
          loading={store.state === 'loading'}
          emptyMessage={<div className="crud-empty">{tc('crud.empty')}</div>}
          tableMinWidth={680}
          selectable={false}
          selection={[]}
          onSelectionChange={() => undefined}
          sortOrder={0}
          onSort={() => undefined}
          filters={null}
          pager={{
            first: (store.page - 1) * store.limit,
            rows: store.limit,
            totalRecords: store.total,
            rowsPerPageOptions: [...PAGE_SIZES],
            template: PAGER,
            currentPageReportTemplate: tc('crud.total', { total: '{totalRecords}' }),
            onPage: (page, rows) => void store.setPage(page, rows),
          }}
          selectAllLabel={tc('crud.selectAll')}
          selectRowLabel={tc('crud.selectRow')}
          testId="codes-table"
        />
      )}
    </Dialog>
  );
});
