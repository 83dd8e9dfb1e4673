import { observer } from 'mobx-react-lite';
import { Dropdown } from 'primereact/dropdown';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAdvertisingTexts } from '../../../components/locale';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { dailyOption } from '../../../../../components/analytics/charts';
import { Money, ReportForm, ReportState } from '../../../../../components/analytics/ReportParts';
import { useStore } from '../../../../../components/store-context';
import { FormItem, Kpi, TableScroll } from '../../../../../components/analytics/AnalysisParts';
import { AD_WINDOW_CHOICES } from '../../../../../config';
import type { AdvertisingStore, PerformanceStore } from '../../../stores/advertising';
import { usePermission } from '../../../../../components/Permission';
import type { DrillDownStore } from '../../../../../stores/analytics/drill-down';
import { CampaignInstallsDialog } from './CampaignInstallsDialog';
import { formatMoney } from '../../../../../stores/format/money';
import { formatFigure, formatPercent } from '../../../../../stores/format';
import type { AttributionRow, CampaignPerformance, PerformanceResult } from '../../../../../stores/types';

const roasText = (roas: number | null, language: string) => (roas === null ? '-' : formatPercent(roas, language));

/**
 * 投放效果 of 广告计划: per campaign over a range — spend, clicks, installs (last-click attributed),
 * cost per install, revenue of the attributed players (the revenue center's figure) and ROAS — as
 * KPIs, daily charts (lazy ECharts) and a table. A campaign's installs figure opens the installs behind
 * it (the answer's range, game and window; `ads` makes the list).
 */
