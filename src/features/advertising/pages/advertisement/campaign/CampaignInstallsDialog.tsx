import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { DrillDownDialog, type DrillColumn } from '../../../../../components/drilldown/DrillDownDialog';
import { useStore } from '../../../../../components/store-context';
import type { DrillDownStore } from '../../../../../stores/analytics/drill-down';
import { formatFigure, formatInstant } from '../../../../../stores/format';
import type { AttributionRow, CampaignPerformance, PerformanceResult } from '../../../../../stores/types';
import { useAdvertisingTexts } from '../../../components/locale';

/**
 * 广告计划's drill-down: the installs behind a campaign's installs figure — its range, game filter and
 * attribution window as on screen (the server reads the figure's own definition, so the count is the
 * figure). The shared dialog with this feature's texts and columns; export by the screen's Export button.
 */
export const CampaignInstallsDialog = observer(function CampaignInstallsDialog({
  store,
  result,
  campaign,
  canExport,
  onHide,
}: {
  store: DrillDownStore<AttributionRow, 'installs'>;
  result: PerformanceResult;
  campaign: CampaignPerformance;
  canExport: boolean;
  onHide(): void;
}) {
  const t = useAdvertisingTexts();
  const language = useStore().locale.language;
  const columns = useMemo<Array<DrillColumn<AttributionRow>>>(
    () => [
      { key: 'player', header: t('ads.attribution.player'), cell: (r) => r.distinct_id, userData: true },
      { key: 'device', header: t('ads.attribution.device'), cell: (r) => r.device_id, userData: true },
      { key: 'game', header: t('ads.common.game'), cell: (r) => r.game_name, userData: true },
      { key: 'channel', header: t('ads.attribution.channel'), cell: (r) => r.channel },
      { key: 'install', header: t('ads.attribution.installTime'), cell: (r) => formatInstant(r.install_time) },
      { key: 'click', header: t('ads.attribution.clickTime'), cell: (r) => formatInstant(r.click_time) },
    ],
    [t],
  );
  return (
    <DrillDownDialog
      store={store}
      header={t('ads.installsDrill.title', { name: campaign.name })}
      columns={columns}
      rowKey={(r) => `${r.game}:${r.distinct_id}`}
      canExport={canExport}
      onHide={onHide}
      testId="campaign-installs"
      texts={{
        summary: t('ads.installsDrill.summary', { start: result.start, end: result.end, game: result.game === null ? t('ads.installsDrill.allGames') : campaign.game_name, window: result.window_days }),
        total: (total) => t('ads.installsDrill.total', { n: formatFigure(total, language) }),
        export: t('ads.installsDrill.export'),
        loading: t('ads.installsDrill.loading'),
        empty: t('ads.installsDrill.empty'),
        failed: (error) => t('ads.installsDrill.failed', { error }),
        exportFailed: (error) => t('ads.installsDrill.exportFailed', { error }),
        close: t('ads.installsDrill.close'),
      }}
    />
  );
});
