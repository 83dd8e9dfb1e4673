import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { DrillDownDialog, type DrillColumn } from '../../../components/drilldown/DrillDownDialog';
import { useStore } from '../../../components/store-context';
import type { DrillDownStore } from '../../../stores/analytics/drill-down';
import { formatFigure } from '../../../stores/format';
import { formatMoney } from '../../../stores/format/money';
import type { DayPlayerMetric, DayPlayerRow } from '../stores/data-reports';
import { useReportsTexts } from './reports-locale';

/** 游戏统计's drill-down: the players behind a day's new / active / paying figure (switchable), the shared dialog with this feature's texts. */
export const DayPlayersDialog = observer(function DayPlayersDialog({ store, day, canExport, onHide }: { store: DrillDownStore<DayPlayerRow, DayPlayerMetric>; day: string; canExport: boolean; onHide(): void }) {
  const t = useReportsTexts();
  const language = useStore().locale.language;
  const columns = useMemo<Array<DrillColumn<DayPlayerRow>>>(
    () => [
      { key: 'game', header: t('dataReports.drill.game'), cell: (r) => r.game_name, userData: true },
      { key: 'player', header: t('dataReports.drill.player'), cell: (r) => r.distinct_id, userData: true },
      { key: 'registered', header: t('dataReports.drill.registered'), cell: (r) => r.registered ?? '-' },
      { key: 'orders', header: t('dataReports.drill.orders'), cell: (r) => formatFigure(r.orders, language), numeric: true },
      { key: 'paid', header: t('dataReports.drill.paid'), cell: (r) => formatMoney(r.paid), numeric: true },
    ],
    [t, language],
  );
  const metric = t(`dataReports.drill.metric.${store.kind}`);
  return (
    <DrillDownDialog
      store={store}
      header={t('dataReports.drill.title', { day, metric })}
      columns={columns}
      rowKey={(r) => `${r.game}:${r.distinct_id}`}
      kinds={(['new', 'active', 'paying'] as const).map((value) => ({ value, label: t(`dataReports.drill.metric.${value}`) }))}
      canExport={canExport}
      onHide={onHide}
      testId="day-players"
      texts={{
        summary: t('dataReports.drill.summary', { day, metric }),
        total: (n) => t('dataReports.drill.total', { n: formatFigure(n, language) }),
        export: t('dataReports.export'),
        loading: t('dataReports.drill.loading'),
        empty: t('dataReports.drill.empty'),
        failed: (error) => t('dataReports.drill.failed', { error }),
        exportFailed: (error) => t('dataReports.drill.exportFailed', { error }),
        close: t('dataReports.drill.close'),
        kindLabel: t('dataReports.drill.kind'),
      }}
    />
  );
});
