import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { DrillDownDialog, type DrillColumn } from '../../../components/drilldown/DrillDownDialog';
import { useStore } from '../../../components/store-context';
import type { DrillDownStore } from '../../../stores/analytics/drill-down';
import { formatFigure, formatInstant } from '../../../stores/format';
import { formatMoney } from '../../../stores/format/money';
import type { DayOrderKind, DayOrdersMeta, OrderRow } from '../stores/income';
import { useIncomeTexts } from './locale';

/**
 * 历史收入's drill-down: the orders behind a day (paid that day, or refunded that day) with the
 * history's game filter; the count and sum are the day's figures, and the day's revenue is shown as
 * paid − refunded. The shared dialog with this feature's texts and columns.
 */
export const DayOrdersDialog = observer(function DayOrdersDialog({
  store,
  day,
  canExport,
  onHide,
}: {
  store: DrillDownStore<OrderRow, DayOrderKind, DayOrdersMeta>;
  day: string;
  canExport: boolean;
  onHide(): void;
}) {
  const t = useIncomeTexts();
  const language = useStore().locale.language;
  const columns = useMemo<Array<DrillColumn<OrderRow>>>(
    () => [
      { key: 'order', header: t('income.details.orderId'), cell: (r) => r.order_id, userData: true },
      { key: 'game', header: t('income.details.game'), cell: (r) => r.game_name, userData: true },
      { key: 'player', header: t('income.details.player'), cell: (r) => r.distinct_id, userData: true },
      { key: 'amount', header: t('income.details.amountCny'), cell: (r) => formatMoney(r.amount_cny), numeric: true },
      { key: 'status', header: t('income.details.status'), cell: (r) => t(`income.details.statuses.${r.status}`) },
      { key: 'time', header: t('income.details.time'), cell: (r) => formatInstant(r.time) },
      { key: 'refund', header: t('income.details.refundTime'), cell: (r) => formatInstant(r.refund_time) },
    ],
    [t],
  );
  const meta = store.meta;
  const sum = meta ? formatMoney(meta.sum) : '…';
  return (
    <DrillDownDialog
      store={store}
      header={t('income.drill.title', { day })}
      columns={columns}
      rowKey={(r) => String(r.id)}
      kinds={[
        { value: 'paid', label: t('income.drill.paid') },
        { value: 'refunded', label: t('income.drill.refunded') },
      ]}
      canExport={canExport}
      onHide={onHide}
      testId="day-orders"
      extra={
        meta ? (
          <span className="tracking-muted" data-testid="day-orders-revenue">
            {t('income.drill.revenue', { revenue: formatMoney(meta.figures.revenue), gross: formatMoney(meta.figures.gross), refunds: formatMoney(meta.figures.refunds) })}
          </span>
        ) : undefined
      }
      texts={{
        summary: t(store.kind === 'paid' ? 'income.drill.summaryPaid' : 'income.drill.summaryRefunded', { day, sum }),
        total: (total) => t('income.drill.total', { n: formatFigure(total, language) }),
        export: t('income.details.export'),
        loading: t('income.drill.loading'),
        empty: t('income.drill.empty'),
        failed: (error) => t('income.drill.failed', { error }),
        exportFailed: (error) => t('income.drill.exportFailed', { error }),
        close: t('income.details.close'),
        kindLabel: t('income.drill.kind'),
      }}
    />
  );
});