export const Performance = observer(function Performance({ store, ads }: { store: PerformanceStore; ads?: AdvertisingStore }) {
  const t = useAdvertisingTexts();
  const root = useStore();
  const language = root.locale.language;
  useEffect(() => {
    void store.load();
  }, [store]);
  const result = store.state === 'ready' ? store.result : null;
  const days = useMemo(() => result?.days.map((d) => d.day) ?? [], [result]);
  const spendChart = useCallback((p: ChartPalette) => dailyOption(p, days, [{ name: t('ads.campaign.spend'), values: result?.days.map((d) => d.spend) ?? [] }], { money: (v) => formatMoney(v), bar: true }), [days, result, t]);
  const funnelChart = useCallback(
    (p: ChartPalette) =>
      dailyOption(p, days, [
        { name: t('ads.campaign.clicks'), values: result?.days.map((d) => d.clicks) ?? [] },
        { name: t('ads.campaign.installs'), values: result?.days.map((d) => d.installs) ?? [] },
      ]),
    [days, result, t],
  );
  const can = usePermission();
  const [drill, setDrill] = useState<{ store: DrillDownStore<AttributionRow, 'installs'>; result: PerformanceResult; campaign: CampaignPerformance } | null>(null);
  const openDrill = (c: CampaignPerformance) => {
    if (!result || !ads) return;
    const list = ads.campaignInstalls(result, c);
    setDrill({ store: list, result, campaign: c });
    void list.load(1);
  };
  const windowOptions = [{ value: 0, label: t('ads.common.windowDefault') }, ...AD_WINDOW_CHOICES.map((d) => ({ value: d, label: t('ads.common.windowDays', { days: d }) }))];
  const row = (c: CampaignPerformance) => (
    <tr key={c.campaign}>
      <td className="income-label" title={c.name} data-user-data>
        {c.name}
      </td>
      <td className="income-label" title={c.game_name} data-user-data>
        {c.game_name}
      </td>
      <td className="is-text">{c.channel}</td>
      <td className="is-text">
        <span className={`ads-status ${c.running ? 'is-running' : 'is-idle'}`}>{c.running ? t('ads.campaign.running') : t(`ads.campaign.status${c.status === 'active' ? 'Active' : c.status === 'paused' ? 'Paused' : 'Ended'}`)}</span>
      </td>
      <td className="is-number">{formatMoney(c.spend)}</td>
      <td className="is-number">{c.budget > 0 ? formatPercent(c.spend / c.budget, language) : '-'}</td>
      <td className="is-number">{formatFigure(c.clicks, language)}</td>
      <td className="is-number">
        {ads && c.installs > 0 ? (
          <button type="button" className="drill-link" onClick={() => openDrill(c)} title={t('ads.installsDrill.open', { name: c.name, n: formatFigure(c.installs, language) })} data-testid={`ads-installs-drill-${c.campaign}`}>
            {formatFigure(c.installs, language)}
          </button>
        ) : (
          formatFigure(c.installs, language)
        )}
      </td>
      <td className="is-number">{c.cpi === null ? '-' : formatMoney(c.cpi)}</td>
      <td className="is-number">
        <Money text={formatMoney(c.revenue)} negative={c.revenue < 0} />
      </td>
      <td className="is-number">{roasText(c.roas, language)}</td>
    </tr>
  );

  return (
    <>
      <ReportForm store={store} prefix="ads-perf" note={t('ads.campaign.note')}>
        <FormItem label={t('ads.common.window')}>
          <Dropdown
            className="p-inputtext-sm"
            value={store.options.window ?? 0}
            options={windowOptions}
            onChange={(e) => {
              store.setOption('window', e.value === 0 ? null : (e.value as number));
              void store.load();
            }}
            data-testid="ads-perf-window"
            aria-label={t('ads.common.window')}
          />
        </FormItem>
      </ReportForm>
      <ReportState store={store} prefix="ads-perf" empty={(r) => r.campaigns.length === 0} />
      {result && result.campaigns.length > 0 && (
        <>
          <div className="income-kpis ads-kpis">
            <Kpi label={t('ads.campaign.spend')} value={formatMoney(result.totals.spend)} testId="ads-kpi-spend" />
            <Kpi label={t('ads.campaign.clicks')} value={formatFigure(result.totals.clicks, language)} testId="ads-kpi-clicks" />
            <Kpi label={t('ads.campaign.installs')} value={formatFigure(result.totals.installs, language)} testId="ads-kpi-installs" />
            <Kpi label={t('ads.campaign.cpi')} value={result.totals.cpi === null ? '-' : formatMoney(result.totals.cpi)} testId="ads-kpi-cpi" />
            <Kpi label={t('ads.campaign.revenue')} value={formatMoney(result.totals.revenue)} testId="ads-kpi-revenue" />
            <Kpi label={t('ads.campaign.roas')} value={roasText(result.totals.roas, language)} testId="ads-kpi-roas" />
            <Kpi label={t('ads.campaign.organic')} value={formatFigure(result.totals.organic_installs, language)} testId="ads-kpi-organic" />
          </div>
          <div className="ads-charts">
            <section className="tracking-card">
              <h3>{t('ads.campaign.spend')}</h3>
              <EChart option={spendChart} label={t('analytics.chartLabel', { title: t('ads.campaign.spend') })} height={260} testId="ads-spend-chart" />
            </section>
            <section className="tracking-card">
              <h3>{t('ads.campaign.dailyChart')}</h3>
              <EChart option={funnelChart} label={t('analytics.chartLabel', { title: t('ads.campaign.dailyChart') })} height={260} testId="ads-funnel-chart" />
            </section>
          </div>
          <section className="tracking-card">
            <TableScroll label={t('ads.campaign.tableLabel')}>
              <table className="tracking-table income-table" data-testid="ads-perf-table">
                <thead>
                  <tr>
                    <th className="is-text">{t('ads.campaign.name')}</th>
                    <th className="is-text">{t('ads.common.game')}</th>
                    <th className="is-text">{t('ads.campaign.channel')}</th>
                    <th className="is-text">{t('ads.campaign.status')}</th>
                    <th className="is-number">{t('ads.campaign.spend')}</th>
                    <th className="is-number">{t('ads.campaign.budgetUsed')}</th>
                    <th className="is-number">{t('ads.campaign.clicks')}</th>
                    <th className="is-number">{t('ads.campaign.installs')}</th>
                    <th className="is-number">{t('ads.campaign.cpi')}</th>
                    <th className="is-number">{t('ads.campaign.revenue')}</th>
                    <th className="is-number">{t('ads.campaign.roas')}</th>
                  </tr>
                </thead>
                <tbody>{result.campaigns.map(row)}</tbody>
              </table>
            </TableScroll>
          </section>
        </>
      )}
      {drill && <CampaignInstallsDialog store={drill.store} result={drill.result} campaign={drill.campaign} canExport={can('Export')} onHide={() => setDrill(null)} />}
    </>
  );
});
