import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { DrillDownDialog, type DrillColumn } from '../../../components/drilldown/DrillDownDialog';
import { useStore } from '../../../components/store-context';
import type { DrillDownStore } from '../../../stores/analytics/drill-down';
import { formatFigure } from '../../../stores/format';
import type { RetentionPlayerRow } from '../stores/players';
import { usePlayersTexts } from './locale';

/**
 * 留存分析's drill-down: the players of cohort `day` retained on day `n` (0: the whole cohort), with
 * the matrix's game and channel; the shared dialog with this feature's texts and columns.
 */
export const RetentionPlayersDialog = observer(function RetentionPlayersDialog({
  store,
  day,
  n,
  channel,
  canExport,
  onHide,
}: {
  store: DrillDownStore<RetentionPlayerRow, 'retained'>;
  day: string;
  n: number;
  /** The matrix's channel filter (null: every channel; '': unknown). */
  channel: string | null;
  canExport: boolean;
  onHide(): void;
}) {
  const t = usePlayersTexts();
  const language = useStore().locale.language;
  const channelName = (c: string) => (c === '' ? t('players.common.unknownChannel') : c);
  const columns = useMemo<Array<DrillColumn<RetentionPlayerRow>>>(
    () => [
      { key: 'game', header: t('players.drill.game'), cell: (r) => r.game_name, userData: true },
      { key: 'player', header: t('players.drill.player'), cell: (r) => r.distinct_id, userData: true },
      { key: 'channel', header: t('players.drill.channel'), cell: (r) => (r.channel === '' ? t('players.common.unknownChannel') : r.channel), userData: true },
      { key: 'active', header: t('players.drill.activeDays', { n }), cell: (r) => formatFigure(r.active_days, language), numeric: true },
    ],
    [t, n, language],
  );
  const summary = n === 0 ? t('players.drill.summaryAll', { day }) : t('players.drill.summary', { day, which: t('players.retention.dayN', { n }) });
  return (
    <DrillDownDialog
      store={store}
      header={t('players.drill.title')}
      columns={columns}
      rowKey={(r) => `${r.game}:${r.distinct_id}`}
      canExport={canExport}
      onHide={onHide}
      testId="retention-drill"
      extra={channel === null ? undefined : <span className="tracking-muted">{t('players.drill.channelFilter', { channel: channelName(channel) })}</span>}
      texts={{
        summary,
        total: (total) => t('players.drill.total', { n: formatFigure(total, language) }),
        export: t('players.drill.export'),
        loading: t('players.drill.loading'),
        empty: t('players.drill.empty'),
        failed: (error) => t('players.drill.failed', { error }),
        exportFailed: (error) => t('players.drill.exportFailed', { error }),
        close: t('players.drill.close'),
      }}
    />
  );
});
