import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { DrillDownDialog, type DrillColumn } from '../../../components/drilldown/DrillDownDialog';
import { useStore } from '../../../components/store-context';
import { TRACKING_OTHER_GROUP } from '../../../config';
import type { DrillDownStore } from '../../../stores/analytics/drill-down';
import { formatFigure, formatInstant } from '../../../stores/format';
import type { FunnelDrillKind, FunnelPlayer } from '../stores/tracking';
import { useTrackingTexts } from './locale';

/**
 * 漏斗分析's drill-down: the players behind one step (converted at it, or dropped after it), with the
 * funnel's filters as shown; the shared dialog with this feature's texts and columns.
 */
export const FunnelPlayersDialog = observer(function FunnelPlayersDialog({
  store,
  funnel,
  step,
  event,
  group,
  canExport,
  onHide,
}: {
  store: DrillDownStore<FunnelPlayer, FunnelDrillKind>;
  funnel: string;
  /** 1-based. */
  step: number;
  event: string;
  /** The breakdown group (its value; TRACKING_OTHER_GROUP; null: not set), undefined without one. */
  group?: string | null | undefined;
  canExport: boolean;
  onHide(): void;
}) {
  const t = useTrackingTexts();
  const language = useStore().locale.language;
  const columns = useMemo<Array<DrillColumn<FunnelPlayer>>>(
    () => [
      { key: 'player', header: t('tracking.drill.player'), cell: (r) => r.distinct_id, userData: true },
      { key: 'entered', header: t('tracking.drill.entered'), cell: (r) => formatInstant(r.entered_at) },
      { key: 'reached', header: t('tracking.drill.reached'), cell: (r) => formatInstant(r.reached_at) },
      { key: 'next', header: t('tracking.drill.next'), cell: (r) => formatInstant(r.next_at) },
    ],
    [t],
  );
  const kindText = t(`tracking.drill.${store.kind}`);
  const groupText = group === undefined ? '' : group === TRACKING_OTHER_GROUP ? t('tracking.analysis.other') : group === null ? t('tracking.analysis.notSet') : group;
  const summary = group === undefined ? t('tracking.drill.summary', { step, event, kind: kindText }) : t('tracking.drill.summaryGroup', { step, event, group: groupText, kind: kindText });
  return (
    <DrillDownDialog
      store={store}
      header={t('tracking.drill.title', { funnel })}
      columns={columns}
      rowKey={(r) => r.distinct_id}
      kinds={[
        { value: 'converted', label: t('tracking.drill.converted') },
        { value: 'dropped', label: t('tracking.drill.dropped') },
      ]}
      canExport={canExport}
      onHide={onHide}
      testId="funnel-drill"
      extra={<span className="tracking-muted">{t(store.kind === 'dropped' ? 'tracking.drill.droppedHint' : 'tracking.drill.convertedHint')}</span>}
      texts={{
        summary,
        total: (n) => t('tracking.drill.total', { n: formatFigure(n, language) }),
        export: t('tracking.drill.export'),
        loading: t('tracking.drill.loading'),
        empty: t('tracking.drill.empty'),
        failed: (error) => t('tracking.drill.failed', { error }),
        exportFailed: (error) => t('tracking.drill.exportFailed', { error }),
        close: t('tracking.drill.close'),
        kindLabel: t('tracking.drill.kind'),
      }}
    />
  );
});
