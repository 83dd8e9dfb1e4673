import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useMemo, useState } from 'react';
import { LightTag } from '../../../../../components/cells/LightTag';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import { saveFile } from '../../../../../components/crud/download';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useStore } from '../../../../../components/store-context';
import { useIncomeTexts } from '../../../components/locale';
import { useIncome } from '../../../components/useIncome';
import { INCOME_ORDERS_PAGE_SIZE } from '../../../../../config';
import { INCOME_API, orderFiltersOf, type IncomeStore, type OrderExportStore } from '../../../stores/income';
import { formatInstant, formatFigure } from '../../../../../stores/format';
import { formatMoney } from '../../../../../stores/format/money';
import type { ResourceRow } from '../../../../../stores/types';
import { useGameChoices } from '../../../../../components/useGameChoices';
import '../../../components/income.css';
import '../../../components/income.css';
import { storePage } from '../../../../../components/analytics/AnalysisParts';

const CURRENCIES = ['CNY', 'USD', 'EUR', 'HKD', 'TWD', 'JPY', 'KRW'];

/** Bytes for people: 512 B, 12.3 KB, 4.5 MB. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const when = (value: unknown) => {
  return typeof value === 'string' ? formatInstant(value) : '-';
};

/** The streamed export: bytes received, the rows the server announced, cancel; then done / cancelled / failed. */
const ExportDialog = observer(function ExportDialog({ store, onClose }: { store: OrderExportStore; onClose(): void }) {
  const t = useIncomeTexts();
  const root = useStore();
  const language = root.locale.language;
  const rowsText = store.rows === null ? t('income.details.exportRowsUnknown') : t('income.details.exportRows', { rows: formatFigure(store.rows, language) });
  return (
    <Dialog header={t('income.details.exportTitle')} visible onHide={() => (store.running ? store.cancel() : onClose())} style={{ width: 460, maxWidth: '96vw' }} data-testid="orders-export-dialog">
      <div className="income-export">
        <div className="tracking-muted">{t('income.details.exportNote')}</div>
        {store.running && (
          <>
            <ProgressBar mode="indeterminate" style={{ height: 6 }} />
            <div data-testid="orders-export-progress">
              {t('income.details.exportRunning')} {t('income.details.exportBytes', { size: formatBytes(store.bytes) })} · {rowsText}
            </div>
          </>
        )}
        {store.state === 'done' && <div data-testid="orders-export-done">{t('income.details.exportDone', { name: store.fileName, rows: store.rows === null ? '-' : formatFigure(store.rows, language) })}</div>}
        {store.state === 'cancelled' && <div data-testid="orders-export-cancelled">{t('income.details.exportCancelled')}</div>}
        {store.state === 'failed' && (
          <div className="income-negative" data-testid="orders-export-failed">
            {t('income.details.exportFailed', { error: store.error })}
          </div>
        )}
        <div className="crud-form-footer">
          {store.running ? (
            <Button size="small" severity="danger" outlined icon="pi pi-times" label={t('income.details.cancel')} onClick={store.cancel} data-testid="orders-export-cancel" />
          ) : (
            <Button size="small" outlined label={t('income.details.close')} onClick={onClose} data-testid="orders-export-close" />
          )}
        </div>
      </div>
    </Dialog>
  );
});

/**
 * 收入明细 (center_income/details): the orders list as a read-only resource description (search by order
 * id or player, filters by game, status, currency, channel, method, region and paid days; amounts as
 * money from minor units in the order's currency and in CNY; status tag; refund time), and 导出 that
 * streams every matching order as xlsx with visible progress and a cancel.
 */
const OrdersView = observer(function OrdersView({ income }: { income: IncomeStore }) {
  const t = useIncomeTexts();
  const [exporter] = useState<OrderExportStore>(() => income.orderExport((file) => saveFile(file)));
  const [exportOpen, setExportOpen] = useState(false);
  const games = useGameChoices();

  const description = useMemo<ResourceDescription>(
    () => ({
      resource: INCOME_API.orders,
      testId: 'orders',
      permissions: { view: 'Retrieve', search: 'Search' },
      limit: INCOME_ORDERS_PAGE_SIZE,
      ordering: { field: 'time', direction: 'desc' },
      commonColumns: false,
      fields: [
        { key: 'search', label: t('income.details.keyword'), search: true, column: false, form: false },
        { key: 'order_id', label: t('income.details.orderId'), column: { width: 200, cell: (row) => <code data-user-data>{String(row.order_id ?? '')}</code> }, form: false },
        {
          key: 'game',
          label: t('income.details.game'),
          options: games.map((g) => ({ value: g.id, label: g.name })),
          search: true,
          column: { width: 140, cell: (row: ResourceRow) => <span data-user-data>{String(row.game_name ?? row.game ?? '-')}</span> },
          form: false,
        },
        { key: 'distinct_id', label: t('income.details.player'), column: { width: 150, cell: (row) => <span data-user-data>{String(row.distinct_id ?? '')}</span> }, form: false },
        {
          key: 'amount',
          label: t('income.details.amount'),
          column: { width: 130, cell: (row) => <span className="income-amount">{formatMoney(Number(row.amount), String(row.currency ?? 'CNY'))}</span> },
          form: false,
        },
        { key: 'currency', label: t('income.details.currency'), options: CURRENCIES.map((c) => ({ value: c, label: c })), search: true, column: { width: 80 }, form: false },
        { key: 'amount_cny', label: t('income.details.amountCny'), column: { width: 130, sortable: true, cell: (row) => formatMoney(Number(row.amount_cny)) }, form: false },
        { key: 'channel', label: t('income.details.channel'), search: true, column: { width: 110 }, form: false },
        { key: 'method', label: t('income.details.method'), search: true, column: { width: 110 }, form: false },
        { key: 'region', label: t('income.details.region'), search: true, column: { width: 90 }, form: false },
        {
          key: 'status',
          label: t('income.details.status'),
          options: [
            { value: 'paid', label: t('income.details.statuses.paid'), color: 'success' },
            { value: 'refunded', label: t('income.details.statuses.refunded'), color: 'danger' },
          ],
          search: true,
          column: {
            width: 90,
            cell: (row) => <LightTag value={t(`income.details.statuses.${row.status === 'refunded' ? 'refunded' : 'paid'}`)} severity={row.status === 'refunded' ? 'danger' : 'success'} />,
          },
          form: false,
        },
        { key: 'time', label: t('income.details.time'), column: { width: 160, sortable: true, cell: (row) => when(row.time) }, form: false },
        { key: 'refund_time', label: t('income.details.refundTime'), column: { width: 160, cell: (row) => when(row.refund_time) }, form: false },
        { key: 'received_at', label: t('income.details.receivedAt'), column: { width: 160, cell: (row) => when(row.received_at) }, form: false },
        { key: 'start', label: t('income.details.start'), type: 'date', search: true, column: false, form: false },
        { key: 'end', label: t('income.details.end'), type: 'date', search: true, column: false, form: false },
      ],
      toolbarActions: [
        {
          key: 'export',
          label: t('income.details.export'),
          icon: 'pi pi-download',
          permission: 'Export',
          run: (ctx) => {
            setExportOpen(true);
            void exporter.start(orderFiltersOf(ctx.store.query));
          },
        },
      ],
    }),
    [t, games, exporter],
  );

  return (
    <>
      <CrudPage description={description} />
      {exportOpen && (
        <ExportDialog
          store={exporter}
          onClose={() => {
            exporter.reset();
            setExportOpen(false);
          }}
        />
      )}
    </>
  );
});

export default storePage(useIncome, (income) => <OrdersView income={income} />);
